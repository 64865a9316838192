//! Distance maps and shortest-trajectory bundles on any board shape (docs/zones.md §1), built
//! set-wise from how a piece steps: a game supplies [`Steps`], the core does the rest.

use zonal_board::{Shape, SquareSet};

/// How a piece steps on a board: the squares it may reach in one move from a square, with the
/// rest of the board as it stands. A game implements it once per piece kind it wants mapped.
pub trait Steps<S: SquareSet> {
    /// The squares one move takes the piece to from `from`.
    fn steps(&self, from: u32) -> S;
    /// The squares a move from `from` to `to` passes over (its beta-squares: a piece standing
    /// on one blocks the move). Empty for steps to a neighbour and for leaps.
    fn passes(&self, from: u32, to: u32) -> S;
}

/// The most squares a board of [`zonal_board`] has (11x11 fits).
pub const MAX_SQUARES: usize = 128;

const UNREACHABLE: u8 = u8::MAX;

/// Moves from a start square to every square of the board (or, for a reverse map, from every
/// square to a goal): the squares by distance, layer by layer, and each square's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap<S> {
    shape: Shape,
    from: u32,
    dist: [u8; MAX_SQUARES],
    /// `layers[d]`: the squares first reached in exactly `d` moves.
    layers: Vec<S>,
}

impl<S: SquareSet> DistanceMap<S> {
    /// The map of a piece on `from` that steps as `piece` says, up to `max` moves: every square
    /// of the board may be entered and stepped on from.
    pub fn build(shape: Shape, from: u32, max: u32, piece: &impl Steps<S>) -> DistanceMap<S> {
        let all = shape.all::<S>();
        DistanceMap::grow(
            shape,
            from,
            max,
            |frontier| {
                frontier
                    .squares()
                    .fold(S::EMPTY, |acc, sq| acc | piece.steps(sq))
            },
            all,
            all,
        )
    }

    /// The map grown from `from` by whole frontiers, up to `max` moves: `step` gives the squares
    /// one move takes a piece from any square of a frontier to; a square is reached only if it is
    /// in `enter`, and the next move starts only from reached squares in `pass` (a goal that is
    /// not a waypoint ends its trajectory). The start is layer 0 whatever these sets say.
    pub fn grow(
        shape: Shape,
        from: u32,
        max: u32,
        mut step: impl FnMut(S) -> S,
        enter: S,
        pass: S,
    ) -> DistanceMap<S> {
        let mut dist = [UNREACHABLE; MAX_SQUARES];
        dist[from as usize] = 0;
        // Room for the layers of most maps at once: growing the vector a layer at a time cost
        // more than the map's steps.
        let mut layers = Vec::with_capacity(12);
        layers.push(S::single(from));
        let mut map = DistanceMap {
            shape,
            from,
            dist,
            layers,
        };
        let mut reached = S::single(from);
        let mut frontier = reached;
        while !frontier.is_empty() && (map.layers.len() as u32) <= max {
            let next = step(frontier) & enter & !reached;
            if next.is_empty() {
                break;
            }
            reached |= next;
            let d = map.layers.len() as u8;
            for sq in next.squares() {
                map.dist[sq as usize] = d;
            }
            map.layers.push(next);
            frontier = next & pass;
        }
        map
    }

    /// The start square.
    pub fn from(&self) -> u32 {
        self.from
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Moves to `sq`, if it is reached within the map's limit (`None` for a square off the
    /// board).
    #[inline]
    pub fn distance(&self, sq: impl Into<u32>) -> Option<u32> {
        match self
            .dist
            .get(sq.into() as usize)
            .copied()
            .unwrap_or(UNREACHABLE)
        {
            UNREACHABLE => None,
            d => Some(d as u32),
        }
    }

    /// The squares reached in exactly `d` moves (empty past the last layer).
    #[inline]
    pub fn layer(&self, d: u32) -> S {
        self.layers.get(d as usize).copied().unwrap_or(S::EMPTY)
    }

    /// All layers, distance 0 first.
    pub fn layers(&self) -> &[S] {
        &self.layers
    }

    /// The squares reached in at most `d` moves.
    pub fn within(&self, d: u32) -> S {
        self.layers
            .iter()
            .take(d as usize + 1)
            .fold(S::EMPTY, |acc, &l| acc | l)
    }

    /// The squares at any finite distance.
    pub fn reachable(&self) -> S {
        self.layers.iter().fold(S::EMPTY, |acc, &l| acc | l)
    }

    /// The greatest finite distance.
    pub fn max_distance(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Distances of every square of the board, by index, `None` where unreachable.
    pub fn distances(&self) -> Vec<Option<u32>> {
        (0..self.shape.len()).map(|sq| self.distance(sq)).collect()
    }
}

/// The shortest trajectories from a start to a goal: their length, how many there are, and the
/// squares of each layer that lie on one of them (the layered graph of docs/zones.md §1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bundle<S> {
    /// The squares on a shortest trajectory, by move number (`layers[0]` is the start).
    pub layers: Vec<S>,
    /// How many shortest trajectories there are (saturating).
    pub count: u64,
}

impl<S: SquareSet> Bundle<S> {
    /// The shortest trajectories of `piece` from `from` to `to` within `max` moves; `None` when
    /// `to` is not reached.
    pub fn shortest(
        shape: Shape,
        from: u32,
        to: u32,
        max: u32,
        piece: &impl Steps<S>,
    ) -> Option<Bundle<S>> {
        let map = DistanceMap::build(shape, from, max, piece);
        let length = map.distance(to)?;
        // Walk back from the goal: a square of layer d is on a shortest trajectory when one of its
        // steps reaches a kept square of layer d + 1.
        let mut layers = vec![S::EMPTY; length as usize + 1];
        layers[length as usize] = S::single(to);
        for d in (0..length as usize).rev() {
            let next = layers[d + 1];
            let mut kept = S::EMPTY;
            for sq in map.layer(d as u32).squares() {
                if !(piece.steps(sq) & next).is_empty() {
                    kept = kept.with(sq);
                }
            }
            layers[d] = kept;
        }
        // Count the paths layer by layer.
        let n = shape.len() as usize;
        let mut ways = vec![0u64; n];
        ways[from as usize] = 1;
        for d in 0..length as usize {
            for sq in layers[d].squares() {
                let w = ways[sq as usize];
                for t in (piece.steps(sq) & layers[d + 1]).squares() {
                    ways[t as usize] = ways[t as usize].saturating_add(w);
                }
            }
        }
        Some(Bundle {
            layers,
            count: ways[to as usize],
        })
    }

