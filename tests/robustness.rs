//! The parsers never panic and never give a silently wrong answer on bad input.
//!
//! Inputs: truncated prefixes and single-character mutations (replace, insert, delete) of valid
//! position strings, position-file texts and coordinate moves, multi-edit mutations, and random
//! strings and byte strings (proptest). Each result is checked against an oracle:
//!
//! - `Setup::from_str` and `Position::from_str` against a small reference parser written here
//!   from docs/chess-t1-rules.md §9.3 (same accept/reject decision, same contents), and every accepted position
//!   re-prints and re-parses to itself;
//! - `posfile::parse_str`: an accepted text has one record per non-blank, non-comment line, each
//!   record's position is what its first fields say, it survives `write_record` -> `parse_str`,
//!   and unchanged lines give unchanged records; a rejected text's error points inside the text;
//! - `Position::parse_uci`: accepts exactly the coordinate forms of the legal moves;
//! - `protocol::run`: any sequence of commands (real ones with random arguments, and garbage)
//!   leaves a session that answers a following request with a legal move, writing only
//!   protocol lines of bounded length.
//!
//! Book notation is fuzzed in `tests/book.rs`.

use crate::common;

use chess_t1::posfile::{self, Operation, Record};
use chess_t1::{Position, Setup};
use common::Rng;
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::Path;

// ---------------------------------------------------------------------------------------------
// Reference parser for position strings (docs/chess-t1-rules.md §9.3).

#[derive(Debug, PartialEq)]
struct RefSetup {
    /// Piece letters, a1 = 0 ... h8 = 63.
    board: [Option<char>; 64],
    white_to_move: bool,
    rights: (bool, bool),
    quiet: u32,
    fullmove: u32,
}

fn ref_counter(text: Option<&&str>, min: u32, default: u32) -> Option<u32> {
    let Some(text) = text else {
        return Some(default);
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().filter(|&n| n >= min)
}

fn ref_setup(text: &str) -> Option<RefSetup> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=5).contains(&fields.len()) {
        return None;
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut board = [None; 64];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in rank_text.chars() {
            if ('1'..='8').contains(&c) {
                file += c as usize - '0' as usize;
            } else if "KCPRSNVkcprsnv".contains(c) {
                if file < 8 {
                    board[rank * 8 + file] = Some(c);
                }
                file += 1;
            } else {
                return None;
            }
        }
        if file != 8 {
            return None;
        }
    }
    let white_to_move = match fields[1] {
        "w" => true,
        "b" => false,
        _ => return None,
    };
    let rights = match fields[2] {
        "Pp" => (true, true),
        "P" => (true, false),
        "p" => (false, true),
        "-" => (false, false),
        _ => return None,
    };
    Some(RefSetup {
        board,
        white_to_move,
        rights,
        quiet: ref_counter(fields.get(3), 0, 0)?,
        fullmove: ref_counter(fields.get(4), 1, 1)?,
    })
}

/// Whether a well-formed setup could arise in a game (docs/chess-t1-rules.md §9.3).
fn ref_valid(s: &RefSetup) -> bool {
    let count = |c: char| s.board.iter().filter(|&&p| p == Some(c)).count();
    if count('K') > 1 || count('k') > 1 {
        return false;
    }
    let is_castle = |i: usize| (i / 8 == 0 || i / 8 == 7) && (2..=5).contains(&(i % 8));
    for (i, p) in s.board.iter().enumerate() {
        let Some(c) = *p else { continue };
        let rank = i / 8; // 0-based
        match c {
            'N' if rank >= 5 => return false,
            'n' if rank <= 2 => return false,
            'V' if rank == 7 => return false,
            'v' if rank == 0 => return false,
            _ => {}
        }
        if is_castle(i) && !"KCPkcp".contains(c) {
            return false;
        }
    }
    // Royals in each castle: (White's, Black's) in the White castle c1-f1 (0) and the Black
    // castle c8-f8 (1).
    let royals_in = |castle_rank: usize, white: bool| {
        (2..=5).any(|f| {
            s.board[castle_rank * 8 + f]
                .is_some_and(|c| "KCPkcp".contains(c) && c.is_ascii_uppercase() == white)
        })
    };
    let white_took_black = royals_in(7, true) && !royals_in(7, false);
    let black_took_white = royals_in(0, false) && !royals_in(0, true);
    !(white_took_black || black_took_white)
}

