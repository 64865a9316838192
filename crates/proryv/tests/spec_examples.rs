//! The worked examples (§9) and the counts (§10) of docs/proryv.md.

use zonal_proryv::{Outcome, Position, Side, perft};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn plies(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_plies().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn after(p: &Position, ply: &str) -> Position {
    p.play(&p.parse_ply(ply).unwrap_or_else(|e| panic!("{ply}: {e}")))
}

fn drops(squares: &str) -> Vec<String> {
    // "a3-a7 c1-c7 d2": ranges along a file.
    let mut v = Vec::new();
    for part in squares.split_whitespace() {
        match part.split_once('-') {
            Some((a, b)) => {
                let file = a.as_bytes()[0];
                let (r1, r2): (u8, u8) = (a[1..].parse().unwrap(), b[1..].parse().unwrap());
                for r in r1..=r2 {
                    v.push(format!("R@{}{}", file as char, r));
                }
            }
            None => v.push(format!("R@{part}")),
        }
    }
    v.sort();
    v
}

#[test]
fn e1_to_e4_placement() {
    let start = Position::startpos();
    assert_eq!(start.to_string(), "7k/8/8/8/8/8/8/K7 w 8:8 0 1");
    assert_eq!(
        plies(&start),
        drops("a3-a7 b3-b7 c1-c7 d1-d7 e1-e7 f1-f7 g1-g6")
    );
    let e2 = after(&start, "R@d4");
    assert_eq!(e2.to_string(), "7k/8/8/8/3R4/8/8/K7 b 7:8 0 1");
    assert_eq!(
        plies(&e2),
        drops("b3-b8 c2-c8 d2 d3 d5-d8 e2-e8 f2-f8 g2-g6 h2-h6")
    );
    let a4 = after(&start, "R@a4");
    assert_eq!(a4.legal_plies().len(), 48);
    assert!(a4.parse_ply("R@a5").is_ok() && a4.parse_ply("R@a3").is_err());
    // E3: the blocking drop.
    let e3 = after(&e2, "R@h6");
    assert_eq!(e3.to_string(), "7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2");
    assert_eq!(
        plies(&e3),
        drops("a3-a7 b3-b7 c1-c7 d1-d3 d5-d7 e1-e7 f1-f7 g1-g6 h1-h5")
    );
    assert!(start.parse_ply("R@h4").is_err());
    // E4: removal during placement.
    let mut p = start;
    for ply in ["R@a7", "R@b8", "R@a8"] {
        p = after(&p, ply);
    }
    assert_eq!(p.to_string(), "1r5k/R7/8/8/8/8/8/K7 b 6:7 0 2");
    let mut p = start;
    for ply in ["R@g1", "R@h2", "R@h1"] {
        p = after(&p, ply);
    }
    assert_eq!(p.to_string(), "7k/8/8/8/8/8/7r/K5R1 b 6:7 0 2");
}

#[test]
fn e5_to_e8_checks_pins_captures() {
    assert_eq!(
        plies(&pos("7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20")),
        list("e4e3 e4f3 e4f4")
    );
    let e6 = pos("8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20");
    assert_eq!(
        plies(&e6),
        list(
            "a5a3 a5a4 a5a6 a5a8 a5b5 a5c5 a5e5 a5f5 a5g5 a5h5 d1c1 d1d2 d1d3 d1e1 d1f1 d1g1 d1h1 d4d3 d4d5 f4e4 f4g4"
        )
    );
    let e7 = pos("4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20");
    assert_eq!(plies(&e7), list("d4c5 d4d3 d5d6 d5d7 d5d8"));
    assert_eq!(
        after(&e7, "d4c5").to_string(),
        "4r2k/8/8/2KRr3/8/8/8/8 b 0:0 0 20"
    );
    let err = e7.parse_ply("d4e5").unwrap_err().to_string();
    assert!(
        err.starts_with("Прорыв: d4e5 is not legal here") && err.contains("protected"),
        "{err}"
    );
    assert_eq!(
        plies(&pos("8/8/8/2r2kr1/5K2/8/8/8 w 0:0 0 20")),
        list("f4e3 f4e4 f4f3 f4g5")
    );
}

#[test]
fn e9_to_e11_removals() {
    let e9 = pos("7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30");
    assert_eq!(
        plies(&e9),
        list(
            "a1a2 a1b1 a1b2 c5a5 c5b5 c5c1 c5c2 c5c3 c5c4 c5c6 c5c7 d1c1 d1d2 d1d3 d1d4 e1e2 e1e3 e1e4 e5e2 e5e3 e5e4 e5e6 e5e7 e5f5 e5g5 f1f2 f1f3 f4a4 f4b4 f4c4 f4d4 f4e4 f4f2 f4f3 f4f5 f4f6 f4f7 f4g4 g1g2 g1g3 g1g4 g1g5 g1g6"
        )
    );
    assert_eq!(
        after(&e9, "d1d4").to_string(),
        "7k/8/3r4/2R1R3/3R1R2/8/8/K3RRR1 b 0:0 0 30"
    );
    assert_eq!(
        after(&e9, "f4d4").to_string(),
        "7k/8/3r4/2R1R3/3R4/8/8/K2RRRR1 b 0:0 0 30"
    );
    assert_eq!(
        after(&e9, "f4f2").to_string(),
        "7k/8/3r4/2RrR3/8/8/5R2/K2RR1R1 b 0:0 0 30"
    );
    assert_eq!(
        after(&e9, "g1g2").to_string(),
        "7k/8/3r4/2RrR3/5R2/8/6R1/K2RRR2 b 0:0 6 30"
    );
    let c1 = pos("7k/8/8/8/8/8/2R5/K1RR4 w 0:0 0 30");
    assert_eq!(c1.legal_plies().len(), 21);
    assert!(c1.legal_plies().iter().all(|p| p.from() != Some(2)));
    let e10 = pos("3k4/2rr4/3R4/8/8/4R3/8/K7 w 0:0 0 30");
    assert_eq!(
        plies(&e10),
        list(
            "a1a2 a1b1 a1b2 d6a6 d6b6 d6c6 d6d1 d6d2 d6d3 d6d4 d6d5 d6e6 d6f6 d6g6 d6h6 e3a3 e3b3 e3c3 e3d3 e3e1 e3e2 e3e4 e3e5 e3e6 e3f3 e3g3 e3h3"
        )
    );
    let e11 = pos("7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30");
    assert_eq!(
        plies(&e11),
        list(
            "d3c2 d3c3 d3c4 d3d2 d3d4 d3e4 d5a5 d5b5 d5c5 d5d4 d5d6 d5d7 e6a6 e6b6 e6c6 e6d6 e6e7 e6f6 e6g6 f5f1 f5f2 f5f3 f5f4 f5f6 f5f7 f5g5"
        )
    );
    assert_eq!(
        after(&e11, "d3e4").to_string(),
        "7k/8/4R3/3R1R2/4K3/8/8/8 b 0:0 0 30"
    );
}

#[test]
fn e12_to_e15_game_ends() {
    let e12 = pos("7k/8/5K2/8/8/8/8/8 w 0:0 0 30");
    assert_eq!(e12.legal_plies().len(), 8);
    let won = after(&e12, "f6g7");
    assert_eq!(won.to_string(), "7k/6K1/8/8/8/8/8/8 b 0:0 1 30");
    assert_eq!(
        won.outcome(),
        Some(Outcome::ContactAtHome { loser: Side::Black })
    );
    assert_eq!(won.outcome().unwrap().result(), "1-0");
    assert!(won.legal_plies().is_empty());
    let black = pos("8/8/8/8/8/1k6/8/K7 b 0:0 0 30");
    assert_eq!(black.legal_plies().len(), 8);
    let wins: Vec<String> = black
        .legal_plies()
        .iter()
        .filter(|p| black.play(p).outcome().map(|o| o.winner()) == Some(Side::Black))
        .map(|p| p.to_string())
        .collect();
    assert_eq!(list(&wins.join(" ")), list("b3a2 b3b2"));
    let e13 = pos("8/6Kk/8/8/8/8/8/8 b 0:0 0 30");
    assert_eq!(plies(&e13), list("h7g6 h7g8 h7h6 h7h8"));
    for ply in ["h7g6", "h7g8", "h7h6"] {
        assert_eq!(after(&e13, ply).outcome(), None, "{ply}");
    }
    assert_eq!(
        after(&e13, "h7h8").outcome(),
        Some(Outcome::ContactAtHome { loser: Side::Black })
    );
    let e14 = pos("8/6K1/8/8/8/8/1k6/8 w 0:0 0 30");
    assert_eq!(e14.legal_plies().len(), 8);
    assert_eq!(
        after(&e14, "g7h8").outcome(),
        Some(Outcome::TargetReached {
            winner: Side::White
        })
    );
    let rook = pos("r7/6K1/8/8/8/8/1k6/8 w 0:0 0 30");
    assert_eq!(plies(&rook), list("g7f6 g7f7 g7g6 g7h6 g7h7"));
    let then = after(&rook, "g7h7");
    assert_eq!(
        after(&then, "b2a1").outcome(),
        Some(Outcome::TargetReached {
            winner: Side::Black
        })
    );
    let e15 = pos("7k/8/8/8/8/1r6/2r5/K7 w 0:0 0 30");
    assert!(e15.legal_plies().is_empty());
    assert_eq!(
        e15.outcome(),
        Some(Outcome::NoLegalPly { loser: Side::White })
    );
    assert_eq!(e15.outcome().unwrap().result(), "0-1");
}

#[test]
fn perft_of_the_start_and_the_examples() {
    let start = Position::startpos();
    assert_eq!(
        (1..=3).map(|d| perft(&start, d)).collect::<Vec<_>>(),
        [44, 1_932, 82_914]
    );
    for (text, counts) in [
        ("7k/8/5K2/8/8/8/8/8 w 0:0 0 30", &[8u64, 21, 164][..]),
        ("8/6Kk/8/8/8/8/8/8 b 0:0 0 30", &[4, 21, 99]),
        ("8/6K1/8/8/8/8/1k6/8 w 0:0 0 30", &[8, 56, 308]),
        (
            "7k/5R2/3rrR2/2r1RK2/3r1R2/2r3R1/8/8 w 0:0 0 30",
            &[23, 713, 17_388],
        ),
        (
            "5r2/5r2/R3rk2/R3R3/1R2R3/R2K4/2r5/2R1rrr1 w 0:0 5 24",
            &[34, 1_021, 36_696],
        ),
        (
            "rr1R4/2r5/5k2/7r/2RKR2r/1R1R4/4R3/2R3r1 w 0:0 21 24",
            &[33, 1_358, 44_477],
        ),
        ("7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2", &[48, 2_009, 93_379]),
        ("7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20", &[3, 69, 400]),
        ("8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20", &[21, 268, 7_100]),
        ("4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20", &[5, 114, 968]),
        ("8/8/8/2r2kr1/5K2/8/8/8 w 0:0 0 20", &[4, 75, 438]),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            &[43, 534, 23_363],
        ),
        ("3k4/2rr4/3R4/8/8/4R3/8/K7 w 0:0 0 30", &[27, 289, 7_215]),
        ("7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30", &[26, 194, 5_803]),
    ] {
        let p = pos(text);
        let got: Vec<u64> = (1..=counts.len() as u32).map(|d| perft(&p, d)).collect();
        assert_eq!(got, counts, "{text}");
    }
}

