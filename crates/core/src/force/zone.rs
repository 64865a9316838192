//! Zones (docs/zones.md §3) of a game whose control is a question of force sums: the mathematical
//! projection (MP) of a position as a set of zone graphs.
//!
//! An **attack zone** (zone 0 of its complex) is a root piece of camp (+) on a trajectory of at most
//! k_max moves to a target (what [`ForceGame::aims`] names: an enemy piece, the enemy royal piece,
//! or a square whose occupation wins), together with every trajectory that can change its outcome
//! in time:
//!
//! - **first negations** (camp (-), level 1), each within its time budget: *control* of an
//!   alpha-square a(i) (force brought there so that (-) can take the root when it arrives; a piece
//!   whose captures the game never gates takes it whatever the sums), *blockade* of a
//!   beta-square (occupying it before the root passes), *reinforcement* of the target (defending
//!   force on ak so that (+) loses superiority), *retreat* of the target (one move to a square where
//!   (+) has no superiority), and capture of the root on its way (control of a(i), or of a0 when (-)
//!   is to move);
//! - **second and further negations** (alternating camps, levels 2, 3, ...): pieces that control a
//!   square of a negation trajectory before the negating piece gets there, attack the negating
//!   piece where it stands, or add force to their camp on the contested square;
//! - **linked zones** when a single negation holds and nothing in the zone answers it (answering
//!   it would open the zone): the nearest other (+) piece aimed at the negation's first square
//!   (control zone), at the blockade square (deblockade zone) or at the target's flight square
//!   (retreat zone).
//!
//! Time budgets follow [`crate::horizon`]: the root of k moves has TIME(a_i) = i + \[(-) moves
//! first\] at its i-th square, a trajectory of length l ending on a square with TIME t is in time
//! iff l <= t (l < t for a blockade, which must occupy before the root passes), and the j-th square
//! of an admitted trajectory gets TIME t - l + j + \[the answering side moves first\]
//! ([`crate::horizon::counter_time`]).
//!
//! Zones are built on the [`ForceGame`] interface only. Independent zones are built in parallel with
//! rayon; the result does not depend on the number of threads.
//!

use super::distance::{distance_map, observed};
use super::trajectory::{Bundle, Trajectory, shortest_from_map};
use super::{BoardSquare, ForceGame, Squares};
use crate::distance::DistanceMap;
use crate::horizon;
use petgraph::graph::{DiGraph, NodeIndex};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use zonal_board::{Side, SquareSet};

mod finish;
pub(crate) use finish::*;

mod types;
pub use types::*;

/// The (piece square, goal square) pairs a zone already has a trajectory for.
struct Used<R: ForceGame>(Vec<R::Set>);

impl<R: ForceGame> Default for Used<R> {
    fn default() -> Self {
        Used(vec![R::Set::EMPTY; R::SHAPE.len() as usize])
    }
}

impl<R: ForceGame> Used<R> {
    /// Records the pair; false if it was there already.
    fn insert(&mut self, from: R::Square, goal: R::Square) -> bool {
        let row = &mut self.0[from.index()];
        let new = !row.contains(goal);
        row.insert(goal);
        new
    }
}

/// A trajectory to add to a zone: which piece goes where, doing what, attached where, in what time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answer<R: ForceGame> {
    from: R::Square,
    goal: R::Square,
    role: Role,
    level: u8,
    attached: Attachment<R>,
    time: i32,
    /// The piece's distance to its goal.
    dist: i32,
}

/// One force sum a zone build weighed: the relocations, the square and the sums White, Black.
pub(crate) type WeighedSum<R> = (
    Vec<(<R as ForceGame>::Square, <R as ForceGame>::Square)>,
    <R as ForceGame>::Square,
    [i32; 2],
);

/// What building a zone read, so that an incremental update can tell whether a rebuild would
/// give the same zone (see [`crate::incremental`]).
#[derive(Clone, Debug)]
pub(crate) struct Deps<R: ForceGame> {
    /// Per piece square: the answers the scans produced for that piece (pieces without any are
    /// left out).
    pub candidates: Vec<(R::Square, Vec<Answer<R>>)>,
    /// The trajectories answered at each level (index 0: level 1's parents).
    pub parents: Vec<Vec<usize>>,
    /// The largest TIME of any scan query.
    pub max_time: i32,
    /// Every force sum the build weighed: relocations, square, result.
    pub sums: Vec<WeighedSum<R>>,
    /// The target's flight squares looked at for a retreat (`None` if no retreat was looked for).
    pub flights: Option<R::Set>,
    /// Whether answers and sums are recorded (a plain build does not keep them).
    pub recording: bool,
}

