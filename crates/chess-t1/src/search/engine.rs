//! chess-t1's engine: the one engine of every game (`zonal_core::Engine`: iterative deepening,
//! PVS with aspiration windows, the transposition table, killers and history, null move,
//! late-move reductions, danger extensions, staged generation, a bounded quiescence, repetition
//! in the tree, contempt, zone styles) over chess-t1's hooks ([`super::hooks`]), configured by
//! an [`EngineConfig`], with results in chess-t1's terms (half-units and cp, the zones' motives
//! of the root moves).

use super::hooks::{Node, SearchRules, ZoneMoves, ZoneWork};
use super::{CP_WIN, Mode, Motive, RootMove, SearchReport, cp_to_half_units};
use crate::eval::{Evaluation, Weights};
use crate::exchange::Material;
use crate::incremental::UpdateStats;
use crate::moves::Move;
use crate::position::{Position, QUIET_MOVE_LIMIT};
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use zonal_core::search::{
    Control, Engine as CoreEngine, FullWidth, Limits, Progress, Schedule, Techniques,
    ZoneStyle as CoreStyle,
};

/// How the zones narrow the tree in [`Mode::Zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneStyle {
    /// All moves are searched as in the full-width search, the named ones first (never reduced,
    /// unless [`EngineConfig::zone_reduce_named`]).
    Order,
    /// All moves are searched; the named ones first and never pruned (reduced like the others
    /// with [`EngineConfig::zone_reduce_named`], else never), the others reduced by one more
    /// ply. The default of an analysis.
    Steer,
    /// Only the named moves (and captures, promotions and game-deciding moves) are searched; the
    /// rest only when every named move loses by force.
    Cut,
}

impl ZoneStyle {
    /// `"order"`, `"steer"` or `"cut"`.
    pub const fn name(self) -> &'static str {
        match self {
            ZoneStyle::Order => "order",
            ZoneStyle::Steer => "steer",
            ZoneStyle::Cut => "cut",
        }
    }

    /// Reads `"order"`, `"steer"` or `"cut"`.
    pub fn parse(text: &str) -> Option<ZoneStyle> {
        match text {
            "order" => Some(ZoneStyle::Order),
            "steer" => Some(ZoneStyle::Steer),
            "cut" => Some(ZoneStyle::Cut),
            _ => None,
        }
    }
}

/// [`EngineConfig::contempt`] for play, in cp.
pub const DEFAULT_CONTEMPT: i32 = 30;

/// Quiescence plies in which every capture is tried; below them only recaptures
/// ([`EngineConfig::quiescence_pruning`]).
pub const QS_WIDE_PLIES: u32 = 4;
/// Margin (cp) of the quiescence's delta pruning: a capture whose victim would not lift the
/// standing score to within this of alpha is not tried.
pub const QS_DELTA_MARGIN: i32 = 150;

