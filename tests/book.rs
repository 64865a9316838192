//! Book notation (docs/chess-t1-rules.md §9.2): writing, reading, round trips and errors.

use crate::common;

use chess_t1::book::{self, BookError, GameTextError, Mark};
use chess_t1::{Color, Game, Move, MoveKind, PieceKind, Position, Status};
use common::Rng;

fn pos(fen: &str) -> Position {
    fen.parse()
        .unwrap_or_else(|e| panic!("bad test position {fen}: {e}"))
}

fn uci(p: &Position, text: &str) -> Move {
    p.parse_uci(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"))
}

/// The same move text with Latin letters instead of the Russian abbreviations.
fn latin(text: &str) -> String {
    let mut out = text.to_string();
    for kind in PieceKind::ALL {
        let abbrev = kind.book_abbrev();
        if !abbrev.is_empty() {
            out = out.replace(abbrev, &kind.letter().to_string());
        }
    }
    out
}

/// Independent final-check test by brute force over the legal moves.
fn brute_mark(p: &Position, mv: &Move) -> Option<Mark> {
    let king_capture = |q: &Position| {
        q.legal_moves()
            .iter()
            .any(|m| m.captured == Some(PieceKind::King))
    };
    let next = p.play(mv);
    if next.status().is_over() || !king_capture(&with_side_flipped(&next)) {
        return None;
    }
    let replies = next.legal_moves();
    let finals = replies.iter().all(|r| {
        let after = next.play(r);
        after.status() == Status::Ongoing && king_capture(&after)
    });
    Some(if finals {
        Mark::FinalCheck
    } else {
        Mark::Check
    })
}

/// The same placement with the other side to move: can the mover capture the King now?
fn with_side_flipped(p: &Position) -> Position {
    let mut setup = p.to_setup();
    setup.side = setup.side.other();
    Position::from_setup(setup).expect("same placement")
}

#[test]
fn examples_from_the_brief() {
    let start = Position::startpos();
    let e4 = uci(&start, "e2e4");
    assert_eq!(book::write_move(&start, &e4), "e2-e4");
    let moves = book::parse_game(&start, "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6").unwrap();
    let ucis: Vec<String> = moves.iter().map(Move::uci).collect();
    assert_eq!(ucis, ["e2e4", "e7e5", "d1g4", "d8f6"]);
    assert_eq!(
        book::write_game(&start, &moves),
        "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6"
    );

    // Ritter capture with a jump (White 3 = R 2 + N 1 on e3 against the Ver Knecht's 1½).
    let p = pos("8/8/8/8/4N3/4v1R1/8/8 w - 0 1");
    let mv = uci(&p, "g3e3");
    assert_eq!(mv.kind, MoveKind::Capture);
    assert_eq!(book::write_move(&p, &mv), "Рт g3:e3");
    assert_eq!(book::parse_move(&p, "Рт g3:e3"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Рт g3xe3"), Ok(mv));
    assert_eq!(book::parse_move(&p, "R g3:e3"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Rg3xe3"), Ok(mv));
    assert_eq!(book::parse_move(&p, "РТg3:e3"), Ok(mv));
}

#[test]
fn scout_exchange() {
    // docs/chess-t1-rules.md §10 E11 with the White Prince on d1: the Scout on e3 exchanges it.
    let p = pos("8/8/8/5R2/8/4s3/2v5/3P4 b - 0 1");
    let mv = uci(&p, "e3d1");
    assert_eq!(mv.kind, MoveKind::Exchange);
    assert_eq!(book::write_move(&p, &mv), "Рк e3÷d1");
    assert_eq!(book::parse_move(&p, "Рк e3÷d1"), Ok(mv));
    assert_eq!(book::parse_move(&p, "S e3÷d1"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Рк e3÷d1!?"), Ok(mv));
    let capture = book::parse_move(&p, "Рк e3:f5").unwrap();
    assert_eq!(capture.kind, MoveKind::Capture);
    assert!(matches!(
        book::parse_move(&p, "Рк e3:d1"),
        Err(BookError::WrongSeparator {
            written: ':',
            actual: MoveKind::Exchange,
            ..
        })
    ));
    assert!(matches!(
        book::parse_move(&p, "Рк e3-d1"),
        Err(BookError::WrongSeparator { .. })
    ));
}

#[test]
fn automatic_knecht_promotion() {
    let p = pos("4k3/8/8/6N1/8/8/8/4K3 w - 0 1");
    let mv = uci(&p, "g5g6");
    assert_eq!(mv.promotion, Some(PieceKind::VerKnecht));
    assert_eq!(book::write_move(&p, &mv), "g5-g6ВК");
    assert_eq!(book::parse_move(&p, "g5-g6ВК"), Ok(mv));
    assert_eq!(book::parse_move(&p, "g5-g6"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Кн g5-g6Вк"), Ok(mv));
    assert_eq!(book::parse_move(&p, "N g5-g6V"), Ok(mv));
    let e = book::parse_move(&p, "g5-g6Кт").unwrap_err();
    assert!(matches!(
        e,
        BookError::WrongPromotion {
            written: PieceKind::Konnet,
            ..
        }
    ));
    assert!(e.to_string().contains("automatically"), "{e}");

    // Black: c4-c3 likewise (docs/chess-t1-rules.md §10 E12).
    let p = pos("4k3/8/8/8/2n5/8/8/4K3 b - 0 1");
    let mv = uci(&p, "c4c3");
    assert_eq!(book::write_move(&p, &mv), "c4-c3ВК");
    assert_eq!(book::parse_move(&p, "c4-c3ВК"), Ok(mv));
}

#[test]
fn ver_knecht_far_rank_choice() {
    let p = pos("8/6V1/8/k7/8/8/8/7K w - 0 1");
    for (letter, abbrev) in [('r', "Рт"), ('p', "Пр"), ('c', "Кт"), ('s', "Рк")] {
        let mv = uci(&p, &format!("g7g8{letter}"));
        let text = format!("ВК g7-g8{abbrev}");
        assert_eq!(book::write_move(&p, &mv), text);
        assert_eq!(book::parse_move(&p, &text), Ok(mv));
        assert_eq!(book::parse_move(&p, &format!("V g7-g8{letter}")), Ok(mv));
        assert_eq!(
            book::parse_move(&p, &format!("Vg7-g8={}", letter.to_ascii_uppercase())),
            Ok(mv)
        );
    }
    let e = book::parse_move(&p, "ВК g7-g8").unwrap_err();
    assert_eq!(
        e,
        BookError::MissingPromotion {
            text: "ВК g7-g8".to_string(),
            choices: "Рт, Пр, Кт, Рк".to_string()
        }
    );
    assert!(matches!(
        book::parse_move(&p, "ВК g7-g8ВК"),
        Err(BookError::WrongPromotion { .. })
    ));
    // Without an abbreviation the from-square names the piece (the books omit it at times).
    assert_eq!(book::parse_move(&p, "g7-g8Рк"), Ok(uci(&p, "g7g8s")));
    // A wrong explicit abbreviation is an error.
    assert!(matches!(
        book::parse_move(&p, "Кн g7-g8Рк"),
        Err(BookError::WrongPiece {
            written: PieceKind::Knecht,
            abbreviated: true,
            actual: PieceKind::VerKnecht,
            ..
        })
    ));
}

#[test]
fn ver_knecht_castle_choice() {
    // docs/chess-t1-rules.md §10 E12: a Black Ver Knecht c2-c1 chooses Prince or Konnet; f1 is occupied.
    let p = pos("4k3/8/8/8/8/8/2v2v2/5P1K b - 0 1");
    for (letter, abbrev) in [('p', "Пр"), ('c', "Кт")] {
        let mv = uci(&p, &format!("c2c1{letter}"));
        let text = format!("ВК c2-c1{abbrev}");
        assert_eq!(book::write_move(&p, &mv), text);
        assert_eq!(book::parse_move(&p, &text), Ok(mv));
    }
    let e = book::parse_move(&p, "ВК c2-c1Рт").unwrap_err();
    assert!(matches!(e, BookError::WrongPromotion { .. }));
    assert!(e.to_string().contains("Пр, Кт"), "{e}");
    assert!(matches!(
        book::parse_move(&p, "ВК c2-c1"),
        Err(BookError::MissingPromotion { .. })
    ));
    assert!(matches!(
        book::parse_move(&p, "ВК f2:f1Кт"),
        Err(BookError::Illegal { .. })
    ));

    // With 3 Black Princes the Prince is no longer a choice.
    let p = pos("4k3/8/8/8/1ppp4/8/2v5/7K b - 0 1");
    let e = book::parse_move(&p, "ВК c2-c1Пр").unwrap_err();
    assert!(e.to_string().contains("choices are Кт"), "{e}");
    assert!(book::parse_move(&p, "ВК c2-c1Кт").is_ok());
}

#[test]
fn prince_becomes_konnet() {
    // docs/chess-t1-rules.md §10 E12: a Black Prince c4-f1 becomes a Konnet (and captures the castle: no mark).
    let p = pos("4k3/8/8/8/2p5/8/8/7K b p 0 1");
    let mv = uci(&p, "c4f1");
    assert_eq!(mv.promotion, Some(PieceKind::Konnet));
    assert_eq!(book::write_move(&p, &mv), "Пр c4-f1Кт");
    assert_eq!(book::parse_move(&p, "Пр c4-f1Кт"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Пр c4-f1"), Ok(mv));
    // Without the right the Prince stays a Prince.
    let p = pos("4k3/8/8/8/2p5/8/8/7K b - 0 1");
    let mv = uci(&p, "c4f1");
    assert_eq!(mv.promotion, None);
    assert_eq!(book::write_move(&p, &mv), "Пр c4-f1");
    assert!(matches!(
        book::parse_move(&p, "Пр c4-f1Кт"),
        Err(BookError::UnexpectedPromotion { .. })
    ));
}

#[test]
fn check_and_final_check() {
    // The Konnet checks the King on a8 from c6; a7 and b8 are free.
    let p = pos("k7/8/8/8/2C5/8/8/7K w - 0 1");
    let mv = uci(&p, "c4c6");
    assert_eq!(book::check_mark(&p, &mv), Some(Mark::Check));
    assert_eq!(book::write_move(&p, &mv), "Кт c4-c6+");
    assert_eq!(book::parse_move(&p, "Кт c4-c6+"), Ok(mv));
    // A wrong mark is only a warning.
    assert_eq!(book::parse_move(&p, "Кт c4-c6+)"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Кт c4-c5+"), Ok(uci(&p, "c4c5")));

    // With Ritters on a5 (covering a7) and b6 (covering b7, b8) the check is final.
    let p = pos("k7/8/1R6/R7/2C5/8/8/7K w - 0 1");
    let mv = uci(&p, "c4c6");
    assert_eq!(book::check_mark(&p, &mv), Some(Mark::FinalCheck));
    assert_eq!(book::write_move(&p, &mv), "Кт c4-c6+)");
    assert_eq!(book::parse_move(&p, "Кт c4-c6+)"), Ok(mv));
    assert_eq!(book::parse_move(&p, "Кт c4-c6#"), Ok(mv));
    assert_eq!(brute_mark(&p, &mv), Some(Mark::FinalCheck));

    // Capturing the King ends the game: no mark.
    let p = pos("8/8/8/8/8/1k6/C7/7K w - 0 1");
    let mv = uci(&p, "a2b3");
    assert_eq!(mv.captured, Some(PieceKind::King));
    assert_eq!(book::write_move(&p, &mv), "Кт a2:b3");
}

#[test]
fn errors() {
    let start = Position::startpos();
    // Wrong piece letter.
    let e = book::parse_move(&start, "Кт e2-e4").unwrap_err();
    assert_eq!(
        e,
        BookError::WrongPiece {
            text: "Кт e2-e4".to_string(),
            square: "e2".parse().unwrap(),
            written: PieceKind::Konnet,
            abbreviated: true,
            actual: PieceKind::Knecht,
            color: Color::White,
        }
    );
    assert_eq!(
        e.to_string(),
        "Кт e2-e4: \"Кт\" names a Konnet, but e2 holds a White Knecht (write no abbreviation)"
    );
    // Without an abbreviation the Konnet on d1 is meant; d1-g4 is blocked by e2.
    let e = book::parse_move(&start, "d1-g4").unwrap_err();
    assert!(matches!(e, BookError::Illegal { .. }), "{e}");
    assert_eq!(book::parse_move(&start, "d1-d3"), Ok(uci(&start, "d1d3")));
    // ':' for a quiet move.
    let e = book::parse_move(&start, "e2:e4").unwrap_err();
    assert!(matches!(
        e,
        BookError::WrongSeparator {
            written: ':',
            actual: MoveKind::Quiet,
            ..
        }
    ));
    assert!(e.to_string().contains("write '-'"), "{e}");
    // '-' for a capture.
    let p = pos("8/8/8/8/4N3/4v1R1/8/8 w - 0 1");
    let e = book::parse_move(&p, "Рт g3-e3").unwrap_err();
    assert!(matches!(
        e,
        BookError::WrongSeparator {
            written: '-',
            actual: MoveKind::Capture,
            ..
        }
    ));
    assert!(e.to_string().contains("e3 holds a Black Ver Knecht"), "{e}");
    // Unexpected promotion.
    assert!(matches!(
        book::parse_move(&start, "e2-e4Кт"),
        Err(BookError::UnexpectedPromotion {
            written: PieceKind::Konnet,
            ..
        })
    ));
    // Illegal moves carry the engine's reason.
    let e = book::parse_move(&start, "e2-e5").unwrap_err();
    assert!(matches!(e, BookError::Illegal { .. }));
    assert!(e.to_string().contains("cannot go from e2 to e5"), "{e}");
    let e = book::parse_move(&start, "e3-e4").unwrap_err();
    assert!(e.to_string().contains("no piece on e3"), "{e}");
    let e = book::parse_move(&start, "e7-e5").unwrap_err();
    assert!(e.to_string().contains("black's"), "{e}");
    // No superiority: docs/chess-t1-rules.md §10 E8, the Ritter may not take on g4 (2½:2 for White).
    let p = pos("8/1n6/1V4r1/8/6N1/8/4P3/8 b - 0 1");
    let e = book::parse_move(&p, "Рт g6:g4").unwrap_err();
    assert!(e.to_string().contains("no superiority"), "{e}");
    // Garbage.
    for text in [
        "", "hello", "e2e4", "e2-e9", "Кт", "Кт d1", "e2-e4 x", "e2-e4Ж", "e2-e4=", "Zd1-g4",
    ] {
        let e = book::parse_move(&start, text).unwrap_err();
        assert!(matches!(e, BookError::Syntax { .. }), "{text}: {e:?}");
    }
    let e = book::parse_move(&start, "e2e4").unwrap_err();
    assert_eq!(
        e.to_string(),
        "e2e4: expected a separator: '-' move, ':' or 'x' capture, '÷' exchange at character 3, found \"e4\""
    );
    // The game is over.
    let p = pos("8/8/8/8/8/1k6/C7/7K w - 0 1");
    let over = p.play(&uci(&p, "a2b3"));
    assert!(matches!(
        book::parse_move(&over, "Кр h1-h2"),
        Err(BookError::GameOver { .. })
    ));
}

#[test]
fn game_errors() {
    let start = Position::startpos();
    // Wrong move number.
    let e = book::parse_game(&start, "1.e2-e4 e7-e5 3.Кт d1-g4").unwrap_err();
    assert_eq!(
        e,
        GameTextError::MoveNumber {
            found: "3.".to_string(),
            expected: "2.".to_string(),
            line: 1,
            column: 15
        }
    );
    assert!(matches!(
        book::parse_game(&start, "1.e2-e4 1.e7-e5"),
        Err(GameTextError::MoveNumber { .. })
    ));
    assert!(matches!(
        book::parse_game(&start, "1...e2-e4"),
        Err(GameTextError::MoveNumber { .. })
    ));
    // A bad move names its number, side, text and column.
    let e = book::parse_game(&start, "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f5").unwrap_err();
    let GameTextError::Move {
        number,
        side,
        text,
        line,
        column,
        error,
    } = &e
    else {
        panic!("{e:?}");
    };
    assert_eq!(
        (*number, *side, text.as_str(), *line, *column),
        (2, Color::Black, "Кт d8-f5", 1, 26)
    );
    assert!(matches!(error, BookError::Illegal { .. }));
    assert!(
        e.to_string()
            .starts_with("line 1, column 26: move 2... (Black): Кт d8-f5: illegal")
    );
    // Columns count characters on their line.
    let e = book::parse_game(&start, "1.e2-e4 e7-e5\n2.Кт d1-g4 {ok} Кт d8-f6 3.zz").unwrap_err();
    assert_eq!(e.location(), (2, 28));
    assert!(matches!(
        e,
        GameTextError::Move {
            error: BookError::Syntax { .. },
            ..
        }
    ));
    // Unclosed comment, text after the result.
    assert_eq!(
        book::parse_game(&start, "1.e2-e4 {hm").unwrap_err(),
        GameTextError::UnclosedComment { line: 1, column: 9 }
    );
    assert!(matches!(
        book::parse_game(&start, "1.e2-e4 * e7-e5"),
        Err(GameTextError::AfterResult { .. })
    ));
    // A move after the King was captured.
    let p = pos("8/8/8/8/8/1k6/C7/7K w - 0 1");
    let e = book::parse_game(&p, "1.Кт a2:b3 Кр b3-b4").unwrap_err();
    assert!(matches!(
        e,
        GameTextError::Move {
            error: BookError::GameOver { .. },
            ..
        }
    ));
    // A move after a draw by repetition (known only to the game).
    let e = book::parse_game(
        &start,
        "1.Рк b1-c3 Рк b8-c6 2.Рк c3-b1 Рк c6-b8 3.Рк b1-c3 Рк b8-c6 4.Рк c3-b1 Рк c6-b8 5.e2-e4",
    )
    .unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn game_text_forms() {
    let start = Position::startpos();
    let expected = book::parse_game(&start, "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6").unwrap();
    for text in [
        "1. e2-e4 e7-e5 2. Кт d1-g4 Кт d8-f6",
        "1.e2-e4 1...e7-e5 2.Ктd1-g4 Ктd8-f6 *",
        "1.e2-e4 {the usual}\n e7-e5\n2.C d1-g4 2... C d8-f6 1-0",
        "1. e2-e4 e7-e5 2. КТ d1-g4 2. ... КТ d8-f6 ½-½",
        "e2-e4 e7-e5 Кт d1-g4 Кт d8-f6 1/2-1/2",
        "  1.e2-e4!  e7-e5?! 2.Кт d1-g4 Кт d8-f6 0-1 ",
    ] {
        assert_eq!(
            book::parse_game(&start, text).as_ref(),
            Ok(&expected),
            "{text}"
        );
    }
    assert_eq!(book::parse_game(&start, ""), Ok(vec![]));
    assert_eq!(book::parse_game(&start, "*"), Ok(vec![]));

    // Black to move first, with the start position's move number.
    let p = pos("rspckpsr/nnnnnnnn/8/8/4N3/8/NNNN1NNN/RSPCKPSR b Pp 0 7");
    let moves = book::parse_game(&p, "7...e7-e5 8.Кт d1-g4").unwrap();
    assert_eq!(book::write_game(&p, &moves), "7...e7-e5 8.Кт d1-g4");
    assert!(matches!(
        book::parse_game(&p, "1...e7-e5"),
        Err(GameTextError::MoveNumber { .. })
    ));
}

#[test]
fn short_game_from_the_start() {
    let start = Position::startpos();
    let text = "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6 3.Рк b1-c3 Рк b8-c6 4.Рк c3-d5 Рк c6-d4 \
                5.Рк d5:f6+ Рк g8:f6 6.e4:d4 Рк f6:g4";
    let moves = book::parse_game(&start, text).unwrap();
    assert_eq!(moves.len(), 12);
    assert_eq!(moves[8].captured, Some(PieceKind::Konnet));
    assert_eq!(moves[11].captured, Some(PieceKind::Konnet));
    let mut game = Game::new(start);
    for mv in &moves {
        game.play(&mv.uci()).unwrap();
    }
    assert_eq!(game.end(), None);
    // Writing it again gives the same text and the same moves.
    let written = book::write_game(&start, &moves);
    assert_eq!(written, text);
    assert_eq!(book::parse_game(&start, &written), Ok(moves));
}

/// Every legal move of every position visited by random play round-trips through
/// write_move/parse_move, in Russian and Latin letters, and whole games through
/// write_game/parse_game.
#[test]
fn random_play_round_trips() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut kinds_seen = [0usize; 3];
    let mut marks_seen = [0usize; 2];
    let mut promotions_seen = 0;
    for game_no in 0..40 {
        let start = Position::startpos();
        let mut p = start;
        let mut played = Vec::new();
        for _ in 0..160 {
            let moves = p.legal_moves();
            if moves.is_empty() || p.status().is_over() {
                break;
            }
            for mv in &moves {
                let text = book::write_move(&p, mv);
                assert_eq!(
                    book::parse_move(&p, &text).as_ref(),
                    Ok(mv),
                    "game {game_no}: {text} in {p}"
                );
                assert_eq!(
                    book::parse_move(&p, &latin(&text)).as_ref(),
                    Ok(mv),
                    "game {game_no}: {} in {p}",
                    latin(&text)
                );
                let compact = text.replacen(' ', "", 1);
                assert_eq!(book::parse_move(&p, &compact).as_ref(), Ok(mv), "{compact}");
                kinds_seen[mv.kind as usize] += 1;
                if mv.promotion.is_some() {
                    promotions_seen += 1;
                }
                let mark = book::check_mark(&p, mv);
                match mark {
                    Some(Mark::Check) => marks_seen[0] += 1,
                    Some(Mark::FinalCheck) => marks_seen[1] += 1,
                    None => {}
                }
                assert_eq!(brute_mark(&p, mv), mark, "{text} in {p}");
            }
            // Prefer captures now and then so that games get somewhere.
            let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && rng.below(3) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            played.push(mv);
            p = p.play(&mv);
        }
        let text = book::write_game(&start, &played);
        assert_eq!(
            book::parse_game(&start, &text).as_ref(),
            Ok(&played),
            "game {game_no}: {text}"
        );
    }
    assert!(kinds_seen.iter().all(|&n| n > 0), "{kinds_seen:?}");
    assert!(marks_seen.iter().all(|&n| n > 0), "{marks_seen:?}");
    assert!(promotions_seen > 0);
}

proptest::proptest! {
    /// Any text gives a move or an error, never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let start = Position::startpos();
        let _ = book::parse_move(&start, &text);
        let _ = book::parse_game(&start, &text);
    }

    /// Nearly well-formed moves and games: accepted moves are legal and write back to text that
    /// reads as the same move.
    #[test]
    fn near_misses_never_panic(
        text in "([0-9]{1,2}\\.{1,3} ?)?(Кт|Кр|Пр|Рт|Рк|ВК|Кн|[KCPRSNV]|кт)? ?[a-i][0-9][-:x÷][a-h][1-9](Кт|Пр|ВК|=C|c)?[+)#!?]{0,3}",
    ) {
        let start = Position::startpos();
        if let Ok(mv) = book::parse_move(&start, &text) {
            proptest::prop_assert!(start.legal_moves().contains(&mv));
            proptest::prop_assert_eq!(book::parse_move(&start, &book::write_move(&start, &mv)), Ok(mv));
        }
        let _ = book::parse_game(&start, &text);
    }
}