impl<R: ForceGame> Default for Deps<R> {
    fn default() -> Self {
        Deps {
            candidates: Vec::new(),
            parents: Vec::new(),
            max_time: 0,
            sums: Vec::new(),
            flights: None,
            recording: false,
        }
    }
}

impl<R: ForceGame> Deps<R> {
    fn record(&mut self, sq: R::Square, answers: &[Answer<R>]) {
        if answers.is_empty() || !self.recording {
            return;
        }
        match self.candidates.iter_mut().find(|(s, _)| *s == sq) {
            Some((_, list)) => list.extend_from_slice(answers),
            None => self.candidates.push((sq, answers.to_vec())),
        }
    }
}

/// A candidate zone before it is numbered: the root, its target and one root trajectory.
pub(crate) struct Seed<R: ForceGame> {
    pub(crate) kind: ZoneKind,
    pub(crate) side: Side,
    pub(crate) target: Target<R>,
    pub(crate) root: Trajectory<R>,
    pub(crate) alternatives: u128,
    pub(crate) linked_to: Option<(usize, usize)>,
}

/// What the builder knows about every piece on the board.
pub(crate) struct Builder<'a, R: ForceGame> {
    pub(crate) rules: &'a R,
    pub(crate) pos: &'a R::Position,
    pub(crate) occupied: R::Set,
    pub(crate) pieces: Vec<(R::Square, R::Piece)>,
    /// Distance map of the piece on each square (indexed by square).
    pub(crate) maps: Vec<Option<DistanceMap<R::Set>>>,
    pub(crate) config: &'a ZoneConfig,
}

