//! Search: the engine ([`Engine`]: iterative deepening, PVS with aspiration windows, a
//! transposition table, killer and history ordering, null-move pruning and late-move reductions,
//! repetition in the tree, limits by depth, time, nodes and game clocks) in two modes, and the
//! baseline it replaced ([`baseline`]).
//!
//! - **Full-width** ([`Mode::Full`]): every legal move at every node.
//! - **Zone-guided** ([`Mode::Zones`]): Botvinnik's "deep and narrow" tree. Near the root the
//!   mathematical projection is built and the moves it names ([`zone_candidates`]) are searched
//!   first ([`ZoneStyle::Order`], the default of play); the moves it does not name are also
//!   reduced one ply more ([`ZoneStyle::Steer`], the default of an analysis) or not searched at
//!   all ([`ZoneStyle::Cut`]). Either way a proven loss is accepted only
//!   after every move of the node has been searched to full depth, so the narrow tree never
//!   reports a forced loss that the full-width search of the same depth refutes.
//!
//! Scores inside the engine are in cp (1 unit = 100 cp, one half-unit = 50 cp: see
//! [`crate::eval`]); results also give them in half-units, with game ends as
//! ±([`crate::exchange::DECISIVE`] − plies) as before.
//!
//! ```
//! use chess_t1::search::{Engine, EngineConfig, Mode};
//! use zonal_core::Limits;
//! use chess_t1::Position;
//! // docs/chess-t1-rules.md §10 E7: a Scout takes whatever stands on its leap squares, whatever the sums: the one on
//! // b3 takes the Konnet d4 (the one on h4 could take only the Knecht f5).
//! let pos: Position = "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1".parse().unwrap();
//! let mut engine = Engine::new(EngineConfig { mode: Mode::Full, ..EngineConfig::default() });
//! let result = engine.search(&pos, &[], &Limits::depth(3));
//! assert_eq!(result.best.unwrap().to_string(), "b3d4");
//! ```

pub mod baseline;
mod candidates;
mod engine;
pub mod hooks;

pub use candidates::{Motive, zone_candidates};
pub use engine::{
    DEFAULT_CONTEMPT, Engine, EngineConfig, Info, QS_DELTA_MARGIN, QS_WIDE_PLIES, ZoneStyle,
};

use crate::exchange::DECISIVE;
use crate::incremental::UpdateStats;
use crate::moves::Move;

/// Which moves the search looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Zone-guided: the moves the zones name first and deepest.
    Zones,
    /// Every legal move alike.
    Full,
}

impl Mode {
    /// `"zones"` or `"full"`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Zones => "zones",
            Mode::Full => "full",
        }
    }

    /// Reads `"zones"` or `"full"`.
    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "zones" => Some(Mode::Zones),
            "full" => Some(Mode::Full),
            _ => None,
        }
    }
}

/// A searched root move with its score.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score for the side to move, in half-units (±DECISIVE-ish for proven game ends).
    pub score: i32,
    /// The same score in cp (game ends: ±([`CP_WIN`] − plies)).
    pub score_cp: i32,
    /// The principal line starting with the move.
    pub line: Vec<Move>,
    /// Why it was looked at (the zones it serves; empty when it serves none).
    pub motives: Vec<Motive>,
    /// Whether `score` is exact (otherwise an upper bound: the move was refuted).
    pub exact: bool,
    /// Depth of the iteration that scored the move; 0 when a limit stopped the search before
    /// the move was searched at all (its score then means nothing).
    pub depth: u32,
}

/// What a chess-t1 search reports: the core engine's result ([`zonal_core::SearchResult`]) in
/// chess-t1's units, with its mode, root moves, motives and zone counts.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The mode used.
    pub mode: Mode,
    /// Depth in half-moves of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Best move, if the side to move has one.
    pub best: Option<Move>,
    /// Score of the best move for the side to move, in half-units.
    pub score: i32,
    /// The same score in cp.
    pub score_cp: i32,
    /// Principal line.
    pub line: Vec<Move>,
    /// Nodes visited (quiescence included).
    pub nodes: u64,
    /// Wall time of the search in milliseconds.
    pub time_ms: u64,
    /// Zone mode: attack zones the node projections took over from nearby nodes and built, and
    /// linked zones built.
    pub zone_stats: UpdateStats,
    /// Zone mode: projections built (the root's and those of the nodes near it).
    pub projections: usize,
    /// Zone mode: milliseconds spent building projections and their candidates.
    pub projection_ms: u64,
    /// Every root move searched, best first.
    pub root: Vec<RootMove>,
}

/// Half-unit scores at or beyond this are proven game ends.
pub const PROVEN: i32 = DECISIVE - 1000;

/// A won game in cp, less the plies to the win: the one engine's [`zonal_core::WIN`].
pub const CP_WIN: i32 = zonal_core::WIN;

/// cp scores at or beyond this are proven game ends: the one engine's [`zonal_core::WIN_BOUND`].
pub const CP_PROVEN: i32 = zonal_core::WIN_BOUND;

/// Whether a half-unit score proves a win (`Some(true)`), a loss (`Some(false)`) or nothing.
pub fn proven(score: i32) -> Option<bool> {
    if score >= PROVEN {
        Some(true)
    } else if score <= -PROVEN {
        Some(false)
    } else {
        None
    }
}

/// A cp score in half-units (rounded to nearest; game ends keep their distance).
pub fn cp_to_half_units(cp: i32) -> i32 {
    if cp >= CP_PROVEN {
        DECISIVE - (CP_WIN - cp)
    } else if cp <= -CP_PROVEN {
        -(DECISIVE - (CP_WIN + cp))
    } else {
        let h = crate::eval::CP_PER_HALF_UNIT;
        if cp >= 0 {
            (cp + h / 2) / h
        } else {
            -((-cp + h / 2) / h)
        }
    }
}

/// A half-unit score in cp (game ends keep their distance).
pub fn half_units_to_cp(score: i32) -> i32 {
    if score >= PROVEN {
        CP_WIN - (DECISIVE - score)
    } else if score <= -PROVEN {
        -(CP_WIN - (DECISIVE + score))
    } else {
        score * crate::eval::CP_PER_HALF_UNIT
    }
}

/// A cp score as the engine protocol writes it: `cp N` or `mate N` (N in moves, negative when the
/// side to move is the one mated).
pub fn protocol_score(cp: i32) -> String {
    if cp >= CP_PROVEN {
        let plies = CP_WIN - cp;
        format!("mate {}", (plies + 1) / 2)
    } else if cp <= -CP_PROVEN {
        let plies = CP_WIN + cp;
        format!("mate -{}", plies / 2)
    } else {
        format!("cp {cp}")
    }
}

/// Signed units with two decimals for a cp score: `+0.35`, `-2.00`, `0.00`; proven results in
/// words with the distance in moves (`wins in 2`, `loses in 3`).
pub fn cp_text(cp: i32) -> String {
    if cp >= CP_PROVEN {
        return format!("wins in {}", (CP_WIN - cp + 1) / 2);
    }
    if cp <= -CP_PROVEN {
        return format!("loses in {}", (CP_WIN + cp) / 2);
    }
    let sign = match cp.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let n = cp.unsigned_abs();
    format!("{sign}{}.{:02}", n / 100, n % 100)
}
