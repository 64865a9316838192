//! Not recomputing what was computed (zones.md §5): the mathematical projection kept up to date
//! move by move, rebuilding only the zones a move can change.
//!
//! A [`Tracker`] keeps every zone it has built with what the build read: the squares it observed
//! (the searched regions of the pieces whose trajectories it took, the target's surroundings, the
//! lines of force onto every square it weighed) and every answer its scans found, piece by piece.
//! After a move it recomputes the distance maps and the root trajectories (cheap), and for each
//! root it reuses the zone built for the same root trajectory and the same side to move (the
//! budgets depend on who moves, so zones are kept per side: "budgets shifted by one half-move")
//! unless a square the build observed has changed since, or a piece whose search now meets a
//! changed square would answer differently. Everything else is rebuilt; linked zones and complexes
//! are always recomputed. The result is always exactly what [`Projection::build`] gives, which
//! the tests check after every move of thousands of random games.
//!
//! ```
//! use zonal::incremental::Tracker;
//! use zonal::rules::ChessT1;
//! use zonal::zone::{Projection, ZoneConfig};
//! use zonal::Position;
//! let start: Position = "8/4n3/6k1/8/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let config = ZoneConfig::default();
//! let mut tracker = Tracker::new(&ChessT1, start, config.clone());
//! let mv = start.parse_uci("e3e4").unwrap();
//! tracker.play(&mv);
//! let fresh = Projection::build(&ChessT1, tracker.position(), &config);
//! assert_eq!(format!("{:?}", tracker.projection()), format!("{fresh:?}"));
//! tracker.undo();
//! assert_eq!(tracker.position(), &start);
//! ```

use crate::bitboard::Bitboard;
use crate::rules::{Aim, Rules};
use crate::square::{Color, Square};
use crate::zone::{Board, Deps, Projection, Seed, Zone, ZoneConfig, force_region};
use rayon::prelude::*;
use std::collections::HashMap;

/// What identifies a zone across moves: the side to move and the root trajectory with its target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SeedKey<P> {
    side_to_move: Color,
    root: P,
    squares: Vec<Square>,
    target: Option<P>,
    aim: Aim,
}

/// A root seed with its key.
type Keyed<P> = (SeedKey<P>, Seed<P>);

/// A zone with what its build read and the frame it was built in.
struct Cached<P> {
    zone: Zone<P>,
    deps: Deps,
    /// Index of the frame it was built in, and that frame's id.
    frame: (usize, u64),
}

/// One position of the line played, with its projection.
struct Frame<R: Rules> {
    id: u64,
    pos: R::Position,
    /// Squares changed by the move that led here.
    changed: Bitboard,
    projection: Projection<R::Piece>,
}

/// How the last update went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UpdateStats {
    /// Attack zones taken over unchanged.
    pub reused: usize,
    /// Attack zones built again.
    pub rebuilt: usize,
    /// Linked zones (always built afresh).
    pub linked: usize,
}

/// The projection of a line of play, updated move by move.
pub struct Tracker<'r, R: Rules> {
    rules: &'r R,
    config: ZoneConfig,
    frames: Vec<Frame<R>>,
    cache: HashMap<SeedKey<R::Piece>, Cached<R::Piece>>,
    next_id: u64,
    stats: UpdateStats,
}

