//! Search: Botvinnik's "deep and narrow tree" guided by zones, and a plain full-width alpha-beta
//! as the yardstick.
//!
//! Both searches are negamax alpha-beta to a fixed depth in half-moves with a capture-only
//! quiescence at the leaves, scoring material in half-units ([`crate::exchange::Material`]) and
//! game ends as ±[`crate::exchange::WIN`] (nearer wins score higher). The **zone-guided** search
//! looks only at the moves the mathematical projection names at each node (zones.md §4): the first
//! steps of the side to move's attack roots, supports and counters, the first steps of its
//! negations against the opponent's open zones, and captures; in its quiescence it plays only the
//! captures whose exchange on their square does not lose (zones.md §4). The **full-width** search
//! looks at every legal move, and every capture in its quiescence. Draw rules by repetition are
//! not applied inside the search; the 80-quiet-move rule is.
//!
//! ```
//! use zonal::search::{search, Mode, SearchConfig};
//! use zonal::Position;
//! // Spec E7: the Scout on h4 takes the Knecht f5 whatever the sums.
//! let pos: Position = "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1".parse().unwrap();
//! let full = search(&pos, &SearchConfig { depth: 2, mode: Mode::Full, ..SearchConfig::default() });
//! assert!(full.best.is_some());
//! assert!(full.nodes > 0);
//! ```

use crate::exchange::{Material, WIN};
use crate::incremental::{UpdateStats, ZoneCache};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::{Aim, ChessT1};
use crate::square::Square;
use crate::zone::{Camp, Projection, Role, ZoneConfig, ZoneKind};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Which moves the search looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Only the moves the zones name (and captures).
    Zones,
    /// Every legal move.
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
}

/// Settings of a search.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Depth in half-moves.
    pub depth: u32,
    /// Zone-guided or full-width.
    pub mode: Mode,
    /// Horizon of the zones at the root (deeper nodes use the remaining depth, at least 2).
    pub horizon: i32,
    /// Most candidate moves at the root (zone mode).
    pub root_width: usize,
    /// Most candidate moves below the root (zone mode).
    pub width: usize,
    /// Deepest capture sequence in the quiescence search.
    pub quiescence_depth: u32,
    /// Piece values.
    pub material: Material,
    /// Zone mode: take zones over from the projections of nearby nodes (zones.md §5, one
    /// [`ZoneCache`] per ply) instead of building every node's projection from scratch. The
    /// projections, and so the search, are exactly the same either way. Off by default: the
    /// zones a search can take over are few and the cheap ones, so it does not pay (NOTES.md).
    pub reuse_zones: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            depth: 4,
            mode: Mode::Zones,
            horizon: 4,
            root_width: 16,
            width: 6,
            quiescence_depth: 6,
            material: Material::default(),
            reuse_zones: false,
        }
    }
}

/// Why a move is a candidate: what it does in which zone.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Motive {
    /// The zone's index in the projection.
    pub zone: usize,
    /// Botvinnik's label of the trajectory whose first step the move is.
    pub label: String,
    /// What the trajectory does.
    pub role: Role,
    /// The zone's target square.
    pub target: Square,
    /// Whether the move defends (a negation of an opponent's zone) rather than attacks.
    pub defends: bool,
    /// How much the zone is worth to the mover (half-units; for a defence, what it saves).
    pub value: i32,
}

/// A searched root move with its score.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score for the side to move, in half-units (±WIN-ish for proven game ends).
    pub score: i32,
    /// The principal line starting with the move.
    pub line: Vec<Move>,
    /// Why it was looked at (empty for a full-width move without zone motive).
    pub motives: Vec<Motive>,
    /// Whether `score` is exact (always in zone mode; in full mode only for moves that raised the
    /// best score when they were searched, the others being upper bounds).
    pub exact: bool,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The mode used.
    pub mode: Mode,
    /// Depth in half-moves.
    pub depth: u32,
    /// Best move, if the side to move has one.
    pub best: Option<Move>,
    /// Score of the best move for the side to move.
    pub score: i32,
    /// Principal line.
    pub line: Vec<Move>,
    /// Nodes visited (quiescence included).
    pub nodes: u64,
    /// Zone mode: attack zones the node projections took over from nearby nodes and built, and
    /// linked zones built.
    pub zone_stats: UpdateStats,
    /// Every root move searched, best first. In zone mode every score is exact; in full mode
    /// only the best move's (the others are upper bounds).
    pub root: Vec<RootMove>,
}

/// Scores at or beyond this are proven game ends.
pub const PROVEN: i32 = WIN - 1000;

/// Whether a score proves a win (`Some(true)`), a loss (`Some(false)`) or nothing.
pub fn proven(score: i32) -> Option<bool> {
    if score >= PROVEN {
        Some(true)
    } else if score <= -PROVEN {
        Some(false)
    } else {
        None
    }
}

