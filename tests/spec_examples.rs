//! The worked examples of the rules (docs/chess-t1-rules.md §10, E1..E12), loaded from
//! `positions/book-examples.t1` through `chess_t1::posfile` and checked against the engine.
//!
//! Sums are in half-units (the books' 1½ is 3 here). Every assertion states the spec's claim;
//! none is weakened to fit the engine.

use chess_t1::force::{self, ForceMap};
use chess_t1::posfile::{self, Record};
use chess_t1::{Color, Game, MoveKind, PieceKind, Position, Reason, Square, Status};
use std::path::Path;
use std::sync::OnceLock;

fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/book-examples.t1");
        posfile::read_file(&path).unwrap_or_else(|e| panic!("{e}"))
    })
}

fn record(id: &str) -> &'static Record {
    posfile::select(records(), Some(id), None).unwrap_or_else(|e| panic!("{e}"))
}

fn pos(id: &str) -> Position {
    record(id).position
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The same position with `color` to move.
fn with_side(pos: Position, color: Color) -> Position {
    let mut setup = pos.to_setup();
    setup.side = color;
    Position::from_setup(setup).unwrap()
}

/// The legal moves of the piece on `from`, as sorted coordinate moves.
fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.uci())
        .collect();
    moves.sort();
    moves
}

/// `from` followed by each of the space-separated `targets`, sorted.
fn expected(from: &str, targets: &str) -> Vec<String> {
    let mut moves: Vec<String> = targets
        .split_whitespace()
        .map(|t| format!("{from}{t}"))
        .collect();
    moves.sort();
    moves
}

/// Effective White:Black force on `square` in half-units, checked against [`ForceMap`].
fn sums(pos: &Position, square: &str) -> (i32, i32) {
    let s = sq(square);
    let board = pos.board();
    let white = force::effective_at(board, Color::White, s);
    let black = force::effective_at(board, Color::Black, s);
    let map = ForceMap::new(board);
    assert_eq!(
        (
            map.effective(board, Color::White, s),
            map.effective(board, Color::Black, s)
        ),
        (white, black),
        "ForceMap and effective_at disagree on {square} in {pos}"
    );
    (white, black)
}

fn legal(pos: &Position, uci: &str) -> bool {
    pos.legal_moves().iter().any(|m| m.uci() == uci)
}

/// Asserts that `uci` is a legal move of `kind` and returns it.
fn legal_move(pos: &Position, uci: &str, kind: MoveKind) -> chess_t1::Move {
    let mv = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.uci() == uci)
        .unwrap_or_else(|| panic!("{uci} should be legal in {pos}"));
    assert_eq!(mv.kind, kind, "{uci} in {pos}");
    mv
}

fn assert_illegal(pos: &Position, uci: &str) {
    assert!(!legal(pos, uci), "{uci} should be illegal in {pos}");
}

#[test]
fn file_holds_every_example() {
    let ids: Vec<&str> = records().iter().filter_map(|r| r.id()).collect();
    assert_eq!(
        ids,
        [
            "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10", "E11", "E12a", "E12b",
            "E12c", "E12d", "E12e"
        ]
    );
    for r in records() {
        let comment = r
            .comment()
            .unwrap_or_else(|| panic!("no c0 on line {}", r.line));
        let id = r.id().unwrap();
        let example = id.trim_end_matches(char::is_lowercase);
        assert!(
            comment.starts_with(&format!("{example} ")),
            "{id}: {comment}"
        );
        // Round trip through the writer.
        let line = posfile::write_record(r);
        let back = posfile::parse_str(&line, "written").unwrap();
        assert_eq!(back[0].position, r.position);
        assert_eq!(back[0].ops, r.ops);
    }
}

