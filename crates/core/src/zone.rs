//! Zones of any game (docs/zones-games.md): a root piece's shortest trajectory to an aim within
//! the horizon, and the opposing pieces' first negations in time, with Botvinnik's labels
//! ((+, z.0) the root, (-, z.1) a first negation).
//!
//! A game supplies [`ZoneGame`]: how its pieces step, what a root may aim at, from where an
//! opposing piece stops a root arriving on a square, whether a piece standing on the path stops
//! it by itself, and which squares decide a piece's steps. The builder does the rest with the
//! core's distance maps, shortest bundles and time budgets, the same for every game.
//!
//! The **incremental projection** ([`IncrementalProjection`]) keeps the opposing pieces' distance maps
//! from one position to the next while no square they depend on changed (their footprints, from
//! [`ZoneGame::step_footprint`]), and assembles the zones again from them: the zones it gives are
//! exactly those of a fresh [`build`], which the tests check along random games.
//!
//! This builder is for games whose pieces stop a root by their presence or attack (races to a
//! goal square, custodial captures, captures by rank). Where control is a question of force sums, with
//! supports, contests and linked zones, the game implements [`crate::force::ForceGame`] and gets
//! [`crate::force::zone`] instead (zones-games.md §2: each game says what stopping means).

use crate::distance::{Bundle, DistanceMap, Steps};
use crate::horizon::{RootBudget, k_max};
use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::sync::Arc;
use zonal_board::{Shape, Side, SquareSet};

mod types;
pub use types::*;

/// The square of `set` nearest to the map's piece within `limit` moves, with its distance (ties:
/// the lowest square).
fn nearest_within<S: SquareSet>(map: &DistanceMap<S>, set: S, limit: i32) -> Option<(u32, u32)> {
    set.squares()
        .filter_map(|s| map.distance(s).map(|d| (d, s)))
        .filter(|&(d, _)| d as i32 <= limit)
        .min()
}

/// The names of [`Built::features`]: the projection's quantities offered to a fitted
/// evaluation, each White's count less Black's.
pub const FEATURES: [&str; 7] = [
    // Open zones to a goal square whose root trajectory takes 1, 2, 3 or more moves.
    "zone_goal_1",
    "zone_goal_2",
    "zone_goal_3",
    // Open zones capturing a piece in 1, or 2 or more moves.
    "zone_capture_1",
    "zone_capture_2",
    // The side's zones (and complexes) that a negation of the other side holds in time.
    "zone_held",
    // The side's pieces that alone hold two or more zones of the other side (overloaded).
    "zone_overloaded",
];

/// The horizon, in half-moves, of the projection behind [`Built::features`] when a game's
/// evaluation uses them.
pub const FEATURE_HORIZON: i32 = 4;

/// A projection: the zones and the complex zones that join some of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Built {
    /// Every zone, the parts of complexes among them.
    pub zones: Vec<Zone>,
    /// The complex zones.
    pub complexes: Vec<Complex>,
}

impl Built {
    /// Whether the complex gets through: every part is open, the target cannot step away and
    /// no partner is taken in time.
    pub fn complex_is_open(&self, c: &Complex) -> bool {
        c.retreat.is_none()
            && c.partner_threats.is_empty()
            && c.zones.iter().all(|&z| self.zones[z].is_open())
    }

