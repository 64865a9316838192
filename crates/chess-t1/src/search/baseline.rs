//! Today's search before the engine of `search::engine`, kept as the baseline of `zonal match`
//! (`engine=baseline`): a negamax alpha-beta to a fixed depth with a capture quiescence,
//! material only, no transposition table, no iterative deepening, no repetition in the tree.
//!
//! In **zone mode** ("deep and narrow") each node builds its projection and searches only the moves
//! it names ([`super::zone_candidates`]), re-searching all moves before accepting a proven loss;
//! **full mode** is a plain alpha-beta over all legal moves.

use super::{Mode, Motive, PROVEN, RootMove, SearchResult, zone_candidates};
use crate::exchange::{Material, WIN};
use crate::incremental::{UpdateStats, ZoneCache};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::ChessT1;
use crate::zone::{Projection, ZoneConfig};
use std::sync::Arc;

/// Settings of a search.
#[derive(Clone, Debug)]
pub struct BaselineConfig {
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
    /// Zone mode: take zones over from the projections of nearby nodes (docs/zones.md §5, one
    /// [`ZoneCache`] per ply) instead of building every node's projection from scratch. The
    /// projections, and so the search, are exactly the same either way. Off by default: the
    /// zones a search can take over are few and the cheap ones, so it does not pay (NOTES.md).
    pub reuse_zones: bool,
}

impl Default for BaselineConfig {
    fn default() -> Self {
        BaselineConfig {
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

struct Searcher<'a> {
    cfg: &'a BaselineConfig,
    nodes: u64,
    /// One zone cache per ply (the nodes of one ply follow each other as siblings and cousins,
    /// all with the same horizon and side to move), when zones are reused.
    caches: Vec<ZoneCache<'static, ChessT1>>,
    /// Zones taken over and zones built over the whole search.
    zone_stats: UpdateStats,
}

impl Searcher<'_> {
    fn new(cfg: &BaselineConfig) -> Searcher<'_> {
        Searcher {
            cfg,
            nodes: 1,
            caches: Vec::new(),
            zone_stats: UpdateStats::default(),
        }
    }

    /// The projection of `pos` at `horizon`, from the cache of `ply` when zones are reused.
    fn project(&mut self, pos: &Position, horizon: i32, ply: u32) -> Arc<Projection> {
        // One projection per node: building its zones on several threads costs more in
        // synchronisation than it gains.
        let config = ZoneConfig {
            horizon,
            parallel: false,
            ..ZoneConfig::default()
        };
        if !self.cfg.reuse_zones {
            let mp = Projection::build(&ChessT1, pos, &config);
            self.zone_stats.add_built(&mp);
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
        // The zone-guided search judges a capture by its exchange (docs/zones.md §4): one that loses
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
pub fn search(pos: &Position, cfg: &BaselineConfig) -> SearchResult {
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
            score_cp: super::half_units_to_cp(score),
            line,
            motives,
            exact: is_exact,
            depth,
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
        seldepth: depth,
        best,
        score,
        score_cp: super::half_units_to_cp(score),
        line,
        nodes: searcher.nodes,
        time_ms: 0,
        zone_stats: searcher.zone_stats,
        projections: 0,
        projection_ms: 0,
        root,
    }
}
