//! Jungle on the core's search: the [`Rules`] it implements, with the evaluation of
//! [`crate::eval`]; the squares of a move ([`MoveSquares`]) for the zone-guided search; the
//! tactical moves (captures and den entries) for its quiescence and for the narrowing.

use crate::eval::{Fitted, Weights, evaluate, evaluate_fitted};
use crate::{Move, Position, QUIET_LIMIT};
use zonal_core::guided::MoveSquares;
use zonal_core::{Rules, Terminal};

/// Jungle for [`zonal_core::search`].
#[derive(Clone, Copy, Debug)]
pub struct Jungle {
    /// The hand-set evaluation's weights (played when `fitted` is `None`).
    pub weights: Weights,
    /// The evaluation fitted to game results, if it plays.
    pub fitted: Option<Fitted>,
}

impl Default for Jungle {
    /// The default evaluation: the fitted one if shipped ([`crate::eval::shipped`]), else the table.
    fn default() -> Jungle {
        Jungle {
            weights: Weights::default(),
            fitted: crate::eval::shipped(),
        }
    }
}

impl Jungle {
    /// Each term of the evaluation that plays for the side to move, cp, named: the fitted
    /// features that count, or the table's terms ([`crate::eval::terms`]).
    pub fn terms(&self, pos: &Position) -> Vec<(&'static str, i32)> {
        match &self.fitted {
            Some(f) => crate::eval::fitted_terms(pos, f),
            None => crate::eval::terms(pos, &self.weights),
        }
    }

    /// The hand-set table (the evaluation of the figures before the fit).
    pub fn hand() -> Jungle {
        Jungle {
            fitted: None,
            ..Jungle::default()
        }
    }
}

impl MoveSquares for Jungle {
    fn move_squares(&self, mv: Move) -> (Option<u32>, u32) {
        (Some(u32::from(mv.from())), u32::from(mv.to()))
    }
}

impl Rules for Jungle {
    type Position = Position;
    type Move = Move;

    fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        pos.for_each_move_to(u64::MAX, |mv| out.push(mv));
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        pos.play(&mv)
    }

    fn terminal(&self, pos: &Position) -> Option<Terminal> {
        pos.outcome()
            .map(|o| Terminal::for_side(Some(o.winner()), pos.side_to_move()))
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        match &self.fitted {
            Some(f) => evaluate_fitted(pos, f),
            None => evaluate(pos, &self.weights),
        }
    }

    fn key(&self, pos: &Position) -> u64 {
        pos.hash_key()
    }

    fn irreversible(&self, _pos: &Position, _mv: Move, next: &Position) -> bool {
        // A capture resets the quiet counter.
        next.quiet_plies() == 0
    }

    fn drawn_by_counter(&self, pos: &Position) -> bool {
        pos.quiet_plies() >= QUIET_LIMIT
    }

    fn move_code(&self, _pos: &Position, mv: Move) -> u32 {
        (u32::from(mv.from()) << 8 | u32::from(mv.to())) + 1
    }

    /// A pass, while the side to move has at least three pieces (with fewer, a blockade or a
    /// zugzwang is near).
    fn null_move(&self, pos: &Position) -> Option<Position> {
        let us = pos.side_to_move();
        (pos.decided().is_none() && pos.occupied(us).count_ones() >= 3)
            .then(|| pos.with_side_to_move(us.other()))
    }

    /// An enemy piece next to the side to move's den: it enters next move unless stopped.
    fn in_danger(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        crate::geometry::neighbours(crate::geometry::own_den(us)) & pos.occupied(us.other()) != 0
    }

    /// Captures and den entries.
    fn tactical_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let us = pos.side_to_move();
        // A capture lands on an enemy piece.
        let targets = pos.occupied(us.other()) | crate::geometry::enemy_den(us);
        pos.for_each_move_to(targets, |mv| out.push(mv));
    }

    /// Den entries first, then captures by the victim's value (the cheaper attacker first),
    /// then steps onto an enemy trap, then steps that come closer to the enemy den.
    fn order_hint(&self, pos: &Position, mv: Move) -> i32 {
        let us = pos.side_to_move();
        let den = crate::geometry::enemy_den(us);
        if den & crate::geometry::bit(mv.to()) != 0 {
            return 100_000;
        }
        let attacker = pos
            .piece_at(mv.from())
            .map_or(0, |(_, a)| self.weights.material[a as usize]);
        match pos.piece_at(mv.to()) {
            Some((side, victim)) if side != us => {
                10_000 + 10 * self.weights.material[victim as usize] - attacker / 10
            }
            _ => {
                let traps = crate::geometry::TRAPS[us.other() as usize];
                if traps & crate::geometry::bit(mv.to()) != 0 {
                    return 500;
                }
                let d = den.trailing_zeros() as u8;
                let closer =
                    crate::eval::distance(mv.from(), d) > crate::eval::distance(mv.to(), d);
                i32::from(closer) * 10
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zonal_core::{Limits, WIN_BOUND, search};

    fn best(text: &str, depth: u32) -> (Option<String>, i32) {
        let pos: Position = text.parse().unwrap();
        let r = search(
            &Jungle::default(),
            &pos,
            &[],
            &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        );
        (r.best.map(|m| m.to_string()), r.score)
    }

    #[test]
    fn tactical_moves_are_the_captures_and_den_entries_among_the_legal_moves() {
        let jungle = Jungle::default();
        let mut rng = zonal_core::rng::Rng::new(17);
        let (mut moves, mut tactical) = (Vec::new(), Vec::new());
        let mut found = 0;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..200 {
                jungle.moves(&pos, &mut moves);
                assert_eq!(moves, pos.legal_moves(), "{pos}");
                jungle.tactical_moves(&pos, &mut tactical);
                let den = crate::geometry::enemy_den(pos.side_to_move());
                let reference: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| pos.is_capture(mv) || den & crate::geometry::bit(mv.to()) != 0)
                    .collect();
                assert_eq!(tactical, reference, "{pos}");
                found += tactical.len();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                pos = pos.play(&moves[rng.below(moves.len())]);
            }
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn finds_the_wins_of_the_examples() {
        // J10a: d8d9 enters the den.
        let (mv, score) = best("c6/3D3/7/7/7/7/7/7/7 w", 3);
        assert_eq!(mv.as_deref(), Some("d8d9"));
        assert!(score > WIN_BOUND);
        // J8a: the cat must take the trapped elephant, or Black enters the den.
        let (mv, _) = best("6c/7/7/7/7/7/7/2Ce3/7 w", 3);
        assert_eq!(mv.as_deref(), Some("c2d2"));
        // J12: taking the last piece wins.
        let (mv, score) = best("7/7/7/7/7/3e3/3R3/7/7 w", 2);
        assert_eq!(mv.as_deref(), Some("d3d4"));
        assert!(score > WIN_BOUND);
    }

    #[test]
    fn a_position_without_moves_is_lost() {
        let pos: Position = "cL5/W6/7/7/7/7/7/7/7 b".parse().unwrap();
        assert_eq!(Jungle::default().terminal(&pos), Some(Terminal::Loss));
    }
}