    /// The projection's quantities of [`FEATURES`], each White's count less Black's. Open
    /// complexes count with the captures of their length.
    pub fn features(&self) -> [i32; FEATURES.len()] {
        let mut out = [0; FEATURES.len()];
        let sign = |side: Side| if side == Side::White { 1 } else { -1 };
        // The zones each piece holds alone, by its square.
        let mut alone: HashMap<u32, (Side, i32)> = HashMap::new();
        for z in &self.zones {
            if z.aim.kind == AimKind::Occupy {
                continue;
            }
            if z.is_open() {
                let len = z.length().max(1);
                let i = match z.aim.kind {
                    AimKind::Goal => len.min(3) - 1,
                    _ => 3 + len.min(2) - 1,
                };
                out[i] += sign(z.side);
                continue;
            }
            out[5] += sign(z.side);
            let mut stoppers = z.negations.iter().filter(|n| n.stops).map(|n| n.from);
            let first = stoppers.next();
            if let Some(only) = first.filter(|_| stoppers.all(|s| Some(s) == first)) {
                alone.entry(only).or_insert((z.side.other(), 0)).1 += 1;
            }
        }
        for c in &self.complexes {
            if self.complex_is_open(c) {
                out[3 + c.length.clamp(1, 2) - 1] += sign(c.side);
            } else {
                out[5] += sign(c.side);
            }
        }
        for (side, count) in alone.into_values() {
            if count >= 2 {
                out[6] += sign(side);
            }
        }
        out
    }
}

/// What a zone or complex gains its root's side when it gets through (zones.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gain {
    /// The game is won.
    Wins,
    /// Material in the game's own unit (pieces or their values); 0 when stopped.
    Material(i32),
}

/// A zone's outcome for both sides to move (zones.md §4): the gain when its root gets through
/// in time, nothing when a negation holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZoneOutcome {
    /// With the side to move of the position.
    pub now: Gain,
    /// With the other side to move (the same placement), if that is a position of the game.
    pub other_to_move: Option<Gain>,
}

/// The outcomes of the zones of `built` (the projection of `pos` at horizon `h`) and of its
/// complexes, each for both sides to move: the projection of the same placement with the other
/// side to move is built to tell (a zone missing from it gains nothing there).
pub fn outcomes<G: ZoneGame>(
    game: &G,
    pos: &G::Position,
    built: &Built,
    h: i32,
) -> (Vec<ZoneOutcome>, Vec<ZoneOutcome>) {
    let flipped = game
        .with_other_side_to_move(pos)
        .map(|other| (build(game, &other, h), other));
    let zone_gain = |p: &G::Position, z: &Zone| {
        if z.is_open() {
            game.gain(p, z.aim)
        } else {
            Gain::Material(0)
        }
    };
    let complex_gain = |b: &Built, p: &G::Position, c: &Complex| {
        if b.complex_is_open(c) {
            game.complex_gain(p, c.target)
        } else {
            Gain::Material(0)
        }
    };
    let zones = built
        .zones
        .iter()
        .map(|z| ZoneOutcome {
            now: zone_gain(pos, z),
            other_to_move: flipped.as_ref().map(|(b, p)| {
                b.zones
                    .iter()
                    .find(|y| y.side == z.side && y.aim == z.aim && y.root[0] == z.root[0])
                    .map_or(Gain::Material(0), |y| zone_gain(p, y))
            }),
        })
        .collect();
    let complexes = built
        .complexes
        .iter()
        .map(|c| ZoneOutcome {
            now: complex_gain(built, pos, c),
            other_to_move: flipped.as_ref().map(|(b, p)| {
                b.complexes
                    .iter()
                    .find(|y| y.side == c.side && y.target == c.target)
                    .map_or(Gain::Material(0), |y| complex_gain(b, p, y))
            }),
        })
        .collect();
    (zones, complexes)
}

/// What a game tells the zone builder.
pub trait ZoneGame {
    /// The game's square sets.
    type Set: SquareSet;
    /// The game's positions.
    type Position;
    /// How one of its pieces steps in a position.
    type Steps<'a>: Steps<Self::Set>
    where
        Self: 'a;

