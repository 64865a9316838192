use super::*;

const E1: &str = "8/8/8/3vP3/8/6N1/8/8 w -";

/// Parses `text` and returns (line, column, problem) of the error.
fn line_error(text: &str) -> (usize, usize, LineError) {
    match parse_str(text, "t.t1") {
        Err(PosFileError::Line {
            file,
            line,
            column,
            problem,
        }) => {
            assert_eq!(file, "t.t1");
            (line, column, problem)
        }
        other => panic!("expected a line error for {text:?}, got {other:?}"),
    }
}

fn op(opcode: &str, operands: &[&str]) -> Operation {
    Operation {
        opcode: opcode.to_string(),
        operands: operands.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
fn reads_records_ops_and_counters() {
    let text = "\u{feff}# header\n\n   \t\n  # indented comment\r\n\
                rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"start\";\r\n\
                8/8/8/3vP3/8/6N1/8/8 w - 7 id E1; bm e5f5; c0 \"a \\\"q\\\" \\\\ b;c\"; pv;\n\
                8/8/8/3vP3/8/6N1/8/8 b p 12 40\n\
                8/8/8/3vP3/8/6N1/8/8 b p 3 4 c0 \"\"; x_1 a\"b\"c;";
    // The last line: a quote inside a bare operand is an error; check the rest first.
    let ok_text: String = text.lines().take(7).collect::<Vec<_>>().join("\n");
    let records = parse_str(&ok_text, "t.t1").unwrap();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0].line, 5);
    assert_eq!(records[0].position, Position::startpos());
    assert_eq!(records[0].id(), Some("start"));
    assert_eq!(records[0].comment(), None);
    let r = &records[1];
    assert_eq!(r.line, 6);
    assert_eq!(r.position.quiet_half_moves(), 7);
    assert_eq!(r.position.fullmove(), 1);
    assert_eq!(
        r.ops,
        vec![
            op("id", &["E1"]),
            op("bm", &["e5f5"]),
            op("c0", &["a \"q\" \\ b;c"]),
            op("pv", &[]),
        ]
    );
    assert_eq!(r.comment(), Some("a \"q\" \\ b;c"));
    assert_eq!(r.operands("pv"), Some(&[][..]));
    assert_eq!(r.operands("am"), None);
    let r = &records[2];
    assert_eq!((r.line, r.ops.len()), (7, 0));
    assert_eq!(r.position.to_string(), "8/8/8/3vP3/8/6N1/8/8 b p 12 40");
    let (line, column, problem) = line_error(text);
    assert_eq!((line, column), (8, 42));
    assert_eq!(
        problem,
        LineError::QuoteInBareOperand {
            operand: "a".to_string()
        }
    );
}

#[test]
fn empty_and_comment_only_texts_have_no_records() {
    assert_eq!(parse_str("", "t").unwrap(), vec![]);
    assert_eq!(parse_str("# a\n\n#b", "t").unwrap(), vec![]);
}

#[test]
fn missing_fields() {
    let (line, column, problem) = line_error("# c\n8/8/8/8/8/8/8/8");
    assert_eq!((line, column), (2, 16));
    assert!(matches!(problem, LineError::MissingField { expected } if expected.contains("side")));
    let (line, column, problem) = line_error("  8/8/8/8/8/8/8/8   w  ");
    assert_eq!((line, column), (1, 22));
    assert!(
        matches!(problem, LineError::MissingField { expected } if expected.contains("prince-rights"))
    );
}

