//! The zone-guided search on Прорыв (`zonal_core::guided`): it finds the suite's short wins
//! searching at the root side's nodes only the moves the projection names, with fewer nodes
//! than the full-width search (that it never reports a win or loss the full-width search refutes is the test kit's check,
//! `tests/conformance.rs`).

use zonal_core::guided::ZoneNarrowing;
use zonal_core::{Limits, WIN_BOUND, search, search_narrowed};
use zonal_proryv::play::Proryv as Play;
use zonal_proryv::posfile;
use zonal_proryv::zones::ProryvZones;

fn guide() -> ZoneNarrowing<'static, ProryvZones> {
    ZoneNarrowing::new(&ProryvZones, 5, usize::MAX)
}

#[test]
fn the_zones_name_the_short_wins() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../positions/proryv/suite.pos"
    );
    let text = std::fs::read_to_string(path).expect("the suite");
    let records = posfile::parse_str(&text, "suite.pos").expect("a valid position file");
    let (mut checked, mut guided_nodes, mut full_nodes) = (0, 0, 0);
    for record in &records {
        let comment = record.comment().unwrap_or_default();
        if !(comment.starts_with("win in 1") || comment.starts_with("win in 2")) {
            continue;
        }
        let bm = record.operands("bm").expect("every record has a bm");
        let guided = search_narrowed(
            &Play::default(),
            &guide(),
            &record.position,
            &[],
            &Limits::depth(3),
        );
        let best = guided.best.map(|p| p.to_string()).unwrap_or_default();
        assert!(
            bm.contains(&best),
            "{:?}: {best} not in {bm:?}",
            record.id()
        );
        assert!(
            guided.score > WIN_BOUND,
            "{:?}: {}",
            record.id(),
            guided.score
        );
        guided_nodes += guided.nodes;
        full_nodes += search(&Play::default(), &record.position, &[], &Limits::depth(3)).nodes;
        checked += 1;
    }
    assert!(checked >= 20, "{checked} short wins");
    assert!(
        guided_nodes < full_nodes,
        "guided {guided_nodes} nodes, full-width {full_nodes}"
    );
}

/// Where the zones name nothing (Прорыв's placement, which has no zones), the steer reduces
/// nothing more than the full-width search: the zone-guided engine with the root's steer
/// (`style=steer-reduced,plies=1`) searches the full-width engine's tree. (It once reduced
/// every quiet move one ply more at every node where no move was named.)
#[test]
fn the_steer_reduces_only_where_the_zones_name_moves() {
    use zonal_core::search::{Control, Engine, FullWidth, Techniques, ZoneStyle};
    let tech = Techniques {
        zone_style: ZoneStyle::SteerReduced,
        ..Techniques::ENGINE
    };
    let placement = zonal_proryv::Position::startpos();
    let limits = Limits::depth(6);
    let control = Control::default();
    let full = Engine::new(tech).search(
        &Play::default(),
        &FullWidth,
        &placement,
        &[],
        &limits,
        &control,
    );
    let zones = ZoneNarrowing::new(&ProryvZones, 5, 1);
    let steered =
        Engine::new(tech).search(&Play::default(), &zones, &placement, &[], &limits, &control);
    assert_eq!(
        (steered.nodes, steered.score, steered.best),
        (full.nodes, full.score, full.best)
    );
}

/// The narrowing is active (the search asks it, and does not generate moves in stages) only
/// at the root side's nodes fewer than `plies` from the root (and the opponent's, on both
/// sides).
#[test]
fn the_narrowing_is_active_only_at_the_root_sides_plies() {
    use zonal_core::search::Narrowing;
    let root_only = ZoneNarrowing::new(&ProryvZones, 5, 1);
    let three = ZoneNarrowing::new(&ProryvZones, 5, 3);
    let active = |n: &ZoneNarrowing<'_, ProryvZones>| -> Vec<usize> {
        (0..6)
            .filter(|&ply| Narrowing::<Play>::active(n, ply))
            .collect()
    };
    assert_eq!(active(&root_only), vec![0]);
    assert_eq!(active(&three), vec![0, 2]);
    // On both sides, the root opponent's nodes within the plies too.
    let both = ZoneNarrowing::new(&ProryvZones, 5, 3).on_both_sides(true);
    assert_eq!(active(&both), vec![0, 1, 2]);
}

