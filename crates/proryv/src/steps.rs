//! How Прорыв's pieces step, for the core's distance maps and trajectories
//! ([`zonal_core::Steps`]): the rest of the board stands still.

use crate::geometry::{CORNERS, KING, bit, rook_attacks};
use crate::{NAME, Position};
use zonal_board::{Side, SquareSet};
use zonal_core::Steps;

/// A piece of a position seen as a stepper: a King steps to any neighbour not held by its own
/// rooks or the enemy King (an enemy rook there would be taken); a rook slides over empty
/// squares and stops before the first piece, never on a corner square (D3).
#[derive(Clone, Copy, Debug)]
pub struct PieceSteps {
    side: Side,
    king: bool,
    /// The other pieces (the moving piece's own square excluded).
    occupied: u64,
    own_rooks: u64,
    enemy_king: u8,
}

impl PieceSteps {
    /// The piece on `sq` of `pos`, if any.
    pub fn of(pos: &Position, sq: u8) -> Result<PieceSteps, String> {
        let side = if pos.king(Side::White) == sq || pos.rooks(Side::White) & bit(sq) != 0 {
            Side::White
        } else if pos.king(Side::Black) == sq || pos.rooks(Side::Black) & bit(sq) != 0 {
            Side::Black
        } else {
            return Err(format!(
                "{NAME}: no piece on {}",
                zonal_board::Shape::EIGHT.name(u32::from(sq))
            ));
        };
        Ok(PieceSteps {
            side,
            king: pos.king(side) == sq,
            occupied: pos.occupied() & !bit(sq),
            own_rooks: pos.rooks(side) & !bit(sq),
            enemy_king: pos.king(side.other()),
        })
    }

    /// The piece's side.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Whether the piece is a King.
    pub fn is_king(&self) -> bool {
        self.king
    }
}

impl Steps<u64> for PieceSteps {
    fn steps(&self, from: u32) -> u64 {
        let from = from as u8;
        if self.king {
            KING[from as usize] & !self.own_rooks & !bit(self.enemy_king)
        } else {
            rook_attacks(from, self.occupied) & !self.occupied & !CORNERS
        }
    }

    fn passes(&self, from: u32, to: u32) -> u64 {
        if self.king {
            return 0;
        }
        // The squares strictly between two squares of a rank or file.
        let (lo, hi) = (from.min(to), from.max(to));
        let step = if from / 8 == to / 8 { 1 } else { 8 };
        ((lo + step)..hi)
            .step_by(step as usize)
            .fold(u64::EMPTY, |acc, s| acc.with(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zonal_board::Shape;
    use zonal_core::{Bundle, DistanceMap};

    #[test]
    fn the_king_walks_the_diagonal() {
        let start = Position::startpos();
        let king = PieceSteps::of(&start, 0).unwrap();
        let map = DistanceMap::build(Shape::EIGHT, 0, 16, &king);
        assert_eq!(map.distance(62u32), Some(7));
        assert_eq!(
            map.distance(63u32),
            None,
            "the enemy King's square is not entered"
        );
        // From a1 to g7: the diagonal only.
        let bundle = Bundle::shortest(Shape::EIGHT, 0, 54, 16, &king).unwrap();
        assert_eq!((bundle.length(), bundle.count), (6, 1));
    }

    #[test]
    fn rooks_slide_and_stop_before_pieces() {
        // E6: the rook a5 (White K d4, rooks a5 d1 f4; Black k d7, rook h4).
        let pos: Position = "8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20".parse().unwrap();
        let a5 = Shape::EIGHT.parse_square("a5").unwrap();
        let rook = PieceSteps::of(&pos, a5 as u8).unwrap();
        let one = rook.steps(a5);
        // a1 a2 are corners; b5-h5 and a3 a4 a6 a7 a8.
        assert_eq!(one.count_ones(), 12);
        assert_eq!(rook.passes(a5, a5 + 3).count_ones(), 2);
        assert_eq!(rook.passes(a5, a5 + 24).count_ones(), 2);
        assert!(PieceSteps::of(&pos, 20).is_err());
    }
}