#[test]
fn position_errors_get_line_columns() {
    // Unknown letter: column 16 of the position, which starts at column 3 of the line.
    let err = parse_str("\n  8/8/8/8/8/8/8/4X3 w - 0 1 id x;", "p/x.t1").unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(2), Some(18)));
    assert_eq!(
        err.to_string(),
        "p/x.t1:2:18: unknown character 'X' in placement (expected K C P R S N V, k c p r s n v or a digit 1-8)"
    );
    let cases: [(&str, usize); 7] = [
        ("8/8/8/8/8/8/8 w -", 1),      // rank count: start of the placement
        ("8/8/8/8/8/8/8/4K4 w -", 15), // rank length: start of the rank
        ("8/8/8/8/8/8/8/8 x -", 17),   // side
        ("8/8/8/8/8/8/8/8 w Q", 19),   // rights
        ("8/8/8/8/8/8/8/8 w - 99999999999", 21), // quiet counter out of range
        ("8/8/8/8/8/8/8/8 w - 0 0", 23), // move number 0
        ("K7/8/8/8/8/8/8/K7 w -", 1),  // no column: start of the position
    ];
    for (text, column) in cases {
        let (line, col, problem) = line_error(&format!(" {text}"));
        assert_eq!((line, col), (1, column + 1), "{text}");
        assert!(matches!(problem, LineError::Position(_)), "{text}");
    }
    // Validation errors without a column point at the start of the position.
    let (_, col, problem) = line_error("\t\t3N4/8/8/8/8/8/8/8 w -");
    assert_eq!(col, 3);
    assert!(matches!(
        problem,
        LineError::Position(PositionError::KnechtOutOfRange { .. })
    ));
    let err = parse_str("2R5/8/8/8/8/8/8/8 w -", "f").unwrap_err();
    assert_eq!(
        err.to_string(),
        "f:1:1: white Ritter on castle square c8: non-royal pieces never stand in a castle"
    );
}

#[test]
fn operation_errors() {
    // A negative counter is neither a counter nor an opcode.
    let (line, column, problem) = line_error(&format!("{E1} -1 1"));
    assert_eq!((line, column), (1, 26));
    assert_eq!(
        problem,
        LineError::BadOpcode {
            found: "-1".to_string(),
            counter_allowed: true
        }
    );
    assert!(problem.to_string().contains("a counter (digits only) or"));
    // A third counter.
    let (_, column, problem) = line_error(&format!("{E1} 0 1 2;"));
    assert_eq!(column, 30);
    assert_eq!(
        problem,
        LineError::BadOpcode {
            found: "2".to_string(),
            counter_allowed: false
        }
    );
    // An operation starting with ';'.
    let (_, column, problem) = line_error(&format!("{E1} id x;;"));
    assert_eq!(column, 31);
    assert_eq!(
        problem,
        LineError::BadOpcode {
            found: ";".to_string(),
            counter_allowed: false
        }
    );
    // Opcode with a bad character.
    let (_, column, problem) = line_error(&format!("{E1} id x; b-m e2e4;"));
    assert_eq!(column, 32);
    assert!(matches!(problem, LineError::BadOpcode { found, .. } if found == "b-m"));
    // Opcode glued to a quote.
    let (_, column, problem) = line_error(&format!("{E1} c0\"x\";"));
    assert_eq!(column, 26);
    assert!(matches!(problem, LineError::BadOpcode { found, .. } if found == "c0\"x\""));
    // Trailing comment.
    let (_, column, problem) = line_error(&format!("{E1} 0 1 # note"));
    assert_eq!((column, problem), (30, LineError::CommentNotAtStart));
    // Missing ';' at the end of the line: column just past the end.
    let (_, column, problem) = line_error(&format!("{E1} id \"E1\"; bm e5f5  "));
    assert_eq!(column, 42);
    assert_eq!(
        problem,
        LineError::MissingSemicolon {
            opcode: "bm".to_string()
        }
    );
    let (_, column, _) = line_error(&format!("{E1} pv"));
    assert_eq!(column, 28);
    // Unterminated strings point at the opening quote.
    let (_, column, problem) = line_error(&format!("{E1} c0 \"abc;"));
    assert_eq!((column, problem), (29, LineError::UnterminatedString));
    let (_, column, problem) = line_error(&format!("{E1} c0 \"abc\\"));
    assert_eq!((column, problem), (29, LineError::UnterminatedString));
    // Unknown escape: at the backslash.
    let (_, column, problem) = line_error(&format!("{E1} c0 \"a\\nb\";"));
    assert_eq!(
        (column, problem),
        (
            31,
            LineError::BadEscape {
                found: "\\n".to_string()
            }
        )
    );
    // Something glued to a closing quote.
    let (_, column, problem) = line_error(&format!("{E1} c0 \"a\"b;"));
    assert_eq!(
        (column, problem),
        (32, LineError::AfterQuote { found: 'b' })
    );
    // A quote inside a bare operand.
    let (_, column, problem) = line_error(&format!("{E1} c0 ab\"c\";"));
    assert_eq!(
        (column, problem),
        (
            31,
            LineError::QuoteInBareOperand {
                operand: "ab".to_string()
            }
        )
    );
}