#[test]
fn perft_4_from_the_start() {
    assert_eq!(perft(&Position::startpos(), 4), 3_551_016);
}

#[test]
fn t1_at_depth_4_counts_game_ends_only_at_the_last_ply() {
    assert_eq!(
        perft(&pos("7k/5R2/3rrR2/2r1RK2/3r1R2/2r3R1/8/8 w 0:0 0 30"), 4),
        565_011
    );
}

#[test]
fn invalid_positions_are_refused_with_the_field() {
    for (text, field) in [
        ("7k/8/8/8/8/8/8/K7 w 8:8 0", "3 or 5 fields"),
        ("7k/8/8/8/8/8/8 w 8:8", "7 ranks"),
        ("7k/8/8/8/8/8/8/K6 w 8:8", "8"),
        ("7k/8/8/8/8/8/8/K7 x 8:8", "side"),
        ("7k/8/8/8/8/8/8/K7 w 8-8", "hands"),
        ("7k/8/8/8/8/8/8/K7 w 9:8", "at most 8"),
        ("7k/8/8/8/8/8/8/K7 w 8:7", "does not fit"),
        ("7k/8/8/8/8/8/8/8 w 0:0", "0 white Kings"),
        ("7k/8/8/8/8/8/8/KK6 w 0:0", "2 white Kings"),
        ("7k/8/8/8/8/8/R7/K7 w 0:0", "corner"),
        ("7k/8/8/8/8/8/8/K6r w 0:0", "in check"),
        ("7k/8/8/8/8/8/8/K5r1 w 0:0", "in check"),
        ("7k/8/8/8/8/8/8/K7 w 8:8 0 0", "move number"),
        ("7k/8/8/8/8/8/8/K7 w 8:8 x 1", "quiet"),
        ("7k/8/8/8/8/8/8/K7 w 8:8 99999999999 1", "too large"),
        ("7K/8/8/8/8/8/8/k7 w 0:0", "both Kings"),
        (
            "7K/8/8/8/8/8/8/2k5 w 0:0",
            "side to move stands on its target",
        ),
        ("7k/8/8/8/8/8/8/K7 w 8:8 0 1 extra", "3 or 5"),
        ("7k/8/8/8/8/8/8/K16 w 0:0", "two digits"),
        ("7k/8/8/8/8/8/8/K7Q w 0:0", "more than 8"),
        ("7k/8/8/8/8/8/8/Q7 w 0:0", "not a piece"),
    ] {
        match text.parse::<Position>() {
            Ok(p) => panic!("{text} accepted as {p}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.starts_with("Прорыв: ") && msg.contains(field),
                    "{text}: {msg}"
                );
            }
        }
    }
    // A surrounded rook: a8 with a7 and b8 occupied.
    let err = "rr5k/R7/8/8/8/8/8/K7 w 0:0"
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("surrounded"), "{err}");
    // A finished game is valid (E13's result).
    assert!(pos("7k/6K1/8/8/8/8/8/8 w 0:0 1 31").is_over());
}

#[test]
fn illegal_plies_name_their_rule() {
    let start = Position::startpos();
    for (ply, words) in [
        ("R@g7", "corner square"),
        ("R@h4", "in check"),
        ("a1b2", "placement phase"),
        ("R@a1", "occupied"),
        ("x", "not a ply"),
    ] {
        let err = start.parse_ply(ply).unwrap_err().to_string();
        assert!(
            err.starts_with("Прорыв: ") && err.contains(words),
            "{ply}: {err}"
        );
    }
    let e6 = pos("8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20");
    for (ply, words) in [
        ("a5a7", "give check"),
        ("d4c4", "in check"),
        ("d1d4", "occupied"),
        ("a5a1", "corner"),
        ("a5b6", "clear rank or file"),
        ("d1b1", "corner"),
        ("R@e5", "no rook is left"),
        ("h4h5", "no piece of the side to move"),
        ("d4d6", "neighbouring"),
    ] {
        let err = e6.parse_ply(ply).unwrap_err().to_string();
        assert!(err.contains(words), "{ply}: {err}");
    }
}
