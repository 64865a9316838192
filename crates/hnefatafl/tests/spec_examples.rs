//! Every worked example of the spec (`shared/spec/hnefatafl.md` §12, H1-H17), with its stated
//! outcome: the move in both forms, the captures, the position after, the game's end.

use zonal_hnefatafl::{ATTACKERS, DEFENDERS, Game, Outcome, Position};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The first three fields of a position string (the spec's "After" strings omit the counters).
fn short(p: &Position) -> String {
    p.to_string()
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays `coord` (and checks that the record form `record` reads as the same move, with exactly
/// its captures) and returns the game after it.
fn step(
    before: &str,
    coord: &str,
    record: &str,
    after: Option<&str>,
    end: Option<Outcome>,
) -> Game {
    let p = pos(before);
    let mv = p
        .parse_move(coord)
        .unwrap_or_else(|e| panic!("{before}: {e}"));
    assert_eq!(mv.to_string(), coord);
    assert_eq!(p.record(mv), record, "{before} {coord}");
    assert_eq!(p.parse_move(record), Ok(mv), "{record}");
    let mut game = Game::new(p);
    game.play(record).unwrap();
    if let Some(after) = after {
        assert_eq!(short(game.position()), after, "{before} {coord}");
    }
    assert_eq!(game.end(), end, "{before} {coord}");
    game
}

#[test]
fn h1_custodial_capture() {
    step(
        "9/9/6k2/9/9/9/2ad3a1/9/9 a seed",
        "h3e3",
        "h3-e3xd3",
        Some("9/9/6k2/9/9/9/2a1a4/9/9 d seed"),
        None,
    );
}

#[test]
fn h2_double_capture() {
    let p = pos("4a4/9/9/2ad1da2/9/9/9/2k6/9 a seed");
    // Captures may be listed in any order.
    assert!(p.parse_move("e9-e6xf6xd6").is_ok());
    assert!(p.parse_move("e9-e6xd6xf6xd6").is_ok());
    step(
        "4a4/9/9/2ad1da2/9/9/9/2k6/9 a seed",
        "e9e6",
        "e9-e6xd6xf6",
        Some("9/9/9/2a1a1a2/9/9/9/2k6/9 d seed"),
        None,
    );
}

#[test]
fn h3_moving_between_two_enemies_is_safe() {
    step(
        "9/4d4/6k2/9/9/9/3a1a3/9/9 d seed",
        "e8e3",
        "e8-e3",
        Some("9/9/6k2/9/9/9/3ada3/9/9 a seed"),
        None,
    );
}

#[test]
fn h4_capture_against_the_empty_throne() {
    step(
        "9/9/1k7/9/9/4d4/a8/9/9 a seed",
        "a3e3",
        "a3-e3xe4",
        Some("9/9/1k7/9/9/9/4a4/9/9 d seed"),
        None,
    );
    step(
        "9/6k2/a8/9/5a3/9/9/9/9 d seed",
        "g8g5",
        "g8-g5xf5",
        Some("9/9/a8/9/6k2/9/9/9/9 a seed"),
        None,
    );
}

#[test]
fn h5_the_king_on_his_throne() {
    step(
        "9/9/8d/4a4/4k4/4d4/a8/9/9 a seed",
        "a3e3",
        "a3-e3",
        Some("9/9/8d/4a4/4k4/4d4/4a4/9/9 d seed"),
        None,
    );
    step(
        "9/9/8d/4a4/4k4/4d4/4a4/9/9 d seed",
        "i7e7",
        "i7-e7xe6",
        Some("9/9/4d4/9/4k4/4d4/4a4/9/9 a seed"),
        None,
    );
}

#[test]
fn h6_capture_against_a_corner() {
    step(
        "9/9/6k2/9/2a6/9/9/9/1d7 a seed",
        "c5c1",
        "c5-c1xb1",
        Some("9/9/6k2/9/9/9/9/9/2a6 d seed"),
        None,
    );
    step(
        "9/9/a5k2/9/9/9/4d4/8a/9 d seed",
        "e3i3",
        "e3-i3xi2",
        Some("9/9/a5k2/9/9/9/8d/9/9 a seed"),
        None,
    );
}

#[test]
fn h7_king_captured_on_the_throne() {
    let text = "9/9/9/4a4/3ak3a/4a4/9/9/9 a seed";
    step(text, "i5f5", "i5-f5", None, Some(Outcome::KingCaptured));
    // With any one of the four attackers missing, the move captures nothing.
    for without in [
        "9/9/9/9/3ak3a/4a4/9/9/9 a seed",
        "9/9/9/4a4/4k3a/4a4/9/9/9 a seed",
        "9/9/9/4a4/3ak3a/9/9/9/9 a seed",
    ] {
        let g = step(without, "i5f5", "i5-f5", None, None);
        assert_eq!(g.position().side_to_move(), DEFENDERS);
    }
}

#[test]
fn h8_king_captured_next_to_the_throne() {
    step(
        "9/9/9/9/9/3aka3/9/9/4a4 a seed",
        "e1e3",
        "e1-e3",
        None,
        Some(Outcome::KingCaptured),
    );
    step(
        "9/9/9/9/4d4/3aka3/9/9/4a4 a seed",
        "e1e3",
        "e1-e3",
        Some("9/9/9/9/4d4/3aka3/4a4/9/9 d seed"),
        None,
    );
}

#[test]
fn h9_the_king_walks_into_a_surround() {
    let mut game = step(
        "4a4/9/9/9/4k4/3a1a3/4a4/9/9 d seed",
        "e5e4",
        "e5-e4",
        Some("4a4/9/9/9/9/3aka3/4a4/9/9 a seed"),
        None,
    );
    assert_eq!(
        game.position()
            .record(game.position().parse_move("e9e5").unwrap()),
        "e9-e5"
    );
    game.play("e9e5").unwrap();
    assert_eq!(game.end(), Some(Outcome::KingCaptured));
    // In copenhagen (11x11) a soldier may not stop on the throne: the same idea, f11f6, is
    // illegal.
    let p = pos("5a5/11/11/11/11/5k5/4a1a4/5a5/11/11/11 d copenhagen");
    let p = p.play(p.parse_move("f6f5").unwrap());
    assert!(p.decided().is_none());
    let err = p.parse_move("f11f6").unwrap_err().to_string();
    assert!(err.contains("throne"), "{err}");
}

#[test]
fn h10_king_next_to_a_corner() {
    step(
        "9/9/9/9/1a7/9/9/9/1ka6 a seed",
        "b5b2",
        "b5-b2",
        None,
        Some(Outcome::KingCaptured),
    );
    step(
        "9/9/9/9/2a6/9/9/1a7/1k7 a seed",
        "c5c1",
        "c5-c1",
        None,
        Some(Outcome::KingCaptured),
    );
    let g = step(
        "9/9/9/9/2a6/9/9/9/1k7 a seed",
        "c5c1",
        "c5-c1",
        Some("9/9/9/9/9/9/9/9/1ka6 d seed"),
        None,
    );
    // The king can escape to a1 next.
    let mut g = g;
    g.play("b1a1").unwrap();
    assert_eq!(g.end(), Some(Outcome::KingEscaped));
    step(
        "11/11/11/11/11/11/1a9/11/11/11/1ka8 a copenhagen",
        "b5b2",
        "b5-b2",
        Some("11/11/11/11/11/11/11/11/11/1a9/1ka8 d copenhagen"),
        None,
    );
}

#[test]
fn h11_king_on_an_edge_square() {
    let g = step(
        "9/7d1/9/9/9/9/9/a8/3aka3 a seed",
        "a2e2",
        "a2-e2",
        Some("9/7d1/9/9/9/9/9/4a4/3aka3 d seed"),
        None,
    );
    let moves: Vec<String> = g
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut expected: Vec<&str> =
        "h8a8 h8b8 h8c8 h8d8 h8e8 h8f8 h8g8 h8i8 h8h9 h8h7 h8h6 h8h5 h8h4 h8h3 h8h2 h8h1"
            .split(' ')
            .collect();
    expected.sort_unstable();
    let mut got: Vec<&str> = moves.iter().map(String::as_str).collect();
    got.sort_unstable();
    assert_eq!(got, expected);
    step(
        "9/9/9/9/9/9/9/a8/3aka3 a seed",
        "a2e2",
        "a2-e2",
        Some("9/9/9/9/9/9/9/4a4/3aka3 d seed"),
        Some(Outcome::NoMoves { loser: DEFENDERS }),
    );
}

#[test]
fn h12_king_escape() {
    step(
        "9/9/9/9/9/3a5/9/9/6k2 d seed",
        "g1i1",
        "g1-i1",
        Some("9/9/9/9/9/3a5/9/9/8k a seed"),
        Some(Outcome::KingEscaped),
    );
    // A soldier on g1 could only go as far as h1.
    let p = pos("9/9/9/9/9/3a5/9/k8/6d2 d seed");
    let to: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.to_string().starts_with("g1"))
        .map(|m| m.to_string())
        .collect();
    assert!(to.contains(&"g1h1".to_string()) && !to.contains(&"g1i1".to_string()));
    assert!(!to.contains(&"g1a1".to_string()) && to.contains(&"g1b1".to_string()));
}

#[test]
fn h13_the_throne_in_both_rulesets() {
    let moves = |text: &str| {
        let mut v: Vec<String> = pos(text)
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| m.starts_with("f9"))
            .collect();
        v.sort();
        v
    };
    let mut seed: Vec<&str> = "f9a9 f9b9 f9c9 f9d9 f9e9 f9g9 f9h9 f9i9 f9j9 f9k9 f9f10 f9f11 f9f8 f9f7 f9f6 f9f5 f9f4 f9f3 f9f2 f9f1".split(' ').collect();
    seed.sort_unstable();
    assert_eq!(moves("11/11/5d5/11/11/11/11/11/2k6a1/11/11 d seed"), seed);
    let copenhagen: Vec<&str> = seed.iter().copied().filter(|m| *m != "f9f6").collect();
    assert_eq!(
        moves("11/11/5d5/11/11/11/11/11/2k6a1/11/11 d copenhagen"),
        copenhagen
    );
    assert_eq!(copenhagen.len(), 19);
}

#[test]
fn h14_shieldwall() {
    step(
        "11/11/11/7k3/11/11/6a4/11/11/3aaa5/2addd5 a copenhagen",
        "g5g1",
        "g5-g1xd1xe1xf1",
        Some("11/11/11/7k3/11/11/11/11/11/3aaa5/2a3a4 d copenhagen"),
        None,
    );
    step(
        "11/11/11/7k3/11/11/6a4/11/11/3aaa5/2addd5 a seed",
        "g5g1",
        "g5-g1",
        Some("11/11/11/7k3/11/11/11/11/11/3aaa5/2addda4 d seed"),
        None,
    );
    step(
        "11/11/11/11/11/11/6a4/11/11/3aaa5/2adkd5 a copenhagen",
        "g5g1",
        "g5-g1xd1xf1",
        Some("11/11/11/11/11/11/11/11/11/3aaa5/2a1k1a4 d copenhagen"),
        None,
    );
    // §9.8: two shieldwalls closed by one move.
    step(
        "11/11/11/7k3/11/11/5a5/11/11/3aa1aa3/2add1dda2 a copenhagen",
        "f5f1",
        "f5-f1xd1xe1xg1xh1",
        Some("11/11/11/7k3/11/11/11/11/11/3aa1aa3/2a2a2a2 d copenhagen"),
        None,
    );
}

#[test]
fn h15_exit_fort() {
    let text = "11/11/11/11/11/11/11/11/11/4ddd4/3dk3a2 d copenhagen";
    step(
        text,
        "g2g1",
        "g2-g1",
        Some("11/11/11/11/11/11/11/11/11/4dd5/3dk1d1a2 a copenhagen"),
        Some(Outcome::ExitFort),
    );
    step(
        "11/11/11/11/11/11/11/11/11/4ddd4/3dk3a2 d seed",
        "g2g1",
        "g2-g1",
        Some("11/11/11/11/11/11/11/11/11/4dd5/3dk1d1a2 a seed"),
        None,
    );
}

#[test]
fn h16_encirclement() {
    let g = step(
        "11/11/11/11/4a6/11/11/2aa7/1ak8/2aa7/11 a copenhagen",
        "e7e3",
        "e7-e3",
        Some("11/11/11/11/11/11/11/2aa7/1ak1a6/2aa7/11 d copenhagen"),
        Some(Outcome::Encircled),
    );
    assert_eq!(g.end().and_then(Outcome::winner), Some(ATTACKERS));
    let g = step(
        "11/11/11/11/4a6/11/11/2aa7/1ak8/2aa7/11 a seed",
        "e7e3",
        "e7-e3",
        Some("11/11/11/11/11/11/11/2aa7/1ak1a6/2aa7/11 d seed"),
        None,
    );
    let moves: Vec<String> = g
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["c3d3"]);
}

#[test]
fn h17_repetition() {
    for (start, line) in [
        (
            "9/9/6k2/9/9/9/9/a8/9 a seed",
            "a2a3 g7g6 a3a2 g6g7 a2a3 g7g6 a3a2 g6g7",
        ),
        (
            "9/9/6k2/9/9/9/9/a8/9 d seed",
            "g7g6 a2a3 g6g7 a3a2 g7g6 a2a3 g6g7 a3a2",
        ),
    ] {
        let mut game = Game::new(pos(start));
        let moves: Vec<&str> = line.split(' ').collect();
        for (i, mv) in moves.iter().enumerate() {
            assert_eq!(game.end(), None, "{start}: before move {i}");
            game.play(mv).unwrap();
        }
        assert_eq!(game.end(), Some(Outcome::Repetition), "{start}");
        assert_eq!(game.occurrences(), 3);
        assert_eq!(Outcome::Repetition.winner(), Some(ATTACKERS));
        assert_eq!(short(game.position()), start);
    }
}