/// The pieces listed after `W:` and `B:` in a comment (up to the next `.`), e.g.
/// `W: P e5, N g3. B: V d5.`, as (square, piece letter) sorted by square.
fn listed_pieces(comment: &str) -> Vec<(String, char)> {
    let mut pieces = Vec::new();
    for (marker, white) in [("W: ", true), ("B: ", false)] {
        let Some(start) = comment.find(marker) else {
            continue;
        };
        let list = &comment[start + marker.len()..];
        let list = &list[..list.find('.').unwrap_or(list.len())];
        for item in list.split(',') {
            let words: Vec<&str> = item.split_whitespace().collect();
            if let [letter, square] = words[..]
                && letter.len() == 1
                && square.parse::<Square>().is_ok()
            {
                let c = letter.chars().next().unwrap();
                let c = if white { c } else { c.to_ascii_lowercase() };
                pieces.push((square.to_string(), c));
            }
        }
    }
    pieces.sort();
    pieces
}

#[test]
fn placements_match_the_listed_pieces() {
    for r in records() {
        let id = r.id().unwrap();
        if id.starts_with("E12") {
            continue; // E12 lists no pieces
        }
        let mut on_board: Vec<(String, char)> = r
            .position
            .board()
            .iter()
            .map(|(s, p)| (s.to_string(), p.char()))
            .collect();
        on_board.sort();
        let listed = listed_pieces(r.comment().unwrap());
        assert!(!listed.is_empty(), "{id}");
        assert_eq!(on_board, listed, "{id}");
    }
}

#[test]
fn start_file_holds_the_start_position() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/start.t1");
    let records = posfile::read_file(&path).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].id(), Some("start"));
    assert_eq!(records[0].position, Position::startpos());
    let resolved = posfile::resolve(path.to_str().unwrap(), Some("start"), None).unwrap();
    assert_eq!(resolved, Position::startpos());
}

#[test]
fn e1_prince() {
    let p = pos("E1");
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(
        moves_from(&p, "e5"),
        expected("e5", "e4 f5 e6 f6 g7 h8 d6 c7 b8 d4 c3 b2 f4")
    );
    assert_eq!(moves_from(&p, "e5").len(), 13);
    assert_eq!(sums(&p, "d5"), (3, 3)); // 1½:1½
    assert_illegal(&p, "e5d5");
    assert_illegal(&p, "e5h2"); // behind the Knecht on g3
}

#[test]
fn e2_ritter() {
    let p = pos("E2");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(moves_from(&p, "d5"), expected("d5", "d6 d7 e5 f5 d4 d3 b5"));
    assert_illegal(&p, "d5c5");
}

#[test]
fn e3_knechts() {
    let p = pos("E3");
    assert_eq!(moves_from(&p, "b2"), expected("b2", "a2 b1 c2 b3 b4"));
    assert_eq!(moves_from(&p, "f3"), expected("f3", "e3 f2 g3 f4"));
    assert_illegal(&p, "f3f5");
    assert_eq!(moves_from(&p, "h6"), expected("h6", "h5 g6 h7"));
    assert_eq!(moves_from(&p, "d7"), expected("d7", "d6"));
    assert_eq!(sums(&p, "e7"), (3, 6)); // 1½:3
    assert_illegal(&p, "d7e7");
    assert_illegal(&p, "d7d8"); // castle square
}

#[test]
fn e4_sums() {
    let p = pos("E4");
    assert_eq!(sums(&p, "d2"), (7, 0)); // 3½:0
    assert_eq!(sums(&p, "d3"), (4, 3)); // 2:1½
    assert_eq!(sums(&p, "e3"), (6, 3)); // 3:1½
    assert_eq!(sums(&p, "f3"), (6, 6)); // 3:3
    // White may take on e3 with the Ritter or the Knecht.
    legal_move(&p, "d3e3", MoveKind::Capture);
    legal_move(&p, "f3e3", MoveKind::Capture);
    // f3 3:3: Black may not capture there.
    let b = with_side(p, Color::Black);
    assert_illegal(&b, "e3f3");
    assert_illegal(&b, "h1f3");
}

