//! The zone-guided search of any game (docs/zones.md §5): at each node near the root the
//! projection is built and only the moves it names are searched — the first steps of the side to
//! move's own roots (every shortest trajectory's first square), of its negations of the other
//! side's zones (of every shortest trajectory's negations, [`crate::zone::Zone::other_ways`]; below the root
//! only the urgent ones: those that stop the root by themselves and have no move to spare), of
//! its answers to the negations of its own zones, and the tactical moves (the game's captures).
//! Deeper nodes, nodes without zones and the nodes of the root's opponent (odd plies) search
//! every move: the zones choose the root side's plans, and every answer to them is searched (cut
//! at the opponent's nodes too, the narrowed tree missed the refutations of the plans it chose).
//!
//! Below the root the projection looks no further than the search: with `r` plies left its
//! horizon is at most `r + 1` half-moves (the plies searched, and the quiescence search's first
//! ply, where a tactical move completes a zone; a move after a stand pat is not forced).
//! Where that horizon names nothing, the full one is used.
//!
//! A node's projection is built once a search and read again when a later iteration comes
//! back to the node. On both sides ([`ZoneNarrowing::on_both_sides`]) the root opponent's nodes
//! are narrowed by their own projections too, for the styles that search every move.
//!
//! [`search_narrowed`](crate::search::search_narrowed) keeps the narrowing honest: where the
//! narrowed tree reports a loss, a full-width search decides.

use crate::motive::{Motive, Purpose, motives};
use crate::search::{Narrowing, Rules};
use crate::zone::{ZoneGame, build};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The squares a move leaves and reaches, which is how the projection names moves.
pub trait MoveSquares: Rules {
    /// The square `mv` leaves (`None` for a move that leaves none, such as a drop) and the
    /// square it reaches.
    fn move_squares(&self, mv: Self::Move) -> (Option<u32>, u32);
}

/// The narrowing by zones: the projection of `game` at `horizon` half-moves, at nodes fewer
/// than `plies` plies from the root; with `extend`, the named moves that advance an open root
/// trajectory or make an urgent negation are searched one ply deeper.
#[derive(Debug)]
pub struct ZoneNarrowing<'a, Z: ZoneGame> {
    /// The game's zone builder.
    pub game: &'a Z,
    /// The horizon of the projection, half-moves.
    pub horizon: i32,
    /// Nodes this many plies from the root and deeper search every move.
    pub plies: usize,
    /// Whether the pressing named moves get one ply more ([`Narrowing::extends`]).
    pub extend: bool,
    /// Whether the root opponent's nodes (odd plies) are narrowed too: by its own projection,
    /// its plans and its negations of the root side's. Meant for the styles that keep every
    /// move (the order, the steer): a cut there drops the refutations of the root side's plans.
    pub both_sides: bool,
    /// The pressing steps of the positions narrowed so far, by their key ([`Rules::key`]).
    pressing: RefCell<FxHashMap<u64, Vec<Motive<Z::Set>>>>,
    /// The steps named in the positions projected so far, by their key and the horizon: the
    /// iterations of a deepening search come back to the same nodes near the root, and a
    /// node's projection is then read, not built again.
    named: RefCell<Projections<Z::Set>>,
    /// Whether projections are read again ([`ZoneNarrowing::remembering`]).
    remember: bool,
    /// Projections built and read from [`ZoneNarrowing::named`] so far.
    counts: std::cell::Cell<NarrowingCounts>,
}

/// The steps named at each node projected so far, by the node's key and the horizon.
type Projections<S> = FxHashMap<(u64, i32), Vec<Motive<S>>>;

/// What a zone narrowing did in one search: projections built, and read again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NarrowingCounts {
    /// Projections built.
    pub built: u64,
    /// Nodes narrowed by a projection built earlier in the same search.
    pub reused: u64,
}

/// Positions whose pressing or named steps are kept before the memory is cleared.
const PRESSING_KEPT: usize = 4096;

impl<'a, Z: ZoneGame> ZoneNarrowing<'a, Z> {
    /// The narrowing of `game`'s projection at `horizon`, at nodes fewer than `plies` from the
    /// root, extending nothing.
    pub fn new(game: &'a Z, horizon: i32, plies: usize) -> Self {
        ZoneNarrowing {
            game,
            horizon,
            plies,
            extend: false,
            both_sides: false,
            pressing: RefCell::new(FxHashMap::default()),
            named: RefCell::new(FxHashMap::default()),
            remember: true,
            counts: std::cell::Cell::new(NarrowingCounts::default()),
        }
    }

    /// The same, the pressing named moves extended by one ply where `extend`.
    pub fn extending(mut self, extend: bool) -> Self {
        self.extend = extend;
        self
    }

    /// The same, the root opponent's nodes narrowed too where `both` ([`ZoneNarrowing::both_sides`]).
    pub fn on_both_sides(mut self, both: bool) -> Self {
        self.both_sides = both;
        self
    }

    /// The same, building every node's projection anew where `remember` is false (the
    /// simple reference the memory is tested against: the same tree, more time).
    pub fn remembering(mut self, remember: bool) -> Self {
        self.remember = remember;
        self
    }

