//! Distance maps (docs/zones.md §1): how many moves a piece needs to reach each square as the board
//! stands, by breadth-first search over its steps with the other pieces as obstacles.
//!
//! The search expands whole frontiers at once with the set-wise steps of [`ForceGame::expand`]; the
//! other pieces block (a square holding a piece may be the last square of a path, never a square
//! passed through), and squares the piece may never stop on are left out.
//!

use super::{BoardSquare, ForceGame, MAX_SQUARES, Squares};
use zonal_board::SquareSet;

/// Distances from one square (or to one square, for a reverse map) for one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap<R: ForceGame> {
    dist: [u8; MAX_SQUARES],
    layers: Vec<R::Set>,
}

const UNREACHABLE: u8 = u8::MAX;

impl<R: ForceGame> DistanceMap<R> {
    fn new(origin: R::Square) -> DistanceMap<R> {
        let mut dist = [UNREACHABLE; MAX_SQUARES];
        dist[origin.index()] = 0;
        DistanceMap {
            dist,
            layers: vec![R::Set::from_square(origin)],
        }
    }

    fn push_layer(&mut self, layer: R::Set) {
        let d = self.layers.len() as u8;
        for sq in layer.each() {
            self.dist[sq.index()] = d;
        }
        self.layers.push(layer);
    }

    /// The distance in moves, `None` if unreachable.
    #[inline]
    pub fn get(&self, sq: R::Square) -> Option<u32> {
        match self.dist[sq.index()] {
            UNREACHABLE => None,
            d => Some(d as u32),
        }
    }

    /// Squares at distance exactly `d` (empty past the last layer).
    #[inline]
    pub fn layer(&self, d: u32) -> R::Set {
        self.layers
            .get(d as usize)
            .copied()
            .unwrap_or(R::Set::EMPTY)
    }

    /// All layers, distance 0 first.
    pub fn layers(&self) -> &[R::Set] {
        &self.layers
    }

    /// Squares at any finite distance.
    pub fn reachable(&self) -> R::Set {
        self.layers.iter().fold(R::Set::EMPTY, |a, &b| a | b)
    }

    /// Squares within `d` moves.
    pub fn within(&self, d: u32) -> R::Set {
        self.layers
            .iter()
            .take(d as usize + 1)
            .fold(R::Set::EMPTY, |a, &b| a | b)
    }

    /// The squares whose contents a search of this map up to `depth` moves could observe: those
    /// within `depth` moves and everything one step from those within `depth - 1` (blockers
    /// included). If none of them changes, the map up to `depth` stays the same. `occupied` and
    /// `piece` must be those the map was built with.
    pub fn observed(&self, rules: &R, piece: R::Piece, occupied: R::Set, depth: u32) -> R::Set {
        let reached = self.within(depth);
        if depth == 0 {
            return reached;
        }
        reached | rules.expand(piece, self.within(depth - 1), occupied)
    }

    /// The greatest finite distance.
    pub fn max_distance(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Distances indexed by square (every square of the board), `None` where unreachable.
    pub fn to_vec(&self) -> Vec<Option<u32>> {
        (0..R::SHAPE.len())
            .map(|i| self.get(R::Square::at(i)))
            .collect()
    }
}

/// MAP_p(from, .): the least number of moves `piece` needs from `from` to every square.
///
/// `occupied` holds the other pieces (not the piece itself): they block lines and may only be the
/// last square of a path (the goal is enterable). Remove own pieces from `occupied` to treat them
/// as removable.
pub fn distance_map<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    from: R::Square,
    occupied: R::Set,
) -> DistanceMap<R> {
    let occupied = occupied.minus(R::Set::from_square(from));
    let waypoints = rules.waypoints(piece, occupied);
    let goals = rules.goals(piece, occupied);
    let mut map = DistanceMap::new(from);
    let mut visited = R::Set::from_square(from);
    let mut frontier = visited;
    while frontier.nonempty() {
        let next = rules.expand(piece, frontier, occupied) & goals & !visited;
        if next.is_empty() {
            break;
        }
        visited |= next;
        map.push_layer(next);
        frontier = next & waypoints;
    }
    map
}

/// MAPrev_p(goal, .): for every square v, the least number of moves `piece` would need from v to
/// `goal` (searching backwards from the goal over reversed steps).
///
/// `occupied` holds the other pieces; the piece's own square must not be in it. Squares a path
/// passes through (and its start) must be squares the piece may stand on.
pub fn reverse_map<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    goal: R::Square,
    occupied: R::Set,
) -> DistanceMap<R> {
    let waypoints = rules.waypoints(piece, occupied);
    let mut map = DistanceMap::new(goal);
    if !rules.goals(piece, occupied).contains(goal) {
        return map;
    }
    let mut visited = R::Set::from_square(goal);
    let mut frontier = visited;
    while frontier.nonempty() {
        let prev = rules.expand_reverse(piece, frontier, occupied) & waypoints & !visited;
        if prev.is_empty() {
            break;
        }
        visited |= prev;
        map.push_layer(prev);
        frontier = prev;
    }
    map
}
