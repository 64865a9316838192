//! Zone contents on hand-built positions (`positions/zones.t1`): budgets at their limit for both
//! sides to move, blockade, reinforcement, retreat, second negation, linked zone, overload,
//! King, castle and Scout targets.

use chess_t1::posfile;
use chess_t1::rules::{Aim, ChessT1};
use chess_t1::zone::{Camp, ForceZone, Projection, Role, ZoneConfig, ZoneKind};
use chess_t1::{Position, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn position(id: &str) -> Position {
    let records = posfile::read_file(std::path::Path::new("positions/zones.t1")).expect("zones.t1");
    posfile::select(&records, Some(id), None)
        .expect("id")
        .position
}

fn mp(id: &str, horizon: i32) -> Projection {
    let config = ZoneConfig {
        horizon,
        ..ZoneConfig::default()
    };
    Projection::build(&ChessT1, &position(id), &config)
}

/// The attack zone of the root on `root` against `target`.
fn zone<'a>(mp: &'a Projection, root: &str, target: &str) -> &'a ForceZone {
    mp.zones
        .iter()
        .find(|z| {
            z.kind == ZoneKind::Attack
                && z.root_square() == sq(root)
                && z.target.square == sq(target)
        })
        .unwrap_or_else(|| panic!("no zone {root} -> {target}"))
}

fn squares(t: &chess_t1::zone::ZoneTrajectory) -> String {
    let v: Vec<String> = t.trajectory.squares.iter().map(|s| s.to_string()).collect();
    v.join("-")
}

/// (label, role, squares, time) of every trajectory of a zone.
fn contents(z: &ForceZone) -> Vec<(String, Role, String, i32)> {
    (0..z.trajectories.len())
        .map(|t| {
            (
                z.label(t),
                z.trajectories[t].role,
                squares(&z.trajectories[t]),
                z.trajectories[t].time,
            )
        })
        .collect()
}

fn has(z: &ForceZone, role: Role, path: &str) -> bool {
    z.trajectories
        .iter()
        .any(|t| t.role == role && squares(t) == path)
}

#[test]
fn negation_admitted_exactly_at_its_budget() {
    let m = mp("budget-b", 4);
    let z = zone(&m, "e3", "e7");
    let i = z.index;
    assert_eq!(
        contents(z),
        [
            (format!("(+, {i}.0)"), Role::Root, "e3-e5-e7".into(), 2),
            (format!("(-, {i}.1)"), Role::Control, "g6-f5-e5".into(), 2),
            (
                format!("(-, {i}.1)"),
                Role::Reinforcement,
                "g6-f6-e7".into(),
                3
            ),
            (format!("(-, {i}.1)"), Role::Control, "e7-e5".into(), 2),
            (format!("(-, {i}.1)"), Role::Retreat, "e7-e6".into(), 2),
            (format!("(-, {i}.1)"), Role::Retreat, "e7-d7".into(), 2),
            (format!("(-, {i}.1)"), Role::Retreat, "e7-f7".into(), 2),
        ]
    );
    // e5 once the King stands on f5 and the Knecht's two-step hits it: 2 against 1½ + 1.
    assert_eq!((z.contests[1].plus, z.contests[1].minus), (4, 5));
    assert!(!z.is_open());
}

#[test]
fn negation_rejected_one_move_beyond_its_budget() {
    let m = mp("budget-w", 4);
    let z = zone(&m, "e3", "e7");
    assert!(!has(z, Role::Control, "g6-f5-e5"), "{:?}", contents(z));
    // The reinforcement of e7 is exactly at its budget (TIME(a2) = 2).
    let t = z
        .trajectories
        .iter()
        .find(|t| t.role == Role::Reinforcement)
        .unwrap();
    assert_eq!((squares(t).as_str(), t.time, t.len()), ("g6-f6-e7", 2, 2));
}