#[test]
fn id_errors() {
    let (line, column, problem) = line_error(&format!("{E1} c0 x; id;"));
    assert_eq!((line, column), (1, 32));
    assert_eq!(problem, LineError::IdOperands { found: 0 });
    let (_, column, problem) = line_error(&format!("{E1} id a b;"));
    assert_eq!((column, problem), (26, LineError::IdOperands { found: 2 }));
    let text = format!("{E1} id a;\n# x\n{E1} id b;\n{E1} c0 y; id a;");
    let (line, column, problem) = line_error(&text);
    assert_eq!((line, column), (4, 32));
    assert_eq!(
        problem,
        LineError::DuplicateId {
            id: "a".to_string(),
            first_line: 1
        }
    );
    assert_eq!(
        parse_str(&text, "f.t1").unwrap_err().to_string(),
        "f.t1:4:32: duplicate id \"a\": already used on line 1"
    );
}

#[test]
fn read_file_errors() {
    let missing = Path::new("/nonexistent/dir/x.t1");
    let err = read_file(missing).unwrap_err();
    assert!(matches!(&err, PosFileError::Read { path, source }
        if path == missing && source.kind() == io::ErrorKind::NotFound));
    let msg = err.to_string();
    assert!(
        msg.starts_with("/nonexistent/dir/x.t1: cannot read the file: "),
        "{msg}"
    );

    let dir = std::env::temp_dir().join(format!("zonal-posfile-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.t1");
    fs::write(&bad, b"# ok\n8/8/8/8/8/8/8/8 w - c0 \"\xc3\xa9\xff\";\n").unwrap();
    let err = read_file(&bad).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(2), Some(26)));
    assert!(matches!(
        err,
        PosFileError::Line {
            problem: LineError::InvalidUtf8,
            ..
        }
    ));
    let good = dir.join("good.t1");
    fs::write(&good, format!("{E1} id E1;\n")).unwrap();
    let records = read_file(&good).unwrap();
    assert_eq!(records[0].id(), Some("E1"));
    let err = fs::write(&bad, format!("{E1} id E1\n"))
        .map(|_| read_file(&bad).unwrap_err())
        .unwrap();
    assert!(
        err.to_string()
            .starts_with(&format!("{}:1:31: ", bad.display()))
    );
    // A directory is not readable as a file.
    assert!(matches!(read_file(&dir), Err(PosFileError::Read { .. })));
    let resolved = resolve(good.to_str().unwrap(), Some("E1"), None).unwrap();
    assert_eq!(resolved, E1.parse().unwrap());
    let err = resolve(good.to_str().unwrap(), Some("E2"), None).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: no position with id \"E2\" (ids present: \"E1\")",
            good.display()
        )
    );
    fs::remove_dir_all(&dir).unwrap();
}

fn records() -> Vec<Record> {
    parse_str(
        &format!(
            "# c\n{E1} id a;\n\n{E1} c0 x;\nrspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp id b;"
        ),
        "t",
    )
    .unwrap()
}

#[test]
fn select_by_id_index_or_first() {
    let recs = records();
    assert_eq!(select(&recs, None, None).unwrap().line, 2);
    assert_eq!(select(&recs, Some("b"), None).unwrap().line, 5);
    assert_eq!(select(&recs, None, Some(2)).unwrap().line, 4);
    assert_eq!(select(&recs, None, Some(3)).unwrap().line, 5);
}

#[test]
fn select_errors() {
    let recs = records();
    let problem = |r: Result<&Record, PosFileError>| match r {
        Err(PosFileError::Select {
            file: None,
            problem,
        }) => problem,
        other => panic!("{other:?}"),
    };
    assert_eq!(problem(select(&[], None, None)), SelectError::Empty);
    assert_eq!(problem(select(&[], Some("a"), None)), SelectError::Empty);
    assert_eq!(
        problem(select(&recs, Some("a"), Some(1))),
        SelectError::IdAndIndex
    );
    assert_eq!(
        problem(select(&recs, Some("zz"), None)),
        SelectError::UnknownId {
            id: "zz".to_string(),
            known: vec!["a".to_string(), "b".to_string()],
            total: 2,
        }
    );
    for index in [0, 4, usize::MAX] {
        assert_eq!(
            problem(select(&recs, None, Some(index))),
            SelectError::IndexOutOfRange { index, count: 3 }
        );
    }
    assert_eq!(
        select(&recs, None, Some(4)).unwrap_err().to_string(),
        "index 4 is out of range: the positions are numbered 1 to 3 (comment and blank lines do not count)"
    );
    assert_eq!(
        select(&recs, Some("q"), None).unwrap_err().to_string(),
        "no position with id \"q\" (ids present: \"a\", \"b\")"
    );
}

