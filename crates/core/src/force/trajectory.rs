//! Trajectories (docs/zones.md §1): shortest trajectory bundles as layered graphs, path counts,
//! enumeration on demand, and admissible trajectories of degree 2.
//!
//! A trajectory of a piece is a sequence of squares a0 (where it stands), a1, ..., ak (the goal),
//! each reached from the previous by one step. Its **alpha-squares** are a1..ak; its
//! **beta-squares** the squares its non-jumping steps pass over.
//!

use super::distance::{distance_map, reverse_map};
use super::{BoardSquare, ForceGame, Squares};
use crate::distance::{DistanceMap, MAX_SQUARES};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashSet;
use zonal_board::SquareSet;

/// One trajectory of a piece: its squares a0..ak and the beta-squares of each step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory<R: ForceGame> {
    /// The piece that moves.
    pub piece: R::Piece,
    /// a0 (the start), a1, ..., ak (the goal).
    pub squares: Vec<R::Square>,
    /// For step j (1-based; index j-1): the squares passed over from a(j-1) to a(j).
    pub passed: Vec<R::Set>,
}

impl<R: ForceGame> Trajectory<R> {
    /// Builds a trajectory from its squares, computing the beta-squares with `rules`.
    pub fn new(rules: &R, piece: R::Piece, squares: Vec<R::Square>) -> Trajectory<R> {
        let passed = squares
            .windows(2)
            .map(|w| rules.passed_over(piece, w[0], w[1]))
            .collect();
        Trajectory {
            piece,
            squares,
            passed,
        }
    }

    /// Length in moves (k).
    pub fn len(&self) -> usize {
        self.squares.len() - 1
    }

    /// Whether the trajectory has no move (the piece already stands on its goal).
    pub fn is_empty(&self) -> bool {
        self.squares.len() <= 1
    }

    /// a0, where the piece stands.
    pub fn start(&self) -> R::Square {
        self.squares[0]
    }

    /// ak, the goal.
    pub fn goal(&self) -> R::Square {
        *self.squares.last().expect("a trajectory has a start")
    }

    /// The alpha-squares a1..ak (stop squares).
    pub fn alpha(&self) -> &[R::Square] {
        &self.squares[1..]
    }

    /// All beta-squares, in the order the piece passes over them.
    pub fn beta_squares(&self) -> Vec<R::Square> {
        self.passed
            .iter()
            .zip(self.squares.windows(2))
            .flat_map(|(&set, w)| {
                let mut v: Vec<R::Square> = set.each().collect();
                // Order by distance from the step's start.
                let shape = R::SHAPE;
                let file = |s: R::Square| shape.file(s.index() as u32) as i32;
                let rank = |s: R::Square| shape.rank(s.index() as u32) as i32;
                v.sort_by_key(|&s| (file(s) - file(w[0])).abs() + (rank(s) - rank(w[0])).abs());
                v
            })
            .collect()
    }

    /// Every square the trajectory uses: alpha, beta and the start.
    pub fn footprint(&self) -> R::Set {
        let stops = R::Set::of(self.squares.iter().copied());
        self.passed.iter().fold(stops, |a, &b| a | b)
    }
}

/// All shortest trajectories of a piece from one square to another, as a layered graph.
///
/// Layer j holds the squares v with MAP(from, v) = j and MAP(from, v) + MAPrev(to, v) = length;
/// an edge joins u in layer j to v in layer j+1 when one step of the piece goes from u to v. Every
/// path through consecutive layers is a shortest trajectory.
#[derive(Clone, Debug)]
pub struct Bundle<R: ForceGame> {
    piece: R::Piece,
    from: R::Square,
    to: R::Square,
    layers: Vec<R::Set>,
    graph: DiGraph<R::Square, ()>,
    /// Node index of each square in each layer.
    nodes: Vec<Vec<(R::Square, NodeIndex)>>,
    /// Number of paths from each node to the goal.
    paths_to_goal: Vec<u128>,
    passed: Vec<Vec<(NodeIndex, NodeIndex, R::Set)>>,
}

impl<R: ForceGame> Bundle<R> {
    /// The shortest trajectories of `piece` from `from` to `to`, with `occupied` the other pieces
    /// (the piece's own square is ignored in it). `None` if `to` is unreachable.
    pub fn shortest(
        rules: &R,
        piece: R::Piece,
        from: R::Square,
        to: R::Square,
        occupied: R::Set,
    ) -> Option<Bundle<R>> {
        let occupied = occupied.minus(R::Set::from_square(from));
        let forward = distance_map(rules, piece, from, occupied);
        let backward = reverse_map(rules, piece, to, occupied);
        Bundle::from_maps(rules, piece, from, to, occupied, &forward, &backward)
    }