impl<'a, R: ForceGame> Builder<'a, R> {
    pub(crate) fn new(
        rules: &'a R,
        pos: &'a R::Position,
        config: &'a ZoneConfig,
    ) -> Builder<'a, R> {
        let occupied = rules.pieces_of(pos, Side::White) | rules.pieces_of(pos, Side::Black);
        let pieces: Vec<(R::Square, R::Piece)> = occupied
            .each()
            .map(|sq| {
                (
                    sq,
                    rules
                        .piece_at(pos, sq)
                        .expect("occupied square has a piece"),
                )
            })
            .collect();
        let mut maps: Vec<Option<DistanceMap<R::Set>>> = vec![None; R::SHAPE.len() as usize];
        // A few microseconds for all pieces: not worth a thread.
        for &(sq, p) in &pieces {
            maps[sq.index()] = Some(distance_map(rules, p, sq, occupied));
        }
        Builder {
            rules,
            pos,
            occupied,
            pieces,
            maps,
            config,
        }
    }

    fn side_of(&self, sq: R::Square) -> Side {
        let piece = self.rules.piece_at(self.pos, sq).expect("a piece");
        self.rules.side(piece)
    }

    fn plus_to_move(&self, side: Side) -> bool {
        self.rules.side_to_move(self.pos) == side
    }

    /// The first shortest trajectory of the piece on `from` to `to`, with the number of them.
    fn trajectory(
        &self,
        from: R::Square,
        to: R::Square,
        limit: usize,
    ) -> Option<(Vec<Trajectory<R>>, u128)> {
        let piece = self.rules.piece_at(self.pos, from)?;
        let bundle = Bundle::shortest(self.rules, piece, from, to, self.occupied)?;
        Some((bundle.paths(limit), bundle.count()))
    }

    /// One shortest trajectory of the piece on `from` to `to`, read off its distance map.
    fn path(&self, from: R::Square, to: R::Square) -> Option<(Trajectory<R>, u128)> {
        let piece = self.rules.piece_at(self.pos, from)?;
        let occupied = self.occupied.minus(R::Set::from_square(from));
        shortest_from_map(self.rules, piece, from, to, occupied, self.map(from)?)
    }

    pub(crate) fn map(&self, sq: R::Square) -> Option<&DistanceMap<R::Set>> {
        self.maps[sq.index()].as_ref()
    }

    fn distance(&self, from: R::Square, to: R::Square) -> Option<u32> {
        self.map(from)?.distance(to)
    }

    /// Attack seeds for every root piece.
    pub(crate) fn attack_seeds(&self) -> Vec<Seed<R>> {
        let mut seeds = Vec::new();
        for &(sq, piece) in &self.pieces {
            let side = self.rules.side(piece);
            if self.config.side.is_some_and(|s| s != side) {
                continue;
            }
            let k_max = horizon::k_max(self.config.horizon, self.plus_to_move(side));
            for (target, aim) in self.rules.aims(self.pos, piece, sq) {
                let Some(d) = self.distance(sq, target) else {
                    continue;
                };
                if d == 0 || d as i32 > k_max {
                    continue;
                }
                let Some((paths, count)) =
                    self.trajectory(sq, target, self.config.max_root_trajectories)
                else {
                    continue;
                };
                for root in paths {
                    seeds.push(Seed {
                        kind: ZoneKind::Attack,
                        side,
                        target: Target {
                            square: target,
                            piece: self.rules.piece_at(self.pos, target),
                            aim,
                        },
                        root,
                        alternatives: count,
                        linked_to: None,
                    });
                }
            }
        }
        seeds
    }

    /// Builds one zone from its seed.
    fn build_zone(&self, index: usize, seed: Seed<R>) -> ForceZone<R> {
        self.build_zone_recording(index, seed, false).0
    }

    /// Builds one zone from its seed, with what the build read.
    pub(crate) fn build_zone_deps(&self, index: usize, seed: Seed<R>) -> (ForceZone<R>, Deps<R>) {
        self.build_zone_recording(index, seed, true)
    }

    /// Builds one zone from its seed, recording what the build read if `recording`.
    fn build_zone_recording(
        &self,
        index: usize,
        seed: Seed<R>,
        recording: bool,
    ) -> (ForceZone<R>, Deps<R>) {
        let side = seed.side;
        let plus_to_move = self.plus_to_move(side);
        let k = seed.root.len() as i32;
        let mut zone = ForceZone {
            index,
            kind: seed.kind,
            side,
            plus_to_move,
            target: seed.target,
            linked_to: seed.linked_to,
            trajectories: vec![ZoneTrajectory {
                trajectory: seed.root,
                camp: Camp::Plus,
                level: 0,
                role: Role::Root,
                attached: None,
                time: k,
                alternatives: seed.alternatives,
            }],
            contests: Vec::new(),
            holding: Vec::new(),
            target_defended: false,
            footprint: R::Set::EMPTY,
            graph: DiGraph::new(),
        };
        let mut used = Used::default();
        let mut deps = Deps {
            recording,
            ..Deps::default()
        };
        used.insert(zone.root_square(), zone.target.square);
        self.first_negations(&mut zone, &mut used, &mut deps);
        let mut holds = self.evaluate(&mut zone, &mut deps);
        for level in 1..self.config.max_level {
            // Only what holds needs an answer.
            let parents: Vec<usize> = (1..zone.trajectories.len())
                .filter(|&t| {
                    zone.trajectories[t].level == level
                        && holds[t]
                        && (zone.trajectories[t].role != Role::Support
                            || self.decisive(&zone, t, &mut deps))
                })
                .collect();
            if deps.recording {
                deps.parents.push(parents.clone());
            }
            if self.next_level(&mut zone, &parents, level, &mut used, &mut deps) == 0 {
                break;
            }
            holds = self.evaluate(&mut zone, &mut deps);
        }
        finish_graph(self.rules, &mut zone);
        (zone, deps)
    }

    /// The squares the search of the piece on `sq` observes up to `depth` moves.
    pub(crate) fn observed(&self, sq: R::Square, depth: u32) -> R::Set {
        let (Some(piece), Some(map)) = (self.rules.piece_at(self.pos, sq), self.map(sq)) else {
            return R::Set::from_square(sq);
        };
        let occupied = self.occupied.minus(R::Set::from_square(sq));
        observed(self.rules, map, piece, occupied, depth) | R::Set::from_square(sq)
    }

    /// The squares the target `target` on `t` could step to (its retreat squares).
    pub(crate) fn flights(&self, target: R::Piece, t: R::Square) -> R::Set {
        let occ = self.occupied.minus(R::Set::from_square(t));
        self.rules.expand(target, R::Set::from_square(t), occ) & self.rules.waypoints(target, occ)
    }

    /// One shortest trajectory of the piece on `from` to `to` and their number (as zone
    /// trajectories take them).
    pub(crate) fn path_of(&self, from: R::Square, to: R::Square) -> Option<(Trajectory<R>, u128)> {
        self.path(from, to)
    }

    /// Effective sums after relocations, recorded in `deps`.
    fn sums(
        &self,
        deps: &mut Deps<R>,
        relocations: &[(R::Square, R::Square)],
        sq: R::Square,
    ) -> [i32; 2] {
        let result = self.rules.sums_after(self.pos, relocations, sq);
        if deps.recording {
            deps.sums.push((relocations.to_vec(), sq, result));
        }
        result
    }

    /// Camp of a side in a zone whose (+) side is `plus`.
    fn camp(plus: Side, side: Side) -> Camp {
        if side == plus {
            Camp::Plus
        } else {
            Camp::Minus
        }
    }

    /// Adds the trajectory of `answer` to the zone unless the zone has that piece and goal already.
    fn push(&self, zone: &mut ForceZone<R>, used: &mut Used<R>, answer: Answer<R>) -> bool {
        let Answer {
            from,
            goal,
            role,
            level,
            attached,
            time,
            dist: _,
        } = answer;
        if !used.insert(from, goal) {
            return false;
        }
        let Some((trajectory, count)) = self.path(from, goal) else {
            return false;
        };
        let camp = Builder::<R>::camp(zone.side, self.side_of(from));
        zone.trajectories.push(ZoneTrajectory {
            trajectory,
            camp,
            level,
            role,
            attached: Some(attached),
            time,
            alternatives: count,
        });
        true
    }

    /// The first negations the piece `piece` on `sq` (of the (-) camp) has against the zone's
    /// root, in scan order.
    pub(crate) fn level1_answers(
        &self,
        zone: &ForceZone<R>,
        sq: R::Square,
        piece: R::Piece,
    ) -> Vec<Answer<R>> {
        let mut out = Vec::new();
        let root = &zone.root().trajectory;
        let k = root.len();
        let minus_first = !zone.plus_to_move;
        let target_piece = zone.target.piece.filter(|_| zone.kind == ZoneKind::Attack);
        let gated = self.rules.capture_needs_superiority(root.piece);
        let Some(map) = self.map(sq) else {
            return out;
        };
        let ungated = !self.rules.capture_needs_superiority(piece);
        for i in 0..=k {
            let time = horizon::time(i as i32, minus_first);
            let square = root.squares[i];
            let is_target = i == k && target_piece.is_some();
            // Control (or capture) of a(i); on the target square: reinforcement.
            let role = if is_target {
                if !gated || ungated || sq == zone.target.square {
                    None
                } else {
                    Some(Role::Reinforcement)
                }
            } else if i == k {
                // An empty goal square: arriving there wins at once.
                None
            } else if ungated {
                Some(Role::Capture)
            } else {
                Some(Role::Control)
            };
            if let Some(role) = role
                && let Some(l) = map.distance(square).filter(|&l| l as i32 <= time)
            {
                out.push(Answer {
                    from: sq,
                    goal: square,
                    role,
                    level: 1,
                    attached: Attachment {
                        parent: 0,
                        square,
                        index: i,
                        beta: false,
                    },
                    time,
                    dist: l as i32,
                });
            }
            // Blockade of the beta-squares of the step to a(i): occupation before it passes.
            if i >= 1 {
                for b in root.passed[i - 1].each() {
                    if let Some(l) = map.distance(b).filter(|&l| (l as i32) < time) {
                        out.push(Answer {
                            from: sq,
                            goal: b,
                            role: Role::Blockade,
                            level: 1,
                            attached: Attachment {
                                parent: 0,
                                square: b,
                                index: i,
                                beta: true,
                            },
                            time,
                            dist: l as i32,
                        });
                    }
                }
            }
        }
        out
    }

    /// Level 1: (-) control / capture of a(i), blockade of beta-squares, reinforcement of the
    /// target, retreat of the target.
    fn first_negations(&self, zone: &mut ForceZone<R>, used: &mut Used<R>, deps: &mut Deps<R>) {
        let k = zone.root().len();
        let minus = zone.side.other();
        let target_piece = zone.target.piece.filter(|_| zone.kind == ZoneKind::Attack);
        deps.max_time = deps
            .max_time
            .max(horizon::time(k as i32, !zone.plus_to_move));
        for &(sq, piece) in &self.pieces {
            if self.rules.side(piece) != minus {
                continue;
            }
            let answers = self.level1_answers(zone, sq, piece);
            deps.record(sq, &answers);
            for answer in answers {
                self.push(zone, used, answer);
            }
        }
        // Retreat of the target: one move to a square where (+) has no superiority.
        if let Some(target) = target_piece
            && horizon::moves_within(horizon::hx_retreat(k as i32, zone.plus_to_move)) >= 1
        {
            let t = zone.target.square;
            let flights = self.flights(target, t);
            deps.flights = Some(flights);
            let plus = zone.side.index();
            for s in flights.each() {
                let sums = self.sums(deps, &[(t, s)], s);
                if sums[plus] <= sums[1 - plus] {
                    let attached = Attachment {
                        parent: 0,
                        square: t,
                        index: k,
                        beta: false,
                    };
                    let time =
                        horizon::moves_within(horizon::hx_retreat(k as i32, zone.plus_to_move));
                    self.push(
                        zone,
                        used,
                        Answer {
                            from: t,
                            goal: s,
                            role: Role::Retreat,
                            level: 1,
                            attached,
                            time,
                            dist: 1,
                        },
                    );
                }
            }
        }
    }

    /// Adds the answers (at `level + 1`) to the trajectories `parents`; returns how many were
    /// added.
    fn next_level(
        &self,
        zone: &mut ForceZone<R>,
        parents: &[usize],
        level: u8,
        used: &mut Used<R>,
        deps: &mut Deps<R>,
    ) -> usize {
        let before = zone.trajectories.len();
        for &parent in parents {
            let negation = &zone.trajectories[parent];
            if negation.role == Role::Retreat {
                continue;
            }
            let l = negation.len() as i32;
            deps.max_time = deps
                .max_time
                .max(horizon::counter_time(negation.time, l, l, true));
            for &(sq, piece) in &self.pieces {
                if let Some(answer) = self.best_answer(zone, parent, level, sq, piece) {
                    deps.record(sq, std::slice::from_ref(&answer));
                    self.push(zone, used, answer);
                }
            }
        }
        zone.trajectories.len() - before
    }

    /// The best answer (at `level + 1`) of the piece `piece` on `sq` to trajectory `parent`: the
    /// square of it with most time to spare, then the earliest; `None` if the piece is not of the
    /// answering camp or nothing is in time.
    pub(crate) fn best_answer(
        &self,
        zone: &ForceZone<R>,
        parent: usize,
        level: u8,
        sq: R::Square,
        piece: R::Piece,
    ) -> Option<Answer<R>> {
        let negation = &zone.trajectories[parent];
        if negation.role == Role::Retreat {
            return None;
        }
        let answering_side = match negation.camp {
            Camp::Plus => zone.side.other(),
            Camp::Minus => zone.side,
        };
        if self.rules.side(piece) != answering_side || sq == zone.root_square() {
            return None;
        }
        let map = self.map(sq)?;
        let first = self.plus_to_move(answering_side);
        let l = negation.len() as i32;
        // Force on the square a first negation ends on counts in the root's contest there.
        let counted_goal = negation.attached.is_some_and(|a| a.parent == 0 && !a.beta)
            && matches!(negation.role, Role::Control | Role::Reinforcement);
        let squares = &negation.trajectory.squares;
        let mut best: Option<(i32, usize, Role, i32, i32)> = None;
        for (j, &v) in squares.iter().enumerate() {
            let role = if j == 0 {
                Role::AttackPiece
            } else if j == squares.len() - 1 {
                match negation.role {
                    Role::Blockade => Role::Control,
                    _ if counted_goal => Role::Support,
                    _ => continue,
                }
            } else {
                Role::Control
            };
            let time = horizon::counter_time(negation.time, l, j as i32, first);
            let Some(d) = map.distance(v).map(|d| d as i32) else {
                continue;
            };
            if sq == v || d > time {
                continue;
            }
            if best.is_none_or(|(slack, ..)| time - d > slack) {
                best = Some((time - d, j, role, time, d));
            }
        }
        let (_, j, role, time, dist) = best?;
        Some(Answer {
            from: sq,
            goal: squares[j],
            role,
            level: level + 1,
            attached: Attachment {
                parent,
                square: squares[j],
                index: j,
                beta: false,
            },
            time,
            dist,
        })
    }

    /// Force on the root's square a(i) once the root and every counted trajectory in time have
    /// arrived (leaving out trajectory `exclude`).
    fn contest(
        &self,
        zone: &ForceZone<R>,
        i: usize,
        exclude: Option<usize>,
        active: &[bool],
        deps: &mut Deps<R>,
    ) -> Contest<R> {
        let root = &zone.root().trajectory;
        let k = root.len();
        let square = root.squares[i];
        let mut relocations = Vec::new();
        // The root stands on a(i) (or, for a piece target, acts on it from a(k-1)).
        let root_at = if i == k && zone.target.piece.is_some() {
            root.squares[k - 1]
        } else {
            square
        };
        if root_at != root.squares[0] {
            relocations.push((root.squares[0], root_at));
        }
        for (t, traj) in zone.trajectories.iter().enumerate().skip(1) {
            let Some(att) = traj.attached else { continue };
            if Some(t) == exclude || !active[t] || traj.len() < 2 {
                continue;
            }
            let arrives = match traj.role {
                Role::Control | Role::Reinforcement => {
                    att.parent == 0 && att.square == square && !att.beta
                }
                Role::Support => zone.trajectories[att.parent].trajectory.goal() == square,
                _ => false,
            };
            if arrives {
                let squares = &traj.trajectory.squares;
                relocations.push((squares[0], squares[squares.len() - 2]));
            }
        }
        let sums = self.sums(deps, &relocations, square);
        let plus = zone.side.index();
        Contest {
            square,
            index: i,
            plus: sums[plus],
            minus: sums[1 - plus],
        }
    }

    /// Whether support trajectory `t` decides its contest: without it the other camp would hold
    /// the square.
    fn decisive(&self, zone: &ForceZone<R>, t: usize, deps: &mut Deps<R>) -> bool {
        let Some(att) = zone.trajectories[t].attached else {
            return false;
        };
        let goal = zone.trajectories[att.parent].trajectory.goal();
        let Some(i) = zone
            .root()
            .trajectory
            .squares
            .iter()
            .position(|&s| s == goal)
        else {
            return false;
        };
        let all = vec![true; zone.trajectories.len()];
        let with = self.contest(zone, i, None, &all, deps);
        let without = self.contest(zone, i, Some(t), &all, deps);
        let minus_holds = |c: Contest<R>| match zone.trajectories[att.parent].role {
            Role::Reinforcement => c.plus <= c.minus,
            _ => c.minus > c.plus,
        };
        match zone.trajectories[t].camp {
            Camp::Plus => minus_holds(without) && !minus_holds(with),
            Camp::Minus => !minus_holds(without) && minus_holds(with),
        }
    }

    /// Weighs the contested squares and decides which trajectories hold (after their answers);
    /// returns that, by trajectory.
    fn evaluate(&self, zone: &mut ForceZone<R>, deps: &mut Deps<R>) -> Vec<bool> {
        let root = &zone.root().trajectory;
        let k = root.len();
        let gated_root = self.rules.capture_needs_superiority(root.piece);
        let n = zone.trajectories.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (c, traj) in zone.trajectories.iter().enumerate() {
            if let Some(att) = traj.attached {
                children[att.parent].push(c);
            }
        }
        // A trajectory holds unless an answer to it holds; answers are weighed first, from the
        // deepest level up.
        let mut holds = vec![true; n];
        let answered = |holds: &[bool], t: usize| {
            children[t].iter().any(|&c| {
                holds[c]
                    && matches!(
                        zone.trajectories[c].role,
                        Role::Control | Role::Capture | Role::AttackPiece | Role::Blockade
                    )
            })
        };
        let max_level = zone.trajectories.iter().map(|t| t.level).max().unwrap_or(0);
        for level in (2..=max_level).rev() {
            for t in 0..n {
                if zone.trajectories[t].level == level {
                    holds[t] = self.answer_holds(zone, t, deps) && !answered(&holds, t);
                }
            }
        }
        // First negations: those not answered count in the contests; control and reinforcement
        // then hold only where the force is on their side.
        for t in 0..n {
            if zone.trajectories[t].level == 1 {
                holds[t] = !answered(&holds, t);
            }
        }
        let contests: Vec<Contest<R>> = (0..=k)
            .map(|i| self.contest(zone, i, None, &holds, deps))
            .collect();
        for (traj, holds) in zone.trajectories.iter().zip(holds.iter_mut()) {
            if traj.level != 1 || !*holds {
                continue;
            }
            let att = traj.attached.expect("negations are attached");
            *holds = match traj.role {
                Role::Reinforcement => {
                    let c = contests[att.index];
                    gated_root && c.plus <= c.minus
                }
                Role::Control => {
                    let c = contests[att.index];
                    c.minus > c.plus
                }
                _ => true,
            };
        }
        zone.holding = (1..n)
            .filter(|&t| zone.trajectories[t].level == 1 && holds[t])
            .collect();
        // Defended as it stands: the target's own force is enough against (+) on its square.
        zone.target_defended = gated_root
            && zone.kind == ZoneKind::Attack
            && zone
                .target
                .piece
                .is_some_and(|target| contests[k].plus <= self.rules.strength(target));
        zone.contests = contests;
        let mut footprint = R::Set::EMPTY;
        for t in &zone.trajectories {
            footprint |= t.trajectory.footprint();
        }
        footprint.insert(zone.target.square);
        zone.footprint = footprint;
        holds
    }

    /// Whether answer `t` (level 2 or deeper) is in force on its own: an ungated piece takes
    /// whatever the sums; a support adds force (weighed in the contests); a control of a square of
    /// the answered trajectory, or an attack on its piece, needs its camp's superiority there when
    /// both pieces have arrived.
    fn answer_holds(&self, zone: &ForceZone<R>, t: usize, deps: &mut Deps<R>) -> bool {
        let answer = &zone.trajectories[t];
        let Some(att) = answer.attached else {
            return true;
        };
        let piece = answer.trajectory.piece;
        match answer.role {
            Role::Control | Role::AttackPiece if self.rules.capture_needs_superiority(piece) => {
                let parent = &zone.trajectories[att.parent].trajectory;
                let mut relocations = Vec::with_capacity(2);
                if parent.start() != att.square {
                    relocations.push((parent.start(), att.square));
                }
                let squares = &answer.trajectory.squares;
                if squares.len() >= 3 {
                    relocations.push((squares[0], squares[squares.len() - 2]));
                }
                let sums = self.sums(deps, &relocations, att.square);
                let side = self.rules.side(piece).index();
                sums[side] > sums[1 - side]
            }
            _ => true,
        }
    }

    /// Linked-zone seeds of an attack zone: when exactly one first negation holds (so that
    /// answering it would open the zone) and the target is not defended as it stands.
    fn linked_seeds(&self, zone: &ForceZone<R>) -> Vec<Seed<R>> {
        let mut seeds = Vec::new();
        let plus_first = zone.plus_to_move;
        if zone.holding.len() != 1 || zone.target_defended {
            return seeds;
        }
        for &t in &zone.holding {
            let negation = &zone.trajectories[t];
            let (kind, aim_square) = match negation.role {
                Role::Control | Role::Capture | Role::Reinforcement => (
                    ZoneKind::Control,
                    negation.trajectory.squares[1.min(negation.len())],
                ),
                Role::Blockade => (ZoneKind::Deblockade, negation.trajectory.goal()),
                Role::Retreat => (ZoneKind::Retreat, negation.trajectory.goal()),
                _ => continue,
            };
            // The best (shortest) (+) piece other than the root, in square order on ties.
            let mut best: Option<(u32, R::Square)> = None;
            for &(sq, piece) in &self.pieces {
                if self.rules.side(piece) != zone.side
                    || sq == zone.root_square()
                    || sq == aim_square
                {
                    continue;
                }
                if let Some(d) = self.distance(sq, aim_square)
                    && d >= 1
                    && best.is_none_or(|(bd, _)| d < bd)
                {
                    best = Some((d, sq));
                }
            }
            let Some((d, sq)) = best else { continue };
            let k_max = horizon::k_max(self.config.horizon, plus_first);
            if d as i32 > k_max {
                continue;
            }
            let Some((root, count)) = self.path(sq, aim_square) else {
                continue;
            };
            seeds.push(Seed {
                kind,
                side: zone.side,
                target: Target {
                    square: aim_square,
                    piece: self.rules.piece_at(self.pos, aim_square),
                    aim: R::CAPTURE,
                },
                root,
                alternatives: count,
                linked_to: Some((zone.index, t)),
            });
        }
        seeds
    }
}
