//! The zone-guided search on Jungle (`zonal_core::guided`): on the tactics suite
//! (`positions/jungle/suite.pos`) it finds as many best moves as the full-width search at the
//! same depth with fewer nodes, searching at the root side's nodes only the moves the projection
//! names (plus captures and den entries) and every answer at the other side's (that it never reports a win or loss the full-width search refutes is the test kit's
//! check, `tests/conformance.rs`).

use zonal_core::guided::{ZoneNarrowing, horizon_below_root};
use zonal_core::{
    Control, Limits, Narrowing, Rules, WIN_BOUND, search, search_narrowed, search_with,
};
use zonal_jungle::play::Jungle as Play;
use zonal_jungle::zones::JungleZones;
use zonal_jungle::{Position, posfile};

/// The horizon the guided search projects at (half-moves).
const HORIZON: i32 = 5;

fn guide() -> ZoneNarrowing<'static, JungleZones> {
    ZoneNarrowing::new(&JungleZones, HORIZON, usize::MAX)
}

fn suite() -> Vec<posfile::Record> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../positions/jungle/suite.pos"
    );
    let text = std::fs::read_to_string(path).expect("the suite");
    posfile::parse_str(&text, "suite.pos").expect("a valid position file")
}

fn record_depth(r: &posfile::Record) -> u32 {
    r.operands("c1")
        .and_then(|c| c.first())
        .and_then(|c| c.strip_prefix("depth "))
        .and_then(|d| d.parse().ok())
        .expect("c1 \"depth D\"")
}

#[test]
fn the_zones_find_the_suite_moves_with_fewer_nodes() {
    let records = suite();
    assert!(records.len() >= 25, "{} positions", records.len());
    let (mut found, mut found_full, mut guided_nodes, mut full_nodes) = (0, 0, 0, 0);
    println!("| id | full-width nodes | zone-guided nodes | ratio | bm found |");
    for r in &records {
        let d = record_depth(r);
        let bm = &r.operands("bm").expect("every record has a bm")[0];
        let guided = search_narrowed(
            &Play::default(),
            &guide(),
            &r.position,
            &[],
            &Limits::depth(d),
        );
        let full = search(&Play::default(), &r.position, &[], &Limits::depth(d));
        let best = guided.best.map(|m| m.to_string()).unwrap_or_default();
        // A win or loss the guided search reports is one the full-width search sees.
        if guided.score > WIN_BOUND {
            assert!(
                full.score > WIN_BOUND,
                "{:?}: {guided:?} vs {full:?}",
                r.id()
            );
        }
        if guided.score < -WIN_BOUND {
            assert!(
                full.score < -WIN_BOUND,
                "{:?}: {guided:?} vs {full:?}",
                r.id()
            );
        }
        found += usize::from(&best == bm);
        found_full += usize::from(full.best.is_some_and(|m| &m.to_string() == bm));
        guided_nodes += guided.nodes;
        full_nodes += full.nodes;
        println!(
            "| {} | {} | {} | {:.1} | {} |",
            r.id().unwrap_or("?"),
            full.nodes,
            guided.nodes,
            full.nodes as f64 / guided.nodes.max(1) as f64,
            if &best == bm { "yes" } else { "no" }
        );
    }
    println!(
        "{found}/{n} found zone-guided with {guided_nodes} nodes, {found_full}/{n} full-width \
         with {full_nodes}",
        n = records.len()
    );
    // Issue 31's check: as many `bm` as full-width, with fewer nodes.
    assert!(
        found >= found_full,
        "{found} against {found_full} full-width"
    );
    assert!(
        found * 10 >= records.len() * 9,
        "{found}/{} found",
        records.len()
    );
    assert!(
        guided_nodes < full_nodes,
        "guided {guided_nodes} nodes, full-width {full_nodes}"
    );
}

