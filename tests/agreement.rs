//! The fast bitboard engine agrees with the simple reference implementation
//! (`tests/reference/`): perft from the start, and move lists, resulting positions, force sums,
//! checks and game ends along thousands of random games from the start and the book examples.

use crate::common;
use crate::reference;

use chess_t1::force::ForceMap;
use chess_t1::perft::perft;
use chess_t1::{Color, Position, Square};
use common::{Rng, SEEDS};
use reference::{Color as RColor, RefPos};

fn sorted_ucis(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.generate_moves().iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

fn rcolor(c: Color) -> RColor {
    match c {
        Color::White => RColor::White,
        Color::Black => RColor::Black,
    }
}

/// Compares everything the two implementations can say about one position.
fn compare(fast: &Position, slow: &RefPos, context: &str) {
    assert_eq!(
        fast.to_string(),
        slow.to_fen(),
        "{context}: positions differ"
    );
    let fast_moves = sorted_ucis(fast);
    let slow_moves: Vec<String> = slow.legal_moves().into_iter().map(|m| m.uci).collect();
    assert_eq!(
        fast_moves, slow_moves,
        "{context}: move lists differ in {fast}"
    );
    let map = ForceMap::new(fast.board());
    for color in Color::BOTH {
        let raw = slow.raw_force(rcolor(color));
        let eff = slow.effective_force(rcolor(color));
        for sq in Square::all() {
            assert_eq!(
                map.raw(color, sq),
                raw[sq.index()],
                "{context}: raw {color} on {sq} in {fast}"
            );
            assert_eq!(
                map.effective(fast.board(), color, sq),
                eff[sq.index()],
                "{context}: effective {color} on {sq} in {fast}"
            );
        }
        assert_eq!(
            fast.in_check(color),
            slow.in_check(rcolor(color)),
            "{context}: check of {color} in {fast}"
        );
    }
    let fast_winner = fast.decided().map(|(c, _)| rcolor(c));
    assert_eq!(
        fast_winner, slow.winner,
        "{context}: winner differs after reaching {fast}"
    );
}

#[test]
fn perft_agrees_from_the_start() {
    let fast = Position::startpos();
    let slow = RefPos::from_fen(&fast.to_string()).expect("reference reads the start");
    let expected = [1, 23, 529, 15_121, 431_531];
    for (depth, &nodes) in expected.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(perft(&fast, depth), nodes, "fast perft({depth})");
        if depth <= 4 {
            assert_eq!(
                reference::perft(&slow, depth),
                nodes,
                "reference perft({depth})"
            );
        }
    }
}

#[test]
#[ignore = "slow: perft 5 from the start with both generators"]
fn perft_5_agrees_from_the_start() {
    let fast = Position::startpos();
    let slow = RefPos::from_fen(&fast.to_string()).unwrap();
    assert_eq!(perft(&fast, 5), 13_923_834);
    assert_eq!(reference::perft(&slow, 5), 13_923_834);
}

#[test]
fn perft_agrees_on_book_examples_and_middlegames() {
    let mut positions: Vec<Position> = SEEDS.iter().map(|s| s.parse().unwrap()).collect();
    positions.extend(chess_t1::sample::middlegames(6, 99));
    for pos in positions {
        let slow = RefPos::from_fen(&pos.to_string()).unwrap();
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                reference::perft(&slow, depth),
                "perft({depth}) of {pos}"
            );
        }
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let mut rng = Rng::new(2026);
    let mut positions = 0;
    let mut captures = 0;
    let mut ends = 0;
    let (mut chosen, mut exchanges, mut prince_konnet) = (0, 0, 0);
    for (i, seed) in SEEDS.iter().enumerate() {
        for game in 0..40 {
            let mut fast: Position = seed.parse().unwrap();
            let mut slow = RefPos::from_fen(seed).unwrap();
            for ply in 0..160 {
                let context = format!("seed {i} game {game} ply {ply}");
                compare(&fast, &slow, &context);
                positions += 1;
                let moves = fast.generate_moves();
                if moves.is_empty() {
                    if fast.decided().is_some() {
                        ends += 1;
                    }
                    break;
                }
                let capture_moves: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let mv = if !capture_moves.is_empty() && rng.below(3) > 0 {
                    *capture_moves[rng.below(capture_moves.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                captures += mv.is_capture() as usize;
                chosen += mv.chosen as usize;
                exchanges += (mv.kind == chess_t1::MoveKind::Exchange) as usize;
                prince_konnet +=
                    (mv.piece == chess_t1::PieceKind::Prince && mv.promotion.is_some()) as usize;
                let slow_mv = slow
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.uci == mv.uci())
                    .unwrap_or_else(|| panic!("{context}: reference lacks {mv}"));
                assert_eq!(
                    slow_mv.capture,
                    mv.kind == chess_t1::MoveKind::Capture,
                    "{context}: {mv}"
                );
                assert_eq!(
                    slow_mv.exchange,
                    mv.kind == chess_t1::MoveKind::Exchange,
                    "{context}: {mv}"
                );
                fast = fast.play(&mv);
                slow = slow.play(&slow_mv);
            }
        }
    }
    assert!(positions > 10_000, "only {positions} positions compared");
    assert!(captures > 1_000, "only {captures} captures played");
    assert!(
        ends > 50,
        "only {ends} games ended by King or castle capture"
    );
    assert!(chosen > 20, "only {chosen} promotion choices played");
    assert!(exchanges > 20, "only {exchanges} Scout exchanges played");
    assert!(
        prince_konnet > 5,
        "only {prince_konnet} Prince->Konnet promotions played"
    );
    eprintln!(
        "{positions} positions, {captures} captures, {ends} ends, {chosen} chosen promotions, {exchanges} exchanges, {prince_konnet} Prince->Konnet"
    );
}
