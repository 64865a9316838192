//! Fixed squares and precomputed tables of the 8x8 board (a1 = 0, h8 = 63).

/// File a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub const FILE_H: u64 = FILE_A << 7;
/// Rank 1.
pub const RANK_1: u64 = 0xff;
/// Rank 8.
pub const RANK_8: u64 = 0xff << 56;

/// a1, where White's King starts (Black's target).
pub const A1: u8 = 0;
/// h8, where Black's King starts (White's target).
pub const H8: u8 = 63;

/// The corner squares no rook may stand on (D3): a1 a2 b1 b2 g7 g8 h7 h8.
pub const CORNERS: u64 =
    (1 << 0) | (1 << 1) | (1 << 8) | (1 << 9) | (1 << 54) | (1 << 55) | (1 << 62) | (1 << 63);

/// The set of one square.
#[inline]
pub const fn bit(sq: u8) -> u64 {
    1 << sq
}

const fn king_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    t
}

/// The (up to) 8 neighbours of each square.
pub const KING: [u64; 64] = king_table();

/// Rays from each square in the four rook directions, the square itself excluded:
/// 0 north (+8), 1 east (+1), 2 south (-8), 3 west (-1).
const fn ray_table() -> [[u64; 64]; 4] {
    let mut t = [[0u64; 64]; 4];
    let dirs = [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            loop {
                f += dirs[d].0;
                r += dirs[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                t[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

const RAYS: [[u64; 64]; 4] = ray_table();

/// The squares a rook on `sq` attacks with `occupied` pieces on the board: along its rank and
/// file up to and including the first occupied square in each direction (D4).
#[inline]
pub fn rook_attacks(sq: u8, occupied: u64) -> u64 {
    let s = sq as usize;
    let mut attacks = 0;
    // Increasing directions: the first blocker is the lowest bit.
    for d in [0, 1] {
        let ray = RAYS[d][s];
        let blockers = ray & occupied;
        attacks |= if blockers == 0 {
            ray
        } else {
            ray ^ RAYS[d][blockers.trailing_zeros() as usize]
        };
    }
    // Decreasing directions: the first blocker is the highest bit.
    for d in [2, 3] {
        let ray = RAYS[d][s];
        let blockers = ray & occupied;
        attacks |= if blockers == 0 {
            ray
        } else {
            ray ^ RAYS[d][63 - blockers.leading_zeros() as usize]
        };
    }
    attacks
}

/// The rooks of `rooks` that are surrounded with `occupied` pieces on the board: each of their
/// four orthogonal neighbours is off the board or occupied (D8).
#[inline]
pub fn surrounded(rooks: u64, occupied: u64) -> u64 {
    let north = (occupied >> 8) | RANK_8;
    let south = (occupied << 8) | RANK_1;
    let east = (occupied >> 1) | FILE_H;
    let west = (occupied << 1) | FILE_A;
    rooks & north & south & east & west
}

/// King-move distance between two squares.
#[inline]
pub fn distance(a: u8, b: u8) -> u32 {
    let df = (a % 8).abs_diff(b % 8);
    let dr = (a / 8).abs_diff(b / 8);
    df.max(dr) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow rook attacks: step square by square.
    fn slow_attacks(sq: u8, occupied: u64) -> u64 {
        let mut out = 0;
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            loop {
                f += df;
                r += dr;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    break;
                }
                let s = (r * 8 + f) as u8;
                out |= bit(s);
                if occupied & bit(s) != 0 {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn rook_attacks_match_the_slow_walk() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occupied = x & x.rotate_left(17);
            for sq in 0..64 {
                assert_eq!(rook_attacks(sq, occupied), slow_attacks(sq, occupied));
            }
        }
    }

    #[test]
    fn surrounded_rooks_need_four_closed_sides() {
        // a8 with a7 and b8 occupied: surrounded (two edges).
        let a8 = bit(56);
        assert_eq!(surrounded(a8, a8 | bit(48) | bit(57)), a8);
        assert_eq!(surrounded(a8, a8 | bit(48)), 0);
        // h4 with g4, h3, h5: surrounded; the east edge must not wrap to a5.
        let h4 = bit(31);
        assert_eq!(surrounded(h4, h4 | bit(30) | bit(23) | bit(39)), h4);
        assert_eq!(surrounded(h4, h4 | bit(23) | bit(39) | bit(32)), 0);
        assert_eq!(distance(A1, H8), 7);
        assert_eq!(KING[0].count_ones(), 3);
    }
}
