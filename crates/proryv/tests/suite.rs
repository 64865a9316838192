//! The tactics suite `positions/proryv/suite.pos`: the core's search finds every `bm` at the
//! depth its record states, with the table and without it (the full-width search).

use zonal_core::{Limits, search, search_without_table};
use zonal_proryv::play::Proryv;
use zonal_proryv::posfile;

#[test]
fn the_search_finds_every_best_move() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../positions/proryv/suite.pos"
    );
    let text = std::fs::read_to_string(path).expect("the suite");
    let records = posfile::parse_str(&text, "suite.pos").expect("a valid position file");
    assert!(records.len() >= 20, "{} positions", records.len());
    for record in &records {
        let bm = record.operands("bm").expect("every record has a bm");
        let depth: u32 = record
            .comment()
            .and_then(|c| c.split("confirmed depth ").nth(1))
            .and_then(|d| {
                d.trim_end_matches(|c: char| !c.is_ascii_digit())
                    .parse()
                    .ok()
            })
            .unwrap_or(5);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let with = search(&Proryv::default(), &record.position, &[], &limits);
        let best = with.best.map(|p| p.to_string()).unwrap_or_default();
        assert!(
            bm.contains(&best),
            "{:?}: {best} not in {bm:?}",
            record.id()
        );
        let plain = search_without_table(&Proryv::default(), &record.position, &[], &limits);
        assert_eq!(plain.score, with.score, "{:?}", record.id());
    }
}
