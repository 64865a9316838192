//! Not recomputing what was computed (docs/zones.md §5): the mathematical projection kept up to date
//! move by move, rebuilding only the zones a move can change.
//!
//! A [`ZoneCache`] keeps every zone it has built with what the build read: the squares it
//! observed (the searched regions of the pieces whose trajectories it took, the target's
//! surroundings, the lines of force onto every square it weighed) and every answer its scans
//! found, piece by piece, together with the position it was built in. To project a new position
//! it computes the distance maps and the root trajectories (cheap), and for each root it looks
//! for a zone built for the same root trajectory, side to move and horizon (the budgets depend on
//! who moves, so zones are kept per side: "budgets shifted by one half-move") in a position that
//! differs from this one on a few squares; it takes that zone over unless a square the build
//! observed differs, or a piece whose search now meets such a square would answer differently.
//! Everything else is rebuilt; linked zones and complexes are always recomputed. The result is
//! always exactly what [`Projection::build`] gives, which the tests check after every move of
//! thousands of random games. Because the cache compares positions square by square, it serves
//! any position: the previous move's, a sibling in a search tree, a transposition.
//!
//! A [`Tracker`] is a cache following one line of play, with undo. A [`FootprintIndex`] maps
//! each square to the zones that depend on it ([`ForceZone::dependency_squares`]): the zones
//! docs/zones.md §5's rule would rebuild after a move.
//!

use super::zone::{
    Answer, Builder, Deps, ForceZone, Projection, Seed, ZoneConfig, ZoneKind, map_indexed,
};
use super::{BoardSquare, ForceGame, Squares};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};
use zonal_board::{Side, SquareSet};

/// What identifies a zone across positions: the horizon, the side to move and the root
/// trajectory with its target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SeedKey<R: ForceGame> {
    horizon: i32,
    side_to_move: Side,
    root: R::Piece,
    squares: Vec<R::Square>,
    target: Option<R::Piece>,
    aim: R::Aim,
}

impl<R: ForceGame> SeedKey<R> {
    fn of(horizon: i32, side_to_move: Side, seed: &Seed<R>) -> SeedKey<R> {
        SeedKey {
            horizon,
            side_to_move,
            root: seed.root.piece,
            squares: seed.root.squares.clone(),
            target: seed.target.piece,
            aim: seed.target.aim,
        }
    }
}

/// A root seed with its key.
type Keyed<R> = (SeedKey<R>, Seed<R>);

/// A zone of a new projection: taken over (from the position with that id) or built (with what
/// the build read).
type Rebuilt<R> = (SeedKey<R>, ForceZone<R>, Result<u64, Deps<R>>);

/// A kept position: its id, the position and its projection.
type Known<R> = (u64, <R as ForceGame>::Position, Arc<Projection<R>>);

/// A zone (in a kept projection) with what its build read and the position (by id) it is known
/// to be exact in.
struct Cached<R: ForceGame> {
    /// Index of the zone in the projection of position `origin`.
    index: usize,
    deps: Deps<R>,
    origin: u64,
}

/// Most positions whose zones the cache keeps.
const MAX_POSITIONS: usize = 4;
/// Most zones kept per key (from different positions).
const MAX_PER_KEY: usize = 2;

/// How the last projection went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UpdateStats {
    /// Attack zones taken over unchanged.
    pub reused: usize,
    /// Attack zones built again.
    pub rebuilt: usize,
    /// Linked zones (always built afresh).
    pub linked: usize,
}

impl UpdateStats {
    /// Counts the zones of a projection built from scratch: its attack zones as rebuilt, the
    /// rest as linked.
    pub fn add_built<R: ForceGame>(&mut self, mp: &Projection<R>) {
        let attack = mp
            .zones
            .iter()
            .filter(|z| z.kind == ZoneKind::Attack)
            .count();
        self.rebuilt += attack;
        self.linked += mp.zones.len() - attack;
    }
}

/// Zones built so far, reused wherever a rebuild would give exactly the same.
pub struct ZoneCache<'r, R: ForceGame> {
    rules: &'r R,
    config: ZoneConfig,
    zones: HashMap<SeedKey<R>, Vec<Cached<R>>>,
    /// The positions the kept zones were built in (or last confirmed in), with their
    /// projections, oldest first.
    positions: VecDeque<Known<R>>,
    next_id: u64,
    stats: UpdateStats,
}

