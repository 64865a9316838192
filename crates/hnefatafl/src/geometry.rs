//! Board geometry of the two board sizes as precomputed tables: rook rays, neighbours, the
//! special squares and the masks the set-wise move generator and flood fills use.
//!
//! Squares are `index = rank * n + file` (a1 = 0), as in `zonal-board`.

/// No square (a neighbour off the board).
pub const NONE: u8 = u8::MAX;

/// Directions: north (rank up), east (file up), south, west. North and east raise the index.
pub const NORTH: usize = 0;
/// East: file up.
pub const EAST: usize = 1;
/// South: rank down.
pub const SOUTH: usize = 2;
/// West: file down.
pub const WEST: usize = 3;

/// The tables of one board size (9 or 11).
#[derive(Debug)]
pub struct Geometry {
    /// Files (= ranks).
    pub n: u32,
    /// Every square of the board.
    pub all: u128,
    /// The four corners.
    pub corners: u128,
    /// The throne (centre square) as a set.
    pub throne: u128,
    /// The throne's index.
    pub throne_sq: u32,
    /// The edge squares (corners included).
    pub edge: u128,
    /// Squares not on file a (they may step west).
    pub not_west: u128,
    /// Squares not on the last file (they may step east).
    pub not_east: u128,
    /// The four squares next to the throne.
    pub next_to_throne: u128,
    /// The eight squares next to a corner.
    pub next_to_corner: u128,
    /// `rays[dir][sq]`: the squares from `sq` (exclusive) to the board's end in direction `dir`.
    pub rays: [[u128; 121]; 4],
    /// `step[dir][sq]`: the neighbour of `sq` in direction `dir`, or [`NONE`].
    pub step: [[u8; 121]; 4],
}

const fn bit(sq: u32) -> u128 {
    1u128 << sq
}

impl Geometry {
    const fn new(n: u32) -> Geometry {
        let mut g = Geometry {
            n,
            all: 0,
            corners: 0,
            throne: 0,
            throne_sq: (n / 2) * n + n / 2,
            edge: 0,
            not_west: 0,
            not_east: 0,
            next_to_throne: 0,
            next_to_corner: 0,
            rays: [[0; 121]; 4],
            step: [[NONE; 121]; 4],
        };
        g.throne = bit(g.throne_sq);
        let last = n - 1;
        let mut sq = 0;
        while sq < n * n {
            let (f, r) = (sq % n, sq / n);
            g.all |= bit(sq);
            if f == 0 || r == 0 || f == last || r == last {
                g.edge |= bit(sq);
            }
            if (f == 0 || f == last) && (r == 0 || r == last) {
                g.corners |= bit(sq);
            }
            if f != 0 {
                g.not_west |= bit(sq);
            }
            if f != last {
                g.not_east |= bit(sq);
            }
            let deltas: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
            let mut d = 0;
            while d < 4 {
                let (df, dr) = deltas[d];
                let (mut x, mut y) = (f as i32 + df, r as i32 + dr);
                let mut first = true;
                while x >= 0 && y >= 0 && x < n as i32 && y < n as i32 {
                    let to = y as u32 * n + x as u32;
                    g.rays[d][sq as usize] |= bit(to);
                    if first {
                        g.step[d][sq as usize] = to as u8;
                        first = false;
                    }
                    x += df;
                    y += dr;
                }
                d += 1;
            }
            sq += 1;
        }
        let mut d = 0;
        while d < 4 {
            let t = g.step[d][g.throne_sq as usize];
            g.next_to_throne |= bit(t as u32);
            let mut c = 0;
            let corners = [0, last, last * n, last * n + last];
            while c < 4 {
                let s = g.step[d][corners[c] as usize];
                if s != NONE {
                    g.next_to_corner |= bit(s as u32);
                }
                c += 1;
            }
            d += 1;
        }
        g
    }