#[test]
fn below_the_root_the_projection_looks_no_further_than_the_search() {
    let rules = Play::default();
    let (mut at_root, mut last_ply, mut narrower) = (0, 0, 0);
    for r in &suite() {
        let mut legal = Vec::new();
        rules.moves(&r.position, &mut legal);
        let mut root = legal.clone();
        guide().narrow(&rules, &r.position, 2, &mut root);
        // With the horizon's plies left (or more), the full horizon: the same moves.
        for depth in [HORIZON - 1, HORIZON, 9] {
            let mut kept = legal.clone();
            guide().narrow_at(&rules, &r.position, 2, depth, &mut kept);
            assert_eq!(kept, root, "{:?} depth {depth}", r.id());
        }
        // One ply left: horizon 2 (the ply and the quiescence's first), unless it names
        // nothing.
        let mut kept = legal.clone();
        guide().narrow_at(&rules, &r.position, 2, 1, &mut kept);
        assert!(kept.iter().all(|m| legal.contains(m)));
        assert!(!kept.is_empty());
        at_root += root.len();
        last_ply += kept.len();
        narrower += usize::from(kept.len() < root.len());
    }
    assert_eq!(horizon_below_root(HORIZON, 1), 2);
    assert_eq!(horizon_below_root(HORIZON, 0), 1);
    assert_eq!(horizon_below_root(HORIZON, 7), HORIZON);
    println!("{at_root} moves kept with the full horizon, {last_ply} with one ply left");
    assert!(narrower >= 10, "only {narrower} positions narrower");
    // The root's opponent's nodes search every move.
    for r in &suite() {
        let mut legal = Vec::new();
        rules.moves(&r.position, &mut legal);
        let mut kept = legal.clone();
        guide().narrow_at(&rules, &r.position, 1, 9, &mut kept);
        assert_eq!(kept, legal, "{:?}", r.id());
    }
    assert!(last_ply < at_root, "{last_ply} vs {at_root}");
}

#[test]
fn the_only_defence_against_the_other_way_is_named_at_the_root() {
    // jungle-07: f8f9 meets the lion's second way to the den (by e9); the narrowed tree finds
    // it without the full-width re-search.
    let r = suite()
        .into_iter()
        .find(|r| r.id() == Some("jungle-07"))
        .expect("jungle-07");
    let rules = Play::default();
    let mut moves = Vec::new();
    rules.moves(&r.position, &mut moves);
    guide().narrow(&rules, &r.position, 0, &mut moves);
    let f8f9 = r.position.parse_move("f8f9").expect("a legal move");
    assert!(moves.contains(&f8f9), "{moves:?}");
    let narrowed = search_with(
        &rules,
        &guide(),
        &r.position,
        &[],
        &Limits::depth(5),
        &Control::default(),
    );
    assert_eq!(narrowed.best, Some(f8f9));
    assert!(narrowed.score > -WIN_BOUND, "{narrowed:?}");
    let full = search(&rules, &r.position, &[], &Limits::depth(5));
    assert!(
        narrowed.nodes * 2 < full.nodes,
        "{} vs {}",
        narrowed.nodes,
        full.nodes
    );
}

#[test]
fn the_position_files_read_and_the_examples_bm_are_found() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../positions/jungle/");
    let start = std::fs::read_to_string(format!("{dir}start.pos")).expect("start.pos");
    let start = posfile::parse_str(&start, "start.pos").expect("a valid position file");
    assert_eq!(start[0].position, Position::startpos());
    let text = std::fs::read_to_string(format!("{dir}examples.pos")).expect("examples.pos");
    assert_eq!(posfile::stated_game(&text), Some(posfile::GAME));
    let examples = posfile::parse_str(&text, "examples.pos").expect("a valid position file");
    assert_eq!(examples.len(), 25);
    let mut with_bm = 0;
    for r in examples.iter().filter(|r| r.operands("bm").is_some()) {
        let guided = search_narrowed(
            &Play::default(),
            &guide(),
            &r.position,
            &[],
            &Limits::depth(3),
        );
        let best = guided.best.map(|m| m.to_string()).unwrap_or_default();
        assert_eq!(&best, &r.operands("bm").unwrap()[0], "{:?}", r.id());
        with_bm += 1;
    }
    assert_eq!(with_bm, 4);
}
