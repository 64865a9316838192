//! A built projection finished: each zone's graph from its trajectories, the complexes, and the projection's queries.

use super::*;

/// Fills the zone's graph from its trajectories.
pub(super) fn finish_graph<R: ForceGame>(rules: &R, zone: &mut ForceZone<R>) {
    let mut graph: DiGraph<Node<R>, Edge> = DiGraph::new();
    let mut squares: BTreeMap<R::Square, NodeIndex> = BTreeMap::new();
    let mut square_node = |graph: &mut DiGraph<Node<R>, Edge>, sq: R::Square| {
        *squares
            .entry(sq)
            .or_insert_with(|| graph.add_node(Node::Square(sq)))
    };
    let mut pieces: BTreeMap<(R::Square, Camp), NodeIndex> = BTreeMap::new();
    let traj_nodes: Vec<NodeIndex> = (0..zone.trajectories.len())
        .map(|t| graph.add_node(Node::Trajectory(t)))
        .collect();
    for (t, zt) in zone.trajectories.iter().enumerate() {
        let start = zt.trajectory.start();
        let piece = *pieces.entry((start, zt.camp)).or_insert_with(|| {
            graph.add_node(Node::Piece {
                square: start,
                piece: zt.trajectory.piece,
                camp: zt.camp,
            })
        });
        graph.add_edge(piece, traj_nodes[t], Edge::RootOf);
        match zt.attached {
            None => {
                let target = match zone.target.piece {
                    Some(p) => {
                        let camp = Camp::Minus;
                        *pieces.entry((zone.target.square, camp)).or_insert_with(|| {
                            graph.add_node(Node::Piece {
                                square: zone.target.square,
                                piece: p,
                                camp,
                            })
                        })
                    }
                    None => square_node(&mut graph, zone.target.square),
                };
                graph.add_edge(traj_nodes[t], target, Edge::Attacks);
                if let Some((parent_zone, _)) = zone.linked_to {
                    let sq = square_node(&mut graph, zone.target.square);
                    graph.add_edge(traj_nodes[t], sq, Edge::LinkedTo { zone: parent_zone });
                }
            }
            Some(att) => {
                let kind = match zt.role {
                    Role::Support => Edge::Supports,
                    Role::Blockade => Edge::Blocks,
                    _ => Edge::Negates,
                };
                graph.add_edge(traj_nodes[t], traj_nodes[att.parent], kind);
                let sq = square_node(&mut graph, att.square);
                let at = if att.beta {
                    Edge::AttachedBeta { index: att.index }
                } else {
                    Edge::AttachedAlpha { index: att.index }
                };
                graph.add_edge(traj_nodes[t], sq, at);
            }
        }
    }
    let _ = rules;
    zone.graph = graph;
}

impl<R: ForceGame> Projection<R> {
    /// Builds the mathematical projection of `pos` for the configured horizon.
    pub fn build(rules: &R, pos: &R::Position, config: &ZoneConfig) -> Projection<R> {
        let board = Builder::new(rules, pos, config);
        let seeds = board.attack_seeds();
        let zones = map_indexed(seeds, config.parallel, |i, seed| board.build_zone(i, seed));
        Projection::assemble(&board, zones)
    }

    /// Adds linked zones (built afresh) and complexes to the attack zones of `board`.
    pub(crate) fn assemble(board: &Builder<'_, R>, mut zones: Vec<ForceZone<R>>) -> Projection<R> {
        if board.config.linked {
            let linked: Vec<Seed<R>> = zones
                .iter()
                .filter(|z| z.kind == ZoneKind::Attack)
                .flat_map(|z| board.linked_seeds(z))
                .collect();
            let base = zones.len();
            let more = map_indexed(linked, board.config.parallel, |i, seed| {
                board.build_zone(base + i, seed)
            });
            zones.extend(more);
        }
        let complexes = complexes(&zones);
        Projection {
            horizon: board.config.horizon,
            side_to_move: board.rules.side_to_move(board.pos),
            zones,
            complexes,
        }
    }

    /// Zones whose root piece stands on `sq`.
    pub fn zones_of(&self, sq: R::Square) -> impl Iterator<Item = &ForceZone<R>> {
        self.zones.iter().filter(move |z| z.root_square() == sq)
    }
}

/// `f(index, item)` for every item, in order, on rayon's threads if `parallel`.
pub(crate) fn map_indexed<T: Send, U: Send>(
    items: Vec<T>,
    parallel: bool,
    f: impl Fn(usize, T) -> U + Sync + Send,
) -> Vec<U> {
    if parallel {
        items
            .into_par_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    } else {
        items
            .into_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    }
}

/// Groups zones into complexes and finds overloaded defenders.
pub(super) fn complexes<R: ForceGame>(zones: &[ForceZone<R>]) -> Vec<ForceComplex<R>> {
    let n = zones.len();
    let mut parent: Vec<usize> = (0..n).collect();
    pub(super) fn find(parent: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while parent[r] != r {
            r = parent[r];
        }
        let mut y = x;
        while parent[y] != r {
            let next = parent[y];
            parent[y] = r;
            y = next;
        }
        r
    }
    let union = |parent: &mut Vec<usize>, a: usize, b: usize| {
        let (ra, rb) = (find(parent, a), find(parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    };
    // Holding (-) pieces of each zone: square -> zones where that piece is the only holder.
    let mut sole: BTreeMap<R::Square, Vec<usize>> = BTreeMap::new();
    let mut holders: BTreeMap<R::Square, Vec<usize>> = BTreeMap::new();
    for (z, zone) in zones.iter().enumerate() {
        let squares: BTreeSet<R::Square> = zone
            .holding
            .iter()
            .map(|&t| zone.trajectories[t].trajectory.start())
            .collect();
        for &sq in &squares {
            holders.entry(sq).or_default().push(z);
        }
        if squares.len() == 1 {
            sole.entry(*squares.iter().next().expect("one"))
                .or_default()
                .push(z);
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            let (za, zb) = (&zones[a], &zones[b]);
            let joined = (za.root_square() == zb.root_square()
                && za.target.square != zb.target.square)
                || za.root_square() == zb.target.square
                || zb.root_square() == za.target.square
                || za.linked_to.is_some_and(|(p, _)| p == b)
                || zb.linked_to.is_some_and(|(p, _)| p == a);
            if joined {
                union(&mut parent, a, b);
            }
        }
    }
    for zs in holders.values() {
        for w in zs.windows(2) {
            union(&mut parent, w[0], w[1]);
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for z in 0..n {
        let r = find(&mut parent, z);
        groups.entry(r).or_default().push(z);
    }
    groups
        .into_values()
        .filter(|g| g.len() >= 2)
        .map(|g| {
            let overloaded = sole
                .iter()
                .filter(|(_, zs)| {
                    let inside: Vec<usize> = zs.iter().copied().filter(|z| g.contains(z)).collect();
                    // Needed in two zones that aim at different targets or different squares.
                    inside.iter().any(|&a| {
                        inside.iter().any(|&b| {
                            a != b
                                && (zones[a].target.square != zones[b].target.square
                                    || zones[a].side != zones[b].side)
                        })
                    })
                })
                .map(|(&sq, _)| sq)
                .collect();
            ForceComplex {
                zones: g,
                overloaded,
            }
        })
        .collect()
}
