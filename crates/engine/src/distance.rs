//! Distance maps (docs/zones.md §1): how many moves a piece needs to reach each square as the board
//! stands, by breadth-first search over its steps with the other pieces as obstacles.
//!
//! The search expands whole frontiers at once with the set-wise steps of [`Rules::expand`]; the
//! other pieces block (a square holding a piece may be the last square of a path, never a square
//! passed through), and squares the piece may never stop on are left out.
//!
//! ```
//! use zonal::distance::distance_map;
//! use zonal::rules::ChessT1;
//! use zonal::{Bitboard, Color, Piece, PieceKind};
//! let scout = Piece::new(Color::White, PieceKind::Scout);
//! let map = distance_map(&ChessT1, scout, "a1".parse().unwrap(), Bitboard::EMPTY);
//! assert_eq!(map.get("h8".parse().unwrap()), Some(6)); // the Scout is the chess knight
//! assert_eq!(map.get("d1".parse().unwrap()), None); // never to an empty castle square
//! ```

use crate::bitboard::Bitboard;
use crate::rules::Rules;
use crate::square::Square;

/// Distances from one square (or to one square, for a reverse map) for one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    dist: [u8; 64],
    layers: Vec<Bitboard>,
}

const UNREACHABLE: u8 = u8::MAX;

impl DistanceMap {
    fn new(origin: Square) -> DistanceMap {
        let mut dist = [UNREACHABLE; 64];
        dist[origin.index()] = 0;
        DistanceMap {
            dist,
            layers: vec![Bitboard::from_square(origin)],
        }
    }

    fn push_layer(&mut self, layer: Bitboard) {
        let d = self.layers.len() as u8;
        for sq in layer {
            self.dist[sq.index()] = d;
        }
        self.layers.push(layer);
    }

    /// The distance in moves, `None` if unreachable.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<u32> {
        match self.dist[sq.index()] {
            UNREACHABLE => None,
            d => Some(d as u32),
        }
    }

    /// Squares at distance exactly `d` (empty past the last layer).
    #[inline]
    pub fn layer(&self, d: u32) -> Bitboard {
        self.layers
            .get(d as usize)
            .copied()
            .unwrap_or(Bitboard::EMPTY)
    }

    /// All layers, distance 0 first.
    pub fn layers(&self) -> &[Bitboard] {
        &self.layers
    }

    /// Squares at any finite distance.
    pub fn reachable(&self) -> Bitboard {
        self.layers.iter().fold(Bitboard::EMPTY, |a, &b| a | b)
    }

    /// Squares within `d` moves.
    pub fn within(&self, d: u32) -> Bitboard {
        self.layers
            .iter()
            .take(d as usize + 1)
            .fold(Bitboard::EMPTY, |a, &b| a | b)
    }

    /// The squares whose contents a search of this map up to `depth` moves could observe: those
    /// within `depth` moves and everything one step from those within `depth - 1` (blockers
    /// included). If none of them changes, the map up to `depth` stays the same. `occupied` and
    /// `piece` must be those the map was built with.
    pub fn observed<R: Rules>(
        &self,
        rules: &R,
        piece: R::Piece,
        occupied: Bitboard,
        depth: u32,
    ) -> Bitboard {
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

    /// Distances as an array indexed by square, `None` where unreachable.
    pub fn to_array(&self) -> [Option<u32>; 64] {
        std::array::from_fn(|i| self.get(Square::new(i as u8)))
    }
}

/// MAP_p(from, .): the least number of moves `piece` needs from `from` to every square.
///
/// `occupied` holds the other pieces (not the piece itself): they block lines and may only be the
/// last square of a path (the goal is enterable). Remove own pieces from `occupied` to treat them
/// as removable.
pub fn distance_map<R: Rules>(
    rules: &R,
    piece: R::Piece,
    from: Square,
    occupied: Bitboard,
) -> DistanceMap {
    let occupied = occupied.without(Bitboard::from_square(from));
    let waypoints = rules.waypoints(piece, occupied);
    let goals = rules.goals(piece, occupied);
    let mut map = DistanceMap::new(from);
    let mut visited = Bitboard::from_square(from);
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
pub fn reverse_map<R: Rules>(
    rules: &R,
    piece: R::Piece,
    goal: Square,
    occupied: Bitboard,
) -> DistanceMap {
    let waypoints = rules.waypoints(piece, occupied);
    let mut map = DistanceMap::new(goal);
    if !rules.goals(piece, occupied).contains(goal) {
        return map;
    }
    let mut visited = Bitboard::from_square(goal);
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