    /// The board's shape.
    fn shape(&self, pos: &Self::Position) -> Shape;
    /// The side to move.
    fn to_move(&self, pos: &Self::Position) -> Side;
    /// Whether the position has zones at all (not while pieces are still being placed, not once
    /// the game is over).
    fn has_zones(&self, pos: &Self::Position) -> bool;
    /// The occupied squares.
    fn occupied(&self, pos: &Self::Position) -> Self::Set;
    /// The squares of `side`'s pieces that may be roots.
    fn roots(&self, pos: &Self::Position, side: Side) -> Self::Set;
    /// The squares of `side`'s pieces that may negate a root of the other side.
    fn negators(&self, pos: &Self::Position, side: Side) -> Self::Set;
    /// How the piece on `sq` steps, if a piece stands there.
    fn steps<'a>(&'a self, pos: &'a Self::Position, sq: u32) -> Option<Self::Steps<'a>>;
    /// What the root piece on `root` may aim at.
    fn aims(&self, pos: &Self::Position, root: u32) -> Vec<Aim>;
    /// The squares from which the piece on `stopper` stops the piece on `moving` arriving on
    /// `a` (`occupied` is the board with the moving piece's square emptied, since it moves along
    /// its trajectory). The stopper's own square is among them when it already stops it from
    /// there. Used for the first negations (the root stopped) and for the second (a negating
    /// piece stopped); occupying the square or a square the step passes over is a blockade,
    /// which the builder adds itself.
    fn stop_squares(
        &self,
        pos: &Self::Position,
        stopper: u32,
        moving: u32,
        a: u32,
        occupied: Self::Set,
    ) -> Self::Set;
    /// Whether a piece of the other side standing on `a`, a square of the root's path, stops
    /// the root by itself (in some games it does not: the root may take an unguarded piece
    /// there).
    fn blockade_stops(&self, pos: &Self::Position, moving: u32, a: u32) -> bool;
    /// The aims of `side` that need several of its pieces to arrive: for each, the enemy piece
    /// aimed at, the squares that must all be occupied, and the squares whose pieces must stay
    /// where they are (they already take part). None by default.
    fn complex_aims(&self, _pos: &Self::Position, _side: Side) -> Vec<ComplexAim<Self::Set>> {
        Vec::new()
    }
    /// What meeting `aim` gains the root's side (a complex's parts gain nothing alone: the
    /// complex gains [`ZoneGame::complex_gain`]).
    fn gain(&self, _pos: &Self::Position, aim: Aim) -> Gain {
        match aim.kind {
            AimKind::Goal => Gain::Wins,
            AimKind::Capture => Gain::Material(1),
            AimKind::Occupy => Gain::Material(0),
        }
    }
    /// What meeting a complex aim at `target` gains (one piece by default).
    fn complex_gain(&self, _pos: &Self::Position, _target: u32) -> Gain {
        Gain::Material(1)
    }
    /// The same placement with the other side to move, if that is a position of the game (for
    /// the outcomes of zones.md §4, which are computed for both sides to move).
    fn with_other_side_to_move(&self, _pos: &Self::Position) -> Option<Self::Position> {
        None
    }
    /// The squares between `stopper` and `a` whose occupation ends its control of `a` (a line
    /// piece's squares in between): a (+) piece interposing there answers a control that is
    /// already in place. None by default (control without lines).
    fn control_line(&self, _pos: &Self::Position, _stopper: u32, _a: u32) -> Self::Set {
        Self::Set::EMPTY
    }
    /// The squares whose contents decide how the piece standing on `piece` steps from `sq`
    /// (for a sliding piece: its lines from `sq` up to and including the first occupied square,
    /// its own square counted empty). The incremental projection keeps a piece's distance map
    /// while no square of the footprints of its explored squares changes.
    fn step_footprint(&self, pos: &Self::Position, piece: u32, sq: u32) -> Self::Set;
}

/// The zones of both sides within horizon `h` half-moves, built from scratch.
pub fn build<G: ZoneGame>(game: &G, pos: &G::Position, h: i32) -> Built {
    IncrementalProjection::new().project(game, pos, h, G::Set::EMPTY)
}

/// A piece's distance map with the squares it depends on.
#[derive(Clone, Debug)]
struct CachedMap<S> {
    /// Shared, so that the zone builder reads it while it asks the cache for paths.
    map: Arc<DistanceMap<S>>,
    depth: u32,
    footprint: S,
    /// First shortest trajectories found from the piece's square, by goal (each lies within
    /// the map's depth, so it depends on no square outside the footprint).
    paths: FxHashMap<u32, Vec<u32>>,
}