#[test]
fn e5_captures() {
    let p = pos("E5");
    assert_eq!(p.side_to_move(), Color::White);
    // a5 1:1, no capture.
    assert_eq!(sums(&p, "a5"), (2, 2));
    assert_illegal(&p, "a4a5");
    // b8 1½:1, V b7xb8 with a promotion choice.
    assert_eq!(sums(&p, "b8"), (3, 2));
    let mut b8: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("b7") && m.to == sq("b8"))
        .collect();
    b8.sort_by_key(|m| m.uci());
    let ucis: Vec<String> = b8.iter().map(|m| m.uci()).collect();
    assert_eq!(ucis, ["b7b8c", "b7b8p", "b7b8r", "b7b8s"]);
    for m in &b8 {
        assert_eq!(m.kind, MoveKind::Capture);
        assert!(m.chosen);
        assert_eq!(m.captured, Some(PieceKind::Knecht));
    }
    assert!(p.parse_uci("b7b8").is_err(), "the choice must be written");
    // e7 3:2½, V d7xe7 or V e6xe7.
    assert_eq!(sums(&p, "e7"), (6, 5));
    legal_move(&p, "d7e7", MoveKind::Capture);
    legal_move(&p, "e6e7", MoveKind::Capture);
    // g3 3½:2½, K f2xg3, N g2xg3 or N h3xg3.
    assert_eq!(sums(&p, "g3"), (7, 5));
    for uci in ["f2g3", "g2g3", "h3g3"] {
        legal_move(&p, uci, MoveKind::Capture);
    }
    // d8: only non-royal White force acts there, which counts 0 on a castle square.
    let d8 = sq("d8");
    let map = ForceMap::new(p.board());
    assert_eq!(map.raw(Color::White, d8), 3);
    assert_eq!(force::effective_at(p.board(), Color::White, d8), 0);
    assert!(!p.can_capture_on(Color::White, d8));
    assert!(!p.in_check(Color::Black));
    assert!(p.legal_moves().iter().all(|m| m.to != d8));
}

#[test]
fn e6_scout_defends_with_zero() {
    let p = pos("E6");
    assert_eq!(sums(&p, "g4"), (2, 0)); // 1:0
    legal_move(&p, "g3g4", MoveKind::Capture);
    assert_eq!(sums(&p, "e3"), (4, 3)); // 2:1½
    legal_move(&p, "c3e3", MoveKind::Capture);
    assert_eq!(sums(&p, "a6"), (2, 2)); // 1:1
    assert_illegal(&p, "a5a6");
}

#[test]
fn e7_scout_attacks_without_limit() {
    let p = pos("E7");
    assert_eq!(sums(&p, "a5"), (2, 2)); // 1:1
    assert_illegal(&p, "a4a5");
    legal_move(&p, "b3a5", MoveKind::Capture);
    let d4 = legal_move(&p, "b3d4", MoveKind::Capture);
    assert_eq!(d4.captured, Some(PieceKind::Konnet));
    assert_eq!(sums(&p, "f5"), (4, 6)); // 2:3
    assert_illegal(&p, "f4f5");
    assert_illegal(&p, "g5f5");
    let mv = legal_move(&p, "h4f5", MoveKind::Capture);
    let after = p.play(&mv);
    assert_eq!(sums(&after, "f5"), (4, 4)); // 2:2
    assert_eq!(after.side_to_move(), Color::Black);
    assert!(
        after.legal_moves().iter().all(|m| m.to != sq("f5")),
        "Black cannot recapture on f5"
    );
}

#[test]
fn e8_captures_both_ways() {
    let p = pos("E8");
    assert_eq!(sums(&p, "b7"), (3, 2)); // 1½:1
    legal_move(&p, "b6b7", MoveKind::Capture);
    let b = with_side(p, Color::Black);
    assert_eq!(sums(&b, "b6"), (3, 2)); // 1½:1 the other way
    assert_illegal(&b, "b7b6");
    assert_eq!(sums(&b, "g4"), (5, 4)); // 2½:2 for White
    assert_illegal(&b, "g6g4");
}