fn same_setup(setup: &Setup, reference: &RefSetup) -> bool {
    chess_t1::Square::all()
        .all(|sq| setup.board.piece_at(sq).map(|p| p.char()) == reference.board[sq.index()])
        && (setup.side == chess_t1::Color::White) == reference.white_to_move
        && (setup.prince_rights[0], setup.prince_rights[1]) == reference.rights
        && setup.quiet == reference.quiet
        && setup.fullmove == reference.fullmove
}

/// Checks `Setup::from_str` and `Position::from_str` on `text` against the reference.
fn check_position_text(text: &str) {
    let reference = ref_setup(text);
    match (text.parse::<Setup>(), &reference) {
        (Ok(setup), Some(r)) => {
            assert!(same_setup(&setup, r), "{text:?}: {setup:?} vs {r:?}");
            assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{text:?}");
        }
        (Err(e), None) => {
            if let Some(column) = e.column() {
                let len = text.chars().count();
                assert!((1..=len + 1).contains(&column), "{text:?}: {e} ({len})");
            }
        }
        (Ok(setup), None) => panic!("{text:?}: accepted as {setup} but it is malformed"),
        (Err(e), Some(_)) => panic!("{text:?}: rejected ({e}) but it is well formed"),
    }
    let valid = reference.as_ref().is_some_and(ref_valid);
    match text.parse::<Position>() {
        Ok(pos) => {
            assert!(
                valid,
                "{text:?}: accepted as {pos} but it could never arise"
            );
            let printed = pos.to_string();
            assert_eq!(
                printed.parse::<Position>(),
                Ok(pos),
                "{text:?} -> {printed:?}"
            );
            assert_eq!(Position::from_setup(pos.to_setup()), Ok(pos));
        }
        Err(e) => assert!(!valid, "{text:?}: rejected ({e}) but it is valid"),
    }
}

// ---------------------------------------------------------------------------------------------
// Position files.

fn is_content_line(line: &str) -> bool {
    let t = line.trim_start();
    !t.is_empty() && !t.starts_with('#')
}

fn valid_opcode(op: &str) -> bool {
    op.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && op.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Checks `posfile::parse_str` on `text`; returns its records when it accepts the text.
fn check_posfile(text: &str) -> Option<Vec<Record>> {
    let result = posfile::parse_str(text, "fuzz.t1");
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = body.lines().collect();
    match result {
        Ok(records) => {
            let content: Vec<usize> = (1..=lines.len())
                .filter(|&n| is_content_line(lines[n - 1]))
                .collect();
            let record_lines: Vec<usize> = records.iter().map(|r| r.line).collect();
            assert_eq!(record_lines, content, "{text:?}");
            let mut ids = HashMap::new();
            for r in &records {
                // The position is the first 3 fields and up to 2 all-digit ones.
                let tokens: Vec<&str> = lines[r.line - 1].split_whitespace().collect();
                let mut k = 3;
                while k < tokens.len().min(5) && tokens[k].bytes().all(|b| b.is_ascii_digit()) {
                    k += 1;
                }
                let position_text = tokens[..k.min(tokens.len())].join(" ");
                assert_eq!(
                    position_text.parse::<Position>(),
                    Ok(r.position),
                    "{text:?} line {}",
                    r.line
                );
                for op in &r.ops {
                    assert!(valid_opcode(&op.opcode), "{text:?}: opcode {:?}", op.opcode);
                    if op.opcode == "id" {
                        assert_eq!(op.operands.len(), 1, "{text:?}");
                        assert!(ids.insert(op.operands[0].clone(), r.line).is_none());
                    }
                }
                let written = posfile::write_record(r);
                let back = posfile::parse_str(&written, "written")
                    .unwrap_or_else(|e| panic!("{text:?}: rewritten as {written:?}: {e}"));
                assert_eq!(back.len(), 1, "{written:?}");
                assert_eq!(back[0].position, r.position, "{written:?}");
                assert_eq!(back[0].ops, r.ops, "{written:?}");
            }
            Some(records)
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("fuzz.t1:"), "{msg}");
            let (Some(line), Some(column)) = (e.line(), e.column()) else {
                panic!("{text:?}: error without line and column: {msg}");
            };
            assert!(
                (1..=lines.len()).contains(&line),
                "{text:?}: line {line} of {}: {msg}",
                lines.len()
            );
            let len = lines[line - 1].chars().count();
            assert!((1..=len + 1).contains(&column), "{text:?}: {msg}");
            assert!(
                msg.starts_with(&format!("fuzz.t1:{line}:{column}: ")),
                "{msg}"
            );
            None
        }
    }
}

