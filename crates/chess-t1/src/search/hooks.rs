//! chess-t1 as the one engine's game: its moves, ends, evaluation and repetition keys as the
//! core's [`Rules`], with the hooks of the techniques that need the game (a pass while a piece
//! that can always move is left, the King in check or the castle open as danger, captures and
//! castle entries as the tactical stage, a capture's gain and square for the quiescence's
//! delta pruning and recapture rule), and in zone mode the moves the projection names as a
//! [`Narrowing`].
//!
//! The position the engine searches is a [`Node`]: the position with its force map and both
//! sides' superiority squares, carried down the tree move by move ([`ForceMap::update`]) so that
//! move generation, the check test and the evaluation look superiority up instead of summing
//! force square by square.

use super::{Motive, zone_candidates};
use crate::bitboard::Bitboard;
use crate::eval::{self, CP_PER_HALF_UNIT, Evaluation, Weights};
use crate::exchange::Material;
use crate::force::ForceMap;
use crate::incremental::{UpdateStats, ZoneCache};
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::position::{Position, QUIET_MOVE_LIMIT};
use crate::rules::ChessT1;
use crate::zone::Role;
use crate::zone::{Projection, ZoneConfig};
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;
use zonal_core::search::{Narrowing, Rules, Terminal};

/// A position with its force map and both sides' superiority squares.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The position.
    pub pos: Position,
    force: ForceMap,
    /// Squares where each side has superiority ([`ForceMap::superiority_both`]).
    superior: [Bitboard; 2],
}

impl Node {
    /// The node of `pos` (its force map built from scratch).
    pub fn new(pos: &Position) -> Node {
        let force = ForceMap::new(pos.board());
        let superior = force.superiority_both(pos.board());
        Node {
            pos: *pos,
            force,
            superior,
        }
    }

    /// The node after `mv`, one of this position's moves (the force map brought up to date).
    #[inline]
    pub fn play(&self, mv: &Move) -> Node {
        let mut child = *self;
        child.pos.make(mv);
        child
            .force
            .update(self.pos.board(), child.pos.board(), mv.changed());
        child.superior = child.force.superiority_both(child.pos.board());
        child
    }

    /// The moves of the side to move (only the tactical ones if `tactical`), into `out`.
    #[inline]
    fn moves(&self, tactical: bool, out: &mut Vec<Move>) {
        if self.pos.decided().is_some() {
            out.clear();
            return;
        }
        let us = self.pos.side_to_move();
        self.pos
            .moves_given_superiority(self.superior[us.index()], tactical, out);
    }

