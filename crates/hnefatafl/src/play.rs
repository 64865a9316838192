//! Hnefatafl on the core's search: the [`Rules`] it implements, with the evaluation of
//! [`crate::eval`].
//!
//! A repetition inside the tree loses for the defenders ([`Rules::repetition`]), as the third
//! occurrence does in a game ([`crate::Game`]).

use crate::eval::{Fitted, Weights, evaluate, evaluate_fitted};
use crate::geometry::{EAST, Geometry, NONE, NORTH, SOUTH, WEST};
use crate::position::DEFENDERS;
use crate::{Move, Position, Ruleset};
use zonal_core::guided::MoveSquares;
use zonal_core::{Rules, Terminal};

/// The squares on which an arrival of a piece of the side to move captures a soldier
/// custodially (§5; shieldwalls not included). Exact: a piece leaving a square never makes or
/// unmakes the hostile square of a capture it can reach (it would have to pass the captured
/// soldier).
pub fn capture_squares(pos: &Position) -> u128 {
    let g = Geometry::of(pos.rules().size());
    let occ = pos.occupied();
    let empty_throne = g.throne & !occ;
    let (enemy, own) = if pos.side_to_move() == DEFENDERS {
        (pos.attackers(), pos.defenders() | 1u128 << pos.king())
    } else {
        (pos.defenders(), pos.attackers())
    };
    let hostile = own | g.corners | empty_throne;
    captures_by_side(g, enemy, hostile)
        .iter()
        .fold(0, |a, &s| a | s)
        & !occ
}

/// The squares next to a soldier of `enemy` with a square of `hostile` on its other side, one
/// set for each side the soldier is on: north, south, east and west of the square.
fn captures_by_side(g: &Geometry, enemy: u128, hostile: u128) -> [u128; 4] {
    // The soldiers with a hostile square beyond them, seen from the side named, moved to that
    // side: the hostile set moved back onto the soldiers, then the soldiers moved back again.
    [SOUTH, NORTH, WEST, EAST].map(|back| g.shift(enemy & g.shift(hostile, back), back))
}

/// Hnefatafl for [`zonal_core::search`] under one ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Hnefatafl {
    /// The ruleset the positions are played by (positions carry theirs too; this one names the
    /// game for callers).
    pub rules: Ruleset,
    /// The hand-set evaluation's weights (played when `fitted` is `None`).
    pub weights: Weights,
    /// The evaluation fitted to game results ([`Fitted`]), if it plays.
    pub fitted: Option<Fitted>,
}

impl Hnefatafl {
    /// The game under `rules` with its default evaluation: the fitted one shipped for the
    /// ruleset ([`crate::eval::shipped`]), else the hand-set table.
    pub fn new(rules: Ruleset) -> Hnefatafl {
        Hnefatafl {
            rules,
            weights: Weights::default(),
            fitted: crate::eval::shipped(rules),
        }
    }

    /// Each term of the evaluation that plays for the side to move, cp, named: the fitted
    /// features that count, or the table's terms ([`crate::eval::terms`]).
    pub fn terms(&self, pos: &Position) -> Vec<(&'static str, i32)> {
        let Some(fitted) = &self.fitted else {
            return crate::eval::terms(pos, &self.weights);
        };
        fitted.named_terms(
            &crate::eval::FEATURES,
            &crate::eval::features(pos),
            pos.side_to_move() == DEFENDERS,
        )
    }