/// A projection is built once a search at each node the narrowing visits, and read again when
/// a later iteration comes back to the node: the tree is the one of a narrowing that builds
/// every projection anew, with fewer projections built.
#[test]
fn the_narrowing_reads_a_nodes_projection_again() {
    use zonal_core::search::{Control, Engine, Techniques, ZoneStyle};
    let tech = Techniques {
        zone_style: ZoneStyle::SteerReduced,
        ..Techniques::ENGINE
    };
    let pos: zonal_proryv::Position = "4r1k1/4R1K1/R7/5R2/1RR5/rr6/4R3/2Rr1r2 b 0:0 0 30"
        .parse()
        .expect("a position");
    let limits = Limits::depth(4);
    let control = Control::default();
    let remembering = ZoneNarrowing::new(&ProryvZones, 5, 3);
    let fresh = ZoneNarrowing::new(&ProryvZones, 5, 3).remembering(false);
    let a = Engine::new(tech).search(&Play::default(), &remembering, &pos, &[], &limits, &control);
    let b = Engine::new(tech).search(&Play::default(), &fresh, &pos, &[], &limits, &control);
    assert_eq!((a.nodes, a.score, a.best), (b.nodes, b.score, b.best));
    let (kept, anew) = (remembering.counts(), fresh.counts());
    assert_eq!(anew.reused, 0);
    assert_eq!(kept.built + kept.reused, anew.built);
    assert!(
        kept.reused > 0 && kept.built < anew.built,
        "{kept:?} against {anew:?}"
    );
}

/// The zones' order on both sides changes which moves come first, never what the search finds:
/// without a table, reductions or pruning, the ordered search scores the position and every
/// root move as the full-width one does, and the opponent's nodes were narrowed too.
#[test]
fn the_order_on_both_sides_keeps_the_values() {
    use zonal_core::search::{Control, Engine, FullWidth, Techniques, ZoneStyle};
    let tech = Techniques {
        table_mb: 0,
        zone_style: ZoneStyle::Order,
        ..Techniques::PLAIN
    };
    let pos: zonal_proryv::Position = "4r1k1/4R1K1/R7/5R2/1RR5/rr6/4R3/2Rr1r2 b 0:0 0 30"
        .parse()
        .expect("a position");
    let (limits, control) = (Limits::depth(3), Control::default());
    let both = ZoneNarrowing::new(&ProryvZones, 5, 3).on_both_sides(true);
    let ordered = Engine::new(tech).search(&Play::default(), &both, &pos, &[], &limits, &control);
    let full = Engine::new(tech).search(&Play::default(), &FullWidth, &pos, &[], &limits, &control);
    assert_eq!(ordered.score, full.score);
    let scores = |r: &zonal_core::SearchResult<zonal_proryv::Ply>| {
        let mut s: Vec<(String, i32)> =
            r.root.iter().map(|m| (m.mv.to_string(), m.score)).collect();
        s.sort();
        s
    };
    assert_eq!(scores(&ordered), scores(&full));
    assert_ne!(ordered.nodes, full.nodes);
    // The root opponent's nodes at ply 1 were projected too.
    let root_side = ZoneNarrowing::new(&ProryvZones, 5, 3);
    Engine::new(tech).search(&Play::default(), &root_side, &pos, &[], &limits, &control);
    let (b, r) = (both.counts(), root_side.counts());
    assert!(
        b.built + b.reused > r.built + r.reused,
        "{b:?} against {r:?}"
    );
}