#[test]
fn blockade_of_a_prince_diagonal() {
    let m = mp("blockade-b", 4);
    let z = zone(&m, "a1", "d4");
    let blockade = z
        .trajectories
        .iter()
        .find(|t| t.role == Role::Blockade)
        .expect("blockade");
    assert_eq!(squares(blockade), "c5-c3");
    let att = blockade.attached.unwrap();
    assert!(att.beta);
    assert_eq!((att.square, att.index, att.parent), (sq("c3"), 1, 0));
    assert_eq!(z.root().trajectory.beta_squares(), [sq("b2"), sq("c3")]);
    assert!(
        z.holding
            .iter()
            .any(|&t| z.trajectories[t].role == Role::Blockade)
    );
    let m = mp("blockade-w", 4);
    let z = zone(&m, "a1", "d4");
    assert_eq!(z.trajectories.len(), 1, "{:?}", contents(z));
    assert!(z.is_open());
}

#[test]
fn reinforcement_removes_superiority_and_retreats() {
    let m = mp("reinforce-b", 4);
    let z = zone(&m, "e3", "e5");
    let i = z.index;
    assert_eq!(
        contents(z),
        [
            (format!("(+, {i}.0)"), Role::Root, "e3-e5".into(), 1),
            (
                format!("(-, {i}.1)"),
                Role::Reinforcement,
                "c5-d5-e5".into(),
                2
            ),
            (format!("(-, {i}.1)"), Role::Retreat, "e5-d5".into(), 1),
            (format!("(-, {i}.1)"), Role::Retreat, "e5-f5".into(), 1),
            (format!("(-, {i}.1)"), Role::Retreat, "e5-e6".into(), 1),
        ]
    );
    assert_eq!((z.contests[1].plus, z.contests[1].minus), (4, 4));
    assert_eq!(z.holding, [1, 2, 3, 4]);
    let m = mp("reinforce-w", 4);
    let z = zone(&m, "e3", "e5");
    assert_eq!(z.trajectories.len(), 1);
    assert!(z.is_open());
}

#[test]
fn second_negation_restores_superiority() {
    let m = mp("second-negation", 4);
    let z = zone(&m, "e3", "e5");
    let i = z.index;
    assert_eq!(
        contents(z),
        [
            (format!("(+, {i}.0)"), Role::Root, "e3-e5".into(), 1),
            (
                format!("(-, {i}.1)"),
                Role::Reinforcement,
                "d5-e5".into(),
                1
            ),
            (format!("(+, {i}.2)"), Role::Support, "f4-e4-e5".into(), 2),
            (format!("(-, {i}.3)"), Role::Control, "e5-e4".into(), 1),
        ]
    );
    // The support is attached to the reinforcement on e5; the third level to the support on e4.
    assert_eq!(
        z.trajectories[2].attached.map(|a| (a.parent, a.square)),
        Some((1, sq("e5")))
    );
    assert_eq!(
        z.trajectories[3].attached.map(|a| (a.parent, a.square)),
        Some((2, sq("e4")))
    );
    assert_eq!((z.contests[1].plus, z.contests[1].minus), (6, 4));
    assert!(z.is_open());
}

#[test]
fn linked_control_zone() {
    let m = mp("linked-control", 6);
    let parent = zone(&m, "e3", "e5");
    assert_eq!(parent.holding.len(), 1);
    let holder = parent.holding[0];
    assert_eq!(squares(&parent.trajectories[holder]), "g7-e5");
    let linked = m
        .zones
        .iter()
        .find(|z| z.linked_to == Some((parent.index, holder)))
        .expect("a linked zone");
    assert_eq!(linked.kind, ZoneKind::Control);
    assert_eq!(squares(linked.root()), "b2-c3-d4-e5");
    assert_eq!(linked.label(0), format!("(+, {}.0)", linked.index));
    assert!(linked.index > parent.index);
    // Linked to its parent in one complex.
    assert!(
        m.complexes
            .iter()
            .any(|c| c.zones.contains(&parent.index) && c.zones.contains(&linked.index))
    );
    // Without linked zones, none.
    let config = ZoneConfig {
        horizon: 6,
        linked: false,
        ..ZoneConfig::default()
    };
    let plain = Projection::build(&ChessT1, &position("linked-control"), &config);
    assert!(plain.zones.iter().all(|z| z.kind == ZoneKind::Attack));
}