#[test]
fn e9_kings_only_blockade() {
    let r = record("E9");
    let pv = r.operands("pv").expect("E9 has its line as pv");
    assert_eq!(
        pv,
        [
            "d1e2", "f3f2", "e2e1", "f2f1", "e1d1", "f1e1", "d1c1", "e1d1"
        ]
    );
    assert_eq!(r.position.side_to_move(), Color::White);
    let mut game = Game::new(r.position);
    for (i, uci) in pv.iter().enumerate() {
        assert_eq!(
            chess_t1::game::status(&game),
            Status::Ongoing,
            "before move {}",
            i + 1
        );
        if i == 6 {
            // 4.Kc1 is White's only move: confinement keeps the King in the castle.
            assert_eq!(
                game.position()
                    .legal_moves()
                    .iter()
                    .map(|m| m.uci())
                    .collect::<Vec<_>>(),
                ["d1c1"]
            );
        }
        game.play(uci)
            .unwrap_or_else(|e| panic!("move {} {uci}: {e}", i + 1));
    }
    let end = *game.position();
    assert_eq!(end.side_to_move(), Color::White);
    assert_eq!(sums(&end, "d1"), (3, 3)); // 1½:1½
    assert!(end.legal_moves().is_empty());
    assert_eq!(
        chess_t1::game::status(&game),
        Status::Won {
            winner: Color::Black,
            reason: Reason::Blockade
        }
    );
}

#[test]
fn e10_confinement() {
    let p = pos("E10");
    assert_eq!(moves_from(&p, "f1"), expected("f1", "d1 e1"));
    let b = with_side(p, Color::Black);
    assert_eq!(moves_from(&b, "d8"), expected("d8", "c8 e8"));
}

#[test]
fn e11_scout_activity() {
    let p = pos("E11");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(moves_from(&p, "e3"), expected("e3", "c4 d5 g2 g4 f5 f1"));
    for uci in ["e3c4", "e3d5", "e3g2", "e3g4"] {
        legal_move(&p, uci, MoveKind::Quiet);
    }
    let capture = legal_move(&p, "e3f5", MoveKind::Capture);
    assert_eq!(capture.captured, Some(PieceKind::Ritter));
    let exchange = legal_move(&p, "e3f1", MoveKind::Exchange);
    assert_eq!(exchange.captured, Some(PieceKind::Prince));
    assert_illegal(&p, "e3c2");
    assert_illegal(&p, "e3d1");
    // The exchange removes both pieces.
    let after = p.play(&exchange);
    assert_eq!(after.piece_at(sq("e3")), None);
    assert_eq!(after.piece_at(sq("f1")), None);
}

#[test]
fn e12_knecht_becomes_ver_knecht() {
    for (id, uci, color) in [
        ("E12a", "g5g6", Color::White),
        ("E12b", "c4c3", Color::Black),
    ] {
        let p = pos(id);
        assert_eq!(p.side_to_move(), color);
        let mv = legal_move(&p, uci, MoveKind::Quiet);
        assert_eq!(mv.piece, PieceKind::Knecht);
        assert_eq!(mv.promotion, Some(PieceKind::VerKnecht), "{id}");
        assert!(!mv.chosen, "{id}: automatic, no letter");
        assert_eq!(p.parse_uci(uci), Ok(mv));
        let after = p.play(&mv);
        let placed = after.piece_at(mv.to).unwrap();
        assert_eq!((placed.color, placed.kind), (color, PieceKind::VerKnecht));
        // Sideways and backward moves do not promote.
        for m in p.legal_moves().iter().filter(|m| m.to != mv.to) {
            assert_eq!(m.promotion, None, "{id} {m}");
        }
    }
}

