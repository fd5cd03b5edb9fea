//! The evaluation's terms: where each one's weight sits in [`WEIGHTS`].
//! Each weight is a pair, middle game then endgame, in centipawns.

/// One per kind, in [`PieceKind::ALL`](crate::rules::PieceKind::ALL) order.
pub const VALUE: usize = 0;
/// Per kind, 32 squares: the rank from the man's own side, then the file
/// folded onto the a–d half (`rank * 4 + file`).
pub const SQUARE: usize = VALUE + 6;
/// Per count of safe squares a man reaches.
pub const MORI_MOBILITY: usize = SQUARE + 6 * 32;
pub const TEME_MOBILITY: usize = MORI_MOBILITY + 9;
pub const TEREG_MOBILITY: usize = TEME_MOBILITY + 14;
pub const BERS_MOBILITY: usize = TEREG_MOBILITY + 15;
/// Per rank from the child's own side.
pub const PASSED: usize = BERS_MOBILITY + 19;
/// No friendly child on a file beside it.
pub const ISOLATED: usize = PASSED + 8;
/// Another friendly child ahead on its file.
pub const DOUBLED: usize = ISOLATED + 1;
/// Guarded by a friendly child.
pub const DEFENDED: usize = DOUBLED + 1;
/// A tereg on a file without children, or without its own.
pub const TEREG_OPEN: usize = DEFENDED + 1;
pub const TEREG_HALF_OPEN: usize = TEREG_OPEN + 1;
pub const BERS_OPEN: usize = TEREG_HALF_OPEN + 1;
pub const BERS_HALF_OPEN: usize = BERS_OPEN + 1;
pub const TEME_PAIR: usize = BERS_HALF_OPEN + 1;
/// Per count (0 to 3) of own children next to the noyon.
pub const SHIELD: usize = TEME_PAIR + 1;
/// Per file without the other side's children at or beside its noyon,
/// when one has a tereg or a bers.
pub const OPEN_BY_NOYON: usize = SHIELD + 4;
/// Per attack unit on the other noyon's squares, when two or more men attack.
pub const NOYON_ATTACK: usize = OPEN_BY_NOYON + 1;
pub const NOYON_ATTACK_UNITS: usize = 40;
/// Per officer of the other side attacked by a child.
pub const THREAT_BY_CHILD: usize = NOYON_ATTACK + NOYON_ATTACK_UNITS;
/// Per tereg or bers of the other side attacked by a mori or teme.
pub const THREAT_BY_MINOR: usize = THREAT_BY_CHILD + 1;
/// Per bers of the other side attacked by a tereg.
pub const THREAT_BY_TEREG: usize = THREAT_BY_MINOR + 1;
/// Per man of the other side attacked and not guarded.
pub const HANGING: usize = THREAT_BY_TEREG + 1;
pub const TERMS: usize = HANGING + 1;

/// Each term's name and its length, for the tuner's report.
pub const SECTIONS: [(&str, usize, usize); 22] = [
    ("value", VALUE, 6),
    ("square", SQUARE, 6 * 32),
    ("mori mobility", MORI_MOBILITY, 9),
    ("teme mobility", TEME_MOBILITY, 14),
    ("tereg mobility", TEREG_MOBILITY, 15),
    ("bers mobility", BERS_MOBILITY, 19),
    ("passed", PASSED, 8),
    ("isolated", ISOLATED, 1),
    ("doubled", DOUBLED, 1),
    ("defended", DEFENDED, 1),
    ("tereg open", TEREG_OPEN, 1),
    ("tereg half open", TEREG_HALF_OPEN, 1),
    ("bers open", BERS_OPEN, 1),
    ("bers half open", BERS_HALF_OPEN, 1),
    ("teme pair", TEME_PAIR, 1),
    ("shield", SHIELD, 4),
    ("open by noyon", OPEN_BY_NOYON, 1),
    ("noyon attack", NOYON_ATTACK, NOYON_ATTACK_UNITS),
    ("threat by child", THREAT_BY_CHILD, 1),
    ("threat by minor", THREAT_BY_MINOR, 1),
    ("threat by tereg", THREAT_BY_TEREG, 1),
    ("hanging", HANGING, 1),
];

pub use super::weights::WEIGHTS;