/// Checks a mutated file text: besides [`check_posfile`], a line identical to a line of the
/// original text gives the same record as there.
fn check_mutated_posfile(mutated: &str, original: &HashMap<String, Record>) {
    if let Some(records) = check_posfile(mutated) {
        let lines: Vec<&str> = mutated.lines().collect();
        for r in records {
            if let Some(orig) = original.get(lines[r.line - 1]) {
                assert_eq!(r.position, orig.position, "{mutated:?}");
                assert_eq!(r.ops, orig.ops, "{mutated:?}");
            }
        }
    }
}

fn records_by_line(text: &str) -> HashMap<String, Record> {
    let records = posfile::parse_str(text, "seed").unwrap();
    let lines: Vec<&str> = text.lines().collect();
    records
        .into_iter()
        .map(|r| (lines[r.line - 1].to_string(), r))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Coordinate moves.

/// `parse_uci` accepts `text` exactly when it is the coordinate form of a legal move.
fn check_uci(pos: &Position, text: &str) {
    let legal = pos.legal_moves();
    match pos.parse_uci(text) {
        Ok(mv) => {
            assert_eq!(mv.uci(), text, "{pos}");
            assert!(legal.contains(&mv), "{pos}: {text} accepted but not legal");
        }
        Err(e) => assert!(
            !legal.iter().any(|m| m.uci() == text),
            "{pos}: legal move {text:?} rejected: {e}"
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/// Characters used for mutations.
const CHARSET: &[char] = &[
    '0', '1', '2', '5', '7', '8', '9', 'K', 'k', 'C', 'c', 'P', 'p', 'R', 'S', 'N', 'n', 'V', 'v',
    'X', 'a', 'e', 'h', 'i', 'w', 'b', 'd', '-', '/', ';', '"', '\\', ' ', '\t', '#', '_',
    '\u{a0}', 'К', 'т', '½', '\n',
];

const POSITION_SEEDS: &[&str] = &[
    "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1",
    "8/8/8/3vP3/8/6N1/8/8 w - 0 1",
    "8/8/8/2nr4/8/8/8/8 b -",
    "3k4/2SVp3/7V/8/8/5N2/1N6/8 w - 7",
    "1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 12",
    "3k1P2/8/8/8/8/K7/8/2c2C2 b P 79 200",
    "8/8/8/8/2p4p/8/8/3K4 b p",
    "8/8/8/8/8/8/8/8 w Pp 4294967295 4294967295",
];

/// Every single-character replacement, insertion and deletion of `seed` with [`CHARSET`].
fn single_edits(seed: &str) -> Vec<String> {
    let chars: Vec<char> = seed.chars().collect();
    let mut out = Vec::new();
    for i in 0..=chars.len() {
        for &c in CHARSET {
            let mut inserted = chars.clone();
            inserted.insert(i, c);
            out.push(inserted.into_iter().collect());
            if i < chars.len() && chars[i] != c {
                let mut replaced = chars.clone();
                replaced[i] = c;
                out.push(replaced.into_iter().collect());
            }
        }
        if i < chars.len() {
            let mut deleted = chars.clone();
            deleted.remove(i);
            out.push(deleted.into_iter().collect());
        }
    }
    out
}

/// All prefixes of `text` at character boundaries.
fn prefixes(text: &str) -> impl Iterator<Item = &str> {
    text.char_indices()
        .map(move |(i, _)| &text[..i])
        .chain(std::iter::once(text))
}

/// `edits` random replace/insert/delete edits of `seed`.
fn random_edits(seed: &str, edits: usize, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..edits {
        let c = CHARSET[rng.below(CHARSET.len())];
        let i = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if i < chars.len() => chars[i] = c,
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.insert(i, c),
        }
    }
    chars.into_iter().collect()
}

const FILE_SEED: &str = "# header comment\n\
rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"start\"; c0 \"a \\\"quoted\\\" \\\\ word; here\";\n\
\n  # indented comment\r\n\
8/8/8/3vP3/8/6N1/8/8 w - 7 id E1; bm e5f5 e5e4; pv;\n\
8/8/8/8/2p4p/8/8/3K4 b p id \"E12e\"; c1 \"Кт ½\" x;\n";

fn book_text() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/book-examples.t1");
    std::fs::read_to_string(path).unwrap()
}

/// Positions to test moves in: the start, the spec examples and positions of random games.
fn move_positions() -> Vec<Position> {
    let mut out = vec![Position::startpos()];
    out.extend(
        posfile::parse_str(&book_text(), "book")
            .unwrap()
            .iter()
            .map(|r| r.position),
    );
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for _ in 0..12 {
        let mut pos = Position::startpos();
        for ply in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.below(moves.len())]);
            if ply % 15 == 14 {
                out.push(pos);
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Deterministic tests.

#[test]
fn reference_agrees_on_the_seeds() {
    for seed in POSITION_SEEDS {
        assert!(ref_setup(seed).is_some_and(|r| ref_valid(&r)), "{seed}");
        assert!(seed.parse::<Position>().is_ok(), "{seed}");
        check_position_text(seed);
    }
    // A few hand-made rejections, one per rule.
    for bad in [
        "K7/8/8/8/8/8/8/K7 w -",     // two White Kings
        "8/8/N7/8/8/8/8/8 w -",      // White Knecht on rank 6
        "8/8/8/8/8/8/8/v7 w -",      // Black Ver Knecht on rank 1
        "8/8/8/8/8/8/8/2R5 w -",     // Ritter in a castle
        "2P5/8/8/8/8/8/8/8 w -",     // White holds Black's castle
        "8/8/8/8/8/8/8/8 w - 0 0",   // move number 0
        "8/8/8/8/8/8/8/8 w - +1",    // sign
        "8/8/8/8/8/8/8/8 w - 1 1 1", // 6 fields
        "9/8/8/8/8/8/8/8 w -",       // digit 9
        "8/8/8/8/8/8/8/8/8 w -",     // 9 ranks
    ] {
        assert!(ref_setup(bad).is_none_or(|r| !ref_valid(&r)), "{bad}");
        assert!(bad.parse::<Position>().is_err(), "{bad}");
        check_position_text(bad);
    }
}

#[test]
fn position_prefixes_and_single_edits() {
    for seed in POSITION_SEEDS {
        for prefix in prefixes(seed) {
            check_position_text(prefix);
        }
        for mutated in single_edits(seed) {
            check_position_text(&mutated);
        }
    }
}

#[test]
fn position_multi_edits() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    for _ in 0..20_000 {
        let seed = POSITION_SEEDS[rng.below(POSITION_SEEDS.len())];
        let edits = 1 + rng.below(6);
        check_position_text(&random_edits(seed, edits, &mut rng));
    }
}

#[test]
fn posfile_seed_parses() {
    let records = check_posfile(FILE_SEED).expect("the seed file is valid");
    assert_eq!(records.len(), 3);
    assert!(check_posfile(&book_text()).is_some());
}

/// A prefix of a valid file is either rejected, or gives the records of its complete lines
/// unchanged and, for a cut line, the same placement and side and a prefix of the operations
/// (the whole position too once an operation survives).
fn check_prefix(prefix: &str, full: &[Record]) {
    let Some(records) = check_posfile(prefix) else {
        return;
    };
    let complete = prefix.ends_with('\n');
    for (i, r) in records.iter().enumerate() {
        let f = &full[i];
        assert_eq!(r.line, f.line, "{prefix:?}");
        if i + 1 < records.len() || complete {
            assert_eq!(r, f, "{prefix:?}");
        } else {
            assert_eq!(r.position.board(), f.position.board(), "{prefix:?}");
            assert_eq!(r.position.side_to_move(), f.position.side_to_move());
            assert!(f.ops.starts_with(&r.ops), "{prefix:?}: {:?}", r.ops);
            if !r.ops.is_empty() {
                assert_eq!(r.position, f.position, "{prefix:?}");
            }
        }
    }
}

#[test]
fn posfile_prefixes() {
    for text in [FILE_SEED.to_string(), book_text()] {
        let full = posfile::parse_str(&text, "full").unwrap();
        for prefix in prefixes(&text) {
            check_prefix(prefix, &full);
        }
    }
}

#[test]
fn posfile_single_edits() {
    let original = records_by_line(FILE_SEED);
    for mutated in single_edits(FILE_SEED) {
        check_mutated_posfile(&mutated, &original);
    }
}

#[test]
fn posfile_random_edits_of_the_book_file() {
    let text = book_text();
    let original = records_by_line(&text);
    let mut rng = Rng::new(0xdead_beef_cafe_f00d);
    for _ in 0..1_500 {
        let edits = 1 + rng.below(4);
        check_mutated_posfile(&random_edits(&text, edits, &mut rng), &original);
    }
    let original = records_by_line(FILE_SEED);
    for _ in 0..10_000 {
        let edits = 2 + rng.below(6);
        check_mutated_posfile(&random_edits(FILE_SEED, edits, &mut rng), &original);
    }
}

#[test]
fn uci_prefixes_and_single_edits() {
    for pos in move_positions() {
        let legal = pos.legal_moves();
        for mv in legal.iter().take(12) {
            let text = mv.uci();
            for prefix in prefixes(&text) {
                check_uci(&pos, prefix);
            }
            for mutated in single_edits(&text) {
                check_uci(&pos, &mutated);
            }
        }
        for text in [
            "", "e2e4", "e2e4c", "e2e4C", "a1a1", "i1a1", "a0a1", "g7g8x", "Кт", "½½½½",
        ] {
            check_uci(&pos, text);
        }
    }
}

#[test]
fn uci_every_square_pair() {
    let positions = move_positions();
    let names: Vec<String> = chess_t1::Square::all().map(|s| s.to_string()).collect();
    for pos in positions.iter().take(6) {
        for from in &names {
            for to in &names {
                check_uci(pos, &format!("{from}{to}"));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Property tests.

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn near_position_strings(text in "[1-9KCPRSNVkcprsnvwbx/ \\-;\"#Кт½]{0,70}") {
        check_position_text(&text);
        check_posfile(&text);
    }

    #[test]
    fn random_bytes_everywhere(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = lossy(&bytes);
        check_position_text(&text);
        check_posfile(&text);
        check_uci(&Position::startpos(), &text);
    }

    #[test]
    fn random_file_lines(
        seed in 0..POSITION_SEEDS.len(),
        tail in "[ a-z0-9_;\"\\\\#\t½]{0,40}",
        lines in proptest::collection::vec(0..3usize, 1..6),
    ) {
        // A file mixing comments, blank lines and a seed position with a random tail.
        let text: String = lines
            .iter()
            .map(|&kind| match kind {
                0 => "# comment\n".to_string(),
                1 => "\n".to_string(),
                _ => format!("{} {tail}\n", POSITION_SEEDS[seed]),
            })
            .collect();
        check_posfile(&text);
    }

    #[test]
    fn random_short_moves(text in "[a-j0-9rpcsRPCSК ]{0,6}") {
        check_uci(&Position::startpos(), &text);
    }

    #[test]
    fn write_record_round_trips(
        seed in 0..POSITION_SEEDS.len(),
        ops in proptest::collection::vec(
            ("[a-zA-Z][a-zA-Z0-9_]{0,6}", proptest::collection::vec("[^\n]{0,10}", 0..4)),
            0..5,
        ),
    ) {
        let record = Record {
            line: 1,
            position: POSITION_SEEDS[seed].parse().unwrap(),
            ops: ops
                .into_iter()
                // `id` must have one operand and be unique, `bm` and `am` legal moves of the
                // position (checked by posfile's own tests): keep them out of this test.
                .filter(|(opcode, _)| !["id", "bm", "am"].contains(&opcode.as_str()))
                .map(|(opcode, operands)| Operation { opcode, operands })
                .collect(),
        };
        let line = posfile::write_record(&record);
        let back = posfile::parse_str(&line, "written");
        prop_assert!(back.is_ok(), "{:?}: {:?}", line, back);
        prop_assert_eq!(back.unwrap(), vec![record]);
    }
}

// ---------------------------------------------------------------------------------------------
// The engine protocol: any sequence of commands, well-formed or not, leaves a working session.

/// One protocol command: a mix of the real commands with random arguments and garbage. Search
/// limits stay small so that a case costs milliseconds.
fn protocol_command() -> impl Strategy<Value = String> {
    prop_oneof![
        "(uci|isready|ucinewgame|stop|ponderhit|debug on|go infinite)",
        "position (startpos|fen [1-8rspcknRSPCKN/]{1,20} [wbx] [Pp-]{1,2}( [0-9]{1,3}){0,2})( moves( [a-h][1-8][a-h][1-8]){0,4})?",
        "position startpos moves( (e2e4|e7e5|b1c3|g8f6|a1a3|zz99)){0,4}",
        "go( (depth [0-3x]|nodes [0-9]{1,3}|movetime [0-9]{1,2}|[wb]time [0-9]{1,3}|[wb]inc [0-9]|movestogo [0-9]{1,2}|mate 1|sideways)){1,3}",
        "setoption name (Hash|Mode|Horizon|Eval|Style|Contempt|Foo)( value [0-9a-z-]{0,2})?",
        "\\PC{0,30}",
    ]
}

/// The output of `zonal engine` given `input`; the session must end well.
fn engine_session(input: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_zonal"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("zonal engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("the engine reads");
    drop(stdin);
    let out = child.wait_with_output().expect("the engine ends");
    assert!(out.status.success(), "{:?} for {input:?}", out.status);
    String::from_utf8(out.stdout).expect("the protocol writes UTF-8")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn protocol_sessions_survive_any_commands(
        commands in proptest::collection::vec(protocol_command(), 0..8),
    ) {
        // After the random commands, a known request: its answer must be a legal move.
        let mut input = commands.join("\n");
        input.push_str("\nstop\nsetoption name Mode value zones\nposition startpos moves e2e4\ngo depth 1\n");
        let text = engine_session(&input);
        for line in text.lines() {
            prop_assert!(
                ["id ", "uciok", "readyok", "info ", "bestmove ", "option "]
                    .iter()
                    .any(|p| line.starts_with(p)),
                "unexpected line {:?} for {:?}",
                line,
                input
            );
            prop_assert!(line.len() < 2_000, "an answer of {} bytes", line.len());
        }
        let last = text.lines().rev().find_map(|l| l.strip_prefix("bestmove "));
        let start = Position::startpos();
        let pos = start.play(&start.parse_uci("e2e4").expect("e2e4"));
        let best = last.and_then(|m| m.split_whitespace().next()).unwrap_or("(none)");
        prop_assert!(pos.parse_uci(best).is_ok(), "bestmove {} for {:?}", best, input);
    }
}