/// Settings of an [`Engine`].
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Zone-guided or full-width.
    pub mode: Mode,
    /// How zones narrow the tree (zone mode).
    pub zone_style: ZoneStyle,
    /// Horizon of the root's projection, in half-moves (zone mode). 2 by default for play: a
    /// projection of horizon 4 costs 7-40 ms in real game positions (NOTES.md).
    pub horizon: i32,
    /// Zone mode: nodes up to this ply (0 = the root only) build their projection...
    pub zone_plies: u32,
    /// ... when at least this much depth remains.
    pub zone_min_depth: i32,
    /// Zone mode: a named move that attacks or defends a King, a castle or a piece worth a
    /// Ritter or more along an open zone is searched one ply deeper (the "deep" of Botvinnik's
    /// deep and narrow tree).
    pub zone_extend: bool,
    /// Zone mode: the named quiet moves are reduced like the others (late-move reductions)
    /// instead of always being searched to full depth; the zones then only order the moves.
    /// On by default (play: +19 Elo against full-width at equal time, where searching them all
    /// to full depth gave -44; an analysis in [`ZoneStyle::Steer`]: as many `bm` with fewer
    /// nodes than full-width).
    pub zone_reduce_named: bool,
    /// Material evaluation (the baseline) or the full one.
    pub evaluation: Evaluation,
    /// Weights of the full evaluation.
    pub weights: Weights,
    /// Piece values in half-units for exchanges, move order and zone values.
    pub material: Material,
    /// Transposition table size in MiB (0: none).
    pub hash_mb: usize,
    /// Deepest capture sequence in the quiescence.
    pub quiescence_depth: u32,
    /// Root moves whose score is made exact (the others are bounds): 1 for play, K to rank the
    /// best K moves of an analysis.
    pub multipv: usize,
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions (and, in zone mode, the reductions of unnamed moves).
    pub reductions: bool,
    /// Late-move pruning: near the leaves, quiet moves after the first few are not searched
    /// (on: +52.5 Elo against off at 100 ms a move, NOTES.md).
    pub late_move_pruning: bool,
    /// Use a table entry only if it was searched to exactly the depth needed (not deeper). With
    /// reductions and null move off, the search then returns the same score with or without the
    /// table: the tests check the table that way.
    pub exact_tt_depth: bool,
    /// What a draw (repetition, the quiet-move limit) is worth to the side that searches, in cp,
    /// taken off: with 30 the engine prefers a position 0.3 units worse to a draw, so a side that
    /// is ahead or level plays on instead of shuffling into a repetition. 0 for analysis, where a
    /// draw is shown as 0.
    pub contempt: i32,
    /// Bound the quiescence on crowded boards: after [`QS_WIDE_PLIES`] plies only recaptures
    /// on the last square, and no capture that cannot lift the score near alpha (delta pruning,
    /// [`QS_DELTA_MARGIN`]).
    pub quiescence_pruning: bool,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            mode: Mode::Zones,
            zone_style: ZoneStyle::Order,
            horizon: 2,
            zone_plies: 0,
            zone_min_depth: 3,
            zone_extend: false,
            zone_reduce_named: true,
            evaluation: Evaluation::Full,
            weights: Weights::default(),
            material: Material::default(),
            hash_mb: 16,
            quiescence_depth: 8,
            multipv: 1,
            null_move: true,
            reductions: true,
            late_move_pruning: true,
            exact_tt_depth: false,
            contempt: DEFAULT_CONTEMPT,
            quiescence_pruning: true,
        }
    }
}

impl EngineConfig {
    /// The one engine's techniques this configuration asks for.
    pub fn techniques(&self) -> Techniques {
        Techniques {
            multipv: self.multipv.max(1),
            aspiration: true,
            table_mb: self.hash_mb,
            table_deeper: !self.exact_tt_depth,
            history: true,
            null_move: self.null_move,
            reductions: self.reductions,
            schedule: Schedule::Step,
            late_move_pruning: self.late_move_pruning,
            extensions: true,
            staged: true,
            quiescence_depth: Some(self.quiescence_depth),
            quiescence_wide: self.quiescence_pruning.then_some(QS_WIDE_PLIES),
            delta_margin: self.quiescence_pruning.then_some(QS_DELTA_MARGIN),
            danger_plies: None,
            contempt: self.contempt,
            // No iteration after half a fixed movetime, as measured (NOTES.md, issue 26).
            whole_movetime: false,
            zone_style: match (self.zone_style, self.zone_reduce_named) {
                (ZoneStyle::Order, true) => CoreStyle::OrderReduced,
                (ZoneStyle::Order, false) => CoreStyle::Order,
                (ZoneStyle::Steer, false) => CoreStyle::Steer,
                (ZoneStyle::Steer, true) => CoreStyle::SteerReduced,
                (ZoneStyle::Cut, _) => CoreStyle::Cut,
            },
        }
    }

    /// The hooks of the game this configuration searches with.
    fn rules(&self) -> SearchRules {
        SearchRules {
            evaluation: self.evaluation,
            weights: self.weights,
            material: self.material,
        }
    }
}

/// Progress of a search, reported after every iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score in cp for the side to move.
    pub score_cp: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Permille of the table used.
    pub hashfull: u32,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// A search engine: its configuration and the one engine's table and move-ordering statistics,
/// kept from one search to the next of a game.
pub struct Engine {
    config: EngineConfig,
    core: CoreEngine,
    /// Projections built so far.
    projections: usize,
}

