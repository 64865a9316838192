//! Прорыв on the core's search: the [`Rules`] it implements and its evaluation, built from the
//! source's own criteria (docs/proryv.md §8): the race of the Kings to their targets, the degree
//! of freedom when the distances are equal, and the rooks each side keeps.

use crate::geometry::distance;
use crate::measures::degree_of_freedom;
use crate::{Outcome, Ply, Position};
use zonal_board::Side;
use zonal_core::guided::MoveSquares;
use zonal_core::{Rules, Terminal};

pub use crate::eval::Weights;

/// Прорыв for [`zonal_core::search`].
#[derive(Clone, Copy, Debug)]
pub struct Proryv {
    /// The hand-set evaluation's weights (played when `fitted` is `None`).
    pub weights: Weights,
    /// The evaluation fitted to game results ([`crate::eval`]), if it plays.
    pub fitted: Option<crate::eval::Fitted>,
}

impl Default for Proryv {
    /// The default evaluation: the fitted one if shipped ([`crate::eval::shipped`]), else the
    /// table.
    fn default() -> Proryv {
        Proryv {
            weights: Weights::default(),
            fitted: crate::eval::shipped(),
        }
    }
}

/// One evaluation term of a position, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Distance of each side's King to its target (White, Black).
    pub distance: [u32; 2],
    /// Degree of freedom of each side (D16).
    pub freedom: [u32; 2],
    /// Rooks on the board and in hand of each side.
    pub rooks: [u32; 2],
}

impl Terms {
    /// The terms of `pos`.
    pub fn of(pos: &Position) -> Terms {
        let side = |s: Side| {
            (
                distance(pos.king(s), Position::target(s)),
                degree_of_freedom(pos, s),
                pos.rooks(s).count_ones() + u32::from(pos.hand(s)),
            )
        };
        let (w, b) = (side(Side::White), side(Side::Black));
        Terms {
            distance: [w.0, b.0],
            freedom: [w.1, b.1],
            rooks: [w.2, b.2],
        }
    }
}

impl Proryv {
    /// The hand-set table (the evaluation of the figures before the fit).
    pub fn hand() -> Proryv {
        Proryv {
            fitted: None,
            ..Proryv::default()
        }
    }

    /// Each term of the evaluation for the side to move, cp, named: the fitted evaluation's
    /// features where it plays ([`crate::eval::FEATURES`], those that count), else the table's
    /// (the race: the Kings'
    /// distances to their targets; the rooks on the board and in hand; the degree of freedom,
    /// counted only while the distances are equal (docs/proryv.md §8); the tempo). They add up
    /// to the evaluation.
    pub fn terms(&self, pos: &Position) -> Vec<(&'static str, i32)> {
        if let Some(fitted) = &self.fitted {
            return crate::eval::fitted_terms(pos, fitted);
        }
        let t = Terms::of(pos);
        let w = &self.weights;
        let (us, them) = match pos.side_to_move() {
            Side::White => (0, 1),
            Side::Black => (1, 0),
        };
        let freedom = if t.distance[0] == t.distance[1] {
            w.freedom * (t.freedom[us] as i32 - t.freedom[them] as i32)
        } else {
            0
        };
        vec![
            (
                "the race",
                w.race * (t.distance[them] as i32 - t.distance[us] as i32),
            ),
            (
                "rooks",
                w.rook * (t.rooks[us] as i32 - t.rooks[them] as i32),
            ),
            ("degree of freedom", freedom),
            ("tempo", w.tempo),
        ]
    }
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl MoveSquares for Proryv {
    fn move_squares(&self, mv: Ply) -> (Option<u32>, u32) {
        (mv.from().map(u32::from), u32::from(mv.to()))
    }
}

impl Rules for Proryv {
    type Position = Position;
    type Move = Ply;

    fn moves(&self, pos: &Position, out: &mut Vec<Ply>) {
        out.clear();
        pos.for_each_legal(|ply, _| out.push(ply));
    }

    fn play(&self, pos: &Position, mv: Ply) -> Position {
        pos.play(&mv)
    }

    fn terminal(&self, pos: &Position) -> Option<Terminal> {
        pos.outcome()
            .map(|o: Outcome| Terminal::for_side(Some(o.winner()), pos.side_to_move()))
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        match &self.fitted {
            Some(f) => {
                let s = crate::eval::fitted_value(pos, f);
                if pos.side_to_move() == Side::White {
                    s
                } else {
                    -s
                }
            }
            None => self.terms(pos).iter().map(|&(_, v)| v).sum(),
        }
    }

    fn key(&self, pos: &Position) -> u64 {
        let k = pos.repetition_key();
        let packed = u64::from(k.king(Side::White))
            | u64::from(k.king(Side::Black)) << 8
            | u64::from(k.hand(Side::White)) << 16
            | u64::from(k.hand(Side::Black)) << 24
            | (k.side_to_move() as u64) << 32;
        mix(k.rooks(Side::White))
            ^ mix(k.rooks(Side::Black) ^ 0x5555_5555_5555_5555).rotate_left(17)
            ^ mix(packed ^ 0x1234_5678_9abc_def0).rotate_left(39)
    }

    fn drawn_by_counter(&self, pos: &Position) -> bool {
        pos.quiet_plies() >= crate::QUIET_LIMIT
    }

    fn irreversible(&self, _pos: &Position, _mv: Ply, next: &Position) -> bool {
        // A drop, a capture or a removal resets the quiet counter.
        next.quiet_plies() == 0
    }

