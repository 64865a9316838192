//! The position files of `positions/hnefatafl/` read, and their `bm` moves are what they say.

use zonal_hnefatafl::{Position, Ruleset, posfile};

fn read(name: &str) -> Vec<posfile::Record> {
    let path = format!(
        "{}/../../positions/hnefatafl/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the file");
    assert_eq!(posfile::stated_game(&text), Some("hnefatafl"));
    posfile::parse_str(&text, name).expect("a valid position file")
}

#[test]
fn the_starts_are_the_rulesets_starts() {
    let starts: Vec<Position> = read("start.pos").iter().map(|r| r.position).collect();
    let expected: Vec<Position> = Ruleset::ALL.iter().map(|&r| Position::start(r)).collect();
    assert_eq!(starts, expected);
}

#[test]
fn the_examples_best_moves_win_at_once() {
    let records = read("examples.pos");
    assert_eq!(records.len(), 25);
    let mut with_bm = 0;
    for r in &records {
        let Some(bm) = r.operands("bm") else {
            continue;
        };
        for mv in bm {
            let m = r.position.parse_move(mv).expect("a legal bm");
            let after = r.position.play(m);
            let winner = after.outcome().and_then(|o| o.winner());
            assert_eq!(winner, Some(r.position.side_to_move()), "{:?}", r.id());
        }
        with_bm += 1;
    }
    assert_eq!(with_bm, 7);
}
