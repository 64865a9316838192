//! The zone-guided search on Прорыв (`zonal_core::guided`): it finds the suite's short wins
//! searching only the moves the projection names, with fewer nodes than the full-width search;
//! and it never reports a forced loss that the full-width search of the same depth refutes.

use zonal_core::guided::ZoneNarrowing;
use zonal_core::rng::Rng;
use zonal_core::{Limits, WIN_BOUND, search, search_narrowed};
use zonal_proryv::play::Proryv as Play;
use zonal_proryv::zones::Proryv;
use zonal_proryv::{Position, posfile};

const GUIDE: ZoneNarrowing<'static, Proryv> = ZoneNarrowing {
    game: &Proryv,
    horizon: 5,
    plies: usize::MAX,
};

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
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
        let guided = search_narrowed(&Play::default(), &GUIDE, &record.position, &[], &depth(3));
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
        full_nodes += search(&Play::default(), &record.position, &[], &depth(3)).nodes;
        checked += 1;
    }
    assert!(checked >= 20, "{checked} short wins");
    assert!(
        guided_nodes * 2 < full_nodes,
        "guided {guided_nodes} nodes, full-width {full_nodes}"
    );
}

/// The suite's positions after their best ply (lost for the side to move) and positions of
/// random games.
fn positions() -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../positions/proryv/suite.pos"
    );
    let text = std::fs::read_to_string(path).expect("the suite");
    let records = posfile::parse_str(&text, "suite.pos").expect("a valid position file");
    let mut out: Vec<Position> = records
        .iter()
        .filter_map(|r| {
            let bm = r.operands("bm")?.first()?;
            let ply = r.position.parse_ply(bm).ok()?;
            Some(r.position.play(&ply))
        })
        .filter(|p| !p.is_over())
        .collect();
    let mut rng = Rng::new(29);
    for _ in 0..12 {
        let mut pos = Position::startpos();
        for ply in 0..60 {
            let plies = pos.legal_plies();
            if plies.is_empty() || pos.is_over() {
                break;
            }
            pos = pos.play(&plies[rng.below(plies.len())]);
            if ply >= 16 && ply % 4 == 0 && !pos.is_over() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn a_guided_loss_or_win_is_real() {
    let (mut checked, mut lost) = (0, 0);
    for pos in positions() {
        let guided = search_narrowed(&Play::default(), &GUIDE, &pos, &[], &depth(3));
        let full = search(&Play::default(), &pos, &[], &depth(3));
        checked += 1;
        if guided.score < -WIN_BOUND {
            lost += 1;
            assert!(full.score < -WIN_BOUND, "{pos}: {guided:?} vs {full:?}");
        }
        if guided.score > WIN_BOUND {
            assert!(full.score > WIN_BOUND, "{pos}: {guided:?} vs {full:?}");
        }
    }
    assert!(checked > 100, "{checked} positions");
    assert!(lost >= 10, "only {lost} lost positions met");
}