    fn move_code(&self, _pos: &Position, mv: Ply) -> u32 {
        // A drop leaves no square: 64 stands for the hand.
        (mv.from().map_or(64, u32::from) << 8 | u32::from(mv.to())) + 1
    }

    /// A pass in the second phase, with no King in check and at least two rooks of the side to
    /// move on the board (the placement phase fixes who moves; a bare King is prone to
    /// zugzwang).
    fn null_move(&self, pos: &Position) -> Option<Position> {
        let us = pos.side_to_move();
        if pos.in_placement() || pos.rooks(us).count_ones() < 2 {
            return None;
        }
        pos.with_side_to_move(us.other())
    }

    /// The side to move in check, or the enemy King one step from its target (our home).
    fn in_danger(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        pos.in_check(us)
            || crate::geometry::KING[pos.king(us.other()) as usize] & 1u64 << Position::home(us)
                != 0
    }

    fn order_hint(&self, pos: &Position, mv: Ply) -> i32 {
        // King steps towards the target first, then captures, then the rest.
        let us = pos.side_to_move();
        match mv.from() {
            Some(from) if from == pos.king(us) => {
                let target = Position::target(us);
                let gain = distance(from, target) as i32 - distance(mv.to(), target) as i32;
                let capture = pos.rooks(us.other()) & (1 << mv.to()) != 0;
                100 * gain + if capture { 300 } else { 0 }
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zonal_core::{Limits, WIN_BOUND, search, search_without_table};

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn finds_the_wins_of_the_examples() {
        // E12: f6g7 wins at once (contact with the black King at home).
        let r = search(
            &Proryv::default(),
            &pos("7k/8/5K2/8/8/8/8/8 w 0:0 0 30"),
            &[],
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
        );
        assert_eq!(r.best.map(|p| p.to_string()).as_deref(), Some("f6g7"));
        assert!(r.score > WIN_BOUND);
        // E14: g7h8 reaches the target before Black does.
        let r = search(
            &Proryv::default(),
            &pos("8/6K1/8/8/8/8/1k6/8 w 0:0 0 30"),
            &[],
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
        );
        assert_eq!(r.best.map(|p| p.to_string()).as_deref(), Some("g7h8"));
    }

    #[test]
    fn the_quiet_ply_draw_is_seen() {
        // E14 with 99 quiet plies: g7h8 still wins (reaching the target ends the game first)...
        let p = pos("8/6K1/8/8/8/8/1k6/8 w 0:0 99 30");
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let r = search(&Proryv::default(), &p, &[], &limits);
        assert!(r.score > WIN_BOUND);
        // ...but a win two own plies away is a draw: the first quiet ply reaches 100.
        let p = pos("8/8/5K2/8/3k4/8/8/8 w 0:0 99 30");
        let r = search(&Proryv::default(), &p, &[], &limits);
        assert!(r.score.abs() < WIN_BOUND, "{}", r.score);
        let p = pos("8/8/5K2/8/3k4/8/8/8 w 0:0 0 30");
        let r = search(&Proryv::default(), &p, &[], &limits);
        assert!(r.score > WIN_BOUND, "{}", r.score);
    }

    #[test]
    fn the_table_changes_nothing_at_a_fixed_depth() {
        for text in [
            "7k/5R2/3rrR2/2r1RK2/3r1R2/2r3R1/8/8 w 0:0 0 30",
            "5r2/5r2/R3rk2/R3R3/1R2R3/R2K4/2r5/2R1rrr1 w 0:0 5 24",
            "rr1R4/2r5/5k2/7r/2RKR2r/1R1R4/4R3/2R3r1 w 0:0 21 24",
            "8/1r6/8/5K2/2k5/6R1/8/3R4 w 0:0 0 30",
            "7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2",
        ] {
            let p = pos(text);
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            let with = search(&Proryv::default(), &p, &[], &limits);
            let without = search_without_table(&Proryv::default(), &p, &[], &limits);
            assert_eq!(with.score, without.score, "{text}");
            assert_eq!(with.root.len(), without.root.len(), "{text}");
            // Every root move's score (the lines may differ between equal moves).
            let mut a: Vec<_> = with.root.iter().map(|r| (r.mv, r.score)).collect();
            let mut b: Vec<_> = without.root.iter().map(|r| (r.mv, r.score)).collect();
            a.sort_by_key(|&(m, _)| m);
            b.sort_by_key(|&(m, _)| m);
            assert_eq!(a, b, "{text}");
        }
    }
}

/// The evaluation that plays, checked against the evaluation's features.
#[cfg(test)]
mod eval_tests {
    use super::*;
    use crate::eval::*;
    use crate::position::Position;

    #[test]
    fn the_hand_weights_over_the_features_are_the_table() {
        // A second opinion on the features: weighted by the table they give its evaluation
        // along random games.
        let table = Proryv::hand();
        let hand = Fitted {
            weights: hand_weights(&Weights::default()),
            hidden: None,
        };
        let mut rng = zonal_core::rng::Rng::new(4);
        let mut checked = 0;
        for _ in 0..12 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let sum: i32 = fitted_terms(&pos, &hand).iter().map(|t| t.1).sum();
                assert_eq!(sum, table.evaluate(&pos), "{pos}");
                checked += 1;
                let plies = pos.legal_plies();
                if plies.is_empty() || pos.is_over() {
                    break;
                }
                pos = pos.play(&plies[rng.below(plies.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
        if !zonal_core::linear::is_empty(SHIPPED) {
            assert_eq!(shipped(), Some(Fitted::parse(SHIPPED, &FEATURES).unwrap()));
        }
    }
}