#[test]
fn streamed_selection_agrees_with_the_slice() {
    let recs = records();
    let ids = [None, Some("a"), Some("b"), Some("zz")];
    let indexes = [None, Some(0), Some(1), Some(2), Some(3), Some(4)];
    for id in ids {
        for index in indexes {
            let slice = select(&recs, id, index).map(|r| r.line);
            let stream = select_from(recs.iter().cloned().map(Ok), id, index).map(|r| r.line);
            assert_eq!(
                format!("{slice:?}"),
                format!("{stream:?}"),
                "id {id:?} index {index:?}"
            );
        }
    }
    // Only the lines up to the chosen record are read.
    let text = format!("{E1} id a;\nnot a position\n");
    let first = select_from(Reader::new(text.as_bytes(), "t"), None, None).unwrap();
    assert_eq!(first.id(), Some("a"));
    assert!(select_from(Reader::new(text.as_bytes(), "t"), None, Some(2)).is_err());
}

#[test]
fn unknown_ids_are_listed_briefly() {
    let text: String = (0..500).map(|i| format!("{E1} id p{i};\n")).collect();
    let recs = parse_str(&text, "t").unwrap();
    let message = select(&recs, Some("q"), None).unwrap_err().to_string();
    assert_eq!(
        message,
        "no position with id \"q\" (ids present: \"p0\", \"p1\", \"p2\", \"p3\", \"p4\", \
         \"p5\", \"p6\", \"p7\", \"p8\", \"p9\" and 490 more)"
    );
    let streamed = select_from(Reader::new(text.as_bytes(), "t"), Some("q"), None);
    assert_eq!(streamed.unwrap_err().to_string(), message);
}

#[test]
fn operands_of_known_opcodes_are_checked() {
    let cases = [
        ("id \"\";", 29, LineError::EmptyId),
        (
            "bm ;",
            26,
            LineError::NoMoves {
                opcode: "bm".into(),
            },
        ),
        (
            "am;",
            26,
            LineError::NoMoves {
                opcode: "am".into(),
            },
        ),
    ];
    for (ops, column, expected) in cases {
        let (line, col, problem) = line_error(&format!("{E1} {ops}\n"));
        assert_eq!((line, col, problem), (1, column, expected), "{ops}");
    }
    for (ops, column, what) in [
        ("bm zzzz;", 29, "\"zzzz\" is not a coordinate move"),
        ("bm e5f5 e2e5;", 34, "e2e5: illegal"),
        ("c0 x; am e5e8;", 35, "e5e8: illegal"),
    ] {
        let (line, col, problem) = line_error(&format!("{E1} {ops}\n"));
        assert_eq!((line, col), (1, column), "{ops}");
        let message = problem.to_string();
        assert!(
            message.starts_with(&ops[ops.find(['a', 'b']).unwrap()..][..2])
                && message.contains(what),
            "{ops}: {message}"
        );
    }
    // Legal moves are accepted.
    assert!(parse_str(&format!("{E1} bm e5f5; am e5e6;\n"), "t").is_ok());
}

#[test]
fn long_lines_and_endless_input_stop_early() {
    let long = format!("{E1} c0 \"{}\";\n", "x".repeat(MAX_LINE_BYTES));
    let (line, column, problem) = line_error(&long);
    assert_eq!(
        (line, column, problem),
        (
            1,
            1,
            LineError::TooLong {
                limit: MAX_LINE_BYTES
            }
        )
    );
    // An endless line (like /dev/zero) is refused after the limit, not read whole.
    let endless = io::BufReader::new(io::repeat(0));
    let err = Reader::new(endless, "zero").next().unwrap().unwrap_err();
    assert_eq!(err.line(), Some(1));
    // Just under the limit is fine.
    let fits = format!("{E1} c0 {};\n", "x".repeat(MAX_LINE_BYTES - 40));
    assert!(parse_str(&fits, "t").is_ok());
}