impl<'r, R: ForceGame> ZoneCache<'r, R>
where
    R::Piece: Send + Sync,
{
    /// An empty cache for projections built with `config` (its horizon can be overridden per
    /// call of [`ZoneCache::project_at`]).
    pub fn new(rules: &'r R, config: ZoneConfig) -> ZoneCache<'r, R> {
        ZoneCache {
            rules,
            config,
            zones: HashMap::new(),
            positions: VecDeque::new(),
            next_id: 0,
            stats: UpdateStats::default(),
        }
    }

    /// How the last projection went.
    pub fn stats(&self) -> UpdateStats {
        self.stats
    }

    /// The projection of `pos` with the cache's horizon: exactly [`Projection::build`].
    pub fn project(&mut self, pos: &R::Position) -> Arc<Projection<R>> {
        self.project_at(pos, self.config.horizon)
    }

    /// The projection of `pos` with horizon `horizon`: exactly [`Projection::build`] with the
    /// cache's configuration at that horizon.
    pub fn project_at(&mut self, pos: &R::Position, horizon: i32) -> Arc<Projection<R>> {
        let config = ZoneConfig {
            horizon,
            ..self.config.clone()
        };
        let id = self.next_id;
        self.next_id += 1;
        let board = Builder::new(self.rules, pos, &config);
        let side_to_move = self.rules.side_to_move(pos);
        let keyed: Vec<Keyed<R>> = board
            .attack_seeds()
            .into_iter()
            .map(|seed| (SeedKey::of(horizon, side_to_move, &seed), seed))
            .collect();
        // Squares on which each known position differs from this one.
        let known: HashMap<u64, (R::Set, &Projection<R>)> = self
            .positions
            .iter()
            .map(|(i, p, mp)| (*i, (board_diff(self.rules, p, pos), &**mp)))
            .collect();
        let regions = Regions::new(&board);
        let zones = &self.zones;
        let built: Vec<Rebuilt<R>> = map_indexed(keyed, config.parallel, |i, (key, seed)| {
            // The nearest position's zone only: a zone that fails there rarely holds
            // further away, and every check costs.
            let reused = zones.get(&key).and_then(|list| {
                let cached = list.iter().min_by_key(|c| {
                    known
                        .get(&c.origin)
                        .map_or(u32::MAX, |k| SquareSet::count(k.0))
                })?;
                let (changed, mp) = known.get(&cached.origin)?;
                let zone = mp.zones.get(cached.index)?;
                valid(&board, &regions, zone, &cached.deps, &seed, *changed)
                    .then(|| (cached.origin, zone.clone()))
            });
            match reused {
                Some((origin, mut zone)) => {
                    zone.index = i;
                    (key, zone, Ok(origin))
                }
                None => {
                    let (zone, deps) = board.build_zone_deps(i, seed);
                    (key, zone, Err(deps))
                }
            }
        });
        let mut stats = UpdateStats::default();
        let mut zones = Vec::with_capacity(built.len());
        for (i, (key, zone, how)) in built.into_iter().enumerate() {
            let list = self.zones.entry(key).or_default();
            match how {
                // Exact here too: it is now known for this position.
                Ok(origin) => {
                    stats.reused += 1;
                    if let Some(c) = list.iter_mut().find(|c| c.origin == origin) {
                        c.origin = id;
                        c.index = i;
                    }
                }
                Err(deps) => {
                    stats.rebuilt += 1;
                    list.insert(
                        0,
                        Cached {
                            index: i,
                            deps,
                            origin: id,
                        },
                    );
                    list.truncate(MAX_PER_KEY);
                }
            }
            zones.push(zone);
        }
        let attack = zones.len();
        let projection = Arc::new(Projection::assemble(&board, zones));
        stats.linked = projection.zones.len() - attack;
        self.stats = stats;
        self.positions
            .push_back((id, pos.clone(), Arc::clone(&projection)));
        while self.positions.len() > MAX_POSITIONS {
            self.positions.pop_front();
        }
        // Zones of dropped positions are never served (their origin is unknown); sweeping them
        // out every few projections keeps the map small at a fraction of the cost.
        if id.is_multiple_of(MAX_POSITIONS as u64)
            && let Some(&(oldest, ..)) = self.positions.front()
        {
            self.zones.retain(|_, list| {
                list.retain(|c| c.origin >= oldest);
                !list.is_empty()
            });
        }
        projection
    }
}

/// From each square to the zones of a projection that depend on it (their footprint, and the
/// lines of force onto their contested squares: [`ForceZone::dependency_squares`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FootprintIndex {
    by_square: Vec<Vec<usize>>,
    zones: usize,
}

