//! The worked examples of shared/spec/jungle.md §10 (J1-J12), with the spec's stated move lists
//! and outcomes, and the start position of §3.

use zonal_jungle::{End, Game, Outcome, Position, Side, perft};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Asserts the exact legal moves of `text`.
fn check(text: &str, expected: &str) -> Position {
    let p = pos(text);
    assert_eq!(moves(&p), list(expected), "{text}");
    p
}

fn after(p: &Position, mv: &str) -> Position {
    p.play(&p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
}

fn illegal(p: &Position, mv: &str, words: &str) {
    let e = p.parse_move(mv).unwrap_err().to_string();
    assert!(e.contains(words), "{mv} in {p}: {e}");
}

#[test]
fn start_position() {
    let start = Position::startpos();
    assert_eq!(start, pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"));
    assert_eq!(
        start.jungine(),
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"
    );
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(perft(&start, 1), 24);
}

#[test]
fn j1_the_rat_enters_and_leaves_the_water() {
    check("c6/7/7/7/R6/7/7/7/7 w", "a5a4 a5a6 a5b5");
    check("c6/7/7/7/2R4/7/7/7/7 w", "c5b5 c5c4 c5c6 c5d5");
}

#[test]
fn j2_the_rat_takes_the_elephant() {
    let p = check("6c/7/7/7/7/3e3/3R3/7/7 w", "d3c3 d3d2 d3d4 d3e3");
    assert!(p.is_capture(p.parse_move("d3d4").unwrap()));
    assert_eq!(after(&p, "d3d4"), pos("6c/7/7/7/7/3R3/7/7/7 b"));
    assert_eq!(after(&p, "d3d4").jungine(), "6c/7/7/7/7/3R3/7/7/7 b");
    // d3d2: into White's own trap, allowed and harmless.
    assert_eq!(after(&p, "d3d2").outcome(), None);
}

#[test]
fn j3_the_elephant_does_not_take_the_rat() {
    let p = check("6c/7/7/7/7/3e3/3R3/7/7 b", "d4d5 g9f9 g9g8");
    illegal(&p, "d4d3", "the elephant may not take the rat");
    illegal(&p, "d4c4", "only the rat enters water");
    illegal(&p, "d4e4", "only the rat enters water");
}

#[test]
fn j4_a_rat_in_the_water_does_not_take_the_elephant_on_the_bank() {
    let p = check("6c/7/7/7/7/2Re3/7/7/7 w", "c4b4 c4c3 c4c5");
    illegal(&p, "c4d4", "between water and land");
    // Once on land it may.
    let p = after(&after(&p, "c4c3"), "g9g8");
    assert!(moves(&p).contains(&"c3d3".to_string()));
}

#[test]
fn j5_rat_against_rat() {
    let p = check("c6/7/7/2r4/2R4/7/7/7/7 w", "c5b5 c5c4 c5c6 c5d5");
    assert_eq!(after(&p, "c5c6"), pos("c6/7/7/2R4/7/7/7/7/7 b"));
    let p = check("c6/7/7/7/2rR3/7/7/7/7 w", "d5d4 d5d6 d5e5");
    illegal(&p, "d5c5", "between water and land");
    let p = check("C6/7/7/7/2rR3/7/7/7/7 b", "c5b5 c5c4 c5c6");
    illegal(&p, "c5d5", "between water and land");
}

#[test]
fn j6_lion_jumps_across_the_water() {
    check("6c/7/7/7/3L3/7/7/7/7 w", "d5a5 d5d4 d5d6 d5g5");
    let p = check("6c/7/7/7/3Lr2/7/7/7/7 w", "d5a5 d5d4 d5d6");
    illegal(&p, "d5g5", "blocked by the rat on e5");
    illegal(&p, "d5e5", "only the rat enters water");
    let p = check("6c/7/7/7/1R1Lr2/7/7/7/7 w", "b5a5 b5b4 b5b6 b5c5 d5d4 d5d6");
    illegal(&p, "d5a5", "blocked by the rat on b5");
}

#[test]
fn j7_tiger_jumps_with_and_without_capture() {
    let p = check("6c/7/2p4/7/7/7/2T4/7/7 w", "c3b3 c3c2 c3c7 c3d3");
    assert!(p.is_capture(p.parse_move("c3c7").unwrap()));
    assert_eq!(after(&p, "c3c7"), pos("6c/7/2T4/7/7/7/7/7/7 b"));
    let p = check("6c/7/2l4/7/7/7/2T4/7/7 w", "c3b3 c3c2 c3d3");
    illegal(&p, "c3c7", "may not take the lion");
    check("6c/7/2p4/7/2r4/7/2T4/7/7 w", "c3b3 c3c2 c3d3");
    check("6c/7/7/7/7/T6/7/7/7 w", "a4a3 a4a5 a4d4");
    check("6c/7/7/3T3/7/7/7/7/7 w", "d6a6 d6d5 d6d7 d6g6");
}

#[test]
fn j8_traps() {
    let p = check("6c/7/7/7/7/7/7/2Ce3/7 w", "c2b2 c2c1 c2c3 c2d2");
    assert_eq!(after(&p, "c2d2"), pos("6c/7/7/7/7/7/7/3C3/7 b"));
    // Had White not taken, Black enters White's den.
    let q = after(&p, "c2b2");
    assert!(moves(&q).contains(&"d2d1".to_string()));
    assert_eq!(
        after(&q, "d2d1").outcome(),
        Some(Outcome::Den {
            winner: Side::Black
        })
    );
    let p = check("6c/7/7/7/7/7/7/3rE2/7 w", "e2d2 e2e1 e2e3 e2f2");
    assert!(p.is_capture(p.parse_move("e2d2").unwrap()));
    let p = check("7/7/7/7/7/7/3c3/3E3/7 b", "d3c3 d3d4 d3e3");
    illegal(&p, "d3d2", "the cat may not take the elephant");
}

#[test]
fn j9_a_piece_in_the_enemy_trap_next_to_the_den() {
    let p = check(
        "7/2cLt2/7/7/7/7/7/7/6R b",
        "c8b8 c8c7 c8c9 c8d8 e8d8 e8e7 e8e9 e8f8",
    );
    assert!(p.is_capture(p.parse_move("c8d8").unwrap()));
    assert!(p.is_capture(p.parse_move("e8d8").unwrap()));
    let p = check("7/2cLt2/7/7/7/7/7/7/6R w", "d8c8 d8d7 d8d9 d8e8 g1f1 g1g2");
    let mut game = Game::new(p);
    game.play("d8d9").unwrap();
    assert_eq!(
        game.end(),
        Some(End::Won(Outcome::Den {
            winner: Side::White
        }))
    );
    assert_eq!(game.end().unwrap().result(), "1-0");
    assert!(game.position().legal_moves().is_empty());
}

#[test]
fn j10_dens() {
    let p = check("c6/3D3/7/7/7/7/7/7/7 w", "d8c8 d8d7 d8d9 d8e8");
    let won = after(&p, "d8d9");
    assert_eq!(
        won.outcome(),
        Some(Outcome::Den {
            winner: Side::White
        })
    );
    assert_eq!(perft(&won, 1), 0);
    assert_eq!(perft(&won, 0), 1);
    let p = check("c6/7/7/7/7/7/7/3D3/2C4 w", "c1b1 c1c2 d2c2 d2d3 d2e2");
    illegal(&p, "d2d1", "own den");
    illegal(&p, "c1d1", "own den");
}

#[test]
fn j11_no_legal_move() {
    let p = check("cL5/W6/7/7/7/7/7/7/7 b", "");
    assert_eq!(p.outcome(), Some(Outcome::NoMove { loser: Side::Black }));
    assert_eq!(p.outcome().unwrap().result(), "1-0");
    let game = Game::new(p);
    assert_eq!(
        game.end(),
        Some(End::Won(Outcome::NoMove { loser: Side::Black }))
    );
}

#[test]
fn j12_capturing_the_last_piece() {
    let p = check("7/7/7/7/7/3e3/3R3/7/7 w", "d3c3 d3d2 d3d4 d3e3");
    let mut game = Game::new(p);
    game.play("d3d4").unwrap();
    assert_eq!(
        game.end(),
        Some(End::Won(Outcome::NoPieces { loser: Side::Black }))
    );
    assert_eq!(game.end().unwrap().result(), "1-0");
    assert_eq!(perft(game.position(), 1), 0);
}