impl Engine {
    /// An engine with `config`.
    pub fn new(config: EngineConfig) -> Engine {
        let core = CoreEngine::new(config.techniques());
        Engine {
            config,
            core,
            projections: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the configuration; the table and statistics are kept unless the techniques
    /// changed.
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.techniques() != self.config.techniques() {
            self.core = CoreEngine::new(config.techniques());
        }
        self.config = config;
    }

    /// Projections built by the searches so far (zone mode: the root's and those of the nodes
    /// near it).
    pub fn projections_built(&self) -> usize {
        self.projections
    }

    /// A new game: forgets the table and the statistics.
    pub fn new_game(&mut self) {
        self.core.new_game();
    }

    /// Searches `pos` within `limits` (the core's: a limit left out is no limit, without a
    /// depth the engine's deepest). `history` holds the repetition keys
    /// ([`Position::repetition_key`]) of the game's positions before `pos`, oldest first: a
    /// position of the game or of the tree met again scores as a draw.
    pub fn search(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> SearchReport {
        self.search_with(
            pos,
            history,
            limits,
            None,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }

    /// [`Engine::search`] with a soft time limit `soft_ms` (no iteration starts after it; a game
    /// clock's, [`zonal_core::clock_budget`]), stoppable through `stop` (set from another
    /// thread), reporting each iteration to `on_info`.
    pub fn search_with(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        soft_ms: Option<u64>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchReport {
        let start = Instant::now();
        let cfg = &self.config;
        let mode = cfg.mode;
        if nothing_to_search(pos) {
            return no_move(mode, 0);
        }
        let core_limits = Limits {
            depth: Some(limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)),
            ..*limits
        };
        // Positions before the last capture never recur.
        let quiet = (pos.quiet_half_moves() as usize).min(history.len());
        let history = &history[history.len() - quiet..];
        let rules = cfg.rules();
        let node = Node::new(pos);
        let info = RefCell::new(on_info);
        let progress = |p: &Progress<'_, Move>| {
            (info.borrow_mut())(&Info {
                depth: p.depth,
                seldepth: p.seldepth,
                score_cp: p.score,
                nodes: p.nodes,
                time_ms: p.millis,
                pv: p.line.to_vec(),
                hashfull: p.hashfull,
            })
        };
        let control = Control {
            stop: Some(stop),
            progress: Some(&progress),
            soft_ms,
        };
        let mut zones = ZoneMoves::new(
            cfg.horizon,
            cfg.zone_plies as usize,
            cfg.zone_min_depth,
            cfg.material,
        );
        zones.extend = cfg.zone_extend;
        let found = match mode {
            Mode::Full => {
                self.core
                    .search(&rules, &FullWidth, &node, history, &core_limits, &control)
            }
            Mode::Zones => {
                self.core
                    .search_narrowed(&rules, &zones, &node, history, &core_limits, &control)
            }
        };
        let work = zones.work.into_inner();
        self.projections += work.projections;
        from_core(mode, found, work, start)
    }
}

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;

/// Whether `pos` has no move to search: a decided game, or one drawn by the quiet-move limit.
pub(super) fn nothing_to_search(pos: &Position) -> bool {
    pos.decided().is_some() || pos.quiet_half_moves() >= QUIET_MOVE_LIMIT
}

/// The result of a search that had no move to search, at `depth`.
pub(super) fn no_move(mode: Mode, depth: u32) -> SearchReport {
    SearchReport {
        mode,
        depth,
        seldepth: 0,
        best: None,
        score: cp_to_half_units(-CP_WIN),
        score_cp: -CP_WIN,
        line: Vec::new(),
        nodes: 0,
        time_ms: 0,
        zone_stats: UpdateStats::default(),
        projections: 0,
        projection_ms: 0,
        root: Vec::new(),
    }
}

/// A search of the one engine begun at `start` in chess-t1's terms: scores in half-units and
/// cp, and the motives the zones (`work`) gave each root move.
pub(super) fn from_core(
    mode: Mode,
    found: zonal_core::SearchResult<Move>,
    work: ZoneWork,
    start: Instant,
) -> SearchReport {
    let root = root_moves(&found, &work.root);
    let score_cp = if found.best.is_some() {
        found.score
    } else {
        -CP_WIN
    };
    SearchReport {
        mode,
        depth: found.depth,
        seldepth: found.seldepth,
        best: found.best,
        score: cp_to_half_units(score_cp),
        score_cp,
        line: found.line,
        nodes: found.nodes,
        time_ms: start.elapsed().as_millis() as u64,
        zone_stats: work.stats,
        projections: work.projections,
        projection_ms: work.micros / 1000,
        root,
    }
}

/// The root moves of a search of the one engine in chess-t1's terms: scores in half-units and
/// cp, and the motives the zones gave each move (`named`: the root's zone candidates).
fn root_moves(
    found: &zonal_core::SearchResult<Move>,
    named: &[(Move, Vec<Motive>)],
) -> Vec<RootMove> {
    found
        .root
        .iter()
        .map(|r| RootMove {
            mv: r.mv,
            score: cp_to_half_units(r.score),
            score_cp: r.score,
            line: r.line.clone(),
            motives: named
                .iter()
                .find(|(m, _)| *m == r.mv)
                .map(|(_, motives)| motives.clone())
                .unwrap_or_default(),
            exact: r.exact,
            depth: r.depth,
        })
        .collect()
}