    /// The projections built and read again so far.
    pub fn counts(&self) -> NarrowingCounts {
        self.counts.get()
    }
}

/// Whether a step presses: it advances a root trajectory no negation stops in time, or it is a
/// negation that must be made now.
fn presses<S>(m: &Motive<S>) -> bool {
    matches!(
        m.purpose,
        Purpose::Root { open: true, .. } | Purpose::Negation { urgent: true, .. }
    )
}

/// The horizon of the projection at a node below the root with `depth` plies left to search,
/// for a narrowing at `horizon`: at most the plies searched and the quiescence search's first.
pub fn horizon_below_root(horizon: i32, depth: i32) -> i32 {
    horizon.min(depth.max(0) + 1)
}

impl<Z: ZoneGame> ZoneNarrowing<'_, Z> {
    /// The steps the projection of `pos` (whose [`Rules::key`] is `key`) at `horizon` names for
    /// the side to move ([`motives`]), the projection built once a search: at the root all of
    /// them; below it, of the negations only the urgent ones (they stop the root by themselves
    /// and their moves use their whole budget): one with time to spare can wait, and the next
    /// node's projection names it again.
    fn named(&self, pos: &Z::Position, key: u64, horizon: i32, ply: usize) -> Vec<Motive<Z::Set>> {
        let mut counts = self.counts.get();
        let cached = if self.remember {
            self.named.borrow().get(&(key, horizon)).cloned()
        } else {
            None
        };
        let mut named = match cached {
            Some(named) => {
                counts.reused += 1;
                named
            }
            None => {
                counts.built += 1;
                let named = motives(self.game, pos, &build(self.game, pos, horizon));
                let mut all = self.named.borrow_mut();
                if all.len() >= PRESSING_KEPT {
                    all.clear();
                }
                all.insert((key, horizon), named.clone());
                named
            }
        };
        self.counts.set(counts);
        if ply > 0 {
            named.retain(|m| match m.purpose {
                Purpose::Negation { urgent, .. } => urgent,
                _ => true,
            });
        }
        named
    }
}

impl<R, Z> Narrowing<R> for ZoneNarrowing<'_, Z>
where
    R: MoveSquares,
    Z: ZoneGame<Position = R::Position>,
{
    fn narrow(&self, rules: &R, pos: &R::Position, ply: usize, moves: &mut Vec<R::Move>) {
        self.keep_named(rules, pos, ply, self.horizon, moves);
    }

    fn narrow_at(
        &self,
        rules: &R,
        pos: &R::Position,
        ply: usize,
        depth: i32,
        moves: &mut Vec<R::Move>,
    ) {
        let horizon = horizon_below_root(self.horizon, depth);
        self.keep_named(rules, pos, ply, horizon, moves);
    }

    /// The root side's nodes fewer than `plies` from the root (and its opponent's, on both
    /// sides): elsewhere every move is searched, so the search may generate them in stages and
    /// need not time a projection.
    fn active(&self, ply: usize) -> bool {
        ply < self.plies && (self.both_sides || ply.is_multiple_of(2))
    }

    fn extends(&self, rules: &R, pos: &R::Position, mv: R::Move) -> bool {
        if !self.extend {
            return false;
        }
        let (from, to) = rules.move_squares(mv);
        let Some(from) = from else {
            return false;
        };
        self.pressing
            .borrow()
            .get(&rules.key(pos))
            .is_some_and(|steps| steps.iter().any(|m| m.names(from, to)))
    }
}

impl<Z: ZoneGame> ZoneNarrowing<'_, Z> {
    /// At the root side's nodes, keeps the moves the projection at `horizon` names (at the full
    /// horizon if that one names none) and the tactical moves.
    fn keep_named<R>(
        &self,
        rules: &R,
        pos: &R::Position,
        ply: usize,
        horizon: i32,
        moves: &mut Vec<R::Move>,
    ) where
        R: MoveSquares,
        Z: ZoneGame<Position = R::Position>,
    {
        if !(self.both_sides || ply.is_multiple_of(2))
            || ply >= self.plies
            || !self.game.has_zones(pos)
            || moves.len() <= 1
        {
            return;
        }
        let key = rules.key(pos);
        let mut named = self.named(pos, key, horizon, ply);
        if named.is_empty() && horizon < self.horizon {
            named = self.named(pos, key, self.horizon, ply);
        }
        if self.extend {
            let mut pressing = self.pressing.borrow_mut();
            if pressing.len() >= PRESSING_KEPT {
                pressing.clear();
            }
            pressing.insert(key, named.iter().copied().filter(presses).collect());
        }
        let mut tactical = Vec::new();
        rules.tactical_moves(pos, &mut tactical);
        let kept: Vec<R::Move> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                tactical.contains(&mv) || {
                    let (from, to) = rules.move_squares(mv);
                    from.is_some_and(|f| named.iter().any(|n| n.names(f, to)))
                }
            })
            .collect();
        if !kept.is_empty() {
            *moves = kept;
        }
    }
}
