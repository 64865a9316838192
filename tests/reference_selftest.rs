//! Self-tests of the reference implementation (tests/reference/mod.rs)
//! against the worked examples of docs/chess-t1-rules.md §10 (E1..E12), plus perft
//! from the start position.
//!
//! Force sums are in half-units: the books' 1½ is 3 here.

use crate::reference;
use reference::*;

const START: &str = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1";

fn pos(fen: &str) -> RefPos {
    RefPos::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

fn sq(name: &str) -> usize {
    parse_square(name).unwrap_or_else(|| panic!("bad square {name:?}"))
}

fn piece(p: &RefPos, name: &str) -> Option<(Color, Kind)> {
    p.board[sq(name)]
}

/// All legal moves as coordinate text (already sorted by legal_moves).
fn all_ucis(p: &RefPos) -> Vec<String> {
    p.legal_moves().into_iter().map(|m| m.uci).collect()
}

/// Legal moves of the piece on `from`, as sorted coordinate text.
fn ucis_from(p: &RefPos, from: &str) -> Vec<String> {
    let f = sq(from);
    p.legal_moves()
        .into_iter()
        .filter(|m| m.from == f)
        .map(|m| m.uci)
        .collect()
}

/// Legal moves landing on `to`.
fn ucis_to(p: &RefPos, to: &str) -> Vec<String> {
    let t = sq(to);
    p.legal_moves()
        .into_iter()
        .filter(|m| m.to == t)
        .map(|m| m.uci)
        .collect()
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

fn find(p: &RefPos, uci: &str) -> RefMove {
    p.legal_moves()
        .into_iter()
        .find(|m| m.uci == uci)
        .unwrap_or_else(|| {
            panic!(
                "{uci} is not legal in {}; legal: {:?}",
                p.to_fen(),
                all_ucis(p)
            )
        })
}

fn is_legal(p: &RefPos, uci: &str) -> bool {
    p.legal_moves().iter().any(|m| m.uci == uci)
}

/// (White, Black) effective force on a square, in half-units.
fn sums(p: &RefPos, name: &str) -> (i32, i32) {
    let s = sq(name);
    (
        p.effective_force(Color::White)[s],
        p.effective_force(Color::Black)[s],
    )
}

/// (White, Black) raw force on a square, in half-units.
fn raw_sums(p: &RefPos, name: &str) -> (i32, i32) {
    let s = sq(name);
    (p.raw_force(Color::White)[s], p.raw_force(Color::Black)[s])
}

/// Play a sequence of coordinate moves, checking each is legal.
fn play_line(p: &RefPos, line: &[&str]) -> RefPos {
    let mut cur = p.clone();
    for uci in line {
        let m = find(&cur, uci);
        cur = cur.play(&m);
    }
    cur
}

// ---------------------------------------------------------------------------
// Basics
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trip() {
    for fen in [
        START,
        "8/8/8/3vP3/8/6N1/8/8 w - 0 1",
        "3k1P2/8/8/8/8/K7/8/2c2C2 b p 17 42",
        "8/8/8/8/8/5k2/8/3K4 w P 3 9",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Optional counters default to 0 and 1.
    assert_eq!(
        pos("8/8/8/8/8/5k2/8/3K4 b Pp").to_fen(),
        "8/8/8/8/8/5k2/8/3K4 b Pp 0 1"
    );
}

#[test]
fn fen_rejects_impossible_positions() {
    assert!(RefPos::from_fen("8/8/8/8/8/8/8/8 x - 0 1").is_err());
    assert!(RefPos::from_fen("8/8/8/8/8/8/8 w - 0 1").is_err());
    assert!(RefPos::from_fen("8/8/8/8/8/8/8/KK6 w - 0 1").is_err()); // two White Kings
    assert!(RefPos::from_fen("8/8/N7/8/8/8/8/8 w - 0 1").is_err()); // White Knecht on rank 6
    assert!(RefPos::from_fen("8/8/8/8/8/n7/8/8 w - 0 1").is_err()); // Black Knecht on rank 3
    assert!(RefPos::from_fen("V7/8/8/8/8/8/8/8 w - 0 1").is_err()); // Ver Knecht on far rank
    assert!(RefPos::from_fen("8/8/8/8/8/8/8/3R4 w - 0 1").is_err()); // non-royal on castle
    assert!(RefPos::from_fen("8/8/8/8/8/8/8/3p4 w - 0 1").is_err()); // castle already captured
}

#[test]
fn empty_board_move_counts() {
    // docs/chess-t1-rules.md §3: Konnet on e5 has 20 moves, Prince on e5 16, Scout on e4 8, King 8.
    assert_eq!(pos("8/8/8/4C3/8/8/8/8 w - 0 1").legal_moves().len(), 20);
    assert_eq!(pos("8/8/8/4P3/8/8/8/8 w - 0 1").legal_moves().len(), 16);
    assert_eq!(pos("8/8/8/8/4S3/8/8/8 w - 0 1").legal_moves().len(), 8);
    assert_eq!(pos("8/8/8/4K3/8/8/8/8 w - 0 1").legal_moves().len(), 8);
}

// ---------------------------------------------------------------------------
// Section 10 examples
// ---------------------------------------------------------------------------

/// E1 Prince (B2 fig 2.9). W: P e5, N g3. B: V d5.
#[test]
fn e1_prince() {
    let p = pos("8/8/8/3vP3/8/6N1/8/8 w - 0 1");
    assert_eq!(piece(&p, "e5"), Some((Color::White, Kind::Prince)));
    assert_eq!(piece(&p, "d5"), Some((Color::Black, Kind::VerKnecht)));
    assert_eq!(piece(&p, "g3"), Some((Color::White, Kind::Knecht)));

    let expected = sorted(&[
        "e5e4", "e5f5", "e5e6", "e5f6", "e5g7", "e5h8", "e5d6", "e5c7", "e5b8", "e5d4", "e5c3",
        "e5b2", "e5f4",
    ]);
    assert_eq!(expected.len(), 13);
    assert_eq!(ucis_from(&p, "e5"), expected);
    // d5 is 1½:1½: no capture.
    assert_eq!(sums(&p, "d5"), (3, 3));
    assert!(!is_legal(&p, "e5d5"));
    // h2 is behind the Knecht on g3: no move, no force.
    assert!(!is_legal(&p, "e5h2"));
    assert_eq!(raw_sums(&p, "h2").0, 0);
}

/// E2 Ritter (B1 fig 2.2). B: R d5, N c5.
#[test]
fn e2_ritter() {
    let p = pos("8/8/8/2nr4/8/8/8/8 b - 0 1");
    assert_eq!(piece(&p, "d5"), Some((Color::Black, Kind::Ritter)));
    assert_eq!(piece(&p, "c5"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(
        ucis_from(&p, "d5"),
        sorted(&["d5d6", "d5d7", "d5e5", "d5f5", "d5d4", "d5d3", "d5b5"])
    );
}

/// E3 Knechts (B2 fig 2.2). W: N b2, N f3, V h6, V d7, S c7. B: P e7, K d8.
#[test]
fn e3_knechts() {
    let p = pos("3k4/2SVp3/7V/8/8/5N2/1N6/8 w - 0 1");
    assert_eq!(piece(&p, "d8"), Some((Color::Black, Kind::King)));
    assert_eq!(piece(&p, "c7"), Some((Color::White, Kind::Scout)));
    assert_eq!(piece(&p, "d7"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&p, "e7"), Some((Color::Black, Kind::Prince)));
    assert_eq!(piece(&p, "h6"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&p, "f3"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "b2"), Some((Color::White, Kind::Knecht)));

    assert_eq!(
        ucis_from(&p, "b2"),
        sorted(&["b2a2", "b2b1", "b2c2", "b2b3", "b2b4"])
    );
    assert_eq!(
        ucis_from(&p, "f3"),
        sorted(&["f3e3", "f3f2", "f3g3", "f3f4"])
    );
    assert!(!is_legal(&p, "f3f5"));
    assert_eq!(ucis_from(&p, "h6"), sorted(&["h6h5", "h6g6", "h6h7"]));
    assert_eq!(ucis_from(&p, "d7"), sorted(&["d7d6"]));
    // e7 is 1½:3.
    assert_eq!(sums(&p, "e7"), (3, 6));
}

/// E4 Sums (B2 fig 4.1). W: K c1, R d3, N f3. B: V e3, P h1.
#[test]
fn e4_sums() {
    let fen = "8/8/8/8/8/3RvN2/8/2K4p w - 0 1";
    let p = pos(fen);
    assert_eq!(piece(&p, "c1"), Some((Color::White, Kind::King)));
    assert_eq!(piece(&p, "d3"), Some((Color::White, Kind::Ritter)));
    assert_eq!(piece(&p, "e3"), Some((Color::Black, Kind::VerKnecht)));
    assert_eq!(piece(&p, "f3"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "h1"), Some((Color::Black, Kind::Prince)));

    assert_eq!(sums(&p, "d2"), (7, 0)); // 3½:0
    assert_eq!(sums(&p, "d3"), (4, 3)); // 2:1½
    assert_eq!(sums(&p, "e3"), (6, 3)); // 3:1½
    assert_eq!(sums(&p, "f3"), (6, 6)); // 3:3
    // No castle squares involved: effective == raw.
    for s in ["d2", "d3", "e3", "f3"] {
        assert_eq!(sums(&p, s), raw_sums(&p, s));
    }
    // White may take e3 with the Ritter or the Knecht (and nothing else).
    assert_eq!(ucis_to(&p, "e3"), sorted(&["d3e3", "f3e3"]));
    // f3 (3:3): Black cannot capture it; nor d3 (1½:2).
    let b = pos("8/8/8/8/8/3RvN2/8/2K4p b - 0 1");
    assert!(ucis_to(&b, "f3").is_empty());
    assert!(ucis_to(&b, "d3").is_empty());
}

/// E5 Captures (B2 fig 4.2). W: N a4, V b7, V d7, V e6, K f2, N g2, N h3.
/// B: N a5, N b8, K d8, N e7, V g3, N g4.
#[test]
fn e5_captures() {
    let p = pos("1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1");
    assert_eq!(piece(&p, "b8"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "d8"), Some((Color::Black, Kind::King)));
    assert_eq!(piece(&p, "b7"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&p, "d7"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&p, "e7"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "e6"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&p, "a5"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "a4"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "g4"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "g3"), Some((Color::Black, Kind::VerKnecht)));
    assert_eq!(piece(&p, "h3"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "f2"), Some((Color::White, Kind::King)));
    assert_eq!(piece(&p, "g2"), Some((Color::White, Kind::Knecht)));

    assert_eq!(sums(&p, "a5"), (2, 2)); // 1:1
    assert_eq!(sums(&p, "b8"), (3, 2)); // 1½:1
    assert_eq!(sums(&p, "e7"), (6, 5)); // 3:2½
    assert_eq!(sums(&p, "g3"), (7, 5)); // 3½:2½
    // d8: the Ver Knecht d7 acts there (raw 1½) but no White royal does -> 0.
    assert_eq!(raw_sums(&p, "d8"), (3, 3));
    assert_eq!(sums(&p, "d8"), (0, 3));

    let captures: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.capture)
        .map(|m| m.uci)
        .collect();
    assert_eq!(
        captures,
        sorted(&[
            "b7b8c", "b7b8p", "b7b8r", "b7b8s", // promotion choice
            "d7e7", "e6e7", // either Ver Knecht
            "f2g3", "g2g3", "h3g3", // King or either Knecht
        ])
    );
    assert!(!is_legal(&p, "a4a5"));
    assert!(ucis_to(&p, "d8").is_empty());
    // The b8 capture really promotes.
    let m = find(&p, "b7b8c");
    assert!(m.capture);
    assert_eq!(m.promotion, Some(Kind::Konnet));
    // The King on d8 is attacked only by non-royal force in its own castle: not in check.
    assert!(!p.in_check(Color::Black));
}

/// E6 Scout defends with 0 (B2 fig 5.1). W: N g3, R c3, N a5. B: S g4, P e3, S a6, N b6.
#[test]
fn e6_scout_defends_with_zero() {
    let p = pos("8/8/sn6/N7/6s1/2R1p1N1/8/8 w - 0 1");
    assert_eq!(piece(&p, "a6"), Some((Color::Black, Kind::Scout)));
    assert_eq!(piece(&p, "b6"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "a5"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "g4"), Some((Color::Black, Kind::Scout)));
    assert_eq!(piece(&p, "c3"), Some((Color::White, Kind::Ritter)));
    assert_eq!(piece(&p, "e3"), Some((Color::Black, Kind::Prince)));
    assert_eq!(piece(&p, "g3"), Some((Color::White, Kind::Knecht)));

    assert_eq!(sums(&p, "g4"), (2, 0)); // 1:0
    assert_eq!(sums(&p, "e3"), (4, 3)); // 2:1½
    assert_eq!(sums(&p, "a6"), (2, 2)); // 1:1
    assert!(is_legal(&p, "g3g4"));
    assert!(find(&p, "g3g4").capture);
    assert!(is_legal(&p, "c3e3"));
    assert!(find(&p, "c3e3").capture);
    assert!(!is_legal(&p, "a5a6"));
    // The Scouts add nothing anywhere.
    let black_raw = p.raw_force(Color::Black);
    assert_eq!(black_raw[sq("g4")], 0);
    assert_eq!(black_raw[sq("a6")], 2); // only the Knecht b6
}

/// E7 Scout attacks without limit (B2 fig 5.2-5.3).
/// W: N a4, S b3, S h4, N f4, N g5. B: N a5, C d4, N f5, R f7.
#[test]
fn e7_scout_attacks_without_limit() {
    let p = pos("8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1");
    assert_eq!(piece(&p, "f7"), Some((Color::Black, Kind::Ritter)));
    assert_eq!(piece(&p, "a5"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "f5"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&p, "g5"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "a4"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "d4"), Some((Color::Black, Kind::Konnet)));
    assert_eq!(piece(&p, "f4"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&p, "h4"), Some((Color::White, Kind::Scout)));
    assert_eq!(piece(&p, "b3"), Some((Color::White, Kind::Scout)));

    assert_eq!(sums(&p, "a5"), (2, 2)); // 1:1
    assert!(!is_legal(&p, "a4a5"));
    assert!(find(&p, "b3a5").capture);
    assert!(find(&p, "b3d4").capture);

    assert_eq!(sums(&p, "f5"), (4, 6)); // 2:3
    assert!(!is_legal(&p, "f4f5"));
    assert!(!is_legal(&p, "g5f5"));
    let m = find(&p, "h4f5");
    assert!(m.capture && !m.exchange);
    let after = p.play(&m);
    assert_eq!(piece(&after, "f5"), Some((Color::White, Kind::Scout)));
    assert_eq!(sums(&after, "f5"), (4, 4)); // 2:2
    assert_eq!(after.side, Color::Black);
    assert!(
        ucis_to(&after, "f5").is_empty(),
        "Black cannot recapture on f5"
    );
}

/// E8 (B2 fig 3.2). W: V b6, N g4, P e2. B: N b7, R g6.
#[test]
fn e8_captures_both_ways() {
    let w = pos("8/1n6/1V4r1/8/6N1/8/4P3/8 w - 0 1");
    assert_eq!(piece(&w, "b7"), Some((Color::Black, Kind::Knecht)));
    assert_eq!(piece(&w, "b6"), Some((Color::White, Kind::VerKnecht)));
    assert_eq!(piece(&w, "g6"), Some((Color::Black, Kind::Ritter)));
    assert_eq!(piece(&w, "g4"), Some((Color::White, Kind::Knecht)));
    assert_eq!(piece(&w, "e2"), Some((Color::White, Kind::Prince)));

    assert_eq!(sums(&w, "b7"), (3, 2)); // 1½:1
    assert!(find(&w, "b6b7").capture);

    let b = pos("8/1n6/1V4r1/8/6N1/8/4P3/8 b - 0 1");
    assert_eq!(sums(&b, "b6"), (3, 2)); // 1½:1 the other way
    assert!(!is_legal(&b, "b7b6"));
    assert_eq!(sums(&b, "g4"), (5, 4)); // 2½:2 for White
    assert!(!is_legal(&b, "g6g4"));
}

/// E9 Kings-only blockade (B2 fig 6.15-6.17). W: K d1. B: K f3.
#[test]
fn e9_kings_only_blockade() {
    let start = pos("8/8/8/8/8/5k2/8/3K4 w - 0 1");
    let line = [
        "d1e2", "f3f2", "e2e1", "f2f1", "e1d1", "f1e1", "d1c1", "e1d1",
    ];
    let mut cur = start.clone();
    for uci in line {
        assert_eq!(cur.winner, None);
        let m = find(&cur, uci);
        assert!(!m.capture && !m.exchange && m.promotion.is_none());
        cur = cur.play(&m);
    }
    assert_eq!(cur.to_fen(), "8/8/8/8/8/8/8/2Kk4 w - 8 5");
    assert_eq!(cur.winner, None);
    assert_eq!(cur.side, Color::White);
    // d1 is 1½:1½, leaving the castle is forbidden by confinement.
    assert_eq!(sums(&cur, "d1"), (3, 3));
    assert!(
        cur.legal_moves().is_empty(),
        "White should be blockaded: {:?}",
        all_ucis(&cur)
    );
    // Without a Black royal in White's castle the King could leave.
    let free = pos("8/8/8/8/8/8/3k4/2K5 w - 0 1");
    assert!(is_legal(&free, "c1b1"));

    // Along the way the Black King entered the castle without capturing it
    // (the White King was still inside), and the White King was then confined.
    let mid = play_line(&start, &["d1e2", "f3f2", "e2e1", "f2f1"]);
    assert_eq!(mid.winner, None);
    assert_eq!(ucis_from(&mid, "e1"), sorted(&["e1d1"]));
}

/// E10 Confinement (B2 fig 2.17). W: C f1, P f8, K a3. B: C c1, K d8.
#[test]
fn e10_confinement() {
    let w = pos("3k1P2/8/8/8/8/K7/8/2c2C2 w - 0 1");
    assert_eq!(piece(&w, "d8"), Some((Color::Black, Kind::King)));
    assert_eq!(piece(&w, "f8"), Some((Color::White, Kind::Prince)));
    assert_eq!(piece(&w, "a3"), Some((Color::White, Kind::King)));
    assert_eq!(piece(&w, "c1"), Some((Color::Black, Kind::Konnet)));
    assert_eq!(piece(&w, "f1"), Some((Color::White, Kind::Konnet)));
    assert_eq!(ucis_from(&w, "f1"), sorted(&["f1d1", "f1e1"]));

    let b = pos("3k1P2/8/8/8/8/K7/8/2c2C2 b - 0 1");
    assert_eq!(ucis_from(&b, "d8"), sorted(&["d8c8", "d8e8"]));
    // The confined pieces still act outside their castles (docs/chess-t1-rules.md §4.1 decision).
    assert!(w.raw_force(Color::White)[sq("g2")] >= 6);
    assert!(b.raw_force(Color::Black)[sq("d7")] >= 3);
}

/// E11 Scout activity (B2 fig 2.16). B: S e3, V c2. W: R f5, P f1.
#[test]
fn e11_scout_activity() {
    let p = pos("8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1");
    assert_eq!(piece(&p, "f5"), Some((Color::White, Kind::Ritter)));
    assert_eq!(piece(&p, "e3"), Some((Color::Black, Kind::Scout)));
    assert_eq!(piece(&p, "c2"), Some((Color::Black, Kind::VerKnecht)));
    assert_eq!(piece(&p, "f1"), Some((Color::White, Kind::Prince)));

    assert_eq!(
        ucis_from(&p, "e3"),
        sorted(&["e3c4", "e3d5", "e3g2", "e3g4", "e3f5", "e3f1"])
    );
    let cap = find(&p, "e3f5");
    assert!(cap.capture && !cap.exchange);
    let ex = find(&p, "e3f1");
    assert!(ex.exchange && !ex.capture);
    assert!(!is_legal(&p, "e3c2"));
    assert!(!is_legal(&p, "e3d1"));

    // The exchange removes both pieces.
    let after = p.play(&ex);
    assert_eq!(piece(&after, "e3"), None);
    assert_eq!(piece(&after, "f1"), None);
    assert_eq!(after.quiet, 0);
    assert_eq!(after.winner, None);
    // The capture: the Scout takes the square.
    let after = p.play(&cap);
    assert_eq!(piece(&after, "e3"), None);
    assert_eq!(piece(&after, "f5"), Some((Color::Black, Kind::Scout)));
}

/// E12 Promotions.
#[test]
fn e12_knecht_to_ver_knecht() {
    // White g5-g6 gives a Ver Knecht (automatic, no letter).
    let w = pos("8/8/8/6N1/8/8/8/8 w - 0 1");
    assert_eq!(
        ucis_from(&w, "g5"),
        sorted(&["g5g6", "g5f5", "g5h5", "g5g4"])
    );
    let m = find(&w, "g5g6");
    assert_eq!(m.promotion, Some(Kind::VerKnecht));
    assert_eq!(
        piece(&w.play(&m), "g6"),
        Some((Color::White, Kind::VerKnecht))
    );
    assert_eq!(find(&w, "g5f5").promotion, None); // sideways on rank 5: no promotion

    // Capturing forward also promotes.
    let wc = pos("8/8/6n1/6N1/6N1/8/8/8 w - 0 1");
    assert_eq!(sums(&wc, "g6"), (2, 2));
    assert!(!is_legal(&wc, "g5g6"));
    let wc = pos("8/8/5Pn1/6N1/8/8/8/8 w - 0 1");
    assert_eq!(sums(&wc, "g6"), (5, 2));
    let m = find(&wc, "g5g6");
    assert!(m.capture);
    assert_eq!(m.promotion, Some(Kind::VerKnecht));

    // Black c4-c3 likewise.
    let b = pos("8/8/8/8/2n5/8/8/8 b - 0 1");
    let m = find(&b, "c4c3");
    assert_eq!(m.uci, "c4c3");
    assert_eq!(m.promotion, Some(Kind::VerKnecht));
    assert_eq!(
        piece(&b.play(&m), "c3"),
        Some((Color::Black, Kind::VerKnecht))
    );
}

#[test]
fn e12_ver_knecht_far_rank() {
    // A White Ver Knecht g7-g8 chooses R, P, C or S.
    let w = pos("8/6V1/8/8/8/8/8/8 w - 0 1");
    assert_eq!(
        ucis_from(&w, "g7"),
        sorted(&["g7g8r", "g7g8p", "g7g8c", "g7g8s", "g7f7", "g7h7", "g7g6"])
    );
    for (uci, kind) in [
        ("g7g8r", Kind::Ritter),
        ("g7g8p", Kind::Prince),
        ("g7g8c", Kind::Konnet),
        ("g7g8s", Kind::Scout),
    ] {
        let m = find(&w, uci);
        assert_eq!(m.promotion, Some(kind));
        assert_eq!(piece(&w.play(&m), "g8"), Some((Color::White, kind)));
    }
    // With 3 Princes already on the board, no new Prince; with 3 Konnets, no new Konnet.
    let three_p = pos("8/6V1/8/8/8/8/PPP5/8 w - 0 1");
    assert_eq!(
        ucis_from(&three_p, "g7")
            .into_iter()
            .filter(|u| u.starts_with("g7g8"))
            .collect::<Vec<_>>(),
        sorted(&["g7g8r", "g7g8c", "g7g8s"])
    );
    let three_c = pos("8/6V1/8/8/8/8/CCC5/8 w - 0 1");
    assert_eq!(
        ucis_from(&three_c, "g7")
            .into_iter()
            .filter(|u| u.starts_with("g7g8"))
            .collect::<Vec<_>>(),
        sorted(&["g7g8r", "g7g8p", "g7g8s"])
    );
}

#[test]
fn e12_ver_knecht_into_castle() {
    // A Black Ver Knecht c2-c1 onto an empty c1 chooses P or C;
    // onto an occupied f1 it cannot go. (White Prince on f1 keeps the castle.)
    let b = pos("8/8/8/8/8/8/2v2v2/5P2 b - 0 1");
    assert_eq!(
        ucis_from(&b, "c2"),
        sorted(&["c2c1p", "c2c1c", "c2b2", "c2d2", "c2c3"])
    );
    assert!(ucis_from(&b, "f2").iter().all(|u| !u.starts_with("f2f1")));
    let m = find(&b, "c2c1p");
    assert_eq!(m.promotion, Some(Kind::Prince));
    let after = b.play(&m);
    assert_eq!(piece(&after, "c1"), Some((Color::Black, Kind::Prince)));
    assert_eq!(after.winner, None); // White still has a royal in its castle
    assert_eq!(after.prince_right, [false, false]);

    // Onto an empty castle with no White royal inside: the castle is captured.
    let b2 = pos("8/8/8/8/8/8/2v5/8 b - 0 1");
    let after = b2.play(&find(&b2, "c2c1c"));
    assert_eq!(piece(&after, "c1"), Some((Color::Black, Kind::Konnet)));
    assert_eq!(after.winner, Some(Color::Black));
    assert!(after.legal_moves().is_empty());

    // Limits: 3 Princes -> only Konnet; 3 Princes and 3 Konnets -> no castle promotion.
    let lim = pos("8/ppp5/8/8/8/8/2v5/5P2 b - 0 1");
    assert_eq!(
        ucis_from(&lim, "c2")
            .into_iter()
            .filter(|u| u.starts_with("c2c1"))
            .collect::<Vec<_>>(),
        sorted(&["c2c1c"])
    );
    let none = pos("8/ppp5/ccc5/8/8/8/2v5/5P2 b - 0 1");
    assert!(
        ucis_from(&none, "c2")
            .iter()
            .all(|u| !u.starts_with("c2c1"))
    );

    // A Ver Knecht may not capture into the castle even with superiority.
    let cap = pos("8/8/8/8/8/8/2v5/2P5 b - 0 1");
    assert!(ucis_from(&cap, "c2").iter().all(|u| !u.starts_with("c2c1")));
}

#[test]
fn e12_prince_to_konnet_once() {
    // W: K d1, N a2. B: P c4, P h4. Black to move with its right.
    let p = pos("8/8/8/8/2p4p/8/N7/3K4 b p 0 1");
    // A Black Prince c4-f1 (d3, e2 empty) becomes a Konnet.
    let m = find(&p, "c4f1");
    assert_eq!(m.promotion, Some(Kind::Konnet));
    let p1 = p.play(&m);
    assert_eq!(piece(&p1, "f1"), Some((Color::Black, Kind::Konnet)));
    assert_eq!(p1.prince_right, [false, false]);
    assert_eq!(p1.winner, None); // the White King still holds the castle
    assert_eq!(p1.to_fen(), "8/8/8/8/7p/8/N7/3K1c2 w - 1 2");
    // The White King is now confined to its castle.
    assert_eq!(ucis_from(&p1, "d1"), sorted(&["d1c1", "d1e1"]));
    // A second Black Prince entering later stays a Prince.
    let p2 = play_line(&p1, &["a2a3"]);
    let m2 = find(&p2, "h4e1");
    assert_eq!(m2.promotion, None);
    let p3 = p2.play(&m2);
    assert_eq!(piece(&p3, "e1"), Some((Color::Black, Kind::Prince)));

    // Decision: with 3 Konnets the Prince stays a Prince and the right is kept.
    let q = pos("8/8/8/ccc5/2p5/8/8/3K4 b p 0 1");
    let m = find(&q, "c4f1");
    assert_eq!(m.promotion, None);
    let q1 = q.play(&m);
    assert_eq!(piece(&q1, "f1"), Some((Color::Black, Kind::Prince)));
    assert_eq!(q1.prince_right, [false, true]);

    // Decision: a Ver Knecht promoted to a Prince in the castle does not use the
    // right, and that Prince moving within the castle does not promote; leaving
    // and re-entering from outside does. (W: N a2, K f1 holding the castle. B: V c2.)
    let v = pos("8/8/8/8/8/8/N1v5/5K2 b p 0 1");
    let m = find(&v, "c2c1p");
    assert_eq!(m.promotion, Some(Kind::Prince));
    let v1 = v.play(&m);
    assert_eq!(v1.prince_right, [false, true]);
    assert_eq!(v1.winner, None);
    let v2 = play_line(&v1, &["a2a3"]);
    let m = find(&v2, "c1d1");
    assert_eq!(m.promotion, None);
    let v3 = play_line(&v2, &["c1d1", "a3a4", "d1d2", "a4a5"]);
    assert_eq!(piece(&v3, "d2"), Some((Color::Black, Kind::Prince)));
    assert_eq!(v3.prince_right, [false, true]);
    let m = find(&v3, "d2e1");
    assert_eq!(m.promotion, Some(Kind::Konnet));
    let v4 = v3.play(&m);
    assert_eq!(piece(&v4, "e1"), Some((Color::Black, Kind::Konnet)));
    assert_eq!(v4.prince_right, [false, false]);
}

// ---------------------------------------------------------------------------
// Game end, counters, check
// ---------------------------------------------------------------------------

#[test]
fn king_capture_and_exchange_win() {
    // White Konnet takes the Black King on e5 (6 vs 3).
    let p = pos("8/8/8/4k3/8/4C3/8/8 w - 5 7");
    let m = find(&p, "e3e5");
    assert!(m.capture);
    assert!(p.in_check(Color::Black));
    let after = p.play(&m);
    assert_eq!(after.winner, Some(Color::White));
    assert_eq!(after.quiet, 0);
    assert_eq!(after.fullmove, 7);
    assert!(after.legal_moves().is_empty());
    // A Scout exchange of a King in its castle also wins.
    let s = pos("4k3/8/3S4/8/8/8/8/8 w - 0 1");
    assert!(s.in_check(Color::Black));
    let m = find(&s, "d6e8");
    assert!(m.exchange);
    let after = s.play(&m);
    assert_eq!(after.winner, Some(Color::White));
    assert_eq!(piece(&after, "e8"), None);
    assert_eq!(piece(&after, "d6"), None);
}

#[test]
fn counters() {
    let p = pos(START);
    let p1 = play_line(&p, &["e2e4"]);
    assert_eq!(
        p1.to_fen(),
        "rspckpsr/nnnnnnnn/8/8/4N3/8/NNNN1NNN/RSPCKPSR b Pp 1 1"
    );
    let p2 = play_line(&p1, &["e7e5"]);
    assert_eq!(
        p2.to_fen(),
        "rspckpsr/nnnn1nnn/8/4n3/4N3/8/NNNN1NNN/RSPCKPSR w Pp 2 2"
    );
}

#[test]
fn castle_square_force() {
    // W: K e1, R e3. B: P d2, R g1. The White Ritter defends e1 in full; the Black
    // Ritter's attack on e1 counts because the Black Prince also acts there.
    let p = pos("8/8/8/8/8/4R3/3p4/4K1r1 b - 0 1");
    assert_eq!(sums(&p, "e1"), (7, 7));
    assert!(!is_legal(&p, "d2e1"));
    assert!(!p.in_check(Color::White));
    // Without the Prince the Black Ritter's attack on e1 counts 0 (raw 2).
    let p = pos("8/8/8/8/8/4R3/8/4K1r1 b - 0 1");
    assert_eq!(raw_sums(&p, "e1"), (7, 4));
    assert_eq!(sums(&p, "e1"), (7, 0));
    // Without the White Ritter: 1½ against 3½, the Prince takes the King and wins.
    let p = pos("8/8/8/8/8/8/3p4/4K1r1 b - 0 1");
    assert_eq!(sums(&p, "e1"), (3, 7));
    assert!(p.in_check(Color::White));
    let after = p.play(&find(&p, "d2e1"));
    assert_eq!(after.winner, Some(Color::Black));
    assert_eq!(piece(&after, "e1"), Some((Color::Black, Kind::Prince)));
}

// ---------------------------------------------------------------------------
// Perft from the start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_moves() {
    // By hand: 8 Knechts x 2 (one and two squares forward) = 16; Ritters a1-a3, h1-h3 = 2;
    // Scouts b1-a3, b1-c3, g1-f3, g1-h3 = 4; Konnet d1-d3 (jumping d2) = 1;
    // Princes and King are boxed in = 0. Total 23.
    let p = pos(START);
    let mut expected: Vec<String> = Vec::new();
    for f in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
        expected.push(format!("{f}2{f}3"));
        expected.push(format!("{f}2{f}4"));
    }
    for u in ["a1a3", "h1h3", "b1a3", "b1c3", "g1f3", "g1h3", "d1d3"] {
        expected.push(u.to_string());
    }
    expected.sort();
    assert_eq!(all_ucis(&p), expected);
    assert!(!p.in_check(Color::White));
    assert!(!p.in_check(Color::Black));
}

#[test]
fn perft_start() {
    let p = pos(START);
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 23);
    assert_eq!(perft(&p, 2), 529);
    assert_eq!(perft(&p, 3), PERFT_3);
}

const PERFT_3: u64 = 15121;

#[test]
fn perft_start_depth_4() {
    assert_eq!(perft(&pos(START), 4), PERFT_4);
}

const PERFT_4: u64 = 431531;

/// Slow (~tens of seconds in release); run with `--ignored`.
#[test]
#[ignore]
fn perft_start_depth_5() {
    assert_eq!(perft(&pos(START), 5), PERFT_5);
}

const PERFT_5: u64 = 13_923_834;
