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
/// Per rank of a passed child: the other noyon's distance to the square
/// ahead of it, then its own noyon's.
pub const PASSED_THEIR_NOYON: usize = PASSED + 8;
pub const PASSED_OUR_NOYON: usize = PASSED_THEIR_NOYON + 8;
/// Per rank of a passed child whose next square is empty and unguarded.
pub const PASSED_FREE: usize = PASSED_OUR_NOYON + 8;
/// Per rank of a child beside a friendly child or guarded by one.
pub const CONNECTED: usize = PASSED_FREE + 8;
/// No friendly child on a file beside it.
pub const ISOLATED: usize = CONNECTED + 8;
/// Another friendly child ahead on its file.
pub const DOUBLED: usize = ISOLATED + 1;
/// Guarded by a friendly child.
pub const DEFENDED: usize = DOUBLED + 1;
/// No friendly child beside or behind it, and its next square held by an
/// enemy child.
pub const BACKWARD: usize = DEFENDED + 1;
/// A tereg on a file without children, or without its own.
pub const TEREG_OPEN: usize = BACKWARD + 1;
pub const TEREG_HALF_OPEN: usize = TEREG_OPEN + 1;
pub const BERS_OPEN: usize = TEREG_HALF_OPEN + 1;
pub const BERS_HALF_OPEN: usize = BERS_OPEN + 1;
pub const TEME_PAIR: usize = BERS_HALF_OPEN + 1;
/// Per teme, the friendly children on its colour of square.
pub const TEME_CHILDREN: usize = TEME_PAIR + 1;
/// A mori, then a teme, guarded by a child where no enemy child can reach.
pub const OUTPOST: usize = TEME_CHILDREN + 1;
/// A mori's, then a teme's, distance from its own noyon.
pub const NOYON_DISTANCE: usize = OUTPOST + 2;
/// Per count (0 to 3) of own children next to the noyon.
pub const SHIELD: usize = NOYON_DISTANCE + 2;
/// Per file without the other side's children at or beside its noyon,
/// when one has a tereg or a bers.
pub const OPEN_BY_NOYON: usize = SHIELD + 4;
/// Per attack unit on the other noyon's squares, when two or more men attack.
pub const NOYON_ATTACK: usize = OPEN_BY_NOYON + 1;
pub const NOYON_ATTACK_UNITS: usize = 40;
/// A safe square to check the other noyon from: bers, tereg, teme, mori.
pub const SAFE_CHECK: usize = NOYON_ATTACK + NOYON_ATTACK_UNITS;
/// Per officer of the other side attacked by a safe child.
pub const THREAT_BY_CHILD: usize = SAFE_CHECK + 4;
/// Per man of the other side, by kind, attacked by a mori or teme while
/// weak or guarded by no more than a child.
pub const THREAT_BY_MINOR: usize = THREAT_BY_CHILD + 1;
/// Per weak man of the other side, by kind, attacked by a tereg.
pub const THREAT_BY_TEREG: usize = THREAT_BY_MINOR + 6;
/// Weak men of the other side attacked by the noyon.
pub const THREAT_BY_NOYON: usize = THREAT_BY_TEREG + 6;
/// Per weak man of the other side left unguarded or attacked twice.
pub const HANGING: usize = THREAT_BY_NOYON + 1;
/// Per square both attack where the other side is not strongly guarded.
pub const RESTRICTED: usize = HANGING + 1;
pub const TERMS: usize = RESTRICTED + 1;

/// Each term's name and its length, for the tuner's report.
pub const SECTIONS: [(&str, usize, usize); 33] = [
    ("value", VALUE, 6),
    ("square", SQUARE, 6 * 32),
    ("mori mobility", MORI_MOBILITY, 9),
    ("teme mobility", TEME_MOBILITY, 14),
    ("tereg mobility", TEREG_MOBILITY, 15),
    ("bers mobility", BERS_MOBILITY, 19),
    ("passed", PASSED, 8),
    ("passed, their noyon", PASSED_THEIR_NOYON, 8),
    ("passed, our noyon", PASSED_OUR_NOYON, 8),
    ("passed, free", PASSED_FREE, 8),
    ("connected", CONNECTED, 8),
    ("isolated", ISOLATED, 1),
    ("doubled", DOUBLED, 1),
    ("defended", DEFENDED, 1),
    ("backward", BACKWARD, 1),
    ("tereg open", TEREG_OPEN, 1),
    ("tereg half open", TEREG_HALF_OPEN, 1),
    ("bers open", BERS_OPEN, 1),
    ("bers half open", BERS_HALF_OPEN, 1),
    ("teme pair", TEME_PAIR, 1),
    ("teme children", TEME_CHILDREN, 1),
    ("outpost", OUTPOST, 2),
    ("noyon distance", NOYON_DISTANCE, 2),
    ("shield", SHIELD, 4),
    ("open by noyon", OPEN_BY_NOYON, 1),
    ("noyon attack", NOYON_ATTACK, NOYON_ATTACK_UNITS),
    ("safe check", SAFE_CHECK, 4),
    ("threat by child", THREAT_BY_CHILD, 1),
    ("threat by minor", THREAT_BY_MINOR, 6),
    ("threat by tereg", THREAT_BY_TEREG, 6),
    ("threat by noyon", THREAT_BY_NOYON, 1),
    ("hanging", HANGING, 1),
    ("restricted", RESTRICTED, 1),
];

pub use super::weights::WEIGHTS;
