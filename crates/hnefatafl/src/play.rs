//! Hnefatafl on the core's search: the [`Rules`] it implements, with the evaluation of
//! [`crate::eval`].
//!
//! Known difference: the core's search scores a repetition inside the tree as a draw, while the
//! rules make the third occurrence a loss for the defenders ([`crate::Game`] applies the rule to
//! played games).

use crate::eval::{Weights, evaluate};
use crate::{Move, Position, Ruleset};
use zonal_core::{Rules, Terminal};

/// Hnefatafl for [`zonal_core::search`] under one ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Hnefatafl {
    /// The ruleset the positions are played by (positions carry theirs too; this one names the
    /// game for callers).
    pub rules: Ruleset,
    /// The evaluation's weights.
    pub weights: Weights,
}

impl Hnefatafl {
    /// The game under `rules` with the default weights.
    pub fn new(rules: Ruleset) -> Hnefatafl {
        Hnefatafl {
            rules,
            weights: Weights::default(),
        }
    }
}

impl Rules for Hnefatafl {
    type Position = Position;
    type Move = Move;

    fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        pos.for_each_move(|mv| out.push(mv));
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        pos.play(mv)
    }

    fn terminal(&self, pos: &Position) -> Option<Terminal> {
        let outcome = pos.decided().or_else(|| {
            (!pos.has_moves()).then_some(crate::Outcome::NoMoves {
                loser: pos.side_to_move(),
            })
        })?;
        Some(match outcome.winner() {
            Some(w) if w == pos.side_to_move() => Terminal::Win,
            Some(_) => Terminal::Loss,
            None => Terminal::Draw,
        })
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.weights)
    }

    fn key(&self, pos: &Position) -> u64 {
        pos.hash()
    }

    fn irreversible(&self, _pos: &Position, _mv: Move, next: &Position) -> bool {
        next.quiet_plies() == 0
    }

    fn drawn_by_counter(&self, pos: &Position) -> bool {
        pos.outcome() == Some(crate::Outcome::MoveLimit)
    }

    fn order_hint(&self, pos: &Position, mv: Move) -> i32 {
        let (next, captured) = pos.play_with_captures(mv);
        if next.decided().is_some() {
            return 10_000;
        }
        100 * captured.count_ones() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zonal_core::{Limits, WIN_BOUND, search};

    fn best(text: &str, depth: u32) -> (String, i32) {
        let pos: Position = text.parse().unwrap();
        let r = search(
            &Hnefatafl::new(pos.rules()),
            &pos,
            &[],
            &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        );
        (r.best.map(|m| m.to_string()).unwrap_or_default(), r.score)
    }

    #[test]
    fn finds_the_wins_of_the_examples() {
        // H12: the king escapes at once.
        let (mv, score) = best("9/9/9/9/9/3a5/9/9/6k2 d seed", 2);
        assert!(mv == "g1i1" || mv == "g1a1", "{mv}");
        assert!(score > WIN_BOUND);
        // H7: i5f5 captures the king.
        let (mv, score) = best("9/9/9/4a4/3ak3a/4a4/9/9/9 a seed", 2);
        assert_eq!(mv, "i5f5");
        assert!(score > WIN_BOUND);
        // H16: e7e3 encircles; d2d3 or d4d3 captures the king on c3 (four attackers).
        let (mv, score) = best("11/11/11/11/4a6/11/11/2aa7/1ak8/2aa7/11 a copenhagen", 1);
        assert!(["e7e3", "d2d3", "d4d3"].contains(&mv.as_str()), "{mv}");
        assert!(score > WIN_BOUND);
    }
}
