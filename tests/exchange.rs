//! The exchange on a square (`chess_t1::exchange`, docs/zones.md §4): hand-built positions with exact
//! lines and balances, a brute-force minimax over all capture sequences on random positions, and
//! the `exchange` command.
//!
//! Sums are written White:Black in half-units (the books' units times two) unless said otherwise.

use crate::common;

use chess_t1::exchange::{DECISIVE, Exchange, Material, exchange, exchange_after};
use chess_t1::moves::MoveKind;
use chess_t1::sample::{Rng, middlegames, playout};
use chess_t1::{Color, Move, Piece, PieceKind, Position, Reason, Setup, Square, force};
use common::zonal;
use proptest::prelude::*;
use serde_json::Value;
use std::process::Output;

fn pos(text: &str) -> Position {
    text.parse().expect("valid position")
}

fn sq(name: &str) -> Square {
    name.parse().expect("valid square")
}

fn ex(text: &str, square: &str) -> Exchange {
    exchange(&pos(text), sq(square), &Material::default())
}

fn ucis(line: &[Move]) -> Vec<String> {
    line.iter().map(Move::uci).collect()
}

fn sums_before(x: &Exchange) -> Vec<[i32; 2]> {
    x.steps.iter().map(|s| s.sums_before).collect()
}

fn sums(p: &Position, square: &str) -> [i32; 2] {
    Color::BOTH.map(|c| force::effective_at(p.board(), c, sq(square)))
}

fn legal(p: &Position, uci: &str) -> Move {
    p.parse_uci(uci).expect("legal move")
}

// ---------------------------------------------------------------------------------------------
// Material table
// ---------------------------------------------------------------------------------------------

#[test]
fn material_defaults_and_parsing() {
    let m = Material::default();
    let values: Vec<i32> = PieceKind::ALL.iter().map(|&k| m.value(k)).collect();
    // K C P R S N V
    assert_eq!(values, [0, 6, 3, 4, 4, 2, 3]);
    assert_eq!(m.to_string(), "N=2,V=3,P=3,R=4,S=4,C=6");
    assert_eq!(Material::parse("N=2,V=3,P=3,R=4,S=4,C=6"), Ok(m));
    assert_eq!(Material::parse(""), Ok(m));
    assert_eq!(
        Material::parse(" s = 9 , r=5"),
        Ok(m.with(PieceKind::Scout, 9).with(PieceKind::Ritter, 5))
    );
    // The King is never valued.
    assert_eq!(m.with(PieceKind::King, 50).value(PieceKind::King), 0);
    for bad in [
        "N", "N=", "N=x", "N=-1", "N=1001", "Q=3", "K=3", "N=2,N=3", "NN=2", "N=2,", ",",
    ] {
        let err = Material::parse(bad).expect_err(bad);
        assert!(!err.to_string().is_empty());
    }
    assert!(
        Material::parse("K=3")
            .unwrap_err()
            .to_string()
            .contains("King is not valued")
    );
}

