//! Прорыв's parsers on any input: position strings, plies and position files never panic, and
//! what they accept reads back as itself.

use proptest::prelude::*;
use zonal_proryv::{Ply, Position, posfile};

fn check_position(text: &str) {
    if let Ok(pos) = text.parse::<Position>() {
        let printed = pos.to_string();
        let again: Position = printed.parse().expect("a printed position reads back");
        assert_eq!(again, pos, "{text:?}");
        // Every legal ply reads back from its text, and nothing else is accepted for it.
        for ply in pos.legal_plies() {
            assert_eq!(pos.parse_ply(&ply.to_string()), Ok(ply));
        }
    }
}

fn check_ply(pos: &Position, text: &str) {
    match pos.parse_ply(text) {
        Ok(ply) => assert!(
            pos.legal_plies().contains(&ply),
            "{text:?} accepted, not legal"
        ),
        Err(e) => assert!(e.to_string().starts_with("Прорыв: "), "{e}"),
    }
    let _ = Ply::parse(text);
}

fn check_file(text: &str) {
    if let Ok(records) = posfile::parse_str(text, "fuzz") {
        for r in &records {
            let line = posfile::write_record(r);
            let back = posfile::parse_str(&line, "written").expect("a written record reads back");
            assert_eq!(back[0].position, r.position);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    #[test]
    fn near_position_strings(text in "[1-8KRkr/]{0,40} [wbx] [0-9:]{1,5}( [0-9]{1,3} [0-9]{1,3})?") {
        check_position(&text);
    }

    #[test]
    fn any_text(text in "\\PC{0,60}") {
        check_position(&text);
        check_ply(&Position::startpos(), &text);
        check_file(&text);
    }

    #[test]
    fn near_plies(text in "(R@|r@)?[a-j][0-9]([a-j][0-9])?") {
        check_ply(&Position::startpos(), &text);
        let e6: Position = "8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20".parse().unwrap();
        check_ply(&e6, &text);
    }

    #[test]
    fn near_files(
        ops in "( (id|bm|am|c0|xx)( [a-z0-9@\"]{0,6}){0,2};){0,3}",
        header in proptest::bool::ANY,
    ) {
        let text = format!(
            "{}7k/8/8/8/8/8/8/K7 w 8:8 0 1{ops}\n",
            if header { "game proryv\n" } else { "" }
        );
        check_file(&text);
    }
}

#[test]
fn random_legal_positions_read_back() {
    let mut rng = zonal_core::rng::Rng::new(0x1234_5678_9abc_def1);
    for _ in 0..200 {
        let mut pos = Position::startpos();
        for _ in 0..40 {
            let plies = pos.legal_plies();
            if plies.is_empty() {
                break;
            }
            pos = pos.play(&plies[rng.below(plies.len())]);
            check_position(&pos.to_string());
        }
    }
}
