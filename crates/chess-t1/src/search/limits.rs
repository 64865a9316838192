//! When a search stops: depth, a fixed time per move, a node count, or a game clock.

use crate::square::Color;
use zonal_core::clock_budget;

/// A game clock as the engine protocol gives it (`wtime btime winc binc movestogo`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left, White then Black.
    pub remaining_ms: [u64; 2],
    /// Increment per move in milliseconds, White then Black.
    pub increment_ms: [u64; 2],
    /// Moves until the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// What ends a search (the first limit reached). No limit at all searches until stopped (or to
/// the deepest depth the engine knows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in half-moves.
    pub depth: Option<u32>,
    /// Time for this move in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Most nodes (quiescence included).
    pub nodes: Option<u64>,
    /// A game clock: the engine budgets its own time.
    pub clock: Option<Clock>,
}

impl Limits {
    /// To a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// For a fixed time per move.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// For a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The time budget of `side`'s move: `(soft, hard)` in ms. No new iteration starts after
    /// `soft`; the search stops at `hard`. `None` without a time limit.
    pub fn budget(&self, side: Color) -> Option<(u64, u64)> {
        let fixed = self.movetime_ms;
        // The game clock's budget is the core's, the same for every game.
        let clocked = self.clock.map(|c| {
            clock_budget(
                c.remaining_ms[side.index()],
                c.increment_ms[side.index()],
                c.moves_to_go,
            )
        });
        match (fixed, clocked) {
            (Some(ms), None) => Some((ms, ms)),
            (Some(ms), Some((s, h))) => Some((s.min(ms), h.min(ms))),
            (None, c) => c,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zonal_core::CLOCK_RESERVE_MS;

    #[test]
    fn clock_budget_stays_inside_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                remaining_ms: [10_000, 200],
                increment_ms: [100, 0],
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let (soft, hard) = limits.budget(Color::White).unwrap();
        assert_eq!(soft, (10_000 - CLOCK_RESERVE_MS) / 30 + 75);
        assert!(hard >= soft && hard <= 10_000 / 2 + 50);
        let (soft, hard) = limits.budget(Color::Black).unwrap();
        assert!(soft <= hard && hard <= 200 - CLOCK_RESERVE_MS);
        assert_eq!(Limits::movetime(50).budget(Color::Black), Some((50, 50)));
        assert_eq!(Limits::depth(3).budget(Color::White), None);
    }
}