struct Searcher<'a> {
    cfg: &'a SearchConfig,
    nodes: u64,
    /// One zone cache per ply (the nodes of one ply follow each other as siblings and cousins,
    /// all with the same horizon and side to move), when zones are reused.
    caches: Vec<ZoneCache<'static, ChessT1>>,
    /// Zones taken over and zones built over the whole search.
    zone_stats: UpdateStats,
}

/// Weight of the material a quiet move leaves en prise in a candidate's priority.
const EN_PRISE_WEIGHT: i32 = 4;

/// Moves the zones of `pos` name for the side to move, with their motives, best first.
///
/// The order: by priority (what the move wins in its exchange, or loses by leaving its piece en
/// prise, and the value of its most valuable zone), then by the total value of all the zones the
/// move serves (each zone counted once, at its most valuable motive: a move that serves several
/// zones at once, as an answer to a fork or an overloaded defender needs to, comes before one
/// serving a single zone of the same worth), then by the move's coordinates.
pub fn zone_candidates(
    pos: &Position,
    mp: &Projection<crate::Piece>,
    material: &Material,
) -> Vec<(Move, Vec<Motive>)> {
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    let mut by_step: BTreeMap<(Square, Square), Vec<Motive>> = BTreeMap::new();
    let target_value = |aim: Aim, piece: Option<crate::Piece>| match (aim, piece) {
        (Aim::King | Aim::Castle, _) => WIN / 2,
        (_, Some(p)) => material.value(p.kind),
        (_, None) => 0,
    };
    for z in &mp.zones {
        let we_attack = z.side == us;
        let value = target_value(z.target.aim, z.target.piece);
        for (t, zt) in z.trajectories.iter().enumerate() {
            if zt.is_empty() {
                continue;
            }
            let ours = (zt.camp == Camp::Plus) == we_attack;
            if !ours {
                continue;
            }
            let wanted = if we_attack {
                // Our root where it gets through (or its support / counters where it does not).
                match zt.role {
                    Role::Root => true,
                    _ => zt.level >= 2,
                }
            } else {
                // Defence against an opponent's zone that gets through.
                z.is_open() || !z.holding.is_empty() && zt.level == 1
            };
            if !wanted {
                continue;
            }
            let step = (zt.trajectory.squares[0], zt.trajectory.squares[1]);
            by_step.entry(step).or_default().push(Motive {
                zone: z.index,
                label: z.label(t),
                role: zt.role,
                target: z.target.square,
                defends: !we_attack,
                value: if z.is_open() || !we_attack {
                    value
                } else {
                    value / 4
                },
            });
        }
    }
    // Our pieces that stand attacked by an open enemy zone: moving them away saves them.
    let mut threatened: BTreeMap<Square, i32> = BTreeMap::new();
    for z in &mp.zones {
        if z.side != us
            && z.is_open()
            && !matches!(z.target.aim, Aim::King | Aim::Castle)
            && let Some(p) = z.target.piece
        {
            let v = threatened.entry(z.target.square).or_default();
            *v = (*v).max(material.value(p.kind));
        }
    }
    let mut out: Vec<(Move, Vec<Motive>, i32, i32)> = Vec::new();
    for mv in legal {
        let motives = by_step.get(&(mv.from, mv.to)).cloned().unwrap_or_default();
        let quiet = mv.kind == MoveKind::Quiet && mv.promotion.is_none();
        let saves = threatened.get(&mv.from).copied().unwrap_or(0);
        if motives.is_empty() && quiet && saves == 0 {
            continue;
        }
        // What the move wins on its square when both sides go on exchanging there (promotions
        // included): captures and promotions first, the best of them first. For a quiet move,
        // whether the piece moved is safe on its new square.
        let gain = crate::exchange::exchange_after(pos, &mv, material).value;
        let saves = if gain >= 0 { saves } else { 0 };
        if motives.is_empty() && quiet && saves == 0 {
            continue;
        }
        let motive = motives
            .iter()
            .map(|m| m.value)
            .max()
            .unwrap_or(0)
            .max(saves);
        let priority = if quiet {
            gain.min(0) * EN_PRISE_WEIGHT + motive
        } else {
            gain.max(0) * 4 + motive
        };
        // The zones the move serves, each counted once at its most valuable motive.
        let mut per_zone: BTreeMap<usize, i32> = BTreeMap::new();
        for m in &motives {
            let v = per_zone.entry(m.zone).or_default();
            *v = (*v).max(m.value);
        }
        let served = per_zone.values().sum::<i32>();
        out.push((mv, motives, priority, served));
    }
    out.sort_by(|a, b| {
        b.2.cmp(&a.2)
            .then_with(|| b.3.cmp(&a.3))
            .then_with(|| a.0.uci().cmp(&b.0.uci()))
    });
    out.into_iter()
        .map(|(m, motives, _, _)| (m, motives))
        .collect()
}