    /// Whether the side to move must act now: its King can be taken, or an enemy royal can walk
    /// into its castle, which holds none of its royals.
    pub fn in_danger(&self) -> bool {
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

/// Whether `mv` wins the game at once: it takes the King, or a royal enters the enemy castle
/// when no enemy royal stands there (the castle capture of docs/chess-t1-rules.md §8.2).
#[inline]
pub(crate) fn decisive(pos: &Position, mv: &Move) -> bool {
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

/// The order hint of a move that ends the game.
const HINT_DECISIVE: i32 = 1 << 20;
/// The order hint of captures starts here (most valuable victim, least valuable attacker).
const HINT_CAPTURE: i32 = 1 << 12;

/// chess-t1 as the core's search sees it: the evaluation it scores leaves with and the piece
/// values it orders captures by.
#[derive(Clone, Debug)]
pub struct SearchRules {
    /// Material only or the full evaluation.
    pub evaluation: Evaluation,
    /// Weights of the full evaluation.
    pub weights: Weights,
    /// Piece values in half-units (captures' order and gains, zone candidates).
    pub material: Material,
}

impl Default for SearchRules {
    fn default() -> Self {
        SearchRules {
            evaluation: Evaluation::Full,
            weights: Weights::default(),
            material: Material::default(),
        }
    }
}

impl Rules for SearchRules {
    type Position = Node;
    type Move = Move;

    fn moves(&self, node: &Node, out: &mut Vec<Move>) {
        node.moves(false, out);
    }

    #[inline]
    fn play(&self, node: &Node, mv: Move) -> Node {
        node.play(&mv)
    }

    /// A King or castle captured by the move that led here: the side to move has lost.
    #[inline]
    fn terminal(&self, node: &Node) -> Option<Terminal> {
        node.pos.decided().map(|_| Terminal::Loss)
    }

    fn evaluate(&self, node: &Node) -> i32 {
        match self.evaluation {
            Evaluation::Material => {
                self.material.balance(&node.pos, node.pos.side_to_move()) * CP_PER_HALF_UNIT
            }
            Evaluation::Full => eval::dot(
                &eval::features_given(&node.pos, node.superior),
                &self.weights,
            ),
        }
    }

    #[inline]
    fn key(&self, node: &Node) -> u64 {
        node.pos.repetition_key()
    }

    /// Captures and exchanges reset the quiet-move count (docs/chess-t1-rules.md §7): no
    /// position before them comes back.
    fn irreversible(&self, _: &Node, mv: Move, _: &Node) -> bool {
        mv.kind != MoveKind::Quiet
    }

    /// The quiet-move limit (docs/chess-t1-rules.md §7).
    fn drawn_by_counter(&self, node: &Node) -> bool {
        node.pos.quiet_half_moves() >= QUIET_MOVE_LIMIT
    }

    /// Game-deciding moves first, then captures by most valuable victim and least valuable
    /// attacker (an exchange counts as a Scout's), then promotions by the piece they make.
    fn order_hint(&self, node: &Node, mv: Move) -> i32 {
        if decisive(&node.pos, &mv) {
            return HINT_DECISIVE;
        }
        let m = &self.material;
        if mv.is_capture() {
            let victim = mv.captured.map_or(0, |k| m.value(k));
            let attacker = if mv.kind == MoveKind::Exchange {
                m.value(PieceKind::Scout)
            } else {
                m.value(mv.piece)
            };
            return HINT_CAPTURE + victim * 64 - attacker;
        }
        mv.promotion.map_or(0, |p| m.value(p))
    }

    /// The move's fields that tell it from the position's other moves: from and to squares,
    /// kind, promotion and whether it was chosen (the piece and the victim follow from the
    /// squares).
    #[inline]
    fn move_code(&self, _: &Node, mv: Move) -> u32 {
        let kind = match mv.kind {
            MoveKind::Quiet => 0,
            MoveKind::Capture => 1,
            MoveKind::Exchange => 2,
        };
        let promotion = mv.promotion.map_or(0, |k| k.index() as u32 + 1);
        (mv.from.index() as u32 | (mv.to.index() as u32) << 6 | kind << 12)
            | promotion << 14
            | u32::from(mv.chosen) << 18
            | 1 << 19
    }

    /// A pass while the side to move has a piece that can always move (a Ritter, Scout or
    /// Konnet): chess-t1's zugzwangs are blockades, far from such a side.
    fn null_move(&self, node: &Node) -> Option<Node> {
        let b = node.pos.board();
        let us = node.pos.side_to_move();
        let free = b.pieces(us, PieceKind::Ritter)
            | b.pieces(us, PieceKind::Scout)
            | b.pieces(us, PieceKind::Konnet);
        if !free.nonempty() {
            return None;
        }
        node.pos.pass().map(|pos| Node { pos, ..*node })
    }

    /// The King in check, or the empty castle open to an enemy royal.
    fn in_danger(&self, node: &Node) -> bool {
        node.in_danger()
    }

    /// Captures, exchanges and entries into the enemy castle.
    fn tactical_moves(&self, node: &Node, out: &mut Vec<Move>) {
        node.moves(true, out);
    }

    /// The victim's value in cp; a promotion is never cut by delta pruning; a move that ends
    /// the game is always tried.
    fn capture_gain(&self, node: &Node, mv: Move) -> Option<i32> {
        if decisive(&node.pos, &mv) {
            return None;
        }
        if mv.promotion.is_some() {
            return Some(i32::MAX / 4);
        }
        Some(mv.captured.map_or(0, |k| self.material.value(k)) * CP_PER_HALF_UNIT)
    }

    #[inline]
    fn destination(&self, mv: Move) -> Option<u32> {
        Some(mv.to.index() as u32)
    }

    /// A blockaded side (no move at all) loses.
    fn blocked(&self, node: &Node) -> bool {
        let us = node.pos.side_to_move();
        !node
            .pos
            .has_moves_given_superiority(node.superior[us.index()])
    }
}

/// What the zones of a search cost and named.
#[derive(Clone, Debug, Default)]
pub struct ZoneWork {
    /// The root's named moves with their motives, in the zones' order.
    pub root: Vec<(Move, Vec<Motive>)>,
    /// Attack zones built and linked zones built.
    pub stats: UpdateStats,
    /// Projections built.
    pub projections: usize,
    /// Microseconds spent building projections and their candidates.
    pub micros: u64,
}

/// The zone mode's narrowing: nodes up to `plies` from the root with at least `min_depth`
/// plies to go keep the moves their projection names (first steps of the zones' trajectories)
/// and every tactical move and promotion; the root's projection is at `horizon`, the others'
/// at the depth left (at least 2, at most `horizon`).
pub struct ZoneMoves {
    /// Horizon of the root's projection, half-moves.
    pub horizon: i32,
    /// Nodes up to this ply narrow (0: the root only).
    pub plies: usize,
    /// ... when at least this much depth remains.
    pub min_depth: i32,
    /// Piece values of the zone candidates.
    pub material: Material,
    /// A named move that attacks or defends a King, a castle or a piece worth a Ritter or more
    /// along an open zone is searched one ply deeper.
    pub extend: bool,
    /// Keep only the first this many named moves (at the root, below it) and nothing else,
    /// with the projections below the root at the depth left (at least 2, whatever the
    /// horizon): the narrow tree of the baseline. `None`: every named move, tactical move and
    /// promotion.
    pub widths: Option<(usize, usize)>,
    /// Take zones over from the projections of nearby nodes (one [`ZoneCache`] per ply)
    /// instead of building every node's projection from scratch: the same projections.
    pub reuse: bool,
    /// What was built, for the search's report.
    pub work: RefCell<ZoneWork>,
    /// The zone caches by ply, when zones are reused.
    caches: RefCell<Vec<ZoneCache<'static, ChessT1>>>,
    /// Named first steps (from, to, whether they extend) of positions already projected, by
    /// key and horizon.
    cache: RefCell<HashMap<(u64, i32), Named>>,
    /// The named first steps of the last projection of a position, by key.
    last: RefCell<HashMap<u64, Named>>,
}

/// First steps a projection names: from and to squares, and whether the step extends.
type Named = Vec<(u8, u8, bool)>;

/// Value (half-units) of a zone target worth searching deeper for: a Ritter.
const EXTEND_VALUE: i32 = 4;

/// Whether a named move deserves a deeper search: it is the first step of an attack root, or of
/// a defence, in a zone whose target is a King, a castle or a piece worth [`EXTEND_VALUE`] or
/// more and that gets through (or, for a defence, threatens to).
fn extends(motives: &[Motive]) -> bool {
    motives
        .iter()
        .any(|m| m.value >= EXTEND_VALUE && (m.defends || m.role == Role::Root))
}

/// The first steps of zone candidates.
fn named(candidates: &[(Move, Vec<Motive>)]) -> Named {
    candidates
        .iter()
        .map(|(m, motives)| (m.from.index() as u8, m.to.index() as u8, extends(motives)))
        .collect()
}

impl ZoneMoves {
    /// A narrowing at `horizon` near the root.
    pub fn new(horizon: i32, plies: usize, min_depth: i32, material: Material) -> ZoneMoves {
        ZoneMoves {
            horizon,
            plies,
            min_depth,
            material,
            extend: false,
            widths: None,
            reuse: false,
            work: RefCell::new(ZoneWork::default()),
            caches: RefCell::new(Vec::new()),
            cache: RefCell::new(HashMap::new()),
            last: RefCell::new(HashMap::new()),
        }
    }

    /// The zone candidates of `pos` with their motives (at `ply`), counted in the work.
    fn project(&self, pos: &Position, horizon: i32, ply: usize) -> Vec<(Move, Vec<Motive>)> {
        let config = ZoneConfig {
            horizon,
            parallel: false,
            ..ZoneConfig::default()
        };
        let started = Instant::now();
        let mut work = self.work.borrow_mut();
        let candidates = if self.reuse {
            let mut caches = self.caches.borrow_mut();
            while caches.len() <= ply {
                caches.push(ZoneCache::new(&ChessT1, config.clone()));
            }
            let mp = caches[ply].project_at(pos, horizon);
            let stats = caches[ply].stats();
            work.stats.reused += stats.reused;
            work.stats.rebuilt += stats.rebuilt;
            work.stats.linked += stats.linked;
            zone_candidates(pos, &mp, &self.material)
        } else {
            let mp = Projection::build(&ChessT1, pos, &config);
            work.stats.add_built(&mp);
            zone_candidates(pos, &mp, &self.material)
        };
        work.projections += 1;
        work.micros += started.elapsed().as_micros() as u64;
        candidates
    }

    /// Keeps the named moves, tactical moves and promotions of `moves` (with widths: only the
    /// first named moves), the named ones in the zones' order first; all of them where none is
    /// named.
    fn keep(&self, node: &Node, named: Named, ply: usize, moves: &mut Vec<Move>) {
        let width = match self.widths {
            Some((root, below)) => (if ply == 0 { root } else { below }).min(named.len()),
            None => named.len(),
        };
        let rank = |mv: &Move| {
            named[..width]
                .iter()
                .position(|&(f, t, _)| (f, t) == (mv.from.index() as u8, mv.to.index() as u8))
        };
        if !moves.iter().any(|mv| rank(mv).is_some()) {
            return;
        }
        if self.widths.is_some() {
            moves.retain(|mv| rank(mv).is_some());
        } else {
            // The tactical moves include the ones that decide the game.
            let mut tactical = Vec::new();
            node.moves(true, &mut tactical);
            moves
                .retain(|mv| rank(mv).is_some() || mv.promotion.is_some() || tactical.contains(mv));
        }
        moves.sort_by_key(|mv| rank(mv).unwrap_or(usize::MAX));
        if self.extend {
            let mut last = self.last.borrow_mut();
            if last.len() > 4096 {
                last.clear();
            }
            last.insert(node.pos.repetition_key(), named);
        }
    }
}

impl Narrowing<SearchRules> for ZoneMoves {
    fn narrow(&self, _: &SearchRules, node: &Node, ply: usize, moves: &mut Vec<Move>) {
        if ply > 0 {
            return;
        }
        let candidates = self.project(&node.pos, self.horizon, 0);
        let named = named(&candidates);
        self.work.borrow_mut().root = candidates;
        self.keep(node, named, 0, moves);
    }

    fn narrow_at(
        &self,
        _: &SearchRules,
        node: &Node,
        ply: usize,
        depth: i32,
        moves: &mut Vec<Move>,
    ) {
        if ply > self.plies || depth < self.min_depth {
            return;
        }
        let horizon = match self.widths {
            Some(_) => depth.max(2),
            None => depth.min(self.horizon).max(2),
        };
        let key = (node.pos.repetition_key(), horizon);
        let cached = self.cache.borrow().get(&key).cloned();
        let named = match cached {
            Some(named) => named,
            None => {
                let named = named(&self.project(&node.pos, horizon, ply));
                let mut cache = self.cache.borrow_mut();
                if cache.len() > 4096 {
                    cache.clear();
                }
                cache.insert(key, named.clone());
                named
            }
        };
        self.keep(node, named, ply, moves);
    }

    fn active(&self, ply: usize) -> bool {
        ply <= self.plies
    }

    fn extends(&self, _: &SearchRules, node: &Node, mv: Move) -> bool {
        self.extend
            && self
                .last
                .borrow()
                .get(&node.pos.repetition_key())
                .is_some_and(|named| {
                    named.iter().any(|&(f, t, e)| {
                        e && (f, t) == (mv.from.index() as u8, mv.to.index() as u8)
                    })
                })
    }
}