#[test]
fn e12_ver_knecht_on_far_rank_chooses() {
    let p = pos("E12c");
    let mut g8: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("g7") && m.to == sq("g8"))
        .collect();
    g8.sort_by_key(|m| m.promotion);
    let kinds: Vec<_> = g8.iter().map(|m| m.promotion).collect();
    assert_eq!(
        kinds,
        [
            Some(PieceKind::Konnet),
            Some(PieceKind::Prince),
            Some(PieceKind::Ritter),
            Some(PieceKind::Scout)
        ]
    );
    let ucis: Vec<String> = g8.iter().map(|m| m.uci()).collect();
    assert_eq!(ucis, ["g7g8c", "g7g8p", "g7g8r", "g7g8s"]);
    assert!(g8.iter().all(|m| m.chosen && m.kind == MoveKind::Quiet));
    assert!(p.parse_uci("g7g8").is_err(), "the choice must be written");
    let mv = p.parse_uci("g7g8c").unwrap();
    let placed = p.play(&mv).piece_at(sq("g8")).unwrap();
    assert_eq!(
        (placed.color, placed.kind),
        (Color::White, PieceKind::Konnet)
    );
}

#[test]
fn e12_ver_knecht_into_castle() {
    let p = pos("E12d");
    let mut c1: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("c2") && m.to == sq("c1"))
        .collect();
    c1.sort_by_key(|m| m.promotion);
    let kinds: Vec<_> = c1.iter().map(|m| m.promotion).collect();
    assert_eq!(kinds, [Some(PieceKind::Konnet), Some(PieceKind::Prince)]);
    let ucis: Vec<String> = c1.iter().map(|m| m.uci()).collect();
    assert_eq!(ucis, ["c2c1c", "c2c1p"]);
    assert!(c1.iter().all(|m| m.chosen && m.kind == MoveKind::Quiet));
    assert!(p.parse_uci("c2c1").is_err(), "the choice must be written");
    assert!(p.parse_uci("c2c1r").is_err(), "no Ritter in the castle");
    let after = p.play(&p.parse_uci("c2c1p").unwrap());
    let placed = after.piece_at(sq("c1")).unwrap();
    assert_eq!(
        (placed.color, placed.kind),
        (Color::Black, PieceKind::Prince)
    );
    // f1 is occupied: the Ver Knecht on f2 cannot go there, although Black has superiority.
    let (white, black) = sums(&p, "f1");
    assert!(black > white, "f1 {white}:{black}");
    assert_illegal(&p, "f2f1");
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.from != sq("f2") || m.to != sq("f1"))
    );
    legal_move(&p, "h3f1", MoveKind::Capture); // the royal Konnet may
}

#[test]
fn e12_prince_becomes_konnet_once() {
    let r = record("E12e");
    let pv = r.operands("pv").expect("E12e has a pv");
    assert_eq!(pv, ["c4f1", "d1c1", "h4e1"]);
    assert!(r.position.prince_right(Color::Black));
    let mut game = Game::new(r.position);
    let first = game.play(&pv[0]).unwrap();
    assert_eq!(first.piece, PieceKind::Prince);
    assert_eq!(first.promotion, Some(PieceKind::Konnet));
    assert!(!first.chosen);
    assert_eq!(first.uci(), "c4f1");
    let placed = game.position().piece_at(sq("f1")).unwrap();
    assert_eq!(
        (placed.color, placed.kind),
        (Color::Black, PieceKind::Konnet)
    );
    assert!(!game.position().prince_right(Color::Black));
    game.play(&pv[1]).unwrap();
    let second = game.play(&pv[2]).unwrap();
    assert_eq!(second.piece, PieceKind::Prince);
    assert_eq!(second.promotion, None);
    let placed = game.position().piece_at(sq("e1")).unwrap();
    assert_eq!(
        (placed.color, placed.kind),
        (Color::Black, PieceKind::Prince)
    );
    assert_eq!(chess_t1::game::status(&game), Status::Ongoing);
}