    /// Builds the bundle from MAP(from, .) and MAPrev(to, .).
    pub fn from_maps(
        rules: &R,
        piece: R::Piece,
        from: R::Square,
        to: R::Square,
        occupied: R::Set,
        forward: &DistanceMap<R::Set>,
        backward: &DistanceMap<R::Set>,
    ) -> Option<Bundle<R>> {
        let length = forward.distance(to)?;
        let mut layers = Vec::with_capacity(length as usize + 1);
        for j in 0..=length {
            let layer = R::Set::of(
                forward
                    .layer(j)
                    .each()
                    .filter(|&v| backward.distance(v) == Some(length - j)),
            );
            layers.push(layer);
        }
        // The start and the goal are layers of their own even where the piece could not stop
        // (a hypothetical piece on a square it never stands on; an occupied goal).
        layers[0] = R::Set::from_square(from);
        layers[length as usize] = R::Set::from_square(to);
        let mut graph = DiGraph::new();
        let nodes: Vec<Vec<(R::Square, NodeIndex)>> = layers
            .iter()
            .map(|layer| layer.each().map(|sq| (sq, graph.add_node(sq))).collect())
            .collect();
        let mut passed = Vec::with_capacity(length as usize);
        for j in 0..length as usize {
            let mut edges = Vec::new();
            for &(u, nu) in &nodes[j] {
                let steps = rules.expand(piece, R::Set::from_square(u), occupied);
                for &(v, nv) in &nodes[j + 1] {
                    if steps.contains(v) {
                        graph.add_edge(nu, nv, ());
                        edges.push((nu, nv, rules.passed_over(piece, u, v)));
                    }
                }
            }
            passed.push(edges);
        }
        // Paths to the goal, counted backwards layer by layer.
        let mut paths_to_goal = vec![0u128; graph.node_count()];
        for &(_, n) in &nodes[length as usize] {
            paths_to_goal[n.index()] = 1;
        }
        for j in (0..length as usize).rev() {
            for &(_, n) in &nodes[j] {
                paths_to_goal[n.index()] = graph
                    .neighbors(n)
                    .map(|m| paths_to_goal[m.index()])
                    .fold(0u128, u128::saturating_add);
            }
        }
        Some(Bundle {
            piece,
            from,
            to,
            layers,
            graph,
            nodes,
            paths_to_goal,
            passed,
        })
    }

    /// The piece.
    pub fn piece(&self) -> R::Piece {
        self.piece
    }

    /// Start square.
    pub fn from(&self) -> R::Square {
        self.from
    }

    /// Goal square.
    pub fn to(&self) -> R::Square {
        self.to
    }

