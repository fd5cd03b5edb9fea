//! What the gallery says about each piece, drawn from seeds 000 and 001.

use crate::rules::PieceKind;

pub struct Words {
    /// The Mongolian name in Cyrillic.
    pub cyrillic: &'static str,
    /// The name as the game writes it in Latin letters.
    pub latin: &'static str,
    pub english: &'static str,
    pub about: &'static str,
}

pub fn words(kind: PieceKind) -> Words {
    match kind {
        PieceKind::Noyon => Words {
            cyrillic: "Ноён",
            latin: "noyon",
            english: "The prince, like the chess king",
            about: "The noyon is usually carved as a prince seated on a throne. He moves one square in any \
                    direction and never castles. To win, mate him with a shak, or after a series of checks \
                    that held one; any other mate is niol, a draw.",
        },
        PieceKind::Bers => Words {
            cyrillic: "Бэрс",
            latin: "bers",
            english: "The snow panther, in the queen's place",
            about: "Bers means snow panther; carvers also make it a mythical lion, a tiger or a bull. It \
                    moves like a tereg, as far as its path is clear, or one square diagonally: a move very \
                    rarely seen in the wide world of chess. Its check is a shak.",
        },
        PieceKind::Teme => Words {
            cyrillic: "Тэмээ",
            latin: "teme",
            english: "The camel, in the bishop's place",
            about: "The teme is a two-humped Bactrian camel. It moves any number of squares diagonally, as \
                    long as its path is clear. Its check is called tuk, and a mate by tuk alone is only a \
                    draw.",
        },
        PieceKind::Mori => Words {
            cyrillic: "Морь",
            latin: "mori",
            english: "The horse, like the chess knight",
            about: "Not surprisingly, the knight is a horse. It moves two squares straight and one to the \
                    side, and no piece can block it. Its check is a shak, yet a mate given by the mori \
                    alone is drawn.",
        },
        PieceKind::Tereg => Words {
            cyrillic: "Тэрэг",
            latin: "tereg",
            english: "The cart, like the chess rook",
            about: "Tereg means cart: carvers show a horse-drawn cart, a portable tent or a cart wheel. It \
                    moves any distance forward, backward, left or right until a piece or the board's edge \
                    stops it. Its check is a shak.",
        },
        PieceKind::Child => Words {
            cyrillic: "Хүү",
            latin: "khüü",
            english: "The child, like the chess pawn",
            about: "The child is always smaller than the other pieces: a soldier, a small lion, a rabbit. \
                    It steps one square forward and takes one square diagonally forward, with no double \
                    step but the opening d-child's. On the last rank it becomes a bers; its check is tsod.",
        },
    }
}
