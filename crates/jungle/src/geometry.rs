//! The 7x9 board (spec §1): square numbering, the masks of water, dens and traps, the four
//! orthogonal steps as shifts of square sets, and the lion's and tiger's jumps (§5.4).

use zonal_board::{Shape, Side};

/// The board: 7 files `a`-`g`, 9 ranks `1`-`9`; square `index = rank * 7 + file` (a1 = 0).
pub const SHAPE: Shape = match Shape::new(7, 9) {
    Ok(shape) => shape,
    Err(_) => panic!("7x9 is a valid shape"),
};

/// Files.
pub const FILES: u32 = 7;
/// Ranks.
pub const RANKS: u32 = 9;
/// Squares.
pub const SQUARES: u32 = FILES * RANKS;

/// The square at `file`, `rank` (both 0-based).
pub const fn sq(file: u32, rank: u32) -> u8 {
    (rank * FILES + file) as u8
}

/// The set of just `square`.
#[inline]
pub const fn bit(square: u8) -> u64 {
    1u64 << square
}

/// Every square of the board.
pub const ALL: u64 = (1u64 << SQUARES) - 1;

const fn file_mask(file: u32) -> u64 {
    let mut m = 0;
    let mut r = 0;
    while r < RANKS {
        m |= bit(sq(file, r));
        r += 1;
    }
    m
}

/// File a.
pub const FILE_A: u64 = file_mask(0);
/// File g.
pub const FILE_G: u64 = file_mask(6);

const fn squares(list: &[(u32, u32)]) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < list.len() {
        m |= bit(sq(list[i].0, list[i].1));
        i += 1;
    }
    m
}

/// The two ponds: b4 c4 b5 c5 b6 c6 and e4 f4 e5 f5 e6 f6.
pub const WATER: u64 = squares(&[
    (1, 3),
    (2, 3),
    (1, 4),
    (2, 4),
    (1, 5),
    (2, 5),
    (4, 3),
    (5, 3),
    (4, 4),
    (5, 4),
    (4, 5),
    (5, 5),
]);

/// Every land square (dens and traps included).
pub const LAND: u64 = ALL & !WATER;

/// Each side's own den: White d1, Black d9.
pub const DEN: [u64; 2] = [squares(&[(3, 0)]), squares(&[(3, 8)])];

/// Each side's own traps: White c1 e1 d2, Black c9 e9 d8.
pub const TRAPS: [u64; 2] = [
    squares(&[(2, 0), (4, 0), (3, 1)]),
    squares(&[(2, 8), (4, 8), (3, 7)]),
];

/// The den `side` must not enter (its own).
#[inline]
pub const fn own_den(side: Side) -> u64 {
    DEN[side as usize]
}

/// The den `side` wins by entering (the enemy's).
#[inline]
pub const fn enemy_den(side: Side) -> u64 {
    DEN[1 - side as usize]
}

/// The squares one orthogonal step from any square of `set`.
#[inline]
pub const fn neighbours(set: u64) -> u64 {
    (((set & !FILE_G) << 1) | ((set & !FILE_A) >> 1) | (set << FILES) | (set >> FILES)) & ALL
}

/// A jump of the lion or the tiger: where it lands and the water squares it passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The landing square.
    pub to: u8,
    /// The water squares jumped over (a rat on any of them blocks the jump).
    pub over: u64,
}

/// The ten jump lines (§5.4): the two land ends and the water between.
const LINES: [((u32, u32), (u32, u32)); 10] = [
    ((0, 3), (3, 3)),
    ((0, 4), (3, 4)),
    ((0, 5), (3, 5)),
    ((3, 3), (6, 3)),
    ((3, 4), (6, 4)),
    ((3, 5), (6, 5)),
    ((1, 2), (1, 6)),
    ((2, 2), (2, 6)),
    ((4, 2), (4, 6)),
    ((5, 2), (5, 6)),
];

const fn between(a: (u32, u32), b: (u32, u32)) -> u64 {
    let mut m = 0;
    if a.0 == b.0 {
        let mut r = a.1 + 1;
        while r < b.1 {
            m |= bit(sq(a.0, r));
            r += 1;
        }
    } else {
        let mut f = a.0 + 1;
        while f < b.0 {
            m |= bit(sq(f, a.1));
            f += 1;
        }
    }
    m
}

const NO_JUMP: Jump = Jump { to: 0, over: 0 };

const fn jump_table() -> [[Jump; 2]; SQUARES as usize] {
    let mut t = [[NO_JUMP; 2]; SQUARES as usize];
    let mut n = [0usize; SQUARES as usize];
    let mut i = 0;
    while i < LINES.len() {
        let (a, b) = LINES[i];
        let over = between(a, b);
        let (sa, sb) = (sq(a.0, a.1), sq(b.0, b.1));
        t[sa as usize][n[sa as usize]] = Jump { to: sb, over };
        n[sa as usize] += 1;
        t[sb as usize][n[sb as usize]] = Jump { to: sa, over };
        n[sb as usize] += 1;
        i += 1;
    }
    t
}

/// The jumps from each square (at most two; unused entries have `over == 0`).
pub const JUMPS: [[Jump; 2]; SQUARES as usize] = jump_table();

/// The squares a jump starts from.
pub const JUMP_FROM: u64 = {
    let mut m = 0;
    let mut i = 0;
    while i < LINES.len() {
        m |= bit(sq(LINES[i].0.0, LINES[i].0.1)) | bit(sq(LINES[i].1.0, LINES[i].1.1));
        i += 1;
    }
    m
};

/// The name of `square` (`"a1"` .. `"g9"`).
pub fn name(square: u8) -> String {
    SHAPE.name(u32::from(square))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_the_spec_board() {
        let names =
            |m: u64| -> Vec<String> { (0..63u8).filter(|&s| m & bit(s) != 0).map(name).collect() };
        assert_eq!(
            names(WATER).join(" "),
            "b4 c4 e4 f4 b5 c5 e5 f5 b6 c6 e6 f6"
        );
        assert_eq!(names(DEN[0]), ["d1"]);
        assert_eq!(names(DEN[1]), ["d9"]);
        assert_eq!(names(TRAPS[0]).join(" "), "c1 e1 d2");
        assert_eq!(names(TRAPS[1]).join(" "), "d8 c9 e9");
        assert_eq!(JUMP_FROM.count_ones(), 17);
    }

    #[test]
    fn steps_and_jumps() {
        let d5 = sq(3, 4);
        assert_eq!(
            neighbours(bit(d5)),
            bit(sq(2, 4)) | bit(sq(4, 4)) | bit(sq(3, 3)) | bit(sq(3, 5))
        );
        // Edges do not wrap.
        assert_eq!(neighbours(bit(sq(6, 0))), bit(sq(5, 0)) | bit(sq(6, 1)));
        assert_eq!(neighbours(bit(sq(0, 8))), bit(sq(1, 8)) | bit(sq(0, 7)));
        let jumps: Vec<String> = JUMPS[d5 as usize].iter().map(|j| name(j.to)).collect();
        assert_eq!(jumps, ["a5", "g5"]);
        let c3 = JUMPS[sq(2, 2) as usize];
        assert_eq!(name(c3[0].to), "c7");
        assert_eq!(c3[0].over, bit(sq(2, 3)) | bit(sq(2, 4)) | bit(sq(2, 5)));
        assert_eq!(c3[1].over, 0);
        let total: usize = JUMPS.iter().flatten().filter(|j| j.over != 0).count();
        assert_eq!(total, 20);
    }
}