impl Searcher<'_> {
    fn new(cfg: &SearchConfig) -> Searcher<'_> {
        Searcher {
            cfg,
            nodes: 1,
            caches: Vec::new(),
            zone_stats: UpdateStats::default(),
        }
    }

    /// The projection of `pos` at `horizon`, from the cache of `ply` when zones are reused.
    fn project(&mut self, pos: &Position, horizon: i32, ply: u32) -> Arc<Projection<crate::Piece>> {
        // One projection per node: building its zones on several threads costs more in
        // synchronisation than it gains.
        let config = ZoneConfig {
            horizon,
            parallel: false,
            ..ZoneConfig::default()
        };
        if !self.cfg.reuse_zones {
            let mp = Projection::build(&ChessT1, pos, &config);
            let attack = mp
                .zones
                .iter()
                .filter(|z| z.kind == ZoneKind::Attack)
                .count();
            self.zone_stats.rebuilt += attack;
            self.zone_stats.linked += mp.zones.len() - attack;
            return Arc::new(mp);
        }
        let ply = ply as usize;
        while self.caches.len() <= ply {
            self.caches.push(ZoneCache::new(&ChessT1, config.clone()));
        }
        let mp = self.caches[ply].project_at(pos, horizon);
        let stats = self.caches[ply].stats();
        self.zone_stats.reused += stats.reused;
        self.zone_stats.rebuilt += stats.rebuilt;
        self.zone_stats.linked += stats.linked;
        mp
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        self.cfg.material.balance(pos, pos.side_to_move())
    }

    /// Score of a finished position for the side to move, if it is finished.
    fn terminal(&self, pos: &Position, ply: u32) -> Option<i32> {
        if pos.decided().is_some() {
            // The opponent's last move won.
            return Some(-(WIN - ply as i32));
        }
        if pos.quiet_half_moves() >= crate::position::QUIET_MOVE_LIMIT {
            return Some(0);
        }
        None
    }

    fn quiescence(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        qdepth: u32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let stand = self.evaluate(pos);
        if stand >= beta || qdepth == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        // The zone-guided search judges a capture by its exchange (zones.md §4): one that loses
        // material on its square whatever follows there is not played out.
        let mut captures: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                m.is_capture()
                    && (self.cfg.mode == Mode::Full
                        || crate::exchange::exchange_after(pos, m, &self.cfg.material).value >= 0)
            })
            .collect();
        self.order(&mut captures);
        for mv in captures {
            let score = -self.quiescence(&pos.play(&mv), -beta, -alpha, ply + 1, qdepth - 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// What the side to move keeps if it makes a neutral move: the material balance less the
    /// best exchange the opponent, were it to move now, could start on one of its pieces. `None`
    /// when the opponent would then win the game (a royal en prise) or the position cannot be
    /// turned over.
    fn stand_pat(&self, pos: &Position) -> Option<i32> {
        let us = pos.side_to_move();
        let mut setup = pos.to_setup();
        setup.side = us.other();
        let turned = Position::from_setup(setup).ok()?;
        let mut threat = 0;
        for (sq, piece) in pos.board().iter() {
            if piece.color != us || !turned.can_capture_on(us.other(), sq) {
                continue;
            }
            let value = crate::exchange::exchange(&turned, sq, &self.cfg.material).value;
            if value >= PROVEN {
                return None;
            }
            threat = threat.max(value);
        }
        Some(self.evaluate(pos) - threat)
    }

    /// Captures first (most valuable victim), then the rest in a stable order.
    fn order(&self, moves: &mut [Move]) {
        moves.sort_by_key(|m| {
            let victim = m.captured.map_or(0, |k| self.cfg.material.value(k) + 1);
            (-victim, m.uci())
        });
    }

    fn candidates(&mut self, pos: &Position, depth: u32, ply: u32) -> Vec<Move> {
        match self.cfg.mode {
            Mode::Full => {
                let mut moves = pos.legal_moves();
                self.order(&mut moves);
                moves
            }
            Mode::Zones => {
                let horizon = if ply == 0 {
                    self.cfg.horizon
                } else {
                    (depth as i32).max(2)
                };
                let mp = self.project(pos, horizon, ply);
                let width = if ply == 0 {
                    self.cfg.root_width
                } else {
                    self.cfg.width
                };
                zone_candidates(pos, &mp, &self.cfg.material)
                    .into_iter()
                    .take(width)
                    .map(|(m, _)| m)
                    .collect()
            }
        }
    }

    fn alphabeta(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        line: &mut Vec<Move>,
    ) -> i32 {
        self.nodes += 1;
        line.clear();
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        if !pos.has_moves() {
            // Blockade: the side to move loses.
            return -(WIN - ply as i32);
        }
        if depth == 0 {
            self.nodes -= 1;
            return self.quiescence(pos, alpha, beta, ply, self.cfg.quiescence_depth);
        }
        let moves = self.candidates(pos, depth, ply);
        if moves.is_empty() {
            // Nothing the zones name: the position is judged as it stands (captures only).
            self.nodes -= 1;
            return self.quiescence(pos, alpha, beta, ply, self.cfg.quiescence_depth);
        }
        let original_alpha = alpha;
        let (mut best, mut best_line) = self.search_moves(pos, &moves, depth, alpha, beta, ply);
        // The narrow tree names few moves; below the root the side to move is assumed to have
        // some unnamed quiet move that keeps the position as it stands less what the opponent
        // already threatens (a stand-pat), so that a defence the zones do not name cannot make
        // the opponent's previous move look stronger than it is.
        if self.cfg.mode == Mode::Zones
            && ply > 0
            && best > -PROVEN
            && let Some(stand) = self.stand_pat(pos)
            && stand > best
        {
            best = stand;
            best_line = Vec::new();
        }
        // A narrow tree must not declare a side lost: before accepting a proven loss for the side
        // to move, look at all its moves (the defence may be no negation at all, e.g. keeping a
        // royal at home).
        if self.cfg.mode == Mode::Zones && best <= -PROVEN {
            let mut all = pos.legal_moves();
            all.retain(|m| !moves.contains(m));
            if !all.is_empty() {
                self.order(&mut all);
                let (more, more_line) =
                    self.search_moves(pos, &all, depth, original_alpha.max(best), beta, ply);
                if more > best {
                    *line = more_line;
                    return more;
                }
            }
        }
        *line = best_line;
        best
    }

    /// Alpha-beta over `moves`; returns the best score and its line.
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> (i32, Vec<Move>) {
        let mut best = -WIN - 1;
        let mut line = Vec::new();
        let mut child_line = Vec::new();
        for mv in moves {
            let score = -self.alphabeta(
                &pos.play(mv),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
                &mut child_line,
            );
            if score > best {
                best = score;
                line.clear();
                line.push(*mv);
                line.extend_from_slice(&child_line);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        (best, line)
    }
}

/// Searches `pos` and scores every root candidate (each with a full window, so that the ranking
/// of the candidates is exact, not only the best move).
pub fn search(pos: &Position, cfg: &SearchConfig) -> SearchResult {
    let mut searcher = Searcher::new(cfg);
    let mut root = Vec::new();
    let candidates: Vec<(Move, Vec<Motive>)> = match cfg.mode {
        Mode::Full => {
            let mut moves = pos.legal_moves();
            searcher.order(&mut moves);
            moves.into_iter().map(|m| (m, Vec::new())).collect()
        }
        Mode::Zones => {
            let mp = searcher.project(pos, cfg.horizon, 0);
            let mut c: Vec<(Move, Vec<Motive>)> = zone_candidates(pos, &mp, &cfg.material);
            c.truncate(cfg.root_width);
            if c.is_empty() {
                // No zone names a move: fall back to every legal move at the root.
                let mut moves = pos.legal_moves();
                searcher.order(&mut moves);
                c = moves.into_iter().map(|m| (m, Vec::new())).collect();
            }
            c
        }
    };
    let depth = cfg.depth.max(1);
    // Zone mode ranks its few root candidates exactly (each searched with a full window); the
    // full-width yardstick is a plain alpha-beta, where only the best move's score is exact.
    let exact = cfg.mode == Mode::Zones;
    let mut alpha = -WIN - 1;
    let mut child_line = Vec::new();
    for (mv, motives) in candidates {
        let floor = if exact { -WIN - 1 } else { alpha };
        let score = -searcher.alphabeta(
            &pos.play(&mv),
            depth - 1,
            -WIN - 1,
            -floor,
            1,
            &mut child_line,
        );
        let mut line = vec![mv];
        line.extend_from_slice(&child_line);
        let is_exact = exact || score > alpha;
        alpha = alpha.max(score);
        root.push(RootMove {
            mv,
            score,
            line,
            motives,
            exact: is_exact,
        });
    }
    // Best first; among equal scores exact ones first, then in search order (a stable sort), so
    // that in full mode the move that reached the best score leads, not an upper bound equal to it.
    root.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| b.exact.cmp(&a.exact)));
    let (best, score, line) = match root.first() {
        Some(r) => (Some(r.mv), r.score, r.line.clone()),
        None => (None, -(WIN), Vec::new()),
    };
    SearchResult {
        mode: cfg.mode,
        depth,
        best,
        score,
        line,
        nodes: searcher.nodes,
        zone_stats: searcher.zone_stats,
        root,
    }
}