#[test]
fn resolve_arguments() {
    assert_eq!(
        resolve("startpos", None, None).unwrap(),
        Position::startpos()
    );
    assert_eq!(
        resolve("8/8/8/3vP3/8/6N1/8/8 w - 0 1", None, None).unwrap(),
        E1.parse().unwrap()
    );
    let err = resolve("startpos", Some("x"), None).unwrap_err();
    assert!(matches!(
        err,
        PosFileError::SelectorWithoutFile {
            what: "`startpos`",
            ..
        }
    ));
    let err = resolve(E1, None, Some(1)).unwrap_err();
    assert!(matches!(
        err,
        PosFileError::SelectorWithoutFile {
            what: "a position string",
            ..
        }
    ));
    // Looks like a position: the position error, with its column in the argument.
    let err = resolve("8/8/8/8/8/8/8/4X3 w -", None, None).unwrap_err();
    assert!(matches!(err, PosFileError::BadPositionString { .. }));
    assert_eq!(err.column(), Some(16));
    assert!(
        err.to_string()
            .contains("is not a file, and as a position string it is invalid")
    );
    // A missing file.
    let err = resolve("positions/no-such-file.t1", None, None).unwrap_err();
    match &err {
        PosFileError::Unresolved {
            arg,
            reason,
            position_error,
        } => {
            assert_eq!(arg, "positions/no-such-file.t1");
            assert_eq!(reason.kind(), io::ErrorKind::NotFound);
            assert_eq!(*position_error, PositionError::FieldCount { found: 1 });
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("not a readable file"), "{msg}");
    assert!(msg.contains("not a position string either"), "{msg}");
    assert!(resolve("", None, None).is_err());
    assert!(resolve("start pos", None, None).is_err());
}

#[test]
fn a_file_states_its_game_once() {
    let start = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1";
    let ok = parse_str(&format!("# suite\ngame chess-t1\n{start} id \"a\";\n"), "f").unwrap();
    assert_eq!(ok.len(), 1);
    let err = parse_str(&format!("game proryv\n{start}\n"), "f").unwrap_err();
    assert!(
        err.to_string().contains("f:1:1:") && err.to_string().contains("--game proryv"),
        "{err}"
    );
    let err = parse_str(&format!("{start}\ngame chess-t1\n"), "f").unwrap_err();
    assert!(
        err.to_string().contains("f:2:1: `game` comes before"),
        "{err}"
    );
}

#[test]
fn resolve_record_gives_the_record_of_a_file_only() {
    assert_eq!(resolve_record("startpos", None, None).unwrap().1, None);
    assert_eq!(resolve_record(E1, None, None).unwrap().1, None);
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../positions/book-examples.t1"
    );
    let (position, record) = resolve_record(file, Some("E4"), None).unwrap();
    let record = record.unwrap();
    assert_eq!(record.id(), Some("E4"));
    assert_eq!(record.position, position);
}

#[test]
fn write_then_parse_is_identity() {
    let position: Position = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 3 9"
        .parse()
        .unwrap();
    let record = Record {
        line: 1,
        position,
        ops: vec![
            op("id", &["B2 fig 4.4"]),
            op("bm", &["g2g3", "e2e4"]),
            op("c0", &["quote \" and backslash \\ and ; semicolon"]),
            op("c1", &["", "Кт ½", "tab\there", "a\\b", "#x"]),
            op("noop", &[]),
        ],
    };
    let line = write_record(&record);
    assert_eq!(
        line,
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 3 9 id \"B2 fig 4.4\"; bm g2g3 e2e4; \
         c0 \"quote \\\" and backslash \\\\ and ; semicolon\"; \
         c1 \"\" \"Кт ½\" \"tab\there\" \"a\\\\b\" #x; noop;"
    );
    assert_eq!(parse_str(&line, "w").unwrap(), vec![record.clone()]);
    let bare = Record {
        ops: vec![],
        ..record
    };
    assert_eq!(parse_str(&write_record(&bare), "w").unwrap(), vec![bare]);
    // Line breaks cannot be kept on one line: they become spaces.
    let nl = Record {
        line: 1,
        position,
        ops: vec![op("c0", &["a\nb\r"])],
    };
    assert_eq!(
        parse_str(&write_record(&nl), "w").unwrap()[0].comment(),
        Some("a b\r")
    );
}