#[test]
fn balance_counts_material_without_the_king() {
    // docs/chess-t1-rules.md §10 E4: White K c1, R d3 (4), N f3 (2) = 6; Black V e3 (3), P h1 (3) = 6.
    let p = pos("8/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    let m = Material::default();
    assert_eq!(m.total(&p, Color::White), 6);
    assert_eq!(m.total(&p, Color::Black), 6);
    assert_eq!(m.balance(&p, Color::White), 0);
    assert_eq!(
        Material::default().balance(&Position::startpos(), Color::Black),
        0
    );
}

// ---------------------------------------------------------------------------------------------
// Hand-built positions
// ---------------------------------------------------------------------------------------------

/// docs/chess-t1-rules.md §10 E4 (B2 fig 4.1). W: K c1, R d3, N f3. B: V e3, P h1. White to move.
/// e3: White = R d3 (1 orthogonal, 4) + N f3 (1 left, 2) = 6; the King c1 does not reach e3.
/// Black = V e3 (self, 3); the Prince h1's diagonal h1-g2-f3 stops at the Knecht -> 3. "3:1½".
/// Both captures are legal and both win the Ver Knecht for nothing: after either, nothing of
/// Black's acts on e3 (the Prince's diagonal, opened by the Knecht's departure, runs g2-f3-e4).
/// The least valuable capturer is preferred: N f3xe3.
#[test]
fn e4_white_wins_the_ver_knecht() {
    let p = pos("8/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    let x = exchange(&p, sq("e3"), &Material::default());
    assert_eq!(x.side, Color::White);
    assert_eq!(x.initial, [6, 3]);
    assert_eq!(x.value, 3);
    assert_eq!(ucis(&x.line), ["f3e3"]);
    assert_eq!(x.line[0].captured, Some(PieceKind::VerKnecht));
    assert_eq!(sums_before(&x), [[6, 3]]);
    assert_eq!(x.steps[0].gain, 3);
    assert_eq!(x.outcome, None);
    assert_eq!(x.material(), 3);
    // After the capture: White N e3 (2) + R d3 (4) = 6, Black 0.
    assert_eq!(sums(&x.end, "e3"), [6, 0]);
    // The Ritter's capture is worth the same.
    let r = exchange_after(&p, &legal(&p, "d3e3"), &Material::default());
    assert_eq!((r.value, ucis(&r.line)), (3, vec!["d3e3".to_string()]));
    // f3 with Black to move: Black P h1 (diagonal 2 via g2, 3) + V e3 (1 right, 3) = 6;
    // White N f3 (2) + R d3 (2 right, jumping e3, 4) = 6. "3:3": no capture.
    let b = ex("8/8/8/8/8/3RvN2/8/2K4p b - 0 1", "f3");
    assert_eq!((b.initial, b.value, b.line.len()), ([6, 6], 0, 0));
}

/// A capture allowed only after a recapture removes a defender.
/// W: Konnet g8, Scout e3, King h2. B: Prince d5, Prince f7, King b6. White to move, d5.
/// d5 before: White = Konnet g8's diagonal g8-f7 stops at the Prince f7 -> 0, the Scout adds 0;
/// Black = P d5 (self, 3) + P f7 (diagonal f7-e6-d5, 3) = 6. "0:3": only the Scout may take.
/// 1. S e3xd5 (+3, ungated). Now White 0 (Scout), Black = P f7 3: "0:1½".
/// 2. P f7xd5 (+4 for Black). The defender leaves f7 and opens the Konnet's diagonal:
///    White = C g8 via f7, e6 (empty) = 6, Black = P d5 3: "3:1½".
/// 3. C g8xd5 (+3), allowed only because of that; then Black has nothing on d5.
///
/// Black's recapture is worth 4 - 3 = 1 to it; White's line 3 - 4 + 3 = 2 (1 unit).
#[test]
fn capture_allowed_only_after_the_recapture_removes_a_defender() {
    let p = pos("6C1/5p2/1k6/3p4/8/4S3/7K/8 w - 0 1");
    let x = ex("6C1/5p2/1k6/3p4/8/4S3/7K/8 w - 0 1", "d5");
    assert_eq!(x.initial, [0, 6]);
    assert_eq!(ucis(&x.line), ["e3d5", "f7d5", "g8d5"]);
    assert_eq!(sums_before(&x), [[0, 6], [0, 3], [6, 3]]);
    assert_eq!(
        x.steps.iter().map(|s| s.gain).collect::<Vec<_>>(),
        [3, 4, 3]
    );
    assert_eq!(x.value, 2);
    assert_eq!(x.material(), 2);
    // At first only the Scout may take on d5: the Konnet is blocked.
    let first: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.to == sq("d5"))
        .map(Move::uci)
        .collect();
    assert_eq!(first, ["e3d5"]);
    // With the Black Prince still on f7 (Black recaptures with nothing), the Konnet stays shut.
    assert_eq!(sums(&x.steps[1].before, "d5"), [0, 3]);
    assert!(
        !x.steps[1]
            .before
            .legal_moves()
            .iter()
            .any(|m| m.from == sq("g8") && m.to == sq("d5"))
    );
}

/// A recapture enabled because the first capture opened a diagonal.
/// W: Prince e5, King h1. B: Scout d4, Konnet f6, King h8. White to move, d4.
/// d4 before: White = P e5 (diagonal 1, 3); Black = S d4 (0) + the Konnet f6, whose diagonal
/// f6-e5 stops at the Prince -> 0. "1½:0".
/// 1. P e5xd4 (+4: the Scout). The Prince leaves e5: Black = C f6 via e5 (empty) = 6,
///    White = P d4 (self) 3: "1½:3".
/// 2. C f6xd4 (+3 for Black). White has nothing left on d4.
///
/// White: 4 - 3 = 1 (½ unit): still worth it.
#[test]
fn recapture_enabled_by_the_diagonal_the_first_capture_opened() {
    let x = ex("7k/8/5c2/4P3/3s4/8/8/7K w - 0 1", "d4");
    assert_eq!(x.initial, [3, 0]);
    assert_eq!(ucis(&x.line), ["e5d4", "f6d4"]);
    assert_eq!(sums_before(&x), [[3, 0], [3, 6]]);
    assert_eq!(x.value, 1);
    assert_eq!(x.material(), 1);
    assert_eq!(x.line[1].piece, PieceKind::Konnet);
    assert_eq!(x.line[1].captured, Some(PieceKind::Prince));
}

/// A Knecht promotes inside the exchange (docs/chess-t1-rules.md §7.1).
/// W: Konnet e6, Knecht e5, King a1. B: Scout g7, King h8. Black to move, e6.
/// e6 before: White = C e6 (self, 6) + N e5 (1 forward, 2) = 8; Black = Scout 0: "4:0".
/// 1. S g7xe6 (+6, ungated: the Scout's attack is unlimited).
/// 2. N e5xe6: a Knecht moving from rank 5 to 6 becomes a Ver Knecht: +4 (Scout) + 1
///    (3 - 2) = 5 for White; sums before: White N e5 2, Black Scout 0: "1:0".
///
/// Black: 6 - 5 = 1 (½ unit).
#[test]
fn knecht_promotes_inside_the_exchange() {
    let x = ex("7k/6s1/4C3/4N3/8/8/8/K7 b - 0 1", "e6");
    assert_eq!(x.side, Color::Black);
    assert_eq!(x.initial, [8, 0]);
    assert_eq!(ucis(&x.line), ["g7e6", "e5e6"]);
    assert_eq!(sums_before(&x), [[8, 0], [2, 0]]);
    assert_eq!(x.line[1].promotion, Some(PieceKind::VerKnecht));
    assert!(!x.line[1].chosen);
    assert_eq!(x.steps[1].gain, 5);
    assert_eq!(x.value, 1);
    assert_eq!(
        x.end.piece_at(sq("e6")).map(|p| p.kind),
        Some(PieceKind::VerKnecht)
    );
}

/// A Ver Knecht capturing onto the far rank chooses what it becomes; each choice is an option.
/// docs/chess-t1-rules.md §10 E5 (B2 fig 4.2): W: N a4, V b7, V d7, V e6, K f2, N g2, N h3. B: N a5, N b8, K d8, N e7,
/// V g3, N g4. b8: White = V b7 (1 forward, 3), Black = N b8 (self, 2): "1½:1". Nothing of
/// Black's acts on b8 once the Knecht is gone, so the best choice is the most valuable piece:
/// the Konnet (2 + 6 - 3 = 5), or the Scout if the table values it at 9 (2 + 9 - 3 = 8).
#[test]
fn ver_knecht_promotion_choice_on_the_far_rank() {
    let e5 = "1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1";
    let x = ex(e5, "b8");
    assert_eq!(x.initial, [3, 2]);
    assert_eq!(ucis(&x.line), ["b7b8c"]);
    assert_eq!(x.value, 5);
    let scouts = Material::default().with(PieceKind::Scout, 9);
    let y = exchange(&pos(e5), sq("b8"), &scouts);
    assert_eq!(ucis(&y.line), ["b7b8s"]);
    assert_eq!(y.value, 8);
    // Every choice is there, each with its own value.
    let p = pos(e5);
    let values: Vec<(String, i32)> = ["b7b8r", "b7b8p", "b7b8c", "b7b8s"]
        .iter()
        .map(|u| {
            let v = exchange_after(&p, &legal(&p, u), &Material::default()).value;
            (u.to_string(), v)
        })
        .collect();
    assert_eq!(
        values,
        [
            ("b7b8r".to_string(), 3),
            ("b7b8p".to_string(), 2),
            ("b7b8c".to_string(), 5),
            ("b7b8s".to_string(), 3)
        ]
    );
}

/// docs/chess-t1-rules.md §10 E7 (B2 fig 5.2-5.3): W: N a4, S b3, S h4, N f4, N g5. B: N a5, C d4, N f5, R f7.
/// f5: White = N g5 (1 left, 2) + N f4 (1 forward, 2) + S h4 (0) = 4;
/// Black = N f5 (self, 2) + R f7 (2 down, jumping f6, 4) = 6. "2:3": the Knechts may not take, the Scout may.
/// After S h4xf5: White 4, Black = R f7 4: "2:2", so Black cannot recapture.
/// a5 "1:1" and d4 (Black = C d4 6, White 0) fall to S b3 alike.
#[test]
fn e7_scout_captures_without_limit() {
    let e7 = "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1";
    let x = ex(e7, "f5");
    assert_eq!(x.initial, [4, 6]);
    assert_eq!(ucis(&x.line), ["h4f5"]);
    assert_eq!(x.value, 2);
    assert_eq!(sums(&x.end, "f5"), [4, 4]);
    assert!(!x.end.legal_moves().iter().any(|m| m.to == sq("f5")));
    let a5 = ex(e7, "a5");
    assert_eq!(
        (a5.initial, a5.value, ucis(&a5.line)),
        ([2, 2], 2, vec!["b3a5".to_string()])
    );
    let d4 = ex(e7, "d4");
    assert_eq!(
        (d4.initial, d4.value, ucis(&d4.line)),
        ([0, 6], 6, vec!["b3d4".to_string()])
    );
}

/// A Scout exchange on a castle square (docs/chess-t1-rules.md §5.3), after docs/chess-t1-rules.md §10 E11 (B2 fig 2.16).
/// B: S e3, V c2. W: R f5 and, on f1, a Prince (E11) or a Konnet. Black to move.
/// f1: White = the piece on f1 (self), Black = 0 (the Scout adds nothing).
/// The exchange removes both pieces: a Konnet for the Scout wins 6 - 4 = 2 and the square is
/// then empty; a Prince for the Scout would lose 1, so Black does not exchange -- unless the
/// table values the Scout at 2.
#[test]
fn scout_exchange_on_a_castle_square() {
    let konnet = "8/8/8/5R2/8/4s3/2v5/5C2 b - 0 1";
    let x = ex(konnet, "f1");
    assert_eq!(x.initial, [6, 0]);
    assert_eq!(ucis(&x.line), ["e3f1"]);
    assert_eq!(x.line[0].kind, MoveKind::Exchange);
    assert_eq!(x.value, 2);
    assert_eq!(x.end.piece_at(sq("f1")), None);
    assert_eq!(x.end.piece_at(sq("e3")), None);

    let prince = "8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1";
    let p = pos(prince);
    let y = ex(prince, "f1");
    assert_eq!((y.initial, y.value, y.line.len()), ([3, 0], 0, 0));
    let forced = exchange_after(&p, &legal(&p, "e3f1"), &Material::default());
    assert_eq!(
        (forced.value, ucis(&forced.line)),
        (-1, vec!["e3f1".to_string()])
    );
    let cheap = Material::default().with(PieceKind::Scout, 2);
    let z = exchange(&p, sq("f1"), &cheap);
    assert_eq!((z.value, ucis(&z.line)), (1, vec!["e3f1".to_string()]));
}

/// A castle-square fight (docs/chess-t1-rules.md §4.2), docs/chess-t1-rules.md §10 E5's d8 (Black King there, White to move).
/// d8: White = V d7 (1 forward, 3) but non-royal force attacking a castle square counts only
/// beside a royal one, and no White royal acts there -> 0; Black = K d8 (self, 3); the Knecht e7
/// reaches d7, f7, e6, e8, not d8. "0:1½": no capture.
/// Add a White Prince on b6 (diagonal b6-c7-d8, c7 empty): White = P 3 + V d7 3 = 6 > 3, and
/// the Prince (royal) takes the King: DECISIVE. Without the V d7 it is 3:3 and nothing happens.
#[test]
fn castle_square_non_royal_attack_counts_only_beside_a_royal() {
    let e5 = ex("1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1", "d8");
    assert_eq!((e5.initial, e5.value, e5.line.len()), ([0, 3], 0, 0));

    let with_prince = ex("1n1k4/1V1Vn3/1P2V3/n7/N5n1/6vN/5KN1/8 w - 0 1", "d8");
    assert_eq!(with_prince.initial, [6, 3]);
    assert_eq!(with_prince.value, DECISIVE);
    assert_eq!(ucis(&with_prince.line), ["b6d8"]);
    assert_eq!(
        with_prince.outcome,
        Some((Color::White, Reason::KingCaptured))
    );

    let alone = ex("1n1k4/1V2n3/1P2V3/n7/N5n1/6vN/5KN1/8 w - 0 1", "d8");
    assert_eq!(
        (alone.initial, alone.value, alone.line.len()),
        ([3, 3], 0, 0)
    );
}

/// Capturing the castle decides the game (docs/chess-t1-rules.md §8.2).
/// W: Konnet b6, Ritter d6, King a1. B: Prince d8 (Black's only royal in its castle), Ritter d7,
/// King h8. d8: White = C b6 (diagonal b6-c7-d8, 6) + R d6 (2 up, jumping d7, 4; counted since
/// the Konnet acts there) = 10; Black = P d8 (self, 3) + R d7 (1 up, 4) = 7. "5:3½".
/// Only the Konnet may enter the castle; taking the Prince leaves Black no royal there: DECISIVE.
/// Without the Ritter d6 it is 6:7 and White cannot take.
#[test]
fn castle_capture_scores_win() {
    let x = ex("3p3k/3r4/1C1R4/8/8/8/8/K7 w - 0 1", "d8");
    assert_eq!(x.initial, [10, 7]);
    assert_eq!(ucis(&x.line), ["b6d8"]);
    assert_eq!(x.value, DECISIVE);
    assert_eq!(x.outcome, Some((Color::White, Reason::CastleCaptured)));
    let weaker = ex("3p3k/3r4/1C6/8/8/8/8/K7 w - 0 1", "d8");
    assert_eq!(
        (weaker.initial, weaker.value, weaker.line.len()),
        ([6, 7], 0, 0)
    );
}

/// A King capture inside the exchange scores DECISIVE, and a side stops when going on would lose.
/// W: Knecht d3, King e3. B: Knecht d4, Scout e6, King h8. White to move, d4.
/// d4: White = N d3 (1 forward, 2) + K e3 (diagonal, 3) = 5; Black = N d4 (self, 2), Scout 0.
/// "2½:1". Two captures:
/// - K e3xd4 (+2): the Scout e6 leaps to d4 and takes the King: 2 - DECISIVE.
/// - N d3xd4 (+2): the Scout may take the Knecht (+2 for Black), but then the King takes the
///   Scout (+4; White 3 : Black 0 on d4), so Black stops: the line has length 1, value 2.
#[test]
fn king_capture_is_win_and_the_side_stops_when_going_on_loses() {
    let p = pos("7k/8/4s3/8/3n4/3NK3/8/8 w - 0 1");
    let m = Material::default();
    let x = exchange(&p, sq("d4"), &m);
    assert_eq!(x.initial, [5, 2]);
    assert_eq!(ucis(&x.line), ["d3d4"]);
    assert_eq!(x.value, 2);

    let king = exchange_after(&p, &legal(&p, "e3d4"), &m);
    assert_eq!(ucis(&king.line), ["e3d4", "e6d4"]);
    assert_eq!(king.value, 2 - DECISIVE);
    assert_eq!(king.outcome, Some((Color::Black, Reason::KingCaptured)));

    // A quiet move onto a square the Scout leaps to: the King on f4 is lost.
    let walk = exchange_after(&p, &legal(&p, "e3f4"), &m);
    assert_eq!(ucis(&walk.line), ["e3f4", "e6f4"]);
    assert_eq!(walk.value, -DECISIVE);
    // A quiet move to a safe square: worth 0 (e4: Black N d4 2 against the King's 3).
    let safe = exchange_after(&p, &legal(&p, "e3e4"), &m);
    assert_eq!(
        (safe.value, ucis(&safe.line)),
        (0, vec!["e3e4".to_string()])
    );

    // After N d3xd4 the Scout's capture is legal but loses 2 for Black.
    let after = p.play(&legal(&p, "d3d4"));
    assert_eq!(sums(&after, "d4"), [5, 0]);
    let scout = exchange_after(&after, &legal(&after, "e6d4"), &m);
    assert_eq!(ucis(&scout.line), ["e6d4", "e3d4"]);
    assert_eq!(sums_before(&scout), [[5, 0], [3, 0]]);
    assert_eq!(scout.value, -2);
    assert_eq!(exchange(&after, sq("d4"), &m).value, 0);
}

/// Same idea with a Ritter behind the Knecht: W: N d3, R d2, King a1. B: N d4, S f5, King h8.
/// d4: White = N d3 2 + R d2 (2 up, jumping d3) 4 = 6, Black = N d4 2: "3:1".
/// N d3xd4 (+2); S f5xd4 would win the Knecht (+2) and lose the Scout to the Ritter (+4): Black
/// stops. R d2xd4 is worth 2 as well (S takes it, +4, then N d3 takes the Scout, +4), so the
/// cheaper capturer is chosen.
#[test]
fn side_stops_when_the_recapture_loses() {
    let p = pos("7k/8/8/5s2/3n4/3N4/3R4/K7 w - 0 1");
    let m = Material::default();
    let x = exchange(&p, sq("d4"), &m);
    assert_eq!(x.initial, [6, 2]);
    assert_eq!(ucis(&x.line), ["d3d4"]);
    assert_eq!(x.value, 2);
    let ritter = exchange_after(&p, &legal(&p, "d2d4"), &m);
    assert_eq!(ritter.value, 2);
    assert_eq!(ucis(&ritter.line), ["d2d4"]);
    let after = p.play(&legal(&p, "d3d4"));
    let scout = exchange_after(&after, &legal(&after, "f5d4"), &m);
    assert_eq!(
        (scout.value, ucis(&scout.line)),
        (-2, vec!["f5d4".to_string(), "d2d4".to_string()])
    );
}

#[test]
fn empty_or_own_square_is_worth_nothing() {
    let e4 = "8/8/8/8/8/3RvN2/8/2K4p w - 0 1";
    for square in ["a8", "d3", "c1", "f3"] {
        let x = ex(e4, square);
        assert_eq!((x.value, x.line.len(), x.outcome), (0, 0, None), "{square}");
    }
    // A finished game: nothing to take.
    let p = pos("1n1k4/1V1Vn3/1P2V3/n7/N5n1/6vN/5KN1/8 w - 0 1");
    let over = p.play(&legal(&p, "b6d8"));
    assert!(over.status().is_over());
    let x = exchange(&over, sq("b8"), &Material::default());
    assert_eq!((x.value, x.line.len(), x.outcome), (0, 0, None));
}

// ---------------------------------------------------------------------------------------------
// Brute force on random positions
// ---------------------------------------------------------------------------------------------

/// What a capture gains, written here from the rules independently of the crate.
fn brute_gain(mv: &Move, m: &Material) -> i32 {
    let victim = mv.captured.map_or(0, |k| m.value(k));
    if mv.kind == MoveKind::Exchange {
        victim - m.value(PieceKind::Scout)
    } else {
        let after = mv.promotion.unwrap_or(mv.piece);
        victim + m.value(after) - m.value(mv.piece)
    }
}

/// Minimax over every sequence of legal captures onto `square`, no memory, no ordering.
fn brute(p: &Position, square: Square, m: &Material, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut best = 0;
    for mv in p.legal_moves() {
        if mv.to != square || mv.kind == MoveKind::Quiet {
            continue;
        }
        let next = p.play(&mv);
        let score = if next.decided().is_some() {
            DECISIVE
        } else {
            brute_gain(&mv, m) - brute(&next, square, m, nodes)
        };
        best = best.max(score);
    }
    best
}

/// Checks one exchange against the brute force and replays its line.
fn check(p: &Position, square: Square, m: &Material) {
    let x = exchange(p, square, m);
    assert!(x.value >= 0, "{p} {square}");
    let mut nodes = 0;
    assert_eq!(x.value, brute(p, square, m, &mut nodes), "{p} {square}");
    assert_eq!(x.side, p.side_to_move());
    assert_eq!(
        x.initial,
        Color::BOTH.map(|c| force::effective_at(p.board(), c, square))
    );
    // The line replays legally, alternating sides, every move a capture or exchange on the square.
    let mut cur = *p;
    for (i, s) in x.steps.iter().enumerate() {
        assert_eq!(s.before, cur);
        assert_eq!(s.mv, x.line[i]);
        assert!(cur.legal_moves().contains(&s.mv), "{cur} {}", s.mv);
        assert_eq!(s.mv.to, square);
        assert_ne!(s.mv.kind, MoveKind::Quiet);
        assert_eq!(
            s.sums_before,
            Color::BOTH.map(|c| force::effective_at(cur.board(), c, square))
        );
        assert_eq!(s.gain, brute_gain(&s.mv, m));
        cur = cur.play(&s.mv);
        if i + 1 < x.steps.len() {
            assert!(cur.decided().is_none());
        }
    }
    assert_eq!(cur, x.end);
    assert_eq!(
        x.outcome,
        if x.line.is_empty() {
            None
        } else {
            cur.decided()
        }
    );
    if x.outcome.is_some() {
        assert_eq!(x.value, DECISIVE);
    } else {
        assert_eq!(x.value, x.material());
        // Nobody has a capture worth making at the end of the line.
        assert_eq!(exchange(&cur, square, m).value, 0);
    }
    // The value is the best of stopping and of each first capture.
    let mut best = 0;
    for mv in p.legal_moves() {
        if mv.to == square && mv.kind != MoveKind::Quiet {
            let after = exchange_after(p, &mv, m);
            assert_eq!(after.line[0], mv);
            best = best.max(after.value);
        }
    }
    assert_eq!(best, x.value);
    if let Some(first) = x.line.first() {
        assert_eq!(exchange_after(p, first, m).value, x.value);
    }
}

/// Every square holding a piece of the side not to move (the squares where something can happen).
fn targets(p: &Position) -> Vec<Square> {
    let them = p.side_to_move().other();
    Square::all()
        .filter(|&s| p.piece_at(s).is_some_and(|pc| pc.color == them))
        .collect()
}

/// The same placement with the other side to move.
fn flipped(p: &Position) -> Position {
    let mut setup = p.to_setup();
    setup.side = setup.side.other();
    Position::from_setup(setup).expect("same placement, still valid")
}

#[test]
fn brute_force_agrees_on_middlegames() {
    let m = Material::default();
    let mut lines = [0usize; 8];
    for p in middlegames(300, 7) {
        for p in [p, flipped(&p)] {
            for square in targets(&p) {
                let x = exchange(&p, square, &m);
                lines[x.line.len().min(7)] += 1;
                check(&p, square, &m);
            }
        }
    }
    // The sample does exercise sequences, not only single captures.
    assert!(
        lines[1] > 0 && lines[2..].iter().sum::<usize>() > 0,
        "{lines:?}"
    );
}

/// A random crowd of pieces around `target`, with an enemy piece on it: sparse positions where
/// long sequences (recaptures through opened lines, Scouts, promotions, castles) are common.
fn crowd(seed: u64) -> Option<(Position, Square)> {
    let mut rng = Rng::new(seed);
    let target = Square::new(rng.below(64) as u8);
    let letters = ['K', 'C', 'P', 'R', 'S', 'N', 'V'];
    let random_piece = |rng: &mut Rng, white: bool| {
        let c = letters[rng.below(letters.len())];
        Piece::from_char(if white { c } else { c.to_ascii_lowercase() }).expect("piece letter")
    };
    let mut setup: Setup = "8/8/8/8/8/8/8/8 w Pp 0 1".parse().expect("empty board");
    let side = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    setup.side = side;
    let victim = random_piece(&mut rng, side == Color::Black);
    setup.board.put(target, victim);
    for _ in 0..4 + rng.below(12) {
        let df = rng.below(7) as i8 - 3;
        let dr = rng.below(7) as i8 - 3;
        if let Some(s) = target.offset(df, dr).filter(|&s| s != target) {
            let white = rng.below(2) == 0;
            setup.board.put(s, random_piece(&mut rng, white));
        }
    }
    setup.prince_rights = [rng.below(2) == 0, rng.below(2) == 0];
    Position::from_setup(setup).ok().map(|p| (p, target))
}

#[test]
fn brute_force_agrees_on_crowds() {
    let m = Material::default();
    let mut lines = [0usize; 8];
    let mut wins = 0;
    for seed in 0..100_000 {
        let Some((p, square)) = crowd(seed) else {
            continue;
        };
        let x = exchange(&p, square, &m);
        lines[x.line.len().min(7)] += 1;
        wins += usize::from(x.value == DECISIVE);
        check(&p, square, &m);
    }
    // Recaptures need a line opened by a capture or a Scout, so long lines are rare in chess-t1:
    // about 150 lines of 2 captures and 15 of 3 or more here, and some 1000 won games.
    assert!(
        lines[2] > 50 && lines[3..].iter().sum::<usize>() > 5,
        "{lines:?}"
    );
    assert!(wins > 100);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Any text gives a table or an error, never a panic; a table's text form reads back.
    #[test]
    fn material_text_never_panics(text in "[A-Za-z=, 0-9-]{0,24}") {
        if let Ok(m) = Material::parse(&text) {
            prop_assert_eq!(Material::parse(&m.to_string()), Ok(m));
        }
    }

    /// Random playouts of any length (captures chosen half the time), all squares of the side not
    /// to move, default and odd material tables.
    #[test]
    fn brute_force_agrees_on_playouts(seed in any::<u64>(), plies in 0usize..120, odd in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let p = playout(&Position::startpos(), plies, &mut rng);
        let m = if odd {
            Material::default().with(PieceKind::Scout, 1).with(PieceKind::Knecht, 5).with(PieceKind::Konnet, 3)
        } else {
            Material::default()
        };
        for square in targets(&p) {
            check(&p, square, &m);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------------------------

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

#[test]
fn command_text() {
    let out = zonal(&["exchange", "6C1/5p2/1k6/3p4/8/4S3/7K/8 w - 0 1", "d5"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("0:3"), "{text}");
    assert!(text.contains("(e3d5)") && text.contains("(f7d5)") && text.contains("(g8d5)"));
    assert!(text.contains("Кт g8:d5"), "{text}");
    assert!(text.contains("sums before 3:1½"), "{text}");
    assert!(text.contains("White wins 1 "), "{text}");
}

#[test]
fn command_json() {
    let out = zonal(&["exchange", "8/8/8/8/8/3RvN2/8/2K4p w - 0 1", "e3", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["position"], "8/8/8/8/8/3RvN2/8/2K4p w - 0 1");
    assert_eq!(v["square"], "e3");
    assert_eq!(v["side"], "white");
    assert_eq!(v["value"], 3);
    assert_eq!(v["unit"], "half");
    assert_eq!(v["initial"]["white"], 6);
    assert_eq!(v["initial"]["black"], 3);
    let line = v["line"].as_array().expect("line");
    assert_eq!(line.len(), 1);
    assert_eq!(line[0]["uci"], "f3e3");
    assert_eq!(line[0]["book"], "f3:e3");
    assert_eq!(line[0]["captured"], "V");
    assert_eq!(line[0]["sums_before"]["white"], 6);
    assert_eq!(line[0]["sums_before"]["black"], 3);

    // A material table changes the choice of promotion.
    let out = zonal(&[
        "exchange",
        "1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1",
        "b8",
        "--material",
        "S=9",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["line"][0]["uci"], "b7b8s");
    assert_eq!(v["value"], 8);
    assert_eq!(v["material"], "N=2,V=3,P=3,R=4,S=9,C=6");
}

#[test]
fn command_bad_input_exits_2() {
    for args in [
        &["exchange", "startpos", "e9"][..],
        &["exchange", "startpos", "e3", "--material", "K=3"],
        &["exchange", "startpos", "e3", "--material", "N=two"],
        &["exchange", "not a position", "e3"],
    ] {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?}");
    }
    let out = zonal(&["exchange", "startpos", "e9"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown square \"e9\""));
}