impl<'r, R: Rules> Tracker<'r, R>
where
    R::Piece: Send + Sync,
{
    /// Builds the projection of `start` from scratch.
    pub fn new(rules: &'r R, start: R::Position, config: ZoneConfig) -> Tracker<'r, R> {
        let mut tracker = Tracker {
            rules,
            config,
            frames: Vec::new(),
            cache: HashMap::new(),
            next_id: 0,
            stats: UpdateStats::default(),
        };
        tracker.push_frame(start, Bitboard::EMPTY);
        tracker
    }

    /// The current position.
    pub fn position(&self) -> &R::Position {
        &self.frames.last().expect("a tracker has a frame").pos
    }

    /// The projection of the current position.
    pub fn projection(&self) -> &Projection<R::Piece> {
        &self
            .frames
            .last()
            .expect("a tracker has a frame")
            .projection
    }

    /// How the last update went.
    pub fn stats(&self) -> UpdateStats {
        self.stats
    }

    /// Number of moves played (and not undone).
    pub fn depth(&self) -> usize {
        self.frames.len() - 1
    }

    /// Plays `mv` (legal in the current position) and updates the projection.
    pub fn play(&mut self, mv: &R::Move) {
        let pos = self.position().clone();
        let changed = self.rules.changed_squares(&pos, mv);
        let next = self.rules.play(&pos, mv);
        self.push_frame(next, changed);
    }

    /// Takes back the last move, restoring the previous projection. Does nothing at the start.
    pub fn undo(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// Squares changed since frame `index` (exclusive).
    fn changed_since(&self, index: usize) -> Bitboard {
        self.frames[index + 1..]
            .iter()
            .fold(Bitboard::EMPTY, |a, f| a | f.changed)
    }

    fn push_frame(&mut self, pos: R::Position, changed: Bitboard) {
        let id = self.next_id;
        self.next_id += 1;
        let frame_index = self.frames.len();
        // The frame goes in first (with an empty projection) so that `changed_since` sees it.
        self.frames.push(Frame {
            id,
            pos: pos.clone(),
            changed,
            projection: Projection {
                horizon: self.config.horizon,
                side_to_move: self.rules.side_to_move(&pos),
                zones: Vec::new(),
                complexes: Vec::new(),
            },
        });
        let board = Board::new(self.rules, &pos, &self.config);
        let side_to_move = self.rules.side_to_move(&pos);
        let seeds = board.attack_seeds();
        let keyed: Vec<Keyed<R::Piece>> = seeds
            .into_iter()
            .map(|seed| {
                let key = SeedKey {
                    side_to_move,
                    root: seed.root.piece,
                    squares: seed.root.squares.clone(),
                    target: seed.target.piece,
                    aim: seed.target.aim,
                };
                (key, seed)
            })
            .collect();
        // Which cached zones are still what a rebuild would give.
        let regions = Regions::new(&board);
        let reusable: Vec<Option<Zone<R::Piece>>> = keyed
            .par_iter()
            .map(|(key, seed)| {
                let cached = self.cache.get(key)?;
                let (index, frame_id) = cached.frame;
                if index >= frame_index || self.frames[index].id != frame_id {
                    return None;
                }
                let changed = self.changed_since(index);
                valid(&board, &regions, cached, seed, changed).then(|| cached.zone.clone())
            })
            .collect();
        let built: Vec<(Zone<R::Piece>, Option<Deps>)> = keyed
            .into_par_iter()
            .zip(reusable)
            .enumerate()
            .map(|(i, ((_, seed), reused))| match reused {
                Some(mut zone) => {
                    zone.index = i;
                    (zone, None)
                }
                None => {
                    let (zone, deps) = board.build_zone_deps(i, seed);
                    (zone, Some(deps))
                }
            })
            .collect();
        let mut stats = UpdateStats::default();
        let mut zones = Vec::with_capacity(built.len());
        for (zone, deps) in built {
            let root = &zone.root().trajectory;
            let key = SeedKey {
                side_to_move,
                root: root.piece,
                squares: root.squares.clone(),
                target: zone.target.piece,
                aim: zone.target.aim,
            };
            match deps {
                // Still exact here: what it read is what a build here would read.
                None => {
                    stats.reused += 1;
                    if let Some(cached) = self.cache.get_mut(&key) {
                        cached.frame = (frame_index, id);
                    }
                }
                Some(deps) => {
                    stats.rebuilt += 1;
                    self.cache.insert(
                        key,
                        Cached {
                            zone: zone.clone(),
                            deps,
                            frame: (frame_index, id),
                        },
                    );
                }
            }
            zones.push(zone);
        }
        let attack = zones.len();
        let projection = Projection::assemble(&board, zones);
        stats.linked = projection.zones.len() - attack;
        self.stats = stats;
        // Forget zones of frames that can no longer come back (keep the cache small).
        if self.cache.len() > 4096 {
            let live: Vec<(usize, u64)> = self
                .frames
                .iter()
                .enumerate()
                .map(|(i, f)| (i, f.id))
                .collect();
            self.cache.retain(|_, c| live.contains(&c.frame));
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.projection = projection;
        }
    }
}

/// The searched regions of every piece of a position, by square and depth (0..=8), computed
/// once per update.
struct Regions {
    regions: Vec<[Bitboard; 9]>,
}

impl Regions {
    fn new<R: Rules>(board: &Board<'_, R>) -> Regions {
        let mut regions = vec![[Bitboard::EMPTY; 9]; 64];
        for &(sq, _) in &board.pieces {
            for (d, region) in regions[sq.index()].iter_mut().enumerate() {
                *region = board.observed(sq, d as u32);
            }
        }
        Regions { regions }
    }

    fn get(&self, sq: Square, depth: u32) -> Bitboard {
        self.regions[sq.index()][depth.min(8) as usize]
    }
}

/// Whether `cached` is exactly what building its zone from `seed` on `board` would give,
/// `changed` being the squares changed since it was built. Everything the build read is checked
/// where a change could reach it: the force sums it weighed, the target's flights, the answers
/// and trajectories of every piece whose search meets a changed square.
fn valid<R: Rules>(
    board: &Board<'_, R>,
    regions: &Regions,
    cached: &Cached<R::Piece>,
    seed: &Seed<R::Piece>,
    changed: Bitboard,
) -> bool {
    let zone = &cached.zone;
    if zone.root().alternatives != seed.alternatives {
        return false;
    }
    if changed.is_empty() {
        return true;
    }
    let deps = &cached.deps;
    for (relocations, sq, result) in &deps.sums {
        let mut region = force_region(*sq);
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
    let minus = zone.side.other();
    let depth = deps.max_time.max(0) as u32;
    // Pieces whose answers may differ: on a changed square now or before, or searching across one.
    let mut suspects: Vec<Square> = deps
        .candidates
        .iter()
        .map(|(sq, _)| *sq)
        .filter(|sq| changed.contains(*sq))
        .collect();
    for &(sq, _) in &board.pieces {
        if changed.contains(sq) || regions.get(sq, depth).intersects(changed) {
            suspects.push(sq);
        }
    }
    suspects.sort();
    suspects.dedup();
    for sq in suspects {
        let recorded: &[crate::zone::Answer] = deps
            .candidates
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(&[], |(_, list)| list.as_slice());
        let mut now = Vec::new();
        if let Some(piece) = board.rules.piece_at(board.pos, sq) {
            if board.rules.side(piece) == minus {
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
        for t in zone.trajectories.iter().skip(1) {
            let path = &t.trajectory;
            if path.start() == sq {
                match board.path_of(sq, path.goal()) {
                    Some((again, count)) if again == *path && count == t.alternatives => {}
                    _ => return false,
                }
            }
        }
    }
    true
}
