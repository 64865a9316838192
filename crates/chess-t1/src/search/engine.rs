//! The engine: iterative deepening over a principal-variation search with aspiration windows, a
//! transposition table, killer and history move ordering, null-move pruning, late-move
//! reductions, check extensions, repetition detection in the tree, a quiescence of captures and
//! game-deciding moves, and zone guidance near the root.

use super::limits::Limits;
use super::tt::{Bound, PackedMove, Table};
use super::{CP_PROVEN, CP_WIN, Mode, Motive, RootMove, SearchResult, cp_to_half_units};
use crate::bitboard::Bitboard;
use crate::eval::{self, Evaluation, Weights};
use crate::exchange::Material;
use crate::force::ForceMap;
use crate::incremental::UpdateStats;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::position::{Position, QUIET_MOVE_LIMIT};
use crate::rules::ChessT1;
use crate::square::Square;
use crate::zone::{Projection, ZoneConfig};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How the zones narrow the tree in [`Mode::Zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneStyle {
    /// All moves are searched as in the full-width search, the named ones first and never
    /// reduced.
    Order,
    /// All moves are searched; the named ones first and never reduced, the others reduced by
    /// one more ply.
    Steer,
    /// Only the named moves (and captures, promotions and game-deciding moves) are searched; the
    /// rest only when every named move loses by force.
    Cut,
}

impl ZoneStyle {
    /// `"steer"` or `"cut"`.
    pub const fn name(self) -> &'static str {
        match self {
            ZoneStyle::Order => "order",
            ZoneStyle::Steer => "steer",
            ZoneStyle::Cut => "cut",
        }
    }

    /// Reads `"steer"` or `"cut"`.
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
    /// deep and narrow tree; at most once per projected ply).
    pub zone_extend: bool,
    /// Zone mode: the root's named quiet moves are reduced like the others (late-move
    /// reductions) instead of always being searched to full depth; the zones then only order
    /// the root. On by default (play: +19 Elo against full-width at equal time, where searching
    /// them all to full depth gave -44); `analyse` turns it off.
    pub zone_reduce_named: bool,
    /// Material evaluation (the baseline) or the full one.
    pub evaluation: Evaluation,
    /// Weights of the full evaluation.
    pub weights: Weights,
    /// Piece values in half-units for exchanges and zone values.
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
    /// Use a table entry only if it was searched to exactly the depth needed (not deeper). With
    /// reductions and null move off, the search then returns the same score with or without the
    /// table: the tests check the table that way.
    pub exact_tt_depth: bool,
    /// What a draw (repetition, the quiet-move limit) is worth to the side that searches, in cp,
    /// taken off: with 30 the engine prefers a position 0.3 units worse to a draw, so a side that
    /// is ahead or level plays on instead of shuffling into a repetition. 0 for analysis, where a
    /// draw is shown as 0.
    pub contempt: i32,
    /// Bound the quiescence on crowded boards: after `QS_WIDE_PLIES` (4) plies only recaptures
    /// on the last square, and no capture that cannot lift the score near alpha (delta pruning).
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
            exact_tt_depth: false,
            contempt: DEFAULT_CONTEMPT,
            quiescence_pruning: true,
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

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;
/// The deepest ply of the tree (extensions included).
const MAX_PLY: usize = 128;
/// Initial half-width of the aspiration window (cp).
const ASPIRATION: i32 = 35;

/// A search engine: configuration, transposition table and move-ordering statistics, kept from
/// one search to the next of a game.
pub struct Engine {
    config: EngineConfig,
    table: Table,
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// Zone-named moves of positions already projected (by key and horizon).
    zone_moves: ZoneMoveCache,
    /// Projections built so far.
    projections: usize,
}

impl Engine {
    /// An engine with `config`.
    pub fn new(config: EngineConfig) -> Engine {
        let table = Table::new(config.hash_mb);
        Engine {
            config,
            table,
            history: Box::new([[[0; 64]; 64]; 2]),
            zone_moves: HashMap::new(),
            projections: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the configuration; the table is resized if its size changed.
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.hash_mb != self.config.hash_mb {
            self.table = Table::new(config.hash_mb);
        }
        self.config = config;
        self.zone_moves.clear();
    }

    /// Projections built by the searches so far (zone mode: the root's and those of the nodes
    /// near it; each position's once).
    pub fn projections_built(&self) -> usize {
        self.projections
    }

    /// A new game: forgets the table and the statistics.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.history
            .iter_mut()
            .for_each(|h| h.iter_mut().for_each(|r| r.fill(0)));
        self.zone_moves.clear();
    }

    /// Searches `pos` within `limits`. `history` holds the repetition keys
    /// ([`Position::repetition_key`]) of the game's positions before `pos`, oldest first: a
    /// position of the game or of the tree met again scores as a draw.
    pub fn search(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> SearchResult {
        self.search_with(pos, history, limits, &AtomicBool::new(false), &mut |_| {})
    }

    /// [`Engine::search`], stoppable through `stop` (set from another thread), reporting each
    /// iteration to `on_info`.
    pub fn search_with(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.table.new_search();
        // Old history scores fade so that this position's statistics lead.
        self.history.iter_mut().for_each(|h| {
            h.iter_mut()
                .for_each(|r| r.iter_mut().for_each(|v| *v /= 8))
        });
        if self.zone_moves.len() > 4096 {
            self.zone_moves.clear();
        }
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        keys.push(pos.repetition_key());
        let start = Instant::now();
        let budget = limits.budget(pos.side_to_move());
        let mut s = Searcher {
            cfg: &self.config,
            table: &mut self.table,
            history: &mut self.history,
            zone_moves: &mut self.zone_moves,
            killers: [[0; 2]; MAX_PLY + 1],
            keys,
            nodes: 0,
            seldepth: 0,
            node_limit: limits.nodes,
            hard_ms: budget.map(|b| b.1),
            start,
            stop,
            stopped: false,
            zone_stats: UpdateStats::default(),
            projections: 0,
            projection_us: 0,
            buffers: (0..MAX_PLY + 64).map(|_| Buffers::default()).collect(),
            history_log: Vec::new(),
            staged_open: 0,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut root = s.root_moves(pos);
        let root_node = Node::new(pos);
        let mut completed = 0;
        let mut score = 0;
        for depth in 1..=max_depth {
            if root.is_empty() {
                break;
            }
            let result = s.iterate(&root_node, &mut root, depth as i32, score);
            if s.stopped && result.is_none() {
                break;
            }
            if let Some(v) = result {
                score = v;
            }
            if s.stopped {
                break;
            }
            completed = depth;
            let info = Info {
                depth,
                seldepth: s.seldepth,
                score_cp: score,
                nodes: s.nodes,
                time_ms: start.elapsed().as_millis() as u64,
                pv: root[0].line.clone(),
                hashfull: s.table.permille_full(),
            };
            on_info(&info);
            // A proven result does not change with depth.
            if score.abs() >= CP_PROVEN && depth >= 2 && root.len() == 1
                || score.abs() >= CP_PROVEN && (CP_WIN - score.abs()) < depth as i32
            {
                break;
            }
            if let Some((soft, _)) = budget
                && start.elapsed().as_millis() as u64 * 2 >= soft
            {
                break;
            }
        }
        let time_ms = start.elapsed().as_millis() as u64;
        let nodes = s.nodes;
        let seldepth = s.seldepth;
        let zone_stats = s.zone_stats;
        let projections = s.projections;
        let projection_ms = s.projection_us / 1000;
        self.projections += s.projections;
        let root: Vec<RootMove> = root
            .into_iter()
            .map(|r| RootMove {
                mv: r.mv,
                score: cp_to_half_units(r.score),
                score_cp: r.score,
                line: r.line,
                motives: r.motives,
                exact: r.exact,
                depth: r.depth,
            })
            .collect();
        let (best, score_cp, line) = match root.first() {
            Some(r) => (Some(r.mv), r.score_cp, r.line.clone()),
            None => (None, -CP_WIN, Vec::new()),
        };
        SearchResult {
            mode: self.config.mode,
            depth: completed,
            seldepth,
            best,
            score: cp_to_half_units(score_cp),
            score_cp,
            line,
            nodes,
            time_ms,
            zone_stats,
            projections,
            projection_ms,
            root,
        }
    }
}

/// A root move while searching.
struct RootState {
    mv: Move,
    score: i32,
    line: Vec<Move>,
    motives: Vec<Motive>,
    exact: bool,
    named: bool,
    /// Searched one ply deeper (zone mode, [`EngineConfig::zone_extend`]).
    extend: bool,
    /// Ordering key of the first iteration.
    order: i32,
    /// Depth of the iteration that last scored it (0: not searched yet).
    depth: u32,
}

struct Searcher<'a> {
    cfg: &'a EngineConfig,
    table: &'a mut Table,
    history: &'a mut [[[i32; 64]; 64]; 2],
    zone_moves: &'a mut ZoneMoveCache,
    /// Killer moves by ply, as [`Move::code`]s (0: none).
    killers: [[u32; 2]; MAX_PLY + 1],
    /// Repetition keys of the game and of the path to the current node (its own last).
    keys: Vec<u64>,
    nodes: u64,
    seldepth: u32,
    node_limit: Option<u64>,
    hard_ms: Option<u64>,
    start: Instant,
    stop: &'a AtomicBool,
    stopped: bool,
    zone_stats: UpdateStats,
    projections: usize,
    projection_us: u64,
    /// Move buffers by ply.
    buffers: Vec<Buffers>,
    /// History writes (`(side, from, to)` packed, old value, new value) made while a node with a
    /// staged move list waits for its first move's subtree: it orders the rest of its moves by
    /// the history as it stood before that subtree, as if it had ordered them all at once.
    history_log: Vec<(u16, i32, i32)>,
    /// Nodes between their first move and the ordering of the others (the log is kept while
    /// any is).
    staged_open: u32,
}

/// First steps the zones name, by position key and horizon.
type ZoneMoveCache = HashMap<(u64, i32), Arc<Vec<(Square, Square, bool)>>>;

/// Move-ordering keys.
const ORDER_TT: i32 = 1 << 30;
const ORDER_DECISIVE: i32 = 1 << 29;
const ORDER_CAPTURE: i32 = 1 << 28;
const ORDER_PROMOTION: i32 = 1 << 27;
const ORDER_NAMED: i32 = 1 << 26;
const ORDER_KILLER: i32 = 1 << 25;
const HISTORY_MAX: i32 = 1 << 20;
/// Keys from here up are table moves, decisive moves and captures, which all come from the
/// tactical move generation; promotions (at most `ORDER_PROMOTION` + a piece value) and quiet
/// moves stay below.
const ORDER_STAGED: i32 = ORDER_CAPTURE - (1 << 20);

/// Whether `mv` wins the game at once: it takes the King, or a royal enters the enemy castle
/// when no enemy royal stands there (the castle capture of docs/chess-t1-rules.md §8.2; a capture of the last
/// royal inside is a capture anyway).
#[inline]
fn decisive(pos: &Position, mv: &Move) -> bool {
    if mv.captured == Some(PieceKind::King) {
        return true;
    }
    let them = pos.side_to_move().other();
    let castle = Bitboard::castle(them);
    let arriving = mv.promotion.unwrap_or(mv.piece);
    arriving.is_royal()
        && mv.kind != MoveKind::Exchange
        && castle.contains(mv.to)
        && !(pos.board().royals(them) & castle)
            .without(Bitboard::from_square(mv.to))
            .nonempty()
}

/// Value (half-units) of a zone target worth searching deeper for: a Ritter.
const EXTEND_VALUE: i32 = 4;

/// Whether a named move deserves a deeper search: it is the first step of an attack root, or of
/// a defence, in a zone whose target is a King, a castle or a piece worth [`EXTEND_VALUE`] or
/// more and that gets through (or, for a defence, threatens to).
fn extends(motives: &[Motive]) -> bool {
    motives
        .iter()
        .any(|m| m.value >= EXTEND_VALUE && (m.defends || m.role == crate::zone::Role::Root))
}

/// A position with its force map and both sides' superiority squares, carried down the tree move
/// by move ([`ForceMap::update`]) so that move generation, the check test and the evaluation look
/// superiority up instead of summing force square by square.
#[derive(Clone)]
struct Node {
    pos: Position,
    force: ForceMap,
    /// Squares where each side has superiority ([`ForceMap::superiority_both`]).
    superior: [Bitboard; 2],
}

impl Node {
    fn new(pos: &Position) -> Node {
        let force = ForceMap::new(pos.board());
        let superior = force.superiority_both(pos.board());
        Node {
            pos: *pos,
            force,
            superior,
        }
    }

    /// The node after `mv`, one of this position's moves. The child's table slot is prefetched
    /// (if `table` is given: the child will probe it) as soon as its key is known, before the
    /// force map is brought up to date.
    #[inline]
    fn play(&self, mv: &Move, table: Option<&Table>) -> Node {
        let mut child = self.clone();
        child.pos.make(mv);
        if let Some(table) = table {
            table.prefetch(child.pos.repetition_key());
        }
        let changed = Bitboard::from_square(mv.from) | Bitboard::from_square(mv.to);
        child
            .force
            .update(self.pos.board(), child.pos.board(), changed);
        child.superior = child.force.superiority_both(child.pos.board());
        child
    }

    /// The node after a pass (a null move), if the position allows one.
    fn pass(&self) -> Option<Node> {
        self.pos.pass().map(|pos| Node {
            pos,
            force: self.force.clone(),
            superior: self.superior,
        })
    }

    /// The moves of the side to move (only the tactical ones if `tactical`), into `out`.
    #[inline]
    fn moves(&self, tactical: bool, out: &mut Vec<Move>) {
        let us = self.pos.side_to_move();
        self.pos
            .moves_given_superiority(self.superior[us.index()], tactical, out);
    }

    /// Whether the side to move has a move at all (none: it is blockaded and loses).
    #[inline]
    fn has_moves(&self) -> bool {
        let us = self.pos.side_to_move();
        self.pos
            .has_moves_given_superiority(self.superior[us.index()])
    }

    /// Whether the side to move must act now: its King can be taken, or an enemy royal can walk
    /// into its castle, which holds none of its royals.
    fn in_danger(&self) -> bool {
        let pos = &self.pos;
        let us = pos.side_to_move();
        let them = us.other();
        if pos.in_check_given(us, self.superior[them.index()]) {
            return true;
        }
        let castle = Bitboard::castle(us);
        if pos.board().royals(us).intersects(castle) {
            return false;
        }
        let occ = pos.board().occupied();
        pos.board().royals(them).into_iter().any(|sq| {
            let kind = pos.piece_at(sq).map_or(PieceKind::King, |p| p.kind);
            (crate::geometry::reach(kind, them, sq, occ) & castle).nonempty()
        })
    }
}

/// What [`Searcher::negamax`] hands to its move loop.
#[derive(Clone, Copy)]
struct NodeBounds {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    danger: bool,
    null_ok: bool,
    tt_move: PackedMove,
    key: u64,
}

/// Where a node's move loop stands: the best score and move so far, alpha, and whether a move
/// was reduced or skipped.
#[derive(Clone, Copy)]
struct LoopState {
    best: i32,
    best_move: Option<Move>,
    alpha: i32,
    narrowed: bool,
    /// Whether the node was entered with an open window (alpha as it came, not as raised).
    pv_node: bool,
}

/// Per-ply move buffers, reused from node to node so that the search allocates nothing once warm.
#[derive(Default)]
struct Buffers {
    moves: Vec<Move>,
    scored: Vec<(i32, Move, u8)>,
    quiet: Vec<(i32, Move)>,
}

impl Searcher<'_> {
    /// Whether the search must end now (checked often, cheaply).
    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.node_limit
            && self.nodes >= limit
        {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if let Some(ms) = self.hard_ms
                && self.start.elapsed().as_millis() as u64 >= ms
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn evaluate(&self, node: &Node) -> i32 {
        let pos = &node.pos;
        if self.cfg.evaluation == Evaluation::Material {
            return eval::evaluate(pos, Evaluation::Material, &self.cfg.weights);
        }
        eval::dot(&eval::features_given(pos, node.superior), &self.cfg.weights)
    }

    /// A draw's score for the side to move at `ply`: the searching side (even plies) loses its
    /// contempt, its opponent gains it.
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.cfg.contempt
        } else {
            self.cfg.contempt
        }
    }

    /// Whether the current node (last key) repeats an earlier position with the same side to
    /// move since the last capture.
    fn repeated(&self, pos: &Position) -> bool {
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let window = (pos.quiet_half_moves() as usize).min(n - 1);
        (4..=window)
            .step_by(2)
            .any(|back| self.keys[n - 1 - back] == key)
    }

    /// The moves the projection of `pos` names (first steps), best first.
    fn zone_named(&mut self, pos: &Position, horizon: i32) -> Arc<Vec<(Square, Square, bool)>> {
        let key = (pos.repetition_key(), horizon);
        if let Some(v) = self.zone_moves.get(&key) {
            return v.clone();
        }
        let (named, _) = self.project(pos, horizon);
        let v = Arc::new(
            named
                .into_iter()
                .map(|(m, motives)| (m.from, m.to, extends(&motives)))
                .collect(),
        );
        self.zone_moves.insert(key, Arc::clone(&v));
        v
    }

    /// The zone candidates of `pos` with their motives.
    fn project(&mut self, pos: &Position, horizon: i32) -> (Vec<(Move, Vec<Motive>)>, i32) {
        let config = ZoneConfig {
            horizon,
            parallel: false,
            ..ZoneConfig::default()
        };
        let started = Instant::now();
        let mp = Projection::build(&ChessT1, pos, &config);
        self.projections += 1;
        self.zone_stats.add_built(&mp);
        let zone_value = eval::zone_terms(pos, &mp, &self.cfg.weights);
        let candidates = super::zone_candidates(pos, &mp, &self.cfg.material);
        self.projection_us += started.elapsed().as_micros() as u64;
        (candidates, zone_value)
    }

    /// Ordering key of a move (higher first).
    #[inline]
    /// `moves` with their ordering keys, into `scored` (no zone marks).
    fn keyed(
        &self,
        pos: &Position,
        moves: &[Move],
        tt: PackedMove,
        ply: usize,
        scored: &mut Vec<(i32, Move, u8)>,
    ) {
        scored.clear();
        scored.extend(
            moves
                .iter()
                .map(|&mv| (self.order_key(pos, &mv, tt, ply), mv, 0)),
        );
    }

    fn order_key(&self, pos: &Position, mv: &Move, tt: PackedMove, ply: usize) -> i32 {
        if tt.is(mv) {
            return ORDER_TT;
        }
        if decisive(pos, mv) {
            return ORDER_DECISIVE;
        }
        let m = &self.cfg.material;
        if mv.is_capture() {
            let victim = mv.captured.map_or(0, |k| m.value(k));
            let attacker = if mv.kind == MoveKind::Exchange {
                m.value(PieceKind::Scout)
            } else {
                m.value(mv.piece)
            };
            return ORDER_CAPTURE + victim * 64 - attacker;
        }
        if let Some(p) = mv.promotion {
            return ORDER_PROMOTION + m.value(p);
        }
        let k = &self.killers[ply.min(MAX_PLY)];
        let code = mv.code();
        if k[0] == code {
            return ORDER_KILLER + 1;
        }
        if k[1] == code {
            return ORDER_KILLER;
        }
        self.history[pos.side_to_move().index()][mv.from.index()][mv.to.index()]
    }

    /// The root moves in their first order: decisive moves, captures, promotions, then in zone
    /// mode the named moves in the zones' order, then the rest.
    fn root_moves(&mut self, pos: &Position) -> Vec<RootState> {
        if pos.decided().is_some() || pos.quiet_half_moves() >= QUIET_MOVE_LIMIT {
            return Vec::new();
        }
        let moves = pos.generate_moves();
        let named = if self.cfg.mode == Mode::Zones {
            self.project(pos, self.cfg.horizon).0
        } else {
            Vec::new()
        };
        let mut out: Vec<RootState> = moves
            .into_iter()
            .map(|mv| {
                let rank = named.iter().position(|(m, _)| *m == mv);
                let motives = rank.map(|i| named[i].1.clone()).unwrap_or_default();
                let mut order = self.order_key(pos, &mv, PackedMove::NONE, 0);
                if let Some(i) = rank
                    && order < ORDER_NAMED
                {
                    order = ORDER_NAMED - i as i32;
                }
                RootState {
                    mv,
                    score: -CP_WIN,
                    line: vec![mv],
                    motives,
                    exact: false,
                    named: rank.is_some(),
                    extend: self.cfg.zone_extend && rank.is_some_and(|i| extends(&named[i].1)),
                    order,
                    depth: 0,
                }
            })
            .collect();
        out.sort_by_key(|r| (-r.order, r.mv.from.index(), r.mv.to.index()));
        out
    }

    /// One iteration at `depth` with aspiration windows around `prev`; `None` if stopped before
    /// the first move was searched.
    fn iterate(
        &mut self,
        node: &Node,
        root: &mut [RootState],
        depth: i32,
        prev: i32,
    ) -> Option<i32> {
        let wide = self.cfg.multipv > 1 || depth < 4 || prev.abs() >= CP_PROVEN;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if wide {
            (-CP_WIN - 1, CP_WIN + 1)
        } else {
            (prev - delta, prev + delta)
        };
        loop {
            let result = self.root_search(node, root, depth, alpha, beta);
            if self.stopped {
                return result;
            }
            let score = result?;
            if score <= alpha && alpha > -CP_WIN - 1 {
                alpha = (alpha - delta).max(-CP_WIN - 1);
                delta *= 4;
            } else if score >= beta && beta < CP_WIN + 1 {
                beta = (beta + delta).min(CP_WIN + 1);
                delta *= 4;
            } else {
                return Some(score);
            }
        }
    }

    /// Searches the root moves in order and sorts them by score. Returns the best score, or
    /// `None` if stopped before the first move finished.
    fn root_search(
        &mut self,
        node: &Node,
        root: &mut [RootState],
        depth: i32,
        alpha0: i32,
        beta: i32,
    ) -> Option<i32> {
        let k = self.cfg.multipv.max(1);
        let zones = self.cfg.mode == Mode::Zones;
        let first_pass = self.run_root(node, root, depth, alpha0, beta, k, zones)?;
        let mut best = first_pass;
        // The narrow tree must not declare the side lost: search every move fully first.
        if zones && best <= -CP_PROVEN && !self.stopped {
            best = self.run_root(node, root, depth, alpha0, beta, k, false)?;
        }
        Some(best)
    }

    #[allow(clippy::too_many_arguments)]
    fn run_root(
        &mut self,
        node: &Node,
        root: &mut [RootState],
        depth: i32,
        alpha0: i32,
        beta: i32,
        k: usize,
        zones: bool,
    ) -> Option<i32> {
        let pos = &node.pos;
        let mut alpha = alpha0;
        let mut best = -CP_WIN - 1;
        let mut exact_scores: Vec<i32> = Vec::new();
        let mut child_pv = Vec::new();
        let mut finished = 0;
        let in_check = node.in_danger();
        #[allow(clippy::needless_range_loop)] // `root[i]` is updated after the recursion
        for i in 0..root.len() {
            let mv = root[i].mv;
            let child = node.play(&mv, Some(self.table));
            // The K-th best exact score so far bounds what a later move must beat to be ranked.
            let floor = if k == 1 {
                alpha
            } else if exact_scores.len() >= k {
                exact_scores[k - 1]
            } else {
                alpha0
            };
            let quiet = !mv.is_capture() && mv.promotion.is_none() && !decisive(pos, &mv);
            let mut r = 0;
            if self.cfg.reductions && depth >= 3 && i >= 3 + k && quiet && !in_check {
                r = 1;
            }
            if zones && quiet && !root[i].named {
                match self.cfg.zone_style {
                    ZoneStyle::Steer if self.cfg.reductions && depth >= 3 && i >= 1 => r += 1,
                    // The first move is always searched: a node needs a score.
                    ZoneStyle::Cut if i > 0 => continue,
                    _ => {}
                }
            }
            let mut d = depth - 1;
            if zones && root[i].named {
                if !self.cfg.zone_reduce_named {
                    r = 0;
                }
                if root[i].extend && depth >= 2 {
                    d += 1;
                }
            }
            self.keys.push(child.pos.repetition_key());
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, d, -beta, -floor, 1, &mut child_pv, true);
            } else {
                score = -self.negamax(&child, d - r, -floor - 1, -floor, 1, &mut child_pv, true);
                if score > floor && r > 0 && !self.stopped {
                    score = -self.negamax(&child, d, -floor - 1, -floor, 1, &mut child_pv, true);
                }
                if score > floor && score < beta && !self.stopped {
                    score = -self.negamax(&child, d, -beta, -floor, 1, &mut child_pv, true);
                }
            }
            self.keys.pop();
            if self.stopped {
                break;
            }
            finished += 1;
            let state = &mut root[i];
            state.score = score;
            state.depth = depth as u32;
            state.exact = score > floor && score < beta;
            if state.exact || score > floor {
                state.line.clear();
                state.line.push(mv);
                state.line.extend_from_slice(&child_pv);
            }
            if state.exact {
                let at = exact_scores.partition_point(|&s| s >= score);
                exact_scores.insert(at, score);
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if k == 1 && alpha >= beta {
                    break;
                }
            }
        }
        if finished == 0 {
            return None;
        }
        // Best first; a move searched this iteration that raised the score leads over stale ones.
        root.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| b.exact.cmp(&a.exact)));
        Some(best)
    }

    /// Principal-variation search of a node below the root.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        node: &Node,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
        null_ok: bool,
    ) -> i32 {
        let pos = &node.pos;
        pv.clear();
        if self.out_of_time() {
            return 0;
        }
        if pos.decided().is_some() {
            return -(CP_WIN - ply as i32);
        }
        if pos.quiet_half_moves() >= QUIET_MOVE_LIMIT || self.repeated(pos) {
            return self.draw_score(ply);
        }
        // Mate-distance bounds: no score beyond a win on the next move.
        alpha = alpha.max(-(CP_WIN - ply as i32));
        beta = beta.min(CP_WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let danger = node.in_danger();
        if danger && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiescence(
                node,
                alpha,
                beta,
                ply,
                self.cfg.quiescence_depth,
                None,
                Some(danger),
            );
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let pv_node = beta - alpha > 1;
        let key = pos.repetition_key();
        let mut tt_move = PackedMove::NONE;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.mv;
            let deep_enough = if self.cfg.exact_tt_depth {
                e.depth as i32 == depth
            } else {
                e.depth as i32 >= depth
            };
            if !pv_node && deep_enough {
                let score = score_from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut buffers = self.take_buffers(ply);
        // Staged generation (not at the nodes the zones guide): the tactical moves first. When
        // the best ordering key is among them (the table move, a decisive move or a capture), it
        // is the move the full list would put first; most nodes cut off after it, and the quiet
        // moves are never generated.
        let zone_node = self.zone_node(ply, depth);
        let mut staged = !zone_node;
        node.moves(staged, &mut buffers.moves);
        if staged && buffers.moves.is_empty() {
            staged = false;
            node.moves(false, &mut buffers.moves);
        }
        let score = if buffers.moves.is_empty() {
            // Blockade: the side to move loses.
            -(CP_WIN - ply as i32)
        } else {
            self.negamax_moves(
                node,
                &mut buffers,
                NodeBounds {
                    depth,
                    alpha,
                    beta,
                    ply,
                    danger,
                    null_ok,
                    tt_move,
                    key,
                },
                pv,
                staged,
            )
        };
        self.give_back(ply, buffers);
        score
    }

    /// Whether the zones name the moves of a node at `ply` with `depth` to go.
    #[inline]
    fn zone_node(&self, ply: usize, depth: i32) -> bool {
        self.cfg.mode == Mode::Zones
            && ply as u32 <= self.cfg.zone_plies
            && depth >= self.cfg.zone_min_depth
    }

    /// The part of [`Searcher::negamax`] after the moves are generated (into `buffers.moves`,
    /// not empty; only the tactical ones if `staged`): the null move, zone guidance, the move
    /// loop and the table entry.
    fn negamax_moves(
        &mut self,
        node: &Node,
        buffers: &mut Buffers,
        at: NodeBounds,
        pv: &mut Vec<Move>,
        staged: bool,
    ) -> i32 {
        let pos = &node.pos;
        let NodeBounds {
            depth,
            alpha,
            beta,
            ply,
            danger,
            null_ok,
            tt_move,
            key,
        } = at;
        let pv_node = beta - alpha > 1;
        // Null move: if passing still holds beta, a real move will too (chess-t1 has zugzwang
        // only in blockades, which a side with a Ritter, Scout or Konnet is far from).
        if null_ok
            && self.cfg.null_move
            && !pv_node
            && !danger
            && depth >= 3
            && beta.abs() < CP_PROVEN
            && self.has_free_pieces(pos)
            && self.evaluate(node) >= beta
            && let Some(passed) = node.pass()
        {
            let r = 2 + depth / 4;
            self.keys.push(passed.pos.repetition_key());
            let mut child_pv = Vec::new();
            let score = -self.negamax(
                &passed,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                &mut child_pv,
                false,
            );
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= CP_PROVEN { beta } else { score };
            }
        }
        let fresh = LoopState {
            best: -CP_WIN - 1,
            best_move: None,
            alpha,
            narrowed: false,
            pv_node,
        };
        let mut state = fresh;
        let mut start = 0;
        if staged {
            let scored = &mut buffers.scored;
            self.keyed(pos, &buffers.moves, tt_move, ply, scored);
            let first = scored.iter().fold(i32::MIN, |k, e| k.max(e.0));
            // A table move outside the tactical moves would come first: no stage then.
            let table_move_elsewhere = tt_move != PackedMove::NONE && first != ORDER_TT;
            if first >= ORDER_STAGED && !table_move_elsewhere {
                // The first move: the full list's selection would pick the same one (the first
                // of the highest key; the tactical moves come in the full list's order).
                let mark = self.history_log.len();
                self.staged_open += 1;
                state = self.search_moves(
                    node, scored, 0, 1, state, depth, beta, ply, pv, danger, false, true,
                );
                self.staged_open -= 1;
                let first_move = scored[0].1;
                let rest = !self.stopped && state.alpha < beta;
                if rest {
                    // The rest: the full list, keyed by the statistics as they stood before the
                    // first move's subtree (the killers of this ply did not change in it), the
                    // first move swapped to the front as the selection would have done.
                    node.moves(false, &mut buffers.moves);
                    self.rewind_history(mark);
                    let scored = &mut buffers.scored;
                    self.keyed(pos, &buffers.moves, tt_move, ply, scored);
                    self.replay_history(mark);
                    let at = scored.iter().position(|e| e.1 == first_move).unwrap_or(0);
                    scored.swap(0, at);
                    start = 1;
                }
                if self.staged_open == 0 {
                    self.history_log.clear();
                }
                if self.stopped {
                    return 0;
                }
            } else {
                node.moves(false, &mut buffers.moves);
            }
        }
        // Zone guidance near the root.
        let named = if self.zone_node(ply, depth) {
            Some(self.zone_named(pos, depth.min(self.cfg.horizon).max(2)))
        } else {
            None
        };
        let scored = &mut buffers.scored;
        if start == 0 && state.alpha < beta {
            scored.clear();
            scored.extend(buffers.moves.iter().map(|&mv| {
                let mut key = self.order_key(pos, &mv, tt_move, ply);
                let is_named = named
                    .as_ref()
                    .and_then(|n| n.iter().position(|&(f, t, _)| (f, t) == (mv.from, mv.to)));
                let extend = self.cfg.zone_extend
                    && is_named.is_some_and(|i| named.as_ref().is_some_and(|n| n[i].2));
                if let Some(i) = is_named
                    && key < ORDER_NAMED
                {
                    key = ORDER_NAMED - i as i32;
                }
                (key, mv, u8::from(is_named.is_some()) + u8::from(extend))
            }));
        }
        if state.alpha < beta {
            let end = scored.len();
            state = self.search_moves(
                node,
                scored,
                start,
                end,
                state,
                depth,
                beta,
                ply,
                pv,
                danger,
                named.is_some(),
                true,
            );
            if self.stopped {
                return 0;
            }
        }
        // A proven loss is accepted only after every move was searched to full depth.
        if state.best <= -CP_PROVEN && state.narrowed {
            let end = scored.len();
            state = self.search_moves(
                node, scored, 0, end, fresh, depth, beta, ply, pv, danger, false, false,
            );
            if self.stopped {
                return 0;
            }
        }
        let bound = if state.best >= beta {
            Bound::Lower
        } else if state.best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let packed = state
            .best_move
            .map_or(PackedMove::NONE, |m| PackedMove::new(&m));
        self.table
            .store(key, packed, score_to_table(state.best, ply), depth, bound);
        state.best
    }

    /// Sets the history entries written since `mark` of the log back to their old values.
    fn rewind_history(&mut self, mark: usize) {
        for &(at, old, _) in self.history_log[mark..].iter().rev() {
            let (side, from, to) = (at as usize >> 12, at as usize >> 6 & 63, at as usize & 63);
            self.history[side][from][to] = old;
        }
    }

    /// Writes the history entries of the log since `mark` again.
    fn replay_history(&mut self, mark: usize) {
        for &(at, _, new) in &self.history_log[mark..] {
            let (side, from, to) = (at as usize >> 12, at as usize >> 6 & 63, at as usize & 63);
            self.history[side][from][to] = new;
        }
    }

    /// Whether the side to move has a piece that can always move somewhere (so that a null move
    /// is not a zugzwang trap): a Ritter, Scout or Konnet.
    fn has_free_pieces(&self, pos: &Position) -> bool {
        let b = pos.board();
        let us = pos.side_to_move();
        (b.pieces(us, PieceKind::Ritter)
            | b.pieces(us, PieceKind::Scout)
            | b.pieces(us, PieceKind::Konnet))
        .nonempty()
    }

    /// The move loop of a node over `moves[start..end]` (the earlier ones already searched,
    /// `state` their outcome), selecting the best remaining key each time. Returns the outcome:
    /// the best score and move, alpha, and whether any move was reduced or skipped (so that a
    /// loss may not be proven).
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        node: &Node,
        moves: &mut [(i32, Move, u8)],
        start: usize,
        end: usize,
        mut state: LoopState,
        depth: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
        danger: bool,
        zone_node: bool,
        may_reduce: bool,
    ) -> LoopState {
        let pos = &node.pos;
        let pv_node = state.pv_node;
        let mut child_pv = Vec::new();
        let us = pos.side_to_move();
        for i in start..end {
            // Selection: the best remaining move comes next (most nodes cut off after a few).
            pick_best(&mut moves[i..], |e| e.0);
            let (key, mv, zone_mark) = moves[i];
            let named = zone_mark > 0;
            // A move of a valuable open zone goes one ply deeper (only at zone nodes, which are
            // near the root, so a line gains at most `zone_plies + 1` plies).
            let d = depth - 1 + i32::from(may_reduce && zone_mark == 2 && depth >= 2);
            let quiet = key < ORDER_PROMOTION;
            let mut r = 0;
            if may_reduce
                && self.cfg.reductions
                && quiet
                && !danger
                && depth >= 3
                && key < ORDER_KILLER
            {
                let late = if pv_node { 5 } else { 3 };
                if i >= late {
                    r = 1 + i32::from(depth >= 6 && i >= 12);
                }
            }
            if may_reduce && zone_node && quiet && !named {
                match self.cfg.zone_style {
                    ZoneStyle::Steer if self.cfg.reductions && depth >= 3 && i >= 1 => r += 1,
                    ZoneStyle::Cut if i > 0 => {
                        state.narrowed = true;
                        continue;
                    }
                    _ => {}
                }
            }
            if named {
                r = 0;
            }
            if r > 0 {
                state.narrowed = true;
                r = r.min(depth - 1);
            }
            let alpha = state.alpha;
            // A child with no depth left goes to the quiescence, which does not probe the table
            // (unless it is in danger and extended: then it probes without the prefetch).
            let child = node.play(&mv, (d >= 1).then_some(&*self.table));
            self.keys.push(child.pos.repetition_key());
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, d, -beta, -alpha, ply + 1, &mut child_pv, true);
            } else {
                score = -self.negamax(
                    &child,
                    d - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    &mut child_pv,
                    true,
                );
                if score > alpha && r > 0 && !self.stopped {
                    score =
                        -self.negamax(&child, d, -alpha - 1, -alpha, ply + 1, &mut child_pv, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, d, -beta, -alpha, ply + 1, &mut child_pv, true);
                }
            }
            self.keys.pop();
            if self.stopped {
                return state;
            }
            if score > state.best {
                state.best = score;
                state.best_move = Some(mv);
            }
            if score > state.alpha {
                state.alpha = score;
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
            if state.alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply.min(MAX_PLY)];
                    if k[0] != mv.code() {
                        k[1] = k[0];
                        k[0] = mv.code();
                    }
                    let h = &mut self.history[us.index()][mv.from.index()][mv.to.index()];
                    let old = *h;
                    *h = (old + depth * depth).min(HISTORY_MAX);
                    if self.staged_open > 0 {
                        let at = (us.index() << 12 | mv.from.index() << 6 | mv.to.index()) as u16;
                        self.history_log.push((at, old, *h));
                    }
                }
                break;
            }
        }
        state
    }

    /// Captures, Scout exchanges and game-deciding moves until the position is quiet; the side
    /// to move may stand pat on its evaluation unless it must act now (its King en prise, its
    /// empty castle open to an enemy royal). `danger` is that test's answer if the caller has it.
    #[allow(clippy::too_many_arguments)]
    fn quiescence(
        &mut self,
        node: &Node,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
        last_to: Option<Square>,
        danger: Option<bool>,
    ) -> i32 {
        let pos = &node.pos;
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if pos.decided().is_some() {
            return -(CP_WIN - ply as i32);
        }
        if pos.quiet_half_moves() >= QUIET_MOVE_LIMIT {
            return self.draw_score(ply);
        }
        let danger = qdepth > 0 && danger.unwrap_or_else(|| node.in_danger());
        let mut best = -CP_WIN - 1;
        if !danger {
            let stand = self.evaluate(node);
            if stand >= beta || qdepth == 0 || ply >= MAX_PLY - 1 {
                // A side that cannot move is blockaded, whatever its evaluation.
                if !node.has_moves() {
                    return -(CP_WIN - ply as i32);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // Must act: every move; otherwise captures and moves into the enemy castle.
        let mut buffers = self.take_buffers(ply);
        node.moves(!danger, &mut buffers.moves);
        let score = if buffers.moves.is_empty() && (danger || !node.has_moves()) {
            // Blockade: the side to move loses.
            -(CP_WIN - ply as i32)
        } else {
            self.quiescence_moves(
                node,
                &mut buffers,
                alpha,
                beta,
                ply,
                qdepth,
                last_to,
                danger,
                best,
            )
        };
        self.give_back(ply, buffers);
        score
    }

    /// The move loop of [`Searcher::quiescence`] over `buffers.moves`.
    #[allow(clippy::too_many_arguments)]
    fn quiescence_moves(
        &mut self,
        node: &Node,
        buffers: &mut Buffers,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
        last_to: Option<Square>,
        danger: bool,
        mut best: i32,
    ) -> i32 {
        let pos = &node.pos;
        // Deep in the quiescence only recaptures on the last square are played, and a capture
        // that cannot lift the score to alpha even with a margin is skipped (delta pruning):
        // crowded boards, where every piece can take, keep a bounded tree.
        let pruning = self.cfg.quiescence_pruning;
        let deep = pruning && qdepth + QS_WIDE_PLIES <= self.cfg.quiescence_depth;
        let m = &self.cfg.material;
        let hopeless = |mv: &Move| {
            pruning
                && !danger
                && mv.promotion.is_none()
                && !decisive(pos, mv)
                && best
                    + mv.captured.map_or(0, |k| m.value(k)) * crate::eval::CP_PER_HALF_UNIT
                    + QS_DELTA_MARGIN
                    <= alpha
        };
        let list = &mut buffers.quiet;
        list.clear();
        for mv in &buffers.moves {
            let wanted = danger
                || (mv.is_capture() || decisive(pos, mv))
                    && (!deep || Some(mv.to) == last_to || decisive(pos, mv))
                    && !hopeless(mv);
            if wanted {
                list.push((self.order_key(pos, mv, PackedMove::NONE, MAX_PLY), *mv));
            }
        }
        for i in 0..list.len() {
            pick_best(&mut list[i..], |e| e.0);
            let mv = list[i].1;
            let child = node.play(&mv, None);
            let score = -self.quiescence(
                &child,
                -beta,
                -alpha,
                ply + 1,
                qdepth - 1,
                Some(mv.to),
                None,
            );
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The move buffers of `ply` (empty ones past the pool's end).
    #[inline]
    fn take_buffers(&mut self, ply: usize) -> Buffers {
        self.buffers
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Returns the buffers of `ply` for the next node at that ply.
    #[inline]
    fn give_back(&mut self, ply: usize, buffers: Buffers) {
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = buffers;
        }
    }
}

/// Quiescence plies in which every capture is tried; below them only recaptures.
const QS_WIDE_PLIES: u32 = 4;
/// Margin (cp) of the quiescence's delta pruning: a capture whose victim would not lift the
/// standing score to within this of alpha is not tried.
const QS_DELTA_MARGIN: i32 = 150;

/// Moves the element with the highest key to the front of `items`.
#[inline]
fn pick_best<T>(items: &mut [T], key: impl Fn(&T) -> i32) {
    let mut best = 0;
    for j in 1..items.len() {
        if key(&items[j]) > key(&items[best]) {
            best = j;
        }
    }
    items.swap(0, best);
}

/// A score as the table keeps it: game ends counted from this node, not from the root.
#[inline]
fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= CP_PROVEN {
        score + ply as i32
    } else if score <= -CP_PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// A table score back as seen from the root at `ply`.
#[inline]
fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= CP_PROVEN {
        score - ply as i32
    } else if score <= -CP_PROVEN {
        score + ply as i32
    } else {
        score
    }
}