impl FootprintIndex {
    /// Indexes the zones of `mp`.
    pub fn new<R: ForceGame>(mp: &Projection<R>) -> FootprintIndex {
        let mut by_square = vec![Vec::new(); R::SHAPE.len() as usize];
        for zone in &mp.zones {
            for sq in zone.dependency_squares().each() {
                by_square[sq.index()].push(zone.index);
            }
        }
        FootprintIndex {
            by_square,
            zones: mp.zones.len(),
        }
    }

    /// Number of zones indexed.
    pub fn len(&self) -> usize {
        self.zones
    }

    /// Whether the projection had no zone.
    pub fn is_empty(&self) -> bool {
        self.zones == 0
    }

    /// Indices of the zones that depend on `sq`, ascending.
    pub fn zones_at<Q: BoardSquare>(&self, sq: Q) -> &[usize] {
        &self.by_square[sq.index()]
    }

    /// Indices of the zones that depend on any of `squares` (e.g. a move's from and to squares),
    /// ascending, each once.
    pub fn touched_by<Q: BoardSquare>(&self, squares: impl IntoIterator<Item = Q>) -> Vec<usize> {
        let mut out: Vec<usize> = squares
            .into_iter()
            .flat_map(|sq| self.zones_at(sq).iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Squares whose contents differ between `a` and `b`.
fn board_diff<R: ForceGame>(rules: &R, a: &R::Position, b: &R::Position) -> R::Set {
    let occupied =
        |p: &R::Position| rules.pieces_of(p, Side::White) | rules.pieces_of(p, Side::Black);
    R::Set::of(
        (occupied(a) | occupied(b))
            .each()
            .filter(|&sq| rules.piece_at(a, sq) != rules.piece_at(b, sq)),
    )
}

/// One position of the line played, with its projection.
struct Frame<R: ForceGame> {
    pos: R::Position,
    projection: Arc<Projection<R>>,
}

/// The projection of a line of play, updated move by move.
pub struct Tracker<'r, R: ForceGame> {
    rules: &'r R,
    frames: Vec<Frame<R>>,
    cache: ZoneCache<'r, R>,
}

impl<'r, R: ForceGame> Tracker<'r, R>
where
    R::Piece: Send + Sync,
{
    /// Builds the projection of `start` from scratch.
    pub fn new(rules: &'r R, start: R::Position, config: ZoneConfig) -> Tracker<'r, R> {
        let mut cache = ZoneCache::new(rules, config);
        let projection = cache.project(&start);
        Tracker {
            rules,
            frames: vec![Frame {
                pos: start,
                projection,
            }],
            cache,
        }
    }

    /// The current position.
    pub fn position(&self) -> &R::Position {
        &self.frames.last().expect("a tracker has a frame").pos
    }

    /// The projection of the current position.
    pub fn projection(&self) -> &Projection<R> {
        &self
            .frames
            .last()
            .expect("a tracker has a frame")
            .projection
    }

    /// How the last update went.
    pub fn stats(&self) -> UpdateStats {
        self.cache.stats()
    }

    /// Number of moves played (and not undone).
    pub fn depth(&self) -> usize {
        self.frames.len() - 1
    }

    /// Plays `mv` (legal in the current position) and updates the projection.
    pub fn play(&mut self, mv: &R::Move) {
        let pos = self.rules.play(self.position(), mv);
        let projection = self.cache.project(&pos);
        self.frames.push(Frame { pos, projection });
    }

    /// Takes back the last move, restoring the previous projection. Does nothing at the start.
    pub fn undo(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }
}

/// The searched regions of the pieces of a position, by square and depth (0..=8), each computed
/// once per update when first asked for.
struct Regions<'b, 'a, R: ForceGame> {
    board: &'b Builder<'a, R>,
    regions: Vec<[OnceLock<R::Set>; REGION_DEPTHS]>,
}

/// Depths of observed regions cached per square (0 to 12).
const REGION_DEPTHS: usize = 13;

impl<'b, 'a, R: ForceGame> Regions<'b, 'a, R> {
    fn new(board: &'b Builder<'a, R>) -> Regions<'b, 'a, R> {
        Regions {
            board,
            regions: (0..R::SHAPE.len()).map(|_| Default::default()).collect(),
        }
    }

    fn get(&self, sq: R::Square, depth: u32) -> R::Set {
        // Cached<R> up to the deepest depth a horizon of 12 asks for; deeper ones are computed each
        // time (never capped: a smaller region could miss a change and keep a stale zone).
        match self.regions[sq.index()].get(depth as usize) {
            Some(cell) => *cell.get_or_init(|| self.board.observed(sq, depth)),
            None => self.board.observed(sq, depth),
        }
    }
}

/// Whether `cached` is exactly what building its zone from `seed` on `board` would give,
/// `changed` being the squares changed since it was built. Everything the build read is checked
/// where a change could reach it: the force sums it weighed, the target's flights, the answers
/// and trajectories of every piece whose search meets a changed square.
fn valid<R: ForceGame>(
    board: &Builder<'_, R>,
    regions: &Regions<'_, '_, R>,
    zone: &ForceZone<R>,
    deps: &Deps<R>,
    seed: &Seed<R>,
    changed: R::Set,
) -> bool {
    if zone.root().alternatives != seed.alternatives {
        return false;
    }
    if changed.is_empty() {
        return true;
    }
    // A build only ever draws trajectories of pieces from where they stand: a trajectory whose
    // piece no longer stands on its first square cannot come out again.
    if zone.trajectories.iter().skip(1).any(|t| {
        let path = &t.trajectory;
        changed.contains(path.start())
            && board.rules.piece_at(board.pos, path.start()) != Some(path.piece)
    }) {
        return false;
    }
    // The pieces standing on changed squares first (the moved ones: most often what differs),
    // then the force sums, then the pieces whose search crosses a changed square.
    if changed
        .each()
        .any(|sq| !same_answers(board, zone, deps, sq))
    {
        return false;
    }
    for (relocations, sq, result) in &deps.sums {
        let mut region = R::force_region(*sq);
        for &(a, b) in relocations {
            region.insert(a);
            region.insert(b);
        }
        if region.intersects(changed)
            && board.rules.sums_after(board.pos, relocations, *sq) != *result
        {
            return false;
        }
    }
    if let (Some(flights), Some(target)) = (deps.flights, zone.target.piece)
        && regions.get(zone.target.square, 1).intersects(changed)
        && board.flights(target, zone.target.square) != flights
    {
        return false;
    }
    let depth = deps.max_time.max(0) as u32;
    board.pieces.iter().all(|&(sq, _)| {
        changed.contains(sq)
            || !regions.get(sq, depth).intersects(changed)
            || same_answers(board, zone, deps, sq)
    })
}

/// Whether the piece now on `sq` (if any) gives `zone` exactly the answers and trajectories its
/// build recorded for that square.
fn same_answers<R: ForceGame>(
    board: &Builder<'_, R>,
    zone: &ForceZone<R>,
    deps: &Deps<R>,
    sq: R::Square,
) -> bool {
    let recorded: &[Answer<R>] = deps
        .candidates
        .iter()
        .find(|(s, _)| *s == sq)
        .map_or(&[], |(_, list)| list.as_slice());
    let mut now = Vec::new();
    if let Some(piece) = board.rules.piece_at(board.pos, sq) {
        if board.rules.side(piece) == zone.side.other() {
            now.extend(board.level1_answers(zone, sq, piece));
        }
        for (level, parents) in deps.parents.iter().enumerate() {
            for &parent in parents {
                if parent < zone.trajectories.len()
                    && let Some(answer) =
                        board.best_answer(zone, parent, level as u8 + 1, sq, piece)
                {
                    now.push(answer);
                }
            }
        }
    }
    if now.as_slice() != recorded {
        return false;
    }
    // The piece's trajectories in the zone must come out the same.
    zone.trajectories.iter().skip(1).all(|t| {
        let path = &t.trajectory;
        path.start() != sq
            || matches!(board.path_of(sq, path.goal()),
                Some((again, count)) if again == *path && count == t.alternatives)
    })
}