#[test]
fn complex_zone_with_an_overloaded_defender() {
    let m = mp("overload", 4);
    let (a, b) = (zone(&m, "c3", "c5"), zone(&m, "e3", "e5"));
    for z in [a, b] {
        assert_eq!(z.holding.len(), 1);
        let t = &z.trajectories[z.holding[0]];
        assert_eq!(
            (t.trajectory.start(), t.role, t.camp),
            (sq("d6"), Role::Reinforcement, Camp::Minus)
        );
    }
    let complex = m
        .complexes
        .iter()
        .find(|c| c.zones.contains(&a.index) && c.zones.contains(&b.index))
        .expect("one complex");
    assert_eq!(complex.overloaded, [sq("d6")]);
}

#[test]
fn king_castle_and_ver_knecht_targets() {
    let m = mp("king-target", 4);
    assert_eq!(zone(&m, "e3", "e5").target.aim, Aim::King);
    let m = mp("castle-target", 4);
    let mut castle: Vec<(String, usize)> = m
        .zones
        .iter()
        .filter(|z| z.target.aim == Aim::Castle)
        .map(|z| (z.target.square.to_string(), z.root().len()))
        .collect();
    castle.sort();
    assert_eq!(
        castle,
        [
            ("c8".into(), 1),
            ("d8".into(), 1),
            ("e8".into(), 2),
            ("f8".into(), 2)
        ]
    );
    let m = mp("verknecht-castle", 4);
    let targets: Vec<(String, Aim, String)> = m
        .zones
        .iter()
        .map(|z| (z.target.square.to_string(), z.target.aim, squares(z.root())))
        .collect();
    assert_eq!(
        targets,
        [
            ("c8".into(), Aim::Castle, "c7-c8".into()),
            ("d8".into(), Aim::Castle, "c7-d7-d8".into())
        ]
    );
}

#[test]
fn scout_roots_are_never_gated_and_have_no_beta_squares() {
    let m = mp("scout-root", 4);
    let z = zone(&m, "c3", "d5");
    assert!(z.root().trajectory.beta_squares().is_empty());
    // The Konnet makes d5 1:5 for Black, yet nothing reinforces against a Scout.
    assert_eq!((z.contests[1].plus, z.contests[1].minus), (0, 10));
    assert!(!z.trajectories.iter().any(|t| t.role == Role::Reinforcement));
    assert!(!z.target_defended);
    assert!(z.is_open());
}

#[test]
fn graph_edges_follow_the_trajectories() {
    use chess_t1::zone::{Edge, Node};
    let m = mp("second-negation", 4);
    let z = zone(&m, "e3", "e5");
    let g = &z.graph;
    let traj_node = |t: usize| {
        g.node_indices()
            .find(|&n| g[n] == Node::Trajectory(t))
            .unwrap()
    };
    let kinds =
        |from: usize| -> Vec<Edge> { g.edges(traj_node(from)).map(|e| *e.weight()).collect() };
    assert!(kinds(0).contains(&Edge::Attacks));
    assert!(kinds(1).contains(&Edge::Negates));
    assert!(kinds(1).contains(&Edge::AttachedAlpha { index: 1 }));
    assert!(kinds(2).contains(&Edge::Supports));
    // Every trajectory has exactly one piece standing at its root.
    for t in 0..z.trajectories.len() {
        let roots = g
            .edges_directed(traj_node(t), petgraph::Direction::Incoming)
            .filter(|e| *e.weight() == Edge::RootOf)
            .count();
        assert_eq!(roots, 1);
    }
}