/// Reuse figures of an incremental projection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProjectionStats {
    /// Distance maps built.
    pub built: usize,
    /// Distance maps found in the cache: built earlier in the same projection (maps are shared
    /// by all zones) or kept from the previous position.
    pub reused: usize,
}

/// The incremental projection: distance maps of the negating pieces kept from one position to
/// the next while nothing they depend on changes; zones assembled from them.
#[derive(Clone, Debug)]
pub struct IncrementalProjection<S: SquareSet> {
    /// By the piece's square (a fast hash of small integers: SipHash was a tenth of a
    /// zone-guided search).
    maps: FxHashMap<u32, CachedMap<S>>,
    /// What was built and what reused so far.
    pub stats: ProjectionStats,
}

impl<S: SquareSet> Default for IncrementalProjection<S> {
    fn default() -> Self {
        IncrementalProjection::new()
    }
}

impl<S: SquareSet> IncrementalProjection<S> {
    /// An empty projection.
    pub fn new() -> Self {
        IncrementalProjection {
            maps: FxHashMap::default(),
            stats: ProjectionStats::default(),
        }
    }

    /// The zones of `pos` within horizon `h`, `changed` holding the squares whose contents
    /// differ from the position of the previous call (all of them, or the previous call's
    /// maps are wrong: [`crate::distance`] maps depend on every square of their footprints).
    pub fn project<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        h: i32,
        changed: S,
    ) -> Built {
        self.maps.retain(|_, m| (m.footprint & changed).is_empty());
        let mut out = Vec::new();
        if !game.has_zones(pos) {
            return Built::default();
        }
        // The longest a negation may take: m(i) <= k_max(h).
        let depth = k_max(h, true).max(0) as u32;
        for side in Side::BOTH {
            for root_sq in game.roots(pos, side).squares() {
                let Some(steps) = game.steps(pos, root_sq) else {
                    continue;
                };
                for aim in game.aims(pos, root_sq) {
                    let index = out.len();
                    if let Some(zone) =
                        self.zone(game, pos, h, side, root_sq, &steps, aim, depth, index)
                    {
                        out.push(zone);
                    }
                }
            }
        }
        let mut complexes = Vec::new();
        for side in Side::BOTH {
            for aim in game.complex_aims(pos, side) {
                if let Some(c) = self.complex(game, pos, h, side, aim, depth, &mut out) {
                    complexes.push(Complex {
                        index: complexes.len(),
                        ..c
                    });
                }
            }
        }
        // Negating a partner negates the complex: the other side's open plans that take a
        // partner before the complex is complete (open as they stand, before this pass): in
        // fewer moves, or in as many with the other side to move.
        let to_move = game.to_move(pos);
        let in_time =
            |plan: usize, c: &Complex| plan < c.length || (plan == c.length && to_move != c.side);
        let threats: Vec<Vec<PartnerThreat>> = complexes
            .iter()
            .map(|c| {
                let mut found = Vec::new();
                for &partner in &c.partners {
                    for z in out.iter().filter(|z| {
                        z.side != c.side
                            && z.aim.kind == AimKind::Capture
                            && z.aim.target == partner
                            && z.is_open()
                            && in_time(z.length(), c)
                    }) {
                        found.push(PartnerThreat {
                            partner,
                            zone: Some(z.index),
                            complex: None,
                        });
                    }
                    for other in complexes.iter().filter(|o| {
                        o.side != c.side
                            && o.target == partner
                            && in_time(o.length, c)
                            && o.retreat.is_none()
                            && o.zones.iter().all(|&z| out[z].is_open())
                    }) {
                        found.push(PartnerThreat {
                            partner,
                            zone: None,
                            complex: Some(other.index),
                        });
                    }
                }
                found
            })
            .collect();
        for (c, found) in complexes.iter_mut().zip(threats) {
            c.partner_threats = found;
        }
        Built {
            zones: out,
            complexes,
        }
    }

    /// The complex zone of `side` for `aim`: the pieces of `side` (roots and negators, not
    /// those that must stay) assigned one a square to fill so that the last arrives soonest,
    /// each within the horizon; one zone a part, appended to `zones`. `None` when the pieces
    /// cannot fill every square in time.
    #[allow(clippy::too_many_arguments)]
    fn complex<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        h: i32,
        side: Side,
        aim: ComplexAim<S>,
        depth: u32,
        zones: &mut Vec<Zone>,
    ) -> Option<Complex> {
        let (target, squares) = (aim.target, aim.fill);
        let plus_to_move = game.to_move(pos) == side;
        let reach = k_max(h, plus_to_move).max(0) as u32;
        let needed: Vec<u32> = squares.squares().collect();
        if needed.is_empty() || needed.len() > 8 {
            return None;
        }
        let candidates: Vec<u32> = ((game.roots(pos, side) | game.negators(pos, side)) & !aim.keep)
            .squares()
            .collect();
        // Distances of every candidate to every needed square (within the horizon).
        let mut dist = vec![vec![None; needed.len()]; candidates.len()];
        for (c, &q) in candidates.iter().enumerate() {
            let Some(steps) = game.steps(pos, q) else {
                continue;
            };
            let map = self.map(game, pos, q, &steps, depth.max(reach));
            for (n, &sq) in needed.iter().enumerate() {
                dist[c][n] = map.distance(sq).filter(|&d| d >= 1 && d <= reach);
            }
        }
        // A side moves one piece a ply, so the plan takes the sum of the parts' moves: the
        // assignment with the fewest moves in all (ties: the shortest longest part), by search
        // over the few squares.
        fn assign(
            dist: &[Vec<Option<u32>>],
            n: usize,
            used: &mut Vec<bool>,
            current: &mut Vec<usize>,
            best: &mut Option<(u32, u32, Vec<usize>)>,
        ) {
            let width = dist.first().map_or(0, Vec::len);
            if n == width {
                let lengths = current.iter().enumerate().filter_map(|(k, &c)| dist[c][k]);
                let (max, sum) = lengths.fold((0, 0), |(m, s), d| (m.max(d), s + d));
                if best.as_ref().is_none_or(|b| (sum, max) < (b.0, b.1)) {
                    *best = Some((sum, max, current.clone()));
                }
                return;
            }
            for c in 0..dist.len() {
                if !used[c] && dist[c][n].is_some() {
                    used[c] = true;
                    current.push(c);
                    assign(dist, n + 1, used, current, best);
                    current.pop();
                    used[c] = false;
                }
            }
        }
        let mut best = None;
        assign(
            &dist,
            0,
            &mut vec![false; candidates.len()],
            &mut Vec::new(),
            &mut best,
        );
        let (total, _, chosen) = best?;
        if total > reach {
            return None;
        }
        let mut parts = Vec::new();
        for (n, &c) in chosen.iter().enumerate() {
            let q = candidates[c];
            let steps = game.steps(pos, q)?;
            let aim = Aim {
                kind: AimKind::Occupy,
                target: needed[n],
            };
            let zone = self.zone(game, pos, h, side, q, &steps, aim, depth, zones.len())?;
            parts.push(zones.len());
            zones.push(zone);
        }
        // The target steps away before the last piece arrives, if it has a move and the time.
        let budget = RootBudget::new(h, total as i32, plus_to_move)?;
        let retreat = game
            .steps(pos, target)
            .and_then(|steps| steps.steps(target).first())
            .filter(|_| budget.retreat_moves() >= 1)
            .map(|flight| Negation {
                from: target,
                role: NegationRole::Retreat,
                attached: target,
                path: vec![target, flight],
                budget: budget.retreat_moves(),
                stops: true,
                answers: Vec::new(),
            });
        Some(Complex {
            index: 0,
            side,
            target,
            zones: parts,
            length: total as usize,
            retreat,
            partners: aim.keep.squares().collect(),
            partner_threats: Vec::new(),
        })
    }

    /// The distance map of the piece on `sq` to `depth` moves, taken over if still valid.
    fn map<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        sq: u32,
        steps: &G::Steps<'_>,
        depth: u32,
    ) -> Arc<DistanceMap<S>> {
        let fresh = self.maps.get(&sq).is_some_and(|m| m.depth >= depth);
        if fresh {
            self.stats.reused += 1;
        } else {
            let map = DistanceMap::build(game.shape(pos), sq, depth, steps);
            // The map to `depth` depends on the steps from every square of its first `depth`
            // layers.
            let mut footprint = S::single(sq);
            for x in map.within(depth.saturating_sub(1)).squares() {
                footprint |= game.step_footprint(pos, sq, x);
            }
            self.stats.built += 1;
            self.maps.insert(
                sq,
                CachedMap {
                    map: Arc::new(map),
                    depth,
                    footprint,
                    paths: FxHashMap::default(),
                },
            );
        }
        Arc::clone(&self.maps[&sq].map)
    }

    /// The zone of the root piece on `root_sq` (of `side`) aiming at `aim`: its first shortest
    /// trajectory within k_max, the budgets, and the first negations. `None` when the aim is out
    /// of reach.
    #[allow(clippy::too_many_arguments)]
    fn zone<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        h: i32,
        side: Side,
        root_sq: u32,
        steps: &G::Steps<'_>,
        aim: Aim,
        depth: u32,
        index: usize,
    ) -> Option<Zone> {
        let plus_to_move = game.to_move(pos) == side;
        let reach = k_max(h, plus_to_move).max(0) as u32;
        let bundle = Bundle::shortest(game.shape(pos), root_sq, aim.target, reach, steps)?;
        let root = bundle.trajectories(steps, 1).into_iter().next()?;
        let budget = RootBudget::new(h, bundle.length() as i32, plus_to_move)?;
        let negations = self.negations(game, pos, side, aim, &root, &budget, depth);
        let mut other_ways: Vec<Negation> = Vec::new();
        if bundle.count > 1 {
            for way in bundle.trajectories(steps, OTHER_WAYS + 1).iter().skip(1) {
                for n in self.negations(game, pos, side, aim, way, &budget, depth) {
                    let known = |m: &Negation| m.from == n.from && m.attached == n.attached;
                    if !root.contains(&n.attached) && !other_ways.iter().any(known) {
                        other_ways.push(n);
                    }
                }
            }
        }
        Some(Zone {
            index,
            side,
            aim,
            root,
            alternatives: bundle.count,
            negations,
            other_ways,
        })
    }

    /// The first shortest trajectory of the piece on `piece` to `to` (which its map reaches
    /// within `depth`), taken over with the piece's cached map.
    fn path_to(
        &mut self,
        shape: Shape,
        piece: u32,
        to: u32,
        depth: u32,
        steps: &impl Steps<S>,
    ) -> Vec<u32> {
        if let Some(path) = self.maps.get(&piece).and_then(|m| m.paths.get(&to)) {
            return path.clone();
        }
        let path = Bundle::shortest(shape, piece, to, depth.max(1), steps)
            .and_then(|b| b.trajectories(steps, 1).into_iter().next())
            .unwrap_or_else(|| vec![piece]);
        if let Some(m) = self.maps.get_mut(&piece) {
            m.paths.insert(to, path.clone());
        }
        path
    }

    /// The (-) pieces' first negations of a root trajectory.
    #[allow(clippy::too_many_arguments)]
    fn negations<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        side: Side,
        aim: Aim,
        root: &[u32],
        budget: &RootBudget,
        depth: u32,
    ) -> Vec<Negation> {
        let shape = game.shape(pos);
        let k = root.len() - 1;
        // The board as the root piece leaves it: it moves along the trajectory.
        let occupied = game.occupied(pos) & !S::single(root[0]);
        let mut out = Vec::new();
        for r in game.negators(pos, side.other()).squares() {
            let Some(steps) = game.steps(pos, r) else {
                continue;
            };
            if aim.kind == AimKind::Capture && r == aim.target {
                // The target steps away, if it has time for a move (it has none when the root
                // takes on its first move with (+) to move).
                if let Some(flight) = steps.steps(r).first()
                    && budget.retreat_moves() >= 1
                {
                    out.push(Negation {
                        from: r,
                        role: NegationRole::Retreat,
                        attached: r,
                        path: vec![r, flight],
                        budget: budget.retreat_moves(),
                        stops: true,
                        answers: Vec::new(),
                    });
                }
                continue;
            }
            let map = self.map(game, pos, r, &steps, depth);
            for (i, &a) in root.iter().enumerate().skip(1) {
                let m = budget.m(i as i32);
                if m < 0 {
                    continue;
                }
                let is_aim = i == k;
                let best = nearest_within(
                    &map,
                    game.stop_squares(pos, r, root[0], a, occupied & !S::single(r)),
                    m,
                );
                if let Some((_, s)) = best {
                    let role = if is_aim && aim.kind == AimKind::Capture {
                        NegationRole::Protection
                    } else {
                        NegationRole::Control
                    };
                    out.push(Negation {
                        from: r,
                        role,
                        attached: a,
                        path: self.path_to(shape, r, s, depth, &steps),
                        budget: m,
                        stops: true,
                        answers: Vec::new(),
                    });
                    continue;
                }
                if !is_aim
                    && let Some(d) = map.distance(a)
                    && d as i32 <= m
                {
                    out.push(Negation {
                        from: r,
                        role: NegationRole::Blockade,
                        attached: a,
                        path: self.path_to(shape, r, a, depth, &steps),
                        budget: m,
                        stops: game.blockade_stops(pos, root[0], a),
                        answers: Vec::new(),
                    });
                }
            }
        }
        out.sort_by_key(|n| (n.attached, n.path.len(), n.from));
        for n in &mut out {
            if n.role != NegationRole::Retreat {
                let i = root.iter().position(|&a| a == n.attached).unwrap_or(k);
                n.answers = self.answers(game, pos, side, n, i as i32, budget, depth);
            }
        }
        out
    }

    /// The (+) answers to the first negation `n` attached to a(i): for each square b(j) of its
    /// trajectory (j = 1 ..= d, d its moves), the (+) pieces that stop it there in time. The
    /// trajectory counts as one of length l = d + 1 ending on a(i) (its last move is the one
    /// that stops the root), so an answer to b(j) may take `counter_limit(i, l, j) - 1` moves:
    /// it must stand in place before the (-) piece moves there (zones.md §2, Hxx).
    #[allow(clippy::too_many_arguments)]
    fn answers<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        side: Side,
        n: &Negation,
        i: i32,
        budget: &RootBudget,
        depth: u32,
    ) -> Vec<Negation> {
        let shape = game.shape(pos);
        let d = n.path.len() - 1;
        if d == 0 {
            return self.interpositions(game, pos, side, n, budget.spare_moves(), depth);
        }
        let l = d as i32 + 1;
        let Some(moving) = game.steps(pos, n.from) else {
            return Vec::new();
        };
        let occupied = game.occupied(pos) & !S::single(n.from);
        let mut out = Vec::new();
        for q in game.negators(pos, side).squares() {
            let Some(steps) = game.steps(pos, q) else {
                continue;
            };
            let map = self.map(game, pos, q, &steps, depth);
            for j in 1..=d {
                let limit = budget.counter_limit(i, l, j as i32) - 1;
                if limit < 0 {
                    continue;
                }
                let b = n.path[j];
                let blocks = S::single(b) | moving.passes(n.path[j - 1], b);
                let control = game.stop_squares(pos, q, n.from, b, occupied & !S::single(q));
                let best = |set: S| nearest_within(&map, set, limit);
                let (role, target) = match (best(control), best(blocks)) {
                    (Some(c), Some(o)) if o < c => (NegationRole::Blockade, o.1),
                    (Some(c), _) => (NegationRole::Control, c.1),
                    (None, Some(o)) => (NegationRole::Blockade, o.1),
                    (None, None) => continue,
                };
                let path = self.path_to(shape, q, target, depth, &steps);
                out.push(Negation {
                    from: q,
                    role,
                    attached: b,
                    path,
                    budget: limit,
                    stops: true,
                    answers: Vec::new(),
                });
                // One answer a piece: the earliest square it stops.
                break;
            }
        }
        out.sort_by_key(|a| (a.path.len(), a.from));
        out
    }

    /// The (+) answers to a control already in place (the negation `n` has no move to make):
    /// pieces that occupy a square of its line ([`ZoneGame::control_line`]) within `limit`
    /// moves, before the root arrives.
    fn interpositions<G: ZoneGame<Set = S>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        side: Side,
        n: &Negation,
        limit: i32,
        depth: u32,
    ) -> Vec<Negation> {
        let line = match n.role {
            NegationRole::Control | NegationRole::Protection => {
                game.control_line(pos, n.from, n.attached)
            }
            _ => S::EMPTY,
        };
        if line.is_empty() || limit < 1 {
            return Vec::new();
        }
        let shape = game.shape(pos);
        let mut out = Vec::new();
        for q in game.negators(pos, side).squares() {
            let Some(steps) = game.steps(pos, q) else {
                continue;
            };
            let map = self.map(game, pos, q, &steps, depth);
            if let Some((_, b)) = nearest_within(&map, line, limit) {
                out.push(Negation {
                    from: q,
                    role: NegationRole::Blockade,
                    attached: b,
                    path: self.path_to(shape, q, b, depth, &steps),
                    budget: limit,
                    stops: true,
                    answers: Vec::new(),
                });
            }
        }
        out.sort_by_key(|a| (a.path.len(), a.from));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(side: Side, kind: AimKind, len: usize, stoppers: &[u32]) -> Zone {
        let negation = |from: u32| Negation {
            from,
            role: NegationRole::Control,
            attached: 1,
            path: vec![from],
            budget: 0,
            stops: true,
            answers: Vec::new(),
        };
        Zone {
            index: 0,
            side,
            aim: Aim { kind, target: 99 },
            root: (0..=len as u32).collect(),
            alternatives: 1,
            negations: stoppers.iter().map(|&s| negation(s)).collect(),
            other_ways: Vec::new(),
        }
    }

    #[test]
    fn features_count_open_held_and_overloaded_zones_for_each_side() {
        use AimKind::{Capture, Goal, Occupy};
        let built = Built {
            zones: vec![
                zone(Side::White, Goal, 1, &[]),
                zone(Side::White, Goal, 2, &[]),
                zone(Side::White, Goal, 5, &[]),
                zone(Side::Black, Goal, 4, &[]),
                zone(Side::Black, Capture, 1, &[]),
                zone(Side::White, Capture, 3, &[]),
                // Black's piece on 40 alone holds two white zones: it is overloaded.
                zone(Side::White, Capture, 1, &[40]),
                zone(Side::White, Goal, 2, &[40, 40]),
                // Two pieces hold this one: neither alone.
                zone(Side::White, Goal, 2, &[40, 41]),
                // White's piece on 7 holds one black zone only.
                zone(Side::Black, Capture, 2, &[7]),
                // An occupation is a part of a complex, counted with it.
                zone(Side::Black, Occupy, 1, &[]),
            ],
            complexes: Vec::new(),
        };
        let f = built.features();
        assert_eq!(FEATURES.len(), f.len());
        // goal 1, 2, 3+; capture 1, 2+; held; overloaded.
        assert_eq!(f, [1, 1, 0, -1, 1, 3 - 1, -1]);
        assert_eq!(Built::default().features(), [0; 7]);
    }
}
