//! A readable, SAN-like notation for the move list: `Nf3`, `Rxd7+`, `exd5`,
//! `a8=J#`. Letters follow the FEN: K noyon, J bers, B teme, N mori, R tereg;
//! child moves carry no letter.

use super::moves::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::uci::MoveError;

impl Position {
    /// The move in SAN-like notation. `mv` must be legal here.
    pub fn san(&self, mv: Move) -> String {
        let mut san = String::with_capacity(8);
        let Some(piece) = self.piece_at(mv.from) else {
            return mv.to_string();
        };
        let capture = self.piece_at(mv.to).is_some();
        if piece.kind == PieceKind::Child {
            if capture {
                san.push(file_char(mv.from.file()));
            }
        } else {
            san.push(piece.kind.letter());
            let rivals: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|other| {
                    other.to == mv.to
                        && other.from != mv.from
                        && self.piece_at(other.from).is_some_and(|p| p.kind == piece.kind)
                })
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|other| other.from.file() != mv.from.file());
                let rank_unique = rivals.iter().all(|other| other.from.rank() != mv.from.rank());
                if file_unique {
                    san.push(file_char(mv.from.file()));
                } else if rank_unique {
                    san.push(rank_char(mv.from.rank()));
                } else {
                    san.push(file_char(mv.from.file()));
                    san.push(rank_char(mv.from.rank()));
                }
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&mv.to.to_string());
        if mv.promotion {
            san.push_str("=J");
        }
        let mut after = *self;
        after.play_unchecked(mv);
        if after.is_check() {
            let mated = !after.is_robado() && !after.has_legal_moves();
            san.push(if mated { '#' } else { '+' });
        }
        san
    }

    /// Reads a move in the notation `san` writes; check marks are optional.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let bare = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_string();
        let wanted = bare(text);
        if wanted.is_empty() {
            return Err(MoveError::Syntax(text.to_string()));
        }
        self.legal_moves()
            .into_iter()
            .find(|mv| bare(&self.san(*mv)) == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

fn file_char(file: u8) -> char {
    (b'a' + file) as char
}

fn rank_char(rank: u8) -> char {
    (b'1' + rank) as char
}