    /// The game under `rules` with the hand-set table (the evaluation of the figures before
    /// the fit).
    pub fn hand(rules: Ruleset) -> Hnefatafl {
        Hnefatafl {
            fitted: None,
            ..Hnefatafl::new(rules)
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
        Some(Terminal::for_side(outcome.winner(), pos.side_to_move()))
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        match &self.fitted {
            Some(f) => evaluate_fitted(pos, f),
            None => evaluate(pos, &self.weights),
        }
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

    /// A position met again inside the tree: the third occurrence loses for the defenders (spec
    /// §7.2), which the tree scores at the first.
    fn repetition(&self, pos: &Position) -> Terminal {
        if pos.side_to_move() == crate::DEFENDERS {
            Terminal::Loss
        } else {
            Terminal::Win
        }
    }

    /// Game ends first, then captures (100 a soldier), then king moves to a square with a free
    /// line to a corner (300 less than a capture of three), then moves next to the king (10).
    /// Computed without playing the move but where an attacker steps next to the king (it may
    /// capture him): the custodial captures at the arrival square as the move would make them
    /// (shieldwalls, exit forts and encirclements are left to the search).
    fn order_hint(&self, pos: &Position, mv: Move) -> i32 {
        let g = Geometry::of(pos.rules().size());
        let (from, to) = (mv.from(), mv.to());
        let to_bit = 1u128 << to;
        let defenders = pos.side_to_move() == DEFENDERS;
        let king_moves = from == pos.king();
        if king_moves && to_bit & g.corners != 0 {
            return 10_000;
        }
        let king = if king_moves { to } else { pos.king() };
        let king_bit = 1u128 << king;
        if !defenders && g.spread(king_bit) & to_bit != 0 && pos.play(mv).decided().is_some() {
            return 10_000;
        }
        let occ = pos.occupied() & !(1u128 << from) | to_bit;
        let (enemy, own) = if defenders {
            (
                pos.attackers(),
                (pos.defenders() & !(1u128 << from)) | to_bit | king_bit,
            )
        } else {
            (
                pos.defenders(),
                (pos.attackers() & !(1u128 << from)) | to_bit,
            )
        };
        let hostile = own | g.corners | (g.throne & !occ);
        let mut captured = 0;
        for d in [NORTH, EAST, SOUTH, WEST] {
            let next = g.step[d][to as usize];
            if next != NONE && enemy & 1u128 << next != 0 {
                let far = g.step[d][next as usize];
                if far != NONE && hostile & 1u128 << far != 0 {
                    captured += 1;
                }
            }
        }
        let mut hint = 100 * captured;
        if king_moves && g.slides(to, occ) & g.corners != 0 {
            hint += 300;
        }
        if g.spread(king_bit) & to_bit != 0 {
            hint += 10;
        }
        hint
    }

    /// [`Rules::order_hint`] of every move at once: a soldier's captures depend on its
    /// arrival square only (the square it leaves is never the far side of a capture, since it
    /// could not slide past the captured piece), so they are counted for every square at once;
    /// the king's moves and a soldier leaving the throne (a position string may put one there)
    /// take the one-move hint.
    fn order_hints(&self, pos: &Position, moves: &[Move], out: &mut Vec<i32>) {
        out.clear();
        let g = Geometry::of(pos.rules().size());
        let defenders = pos.side_to_move() == DEFENDERS;
        let king = pos.king();
        let king_bit = 1u128 << king;
        let around_king = g.spread(king_bit);
        let occ = pos.occupied();
        let (enemy, own) = if defenders {
            (pos.attackers(), pos.defenders() | king_bit)
        } else {
            (pos.defenders(), pos.attackers())
        };
        let hostile = own | g.corners | (g.throne & !occ);
        let takes = captures_by_side(g, enemy, hostile);
        for &mv in moves {
            let (from, to) = (mv.from(), mv.to());
            if from == king || g.throne & 1u128 << from != 0 {
                out.push(self.order_hint(pos, mv));
                continue;
            }
            let to_bit = 1u128 << to;
            let next_to_king = around_king & to_bit != 0;
            if !defenders && next_to_king && pos.play(mv).decided().is_some() {
                out.push(10_000);
                continue;
            }
            let captured = takes.iter().filter(|&&t| t & to_bit != 0).count() as i32;
            out.push(100 * captured + if next_to_king { 10 } else { 0 });
        }
    }

    fn move_code(&self, _pos: &Position, mv: Move) -> u32 {
        (mv.from() << 8 | mv.to()) + 1
    }

    /// A pass: tafl has no zugzwang worth the name while both sides have many moves; not when
    /// the side to move has a handful of pieces (a blockade is near).
    fn null_move(&self, pos: &Position) -> Option<Position> {
        let own = if pos.side_to_move() == DEFENDERS {
            pos.defenders()
        } else {
            pos.attackers()
        };
        if own.count_ones() < 4 {
            return None;
        }
        pos.pass()
    }

    /// The attackers to move while the king has a free line to a corner: they must block it
    /// now.
    fn in_danger(&self, pos: &Position) -> bool {
        if pos.side_to_move() == DEFENDERS || pos.decided().is_some() {
            return false;
        }
        let g = Geometry::of(pos.rules().size());
        g.slides(pos.king(), pos.occupied()) & g.corners != 0
    }

    /// Captures (custodial, [`capture_squares`]) and moves that end the game at once: the king
    /// to a corner, an attacker completing the king's capture. (Shieldwalls, exit forts and
    /// encirclement, `copenhagen` only, are left to the full search.)
    fn tactical_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if pos.decided().is_some() {
            return;
        }
        let g = Geometry::of(pos.rules().size());
        let captures = capture_squares(pos);
        let king = pos.king();
        let defenders = pos.side_to_move() == DEFENDERS;
        let around_king = g.spread(1u128 << king);
        // Only moves to these squares can be tactical.
        let (soldiers_to, king_to) = if defenders {
            (captures, captures | g.corners)
        } else {
            (captures | around_king, 0)
        };
        pos.for_each_move_to(soldiers_to, king_to, |mv| {
            let to = 1u128 << mv.to();
            let tactical = to & captures != 0
                || (defenders && mv.from() == king && to & g.corners != 0)
                || (!defenders && to & around_king != 0 && pos.play(mv).decided().is_some());
            if tactical {
                out.push(mv);
            }
        });
    }
}

impl MoveSquares for Hnefatafl {
    fn move_squares(&self, mv: Move) -> (Option<u32>, u32) {
        (Some(mv.from()), mv.to())
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
    fn tactical_moves_are_the_captures_and_the_wins() {
        let tactical = |text: &str| {
            let pos: Position = text.parse().unwrap();
            let mut out = Vec::new();
            Hnefatafl::new(pos.rules()).tactical_moves(&pos, &mut out);
            let mut names: Vec<String> = out.iter().map(|m| m.to_string()).collect();
            names.sort();
            names
        };
        // H7: i5f5 captures the king; nothing else captures.
        assert_eq!(tactical("9/9/9/4a4/3ak3a/4a4/9/9/9 a seed"), ["i5f5"]);
        // H12: the king reaches either corner of rank 1.
        assert_eq!(tactical("9/9/9/9/9/3a5/9/9/6k2 d seed"), ["g1a1", "g1i1"]);
        // The attacker c4 is the partner: e8e4 takes d4 (only that arrival square, e4).
        assert_eq!(tactical("9/4a2k1/9/9/9/2ad5/9/9/9 a seed"), ["e8e4"]);
    }

    #[test]
    fn the_capture_squares_are_found_soldier_by_soldier() {
        // The reference: each enemy soldier, each side, by the step tables.
        fn reference(pos: &Position) -> u128 {
            let g = Geometry::of(pos.rules().size());
            let occ = pos.occupied();
            let (enemy, own) = if pos.side_to_move() == DEFENDERS {
                (pos.attackers(), pos.defenders() | 1u128 << pos.king())
            } else {
                (pos.defenders(), pos.attackers())
            };
            let hostile = own | g.corners | (g.throne & !occ);
            let mut out = 0u128;
            for n in crate::squares(enemy) {
                for (d, back) in [(NORTH, SOUTH), (EAST, WEST), (SOUTH, NORTH), (WEST, EAST)] {
                    let (f, t) = (g.step[d][n as usize], g.step[back][n as usize]);
                    if f != NONE && t != NONE && hostile & 1u128 << f != 0 {
                        out |= 1u128 << t;
                    }
                }
            }
            out & !occ
        }
        let mut found = 0;
        for pos in crate::random_positions(41, 24, 300) {
            assert_eq!(capture_squares(&pos), reference(&pos), "{pos}");
            found += capture_squares(&pos).count_ones();
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn the_order_hints_of_a_node_are_each_moves_hint() {
        let mut out = Vec::new();
        let mut captures = 0;
        for pos in crate::random_positions(77, 24, 300) {
            let r = Hnefatafl::new(pos.rules());
            let moves = pos.legal_moves();
            r.order_hints(&pos, &moves, &mut out);
            let each: Vec<i32> = moves.iter().map(|&m| r.order_hint(&pos, m)).collect();
            assert_eq!(out, each, "{pos}");
            captures += each.iter().filter(|&&h| h >= 100).count();
        }
        assert!(captures > 100, "{captures} capturing moves");
    }

    #[test]
    fn tactical_moves_equal_the_legal_moves_filtered() {
        // The simple reference: every legal move, kept by the definition of a tactical move.
        fn reference(pos: &Position) -> Vec<Move> {
            if pos.decided().is_some() {
                return Vec::new();
            }
            let g = Geometry::of(pos.rules().size());
            let captures = capture_squares(pos);
            let defenders = pos.side_to_move() == DEFENDERS;
            let around_king = g.spread(1u128 << pos.king());
            let mut out = Vec::new();
            for mv in pos.legal_moves() {
                let to = 1u128 << mv.to();
                if to & captures != 0
                    || (defenders && mv.from() == pos.king() && to & g.corners != 0)
                    || (!defenders && to & around_king != 0 && pos.play(mv).decided().is_some())
                {
                    out.push(mv);
                }
            }
            out
        }
        let mut checked = 0;
        for pos in crate::random_positions(31, 24, 300) {
            let mut fast = Vec::new();
            Hnefatafl::new(pos.rules()).tactical_moves(&pos, &mut fast);
            assert_eq!(fast, reference(&pos), "{pos}");
            checked += usize::from(!fast.is_empty());
        }
        assert!(checked > 100, "{checked} positions with tactical moves");
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

    /// The hint computed without playing the move agrees with the move played: a game end
    /// scores 10,000 where the play decides the game (but for shieldwalls, exit forts and
    /// encirclements, which the hint leaves to the search), and otherwise 100 a soldier the
    /// play captures, on random positions of every ruleset.
    #[test]
    fn the_order_hint_counts_what_the_move_captures() {
        let mut rng = zonal_core::rng::Rng::new(5);
        let (mut checked, mut captures) = (0, 0);
        for rules in [Ruleset::COPENHAGEN, Ruleset::SEED_11, Ruleset::SEED_9] {
            let game = Hnefatafl::new(rules);
            for _ in 0..30 {
                let mut pos = Position::start(rules);
                for _ in 0..rng.below(80) {
                    let moves = pos.legal_moves();
                    if moves.is_empty() || pos.decided().is_some() {
                        break;
                    }
                    let g = Geometry::of(rules.size());
                    for &mv in &moves {
                        let (next, captured) = pos.play_with_captures(mv);
                        let on_edge = g.edge & 1u128 << mv.to() != 0;
                        let hint = game.order_hint(&pos, mv);
                        match next.decided() {
                            Some(crate::Outcome::KingEscaped | crate::Outcome::KingCaptured) => {
                                assert_eq!(hint, 10_000, "{pos} {mv}")
                            }
                            Some(_) => {}
                            None if !on_edge => {
                                let n = captured.count_ones() as i32;
                                captures += n;
                                // Beside the captures: 300 for a king's free line, 10 next to
                                // the king.
                                let rest = hint - 100 * n;
                                assert!([0, 10, 300, 310].contains(&rest), "{pos} {mv}: {hint}");
                                checked += 1;
                            }
                            None => {}
                        }
                    }
                    pos = pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(
            checked > 10_000 && captures > 50,
            "{checked} moves, {captures} captures"
        );
    }
}

/// The evaluation that plays, checked against the evaluation's features.
#[cfg(test)]
mod eval_tests {
    use super::*;

    #[test]
    fn the_named_terms_add_up_to_the_evaluation_that_plays() {
        use zonal_core::Rules;
        for pos in crate::random_positions(12, 9, 100) {
            let rules = pos.rules();
            for r in [Hnefatafl::new(rules), Hnefatafl::hand(rules)] {
                let sum: i32 = r.terms(&pos).iter().map(|t| t.1).sum();
                assert_eq!(sum, r.evaluate(&pos), "{pos}");
            }
        }
    }
}
