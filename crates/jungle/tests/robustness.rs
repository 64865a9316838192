//! Jungle's parsers on any input: position strings, moves and position files never panic, and
//! what they accept reads back as itself.

use proptest::prelude::*;
use zonal_jungle::{Move, Position, posfile};

fn check_position(text: &str) {
    if let Ok(pos) = text.parse::<Position>() {
        let printed = pos.to_string();
        let again: Position = printed.parse().expect("a printed position reads back");
        assert_eq!(again, pos, "{text:?}");
        let short: Position = pos.jungine().parse().expect("the jungine form reads back");
        assert_eq!(short.repetition_key(), pos.repetition_key());
        for mv in pos.legal_moves() {
            assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv));
        }
        let _ = pos.outcome();
    }
}

fn check_move(pos: &Position, text: &str) {
    match pos.parse_move(text) {
        Ok(mv) => assert!(
            pos.legal_moves().contains(&mv),
            "{text:?} accepted, not legal"
        ),
        Err(e) => assert!(e.to_string().starts_with("Jungle: "), "{e}"),
    }
    let _ = Move::parse(text);
}

fn check_file(text: &str) {
    if let Ok(records) = posfile::parse_str(text, "fuzz") {
        for r in &records {
            let line = posfile::write_record(r);
            let back = posfile::parse_str(&line, "written").expect("a written record reads back");
            assert_eq!(back[0].position, r.position);
            assert_eq!(back[0].ops, r.ops);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn near_position_strings(text in "[0-9ELTPWDCRelptwdcr/]{0,40} [wbx]( [0-9]{1,3}( [0-9]{1,3})?)?") {
        check_position(&text);
    }

    #[test]
    fn any_text(text in "\\PC{0,60}") {
        check_position(&text);
        check_move(&Position::startpos(), &text);
        check_file(&text);
    }

    #[test]
    fn near_moves(text in "[a-i][0-9]{1,2}[a-i][0-9]{1,2}") {
        check_move(&Position::startpos(), &text);
        let j6: Position = "6c/7/7/7/1R1Lr2/7/7/7/7 w".parse().unwrap();
        check_move(&j6, &text);
    }

    #[test]
    fn near_files(
        ops in "( (id|bm|am|c0|xx)( [a-g0-9\"]{0,5}){0,2};){0,3}",
        header in proptest::bool::ANY,
    ) {
        let text = format!(
            "{}l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1{ops}\n",
            if header { "game jungle\n" } else { "" }
        );
        check_file(&text);
    }
}

#[test]
fn random_legal_positions_read_back() {
    let mut rng = zonal_core::rng::Rng::new(0x1234_5678_9abc_def1);
    for _ in 0..200 {
        let mut pos = Position::startpos();
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.below(moves.len())]);
            check_position(&pos.to_string());
        }
    }
}