    /// Length of the shortest trajectories, in moves.
    pub fn length(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// The squares of layer j (0 = start, length = goal).
    pub fn layers(&self) -> &[R::Set] {
        &self.layers
    }

    /// The layered graph: one node per (layer, square), edges along single steps.
    pub fn graph(&self) -> &DiGraph<R::Square, ()> {
        &self.graph
    }

    /// All squares of all shortest trajectories, stop squares and passed-over squares.
    pub fn footprint(&self) -> R::Set {
        let stops = self.layers.iter().fold(R::Set::EMPTY, |a, &b| a | b);
        self.passed
            .iter()
            .flatten()
            .fold(stops, |a, &(_, _, b)| a | b)
    }

    /// Number of shortest trajectories, counted on the graph without enumerating them
    /// (saturating at `u128::MAX`).
    pub fn count(&self) -> u128 {
        self.nodes[0]
            .first()
            .map_or(0, |&(_, n)| self.paths_to_goal[n.index()])
    }

    /// Up to `limit` shortest trajectories, in a stable order (squares in index order per layer).
    pub fn paths(&self, limit: usize) -> Vec<Trajectory<R>> {
        let mut out = Vec::new();
        let Some(&(_, start)) = self.nodes[0].first() else {
            return out;
        };
        let mut stack = vec![start];
        self.walk(&mut stack, &mut Vec::new(), limit, &mut out);
        out
    }

    fn walk(
        &self,
        stack: &mut Vec<NodeIndex>,
        passed: &mut Vec<R::Set>,
        limit: usize,
        out: &mut Vec<Trajectory<R>>,
    ) {
        if out.len() >= limit {
            return;
        }
        let node = *stack.last().expect("non-empty stack");
        let depth = stack.len() - 1;
        if depth == self.length() as usize {
            out.push(Trajectory {
                piece: self.piece,
                squares: stack.iter().map(|&n| self.graph[n]).collect(),
                passed: passed.clone(),
            });
            return;
        }
        let mut next: Vec<(NodeIndex, R::Set)> = self.passed[depth]
            .iter()
            .filter(|&&(u, _, _)| u == node)
            .map(|&(_, v, b)| (v, b))
            .collect();
        next.sort_by_key(|&(v, _)| self.graph[v]);
        for (v, b) in next {
            stack.push(v);
            passed.push(b);
            self.walk(stack, passed, limit, out);
            stack.pop();
            passed.pop();
            if out.len() >= limit {
                return;
            }
        }
    }
}

/// Admissible trajectories of degree 2 (docs/zones.md §1): for lengths l with shortest < l <= `max_len`,
/// a shortest trajectory from `from` to an intermediate square v followed by a shortest one from v
/// to `to`, for every v with MAP(from, v) + MAPrev(to, v) = l; trajectories that repeat a square
/// are dropped and each trajectory is listed once. At most `limit` trajectories, shortest first.
pub fn admissible<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    from: R::Square,
    to: R::Square,
    occupied: R::Set,
    max_len: u32,
    limit: usize,
) -> Vec<Trajectory<R>> {
    let occupied = occupied.minus(R::Set::from_square(from));
    let forward = distance_map(rules, piece, from, occupied);
    let backward = reverse_map(rules, piece, to, occupied);
    let Some(shortest) = forward.distance(to) else {
        return Vec::new();
    };
    let waypoints = rules.waypoints(piece, occupied);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for l in shortest + 1..=max_len {
        for v in waypoints
            .minus(R::Set::from_square(from) | R::Set::from_square(to))
            .each()
        {
            let (Some(a), Some(b)) = (forward.distance(v), backward.distance(v)) else {
                continue;
            };
            if a + b != l {
                continue;
            }
            let Some(head) = Bundle::from_maps(
                rules,
                piece,
                from,
                v,
                occupied,
                &forward,
                &reverse_map(rules, piece, v, occupied),
            ) else {
                continue;
            };
            let tail_forward = distance_map(rules, piece, v, occupied);
            let Some(tail) =
                Bundle::from_maps(rules, piece, v, to, occupied, &tail_forward, &backward)
            else {
                continue;
            };
            for h in head.paths(usize::MAX) {
                for t in tail.paths(usize::MAX) {
                    let mut squares = h.squares.clone();
                    squares.extend_from_slice(&t.squares[1..]);
                    let distinct: HashSet<R::Square> = squares.iter().copied().collect();
                    if distinct.len() != squares.len() || !seen.insert(squares.clone()) {
                        continue;
                    }
                    let mut passed = h.passed.clone();
                    passed.extend_from_slice(&t.passed);
                    if out.len() >= limit {
                        return out;
                    }
                    out.push(Trajectory {
                        piece,
                        squares,
                        passed,
                    });
                }
            }
        }
    }
    out
}

/// One shortest trajectory of `piece` from `from` to `to` and the number of shortest ones, read off
/// an existing distance map MAP(from, .) (built with the same `occupied`, which must not contain
/// `from`): cheaper than a [`Bundle`] when one representative path is enough. The path takes the
/// lowest square at each layer, walking back from the goal; the count is exact.
pub fn shortest_from_map<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    from: R::Square,
    to: R::Square,
    occupied: R::Set,
    map: &DistanceMap<R::Set>,
) -> Option<(Trajectory<R>, u128)> {
    let d = map.distance(to)? as usize;
    let start = R::Set::from_square(from);
    let stand = rules.waypoints(piece, occupied) | start;
    // Squares of layer j that lie on some shortest path to `to`, from the goal backwards.
    let mut on_path = vec![R::Set::EMPTY; d + 1];
    on_path[d] = R::Set::from_square(to);
    for j in (0..d).rev() {
        on_path[j] =
            rules.expand_reverse(piece, on_path[j + 1], occupied) & map.layer(j as u32) & stand;
    }
    if !on_path[0].contains(from) {
        return None;
    }
    // Paths counted forwards over those squares.
    let mut count = [0u128; MAX_SQUARES];
    count[from.index()] = 1;
    for j in 1..=d {
        for v in on_path[j].each() {
            let preds =
                rules.expand_reverse(piece, R::Set::from_square(v), occupied) & on_path[j - 1];
            count[v.index()] = preds
                .each()
                .map(|u: R::Square| count[u.index()])
                .fold(0u128, u128::saturating_add);
        }
    }
    // One path: from the goal back, the lowest predecessor each time.
    let mut squares = vec![to];
    let mut v = to;
    for j in (0..d).rev() {
        let preds = rules.expand_reverse(piece, R::Set::from_square(v), occupied) & on_path[j];
        v = preds.lowest()?;
        squares.push(v);
    }
    squares.reverse();
    Some((Trajectory::new(rules, piece, squares), count[to.index()]))
}