    /// The tables of the `n`x`n` board (9 or 11).
    #[inline]
    pub fn of(n: u32) -> &'static Geometry {
        if n == 9 { &GEO9 } else { &GEO11 }
    }

    /// The set one step in every orthogonal direction from `set` (not `set` itself).
    #[inline]
    pub fn spread(&self, set: u128) -> u128 {
        ((set << self.n)
            | (set >> self.n)
            | ((set & self.not_east) << 1)
            | ((set & self.not_west) >> 1))
            & self.all
    }

    /// The squares reachable from `seed` by orthogonal steps through `through` (`seed` included).
    #[inline]
    pub fn flood(&self, seed: u128, through: u128) -> u128 {
        let mut r = seed;
        loop {
            let next = r | (self.spread(r) & through);
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// `set` moved one square in direction `d` ([`NORTH`], [`EAST`], [`SOUTH`] or [`WEST`]),
    /// what leaves the board dropped.
    #[inline(always)]
    pub fn shift(&self, set: u128, d: usize) -> u128 {
        match d {
            NORTH => (set << self.n) & self.all,
            EAST => (set & self.not_east) << 1,
            SOUTH => set >> self.n,
            _ => (set & self.not_west) >> 1,
        }
    }

    /// The rook moves of all of `pieces` at once, `occupied` blocking: the squares any of them
    /// reaches, and how many moves they have in all counting only landings in `land`. The same
    /// as [`Geometry::slides`] from each piece, summed: every piece's ray advances a step at a
    /// time through empty squares, and two rays never meet, since a ray stops at the first
    /// occupied square and every piece is one.
    #[inline]
    pub fn slides_of(&self, pieces: u128, occupied: u128, land: u128) -> (u128, u32) {
        let empty = self.all & !occupied;
        let (mut reach, mut count) = (0u128, 0u32);
        for d in [NORTH, EAST, SOUTH, WEST] {
            let mut ray = pieces;
            while ray != 0 {
                ray = self.shift(ray, d) & empty;
                reach |= ray;
                count += (ray & land).count_ones();
            }
        }
        (reach, count)
    }

    /// The squares a rook move from any square of `from` reaches, `occupied` blocking: the
    /// union of [`Geometry::slides`] from each (`from` need not be occupied: where one ray runs
    /// over another's start, the union is the same).
    #[inline]
    pub fn reach_of(&self, from: u128, occupied: u128) -> u128 {
        self.slides_of(from, occupied, 0).0
    }

    /// The rook moves from `from` with `occupied` squares blocking (landing squares only, any
    /// piece or not).
    #[inline]
    pub fn slides(&self, from: u32, occupied: u128) -> u128 {
        let f = from as usize;
        let mut out = 0;
        // North and east raise the index: the nearest blocker is the lowest bit.
        let ray = self.rays[NORTH][f];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            ray & ((b & b.wrapping_neg()) - 1)
        };
        let ray = self.rays[EAST][f];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            ray & ((b & b.wrapping_neg()) - 1)
        };
        // South and west lower it: the nearest blocker is the highest bit.
        let ray = self.rays[SOUTH][f];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            ray & !((2u128 << (127 - b.leading_zeros())) - 1)
        };
        let ray = self.rays[WEST][f];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            ray & !((2u128 << (127 - b.leading_zeros())) - 1)
        };
        out
    }
}

static GEO9: Geometry = Geometry::new(9);
static GEO11: Geometry = Geometry::new(11);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_pieces_slide_as_each_piece_does() {
        // The reference: each piece's slides, one at a time.
        let mut rng = zonal_core::rng::Rng::new(5);
        for n in [9, 11, 9, 11] {
            let g = Geometry::of(n);
            for _ in 0..500 {
                let mut occ = 0u128;
                let mut pieces = 0u128;
                for sq in 0..n * n {
                    match rng.below(6) {
                        0 => pieces |= 1 << sq,
                        1 => occ |= 1 << sq,
                        _ => {}
                    }
                }
                let occ = occ | pieces;
                let land = g.all & !g.corners & !(1u128 << rng.below((n * n) as usize));
                let (mut reach, mut count) = (0u128, 0u32);
                let mut rest = pieces;
                while rest != 0 {
                    let r = g.slides(rest.trailing_zeros(), occ);
                    reach |= r;
                    count += (r & land).count_ones();
                    rest &= rest - 1;
                }
                assert_eq!(g.slides_of(pieces, occ, land), (reach, count));
                // Starts that are not occupied: the union only.
                let starts = pieces | (land & !occ & 0x5555_5555_5555_5555_5555_5555_5555_5555);
                let mut union = 0u128;
                let mut rest = starts;
                while rest != 0 {
                    union |= g.slides(rest.trailing_zeros(), occ & !starts);
                    rest &= rest - 1;
                }
                assert_eq!(g.reach_of(starts, occ & !starts), union);
            }
        }
    }

    #[test]
    fn tables_of_both_sizes() {
        let g = Geometry::of(9);
        assert_eq!(g.throne_sq, 40);
        assert_eq!(g.corners, bit(0) | bit(8) | bit(72) | bit(80));
        assert_eq!(g.edge.count_ones(), 32);
        assert_eq!(g.next_to_throne, bit(31) | bit(39) | bit(41) | bit(49));
        assert_eq!(g.next_to_corner.count_ones(), 8);
        let g = Geometry::of(11);
        assert_eq!(g.throne_sq, 60);
        assert_eq!(g.edge.count_ones(), 40);
        assert_eq!(g.rays[NORTH][0].count_ones(), 10);
        assert_eq!(g.step[WEST][0], NONE);
        assert_eq!(g.step[EAST][10], NONE);
        // a1 with a blocker on a4 and d1: a2 a3, b1 c1.
        let s = g.slides(0, bit(33) | bit(3));
        assert_eq!(s, bit(11) | bit(22) | bit(1) | bit(2));
        // f6 with nothing around: 20 squares.
        assert_eq!(g.slides(60, 0).count_ones(), 20);
        // flood from a1 through the first rank only.
        assert_eq!(g.flood(bit(0), 0x7ff), 0x7ff);
    }
}