    /// The length in moves.
    pub fn length(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Up to `limit` of the shortest trajectories, each as its squares from start to goal, in
    /// square order.
    pub fn trajectories(&self, piece: &impl Steps<S>, limit: usize) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let mut path = Vec::with_capacity(self.layers.len());
        if let Some(start) = self.layers[0].first() {
            path.push(start);
            self.walk(piece, &mut path, limit, &mut out);
        }
        out
    }

    fn walk(
        &self,
        piece: &impl Steps<S>,
        path: &mut Vec<u32>,
        limit: usize,
        out: &mut Vec<Vec<u32>>,
    ) {
        if out.len() >= limit {
            return;
        }
        let d = path.len();
        if d == self.layers.len() {
            out.push(path.clone());
            return;
        }
        let last = *path.last().expect("a path has its start");
        for next in (piece.steps(last) & self.layers[d]).squares() {
            path.push(next);
            self.walk(piece, path, limit, out);
            path.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rook on an empty 11x11 board with a wall of blockers.
    struct Rook {
        shape: Shape,
        blocked: u128,
    }

    impl Steps<u128> for Rook {
        fn steps(&self, from: u32) -> u128 {
            let mut out = 0;
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut sq = from;
                while let Some(next) = self.shape.offset(sq, df, dr) {
                    if self.blocked.has(next) {
                        break;
                    }
                    out |= <u128 as SquareSet>::single(next);
                    sq = next;
                }
            }
            out
        }
        fn passes(&self, from: u32, to: u32) -> u128 {
            let (f0, r0) = (self.shape.file(from) as i32, self.shape.rank(from) as i32);
            let (f1, r1) = (self.shape.file(to) as i32, self.shape.rank(to) as i32);
            let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
            let mut out = 0;
            let mut sq = self.shape.offset(from, df, dr);
            while let Some(s) = sq.filter(|&s| s != to) {
                out |= <u128 as SquareSet>::single(s);
                sq = self.shape.offset(s, df, dr);
            }
            out
        }
    }

    #[test]
    fn a_rook_needs_two_moves_to_turn_a_corner() {
        let shape = Shape::new(11, 11).unwrap();
        let rook = Rook { shape, blocked: 0 };
        let a1 = shape.parse_square("a1").unwrap();
        let k11 = shape.parse_square("k11").unwrap();
        let map = DistanceMap::build(shape, a1, 10, &rook);
        assert_eq!(map.distance(a1), Some(0));
        assert_eq!(map.distance(shape.parse_square("a11").unwrap()), Some(1));
        assert_eq!(map.distance(k11), Some(2));
        assert_eq!(map.within(1).count(), 21);
        // Off the board: nothing, never a panic.
        assert_eq!(map.distance(121u32), None);
        assert_eq!(map.distance(u32::MAX), None);
        assert_eq!(map.distances().len(), 121);
        let bundle = Bundle::shortest(shape, a1, k11, 10, &rook).unwrap();
        assert_eq!((bundle.length(), bundle.count), (2, 2));
        let paths = bundle.trajectories(&rook, 10);
        let names: Vec<String> = paths
            .iter()
            .map(|p| {
                p.iter()
                    .map(|&s| shape.name(s))
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect();
        assert_eq!(names, ["a1-k1-k11", "a1-a11-k11"]);
        assert_eq!(rook.passes(a1, k11 - 10).count(), 9);
    }

    #[test]
    fn blockers_lengthen_the_way() {
        let shape = Shape::new(7, 9).unwrap();
        // A wall on rank 2 from a2 to f2: the way up goes round by g2.
        let blocked = (0..6).fold(0u128, |acc, f| acc | 1 << (7 + f));
        let rook = Rook { shape, blocked };
        let a1 = 0;
        let a9 = shape.parse_square("a9").unwrap();
        let map = DistanceMap::build(shape, a1, 10, &rook);
        assert_eq!(map.distance(a9), Some(3));
        let bundle = Bundle::shortest(shape, a1, a9, 10, &rook).unwrap();
        assert_eq!(bundle.count, 1);
        let none = DistanceMap::build(
            shape,
            a1,
            10,
            &Rook {
                shape,
                blocked: 0b10 | 1 << 7,
            },
        );
        assert_eq!(none.distance(a9), None);
    }
}
