//! Zobrist keys, generated at compile time from a fixed seed.

use super::piece::Piece;
use super::square::{Color, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[[u64; 64]; 6]; 2] {
    let mut keys = [[[0; 64]; 6]; 2];
    let mut state = 0x5368_6174_6172_0001;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix(state);
                state = next;
                keys[c][k][s] = key;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys
}

static PIECE_KEYS: [[[u64; 64]; 6]; 2] = piece_keys();
/// What a change of turn does to the hash: White to move adds nothing,
/// Black to move adds this.
pub const TURN: u64 = splitmix(0x5368_6174_6172_0002).1;

pub fn piece_key(piece: Piece, square: Square) -> u64 {
    PIECE_KEYS[piece.color.index()][piece.kind.index()][square.index()]
}

pub fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => TURN,
    }
}
