//! Hnefatafl's parsers on any input: position strings, moves (both forms) and position files
//! never panic, errors name the game, and what they accept reads back as itself.

use proptest::prelude::*;
use zonal_hnefatafl::{Position, Ruleset, posfile};

fn check_position(text: &str) {
    match text.parse::<Position>() {
        Ok(pos) => {
            let printed = pos.to_string();
            let again: Position = printed.parse().expect("a printed position reads back");
            assert_eq!(again, pos, "{text:?}");
            for mv in pos.legal_moves() {
                assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv));
                assert_eq!(pos.parse_move(&pos.record(mv)), Ok(mv));
            }
        }
        Err(e) => assert!(
            e.to_string().starts_with("Hnefatafl: position string, "),
            "{e}"
        ),
    }
}

fn check_move(pos: &Position, text: &str) {
    match pos.parse_move(text) {
        Ok(mv) => assert!(
            pos.legal_moves().contains(&mv),
            "{text:?} accepted, not legal"
        ),
        Err(e) => assert!(e.to_string().starts_with("Hnefatafl: "), "{e}"),
    }
}

fn check_file(text: &str) {
    match posfile::parse_str(text, "fuzz") {
        Ok(records) => {
            for r in &records {
                let line = posfile::write_record(r);
                let back =
                    posfile::parse_str(&line, "written").expect("a written record reads back");
                assert_eq!(back[0].position, r.position);
                assert_eq!(back[0].ops, r.ops);
            }
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz:"), "{e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    #[test]
    fn near_position_strings(
        text in "[1-9adk/]{0,60} [adx] (seed|copenhagen|tablut)( [0-9]{1,4}( [0-9]{1,4})?)?"
    ) {
        check_position(&text);
    }

    #[test]
    fn any_text(text in "\\PC{0,80}") {
        check_position(&text);
        check_move(&Position::start(Ruleset::COPENHAGEN), &text);
        check_file(&text);
    }

    #[test]
    fn near_moves(text in "[a-l][0-9]{1,2}-?[a-l][0-9]{1,2}(x[a-l][0-9]{1,2}){0,3}") {
        check_move(&Position::start(Ruleset::COPENHAGEN), &text);
        check_move(&Position::start(Ruleset::SEED_9), &text);
        let h14: Position = "11/11/11/7k3/11/11/6a4/11/11/3aaa5/2addd5 a copenhagen".parse().unwrap();
        check_move(&h14, &text);
    }

    #[test]
    fn near_files(
        lines in proptest::collection::vec(
            "(game hnefatafl( seed| copenhagen)?|#.*|9/9/9/9/9/3a5/9/9/6k2 [ad] seed( [0-9])?( (id|bm|c0) [a-z0-9\" ]{0,8};?){0,2})",
            0..5,
        )
    ) {
        check_file(&lines.join("\n"));
    }
}

#[test]
fn every_start_position_round_trips() {
    for rules in Ruleset::ALL {
        check_position(rules.start_string());
    }
}
