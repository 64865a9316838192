//! Book notation (docs/chess-t1-rules.md §9.2): the way the chess-t1 books write moves and games.
//!
//! A move is a piece abbreviation (`Кр` King, `Кт` Konnet, `Пр` Prince, `Рт` Ritter, `Рк` Scout,
//! `ВК` Ver Knecht; nothing, or `Кн`, for a Knecht; when reading, a missing abbreviation means
//! whatever piece stands on the from-square), the from-square, a separator (`-` move,
//! `:` capture, `÷` Scout exchange), the to-square, a promotion suffix when the piece changes
//! (`g5-g6ВК`, `Пр c4-f1Кт`) and a check mark: `+` check, `+)` final check (docs/chess-t1-rules.md §6).
//! A game numbers White's moves: `1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6`.
//!
//! The reader also accepts `x` for `:`, the Latin letters K C P R S N V for the abbreviations
//! (`C d1-g4`), the second letter of a Russian abbreviation in either case, no space between
//! abbreviation and square, and trailing annotations `+`, `+)`, `#`, `!`, `?`.
//!
//! ```
//! use chess_t1::{book, Position};
//!
//! let start = Position::startpos();
//! let moves = book::parse_game(&start, "1.e2-e4 e7-e5 2.Кт d1-g4 C d8-f6").unwrap();
//! assert_eq!(moves[2].uci(), "d1g4");
//! assert_eq!(book::write_game(&start, &moves), "1.e2-e4 e7-e5 2.Кт d1-g4 Кт d8-f6");
//!
//! let mv = book::parse_move(&start, "Sb1-c3").unwrap();
//! assert_eq!(book::write_move(&start, &mv), "Рк b1-c3");
//! // Without an abbreviation the from-square names the piece; a wrong one is an error.
//! assert_eq!(book::parse_move(&start, "b1-c3").unwrap(), mv);
//! assert!(book::parse_move(&start, "Кн b1-c3").is_err()); // b1 holds a Scout, not a Knecht
//! ```

use crate::excerpt::excerpt;
use crate::game::Game;
use crate::moves::{Move, MoveError, MoveKind};
use crate::piece::PieceKind;
use crate::position::{Position, Status};
use crate::square::{Color, Square};
use std::fmt::Write as _;

/// A check mark of the book notation (docs/chess-t1-rules.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `+`: after the move the opponent's King could be captured.
    Check,
    /// `+)`: a check from which the King's capture cannot be avoided.
    FinalCheck,
}

impl Mark {
    /// `"+"` or `"+)"`.
    pub const fn text(self) -> &'static str {
        match self {
            Mark::Check => "+",
            Mark::FinalCheck => "+)",
        }
    }
}

/// Why a move text in book notation was not accepted in a position.
///
/// Every message starts with the move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The text is not of the form `[abbreviation] <from><separator><to>[suffix][marks]`.
    #[error("{}: expected {expected} at character {at}, found {}", excerpt(.text), found_text(.found))]
    Syntax {
        /// The move text.
        text: String,
        /// 1-based character position in `text` where reading stopped.
        at: usize,
        /// What was expected there.
        expected: &'static str,
        /// The rest of the text from there (empty at the end).
        found: String,
    },
    /// The game is already over.
    #[error("{}: the game is over ({status})", excerpt(.text))]
    GameOver {
        /// The move text.
        text: String,
        /// The final status.
        status: String,
    },
    /// The abbreviation does not name the piece on the from-square.
    #[error(
        "{}: {}, but {square} holds a {} {} (write {})",
        excerpt(.text),
        written_phrase(.written, *.abbreviated),
        color_name(*.color),
        .actual.name(),
        abbrev_phrase(*.actual)
    )]
    WrongPiece {
        /// The move text.
        text: String,
        /// The from-square.
        square: Square,
        /// The kind the text names (a Knecht when there is no abbreviation).
        written: PieceKind,
        /// Whether the text has an abbreviation at all.
        abbreviated: bool,
        /// The kind on the from-square.
        actual: PieceKind,
        /// Its colour.
        color: Color,
    },
    /// The separator does not fit the move: `-` for a capture, `:` for a quiet move, and so on.
    #[error(
        "{}: '{written}' marks {}, but {why}: this move is {} (write '{}')",
        excerpt(.text),
        kind_phrase(*.written_kind),
        kind_phrase(*.actual),
        separator(*.actual)
    )]
    WrongSeparator {
        /// The move text.
        text: String,
        /// The separator as written.
        written: char,
        /// The kind of move that separator denotes.
        written_kind: MoveKind,
        /// The kind of the legal move.
        actual: MoveKind,
        /// What on the board makes it that kind of move.
        why: String,
    },
    /// A Ver Knecht promotion that needs the mover's choice has no suffix.
    #[error("{}: the Ver Knecht must choose what it becomes: add one of {choices}", excerpt(.text))]
    MissingPromotion {
        /// The move text.
        text: String,
        /// The allowed suffixes, e.g. `Рт, Пр, Кт, Рк`.
        choices: String,
    },
    /// The suffix names a piece the move cannot promote to.
    #[error("{}: the piece cannot become a {} here: {why}", excerpt(.text), .written.name())]
    WrongPromotion {
        /// The move text.
        text: String,
        /// The kind the suffix names.
        written: PieceKind,
        /// What this move gives instead.
        why: String,
    },
    /// A promotion suffix on a move that promotes nothing.
    #[error("{}: this move promotes nothing: write it without the suffix for a {}", excerpt(.text), .written.name())]
    UnexpectedPromotion {
        /// The move text.
        text: String,
        /// The kind the suffix names.
        written: PieceKind,
    },
    /// No legal move goes from the from-square to the to-square; `reason` is the engine's.
    #[error("{}: illegal: {reason}", excerpt(.text))]
    Illegal {
        /// The move text.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
}

/// Why a game text in book notation could not be read and replayed.
///
/// Lines and columns are 1-based; columns count characters, not bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTextError {
    /// A move was not accepted.
    #[error(
        "line {line}, column {column}: move {number}{} ({}): {error}",
        if *.side == Color::White { "." } else { "..." },
        color_name(*.side)
    )]
    Move {
        /// The move number of the position the move was played in.
        number: u32,
        /// The side that was to move.
        side: Color,
        /// The move's text.
        text: String,
        /// Line of the move in the game text.
        line: usize,
        /// Column of the move in its line.
        column: usize,
        /// Why it was not accepted.
        error: BookError,
    },
    /// A move number that does not fit the game: `5.` where move 4 is due, or `3.` before a
    /// Black move.
    #[error("line {line}, column {column}: move number {:?}, but {expected} is due", excerpt(.found))]
    MoveNumber {
        /// The number's text.
        found: String,
        /// The number expected there, e.g. `4.` or `4...`.
        expected: String,
        /// Line of the number.
        line: usize,
        /// Column of the number in its line.
        column: usize,
    },
    /// A `{` without its `}`.
    #[error("line {line}, column {column}: the comment opened here is never closed with '}}'")]
    UnclosedComment {
        /// Line of the `{`.
        line: usize,
        /// Column of the `{`.
        column: usize,
    },
    /// Text after the result token, which must come last.
    #[error(
        "line {line}, column {column}: {:?} after the result {result:?}; the result ends the game",
        excerpt(.found)
    )]
    AfterResult {
        /// The text found.
        found: String,
        /// The result token before it.
        result: String,
        /// Line of the text.
        line: usize,
        /// Column of the text in its line.
        column: usize,
    },
}

impl GameTextError {
    /// The 1-based line and column in the game text where the problem lies.
    pub fn location(&self) -> (usize, usize) {
        match self {
            GameTextError::Move { line, column, .. }
            | GameTextError::MoveNumber { line, column, .. }
            | GameTextError::UnclosedComment { line, column }
            | GameTextError::AfterResult { line, column, .. } => (*line, *column),
        }
    }
}

fn found_text(found: &str) -> String {
    if found.is_empty() {
        "the end of the text".to_string()
    } else {
        format!("{found:?}")
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn written_phrase(kind: &PieceKind, abbreviated: bool) -> String {
    if abbreviated {
        format!("{:?} names a {}", abbrev_or_kn(*kind), kind.name())
    } else {
        "no abbreviation means a Knecht".to_string()
    }
}

fn abbrev_phrase(kind: PieceKind) -> String {
    match kind.book_abbrev() {
        "" => "no abbreviation".to_string(),
        abbrev => format!("{abbrev:?}"),
    }
}

fn kind_phrase(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Quiet => "a move to an empty square",
        MoveKind::Capture => "a capture",
        MoveKind::Exchange => "a Scout exchange",
    }
}

/// The book separator of a kind of move.
fn separator(kind: MoveKind) -> char {
    match kind {
        MoveKind::Quiet => '-',
        MoveKind::Capture => ':',
        MoveKind::Exchange => '÷',
    }
}

/// The abbreviation, with `Кн` for the Knecht (which the books usually leave out).
fn abbrev_or_kn(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Knecht => "Кн",
        kind => kind.book_abbrev(),
    }
}

/// The check mark `mv` earns in `pos` (docs/chess-t1-rules.md §6), or `None`.
///
/// `+` when after the move the opponent's King is in check; `+)` when, besides, every legal
/// reply leaves a game that goes on with the King still capturable. A move that ends the game
/// (King or castle captured, blockade, draw by quiet moves) gets no mark. Repetition is not
/// considered: a position has no history.
pub fn check_mark(pos: &Position, mv: &Move) -> Option<Mark> {
    let next = pos.play(mv);
    if next.status().is_over() {
        return None;
    }
    let them = next.side_to_move();
    if !next.in_check(them) {
        return None;
    }
    let inescapable = next.legal_moves().iter().all(|reply| {
        let after = next.play(reply);
        after.status() == Status::Ongoing && after.in_check(them)
    });
    Some(if inescapable {
        Mark::FinalCheck
    } else {
        Mark::Check
    })
}

/// Writes `mv`, a legal move of `pos`, in book notation, e.g. `e2-e4`, `Кт d1-g4`,
/// `Рт g3:e3`, `Рк e3÷d1`, `g5-g6ВК`, `Пр c4-f1Кт`, with `+` or `+)` as [`check_mark`] says.
pub fn write_move(pos: &Position, mv: &Move) -> String {
    let mut out = String::new();
    let abbrev = mv.piece.book_abbrev();
    if !abbrev.is_empty() {
        out.push_str(abbrev);
        out.push(' ');
    }
    let _ = write!(out, "{}{}{}", mv.from, separator(mv.kind), mv.to);
    if let Some(kind) = mv.promotion.filter(|&k| k != mv.piece) {
        out.push_str(kind.book_abbrev());
    }
    if let Some(mark) = check_mark(pos, mv) {
        out.push_str(mark.text());
    }
    out
}

/// Writes a game in book notation, numbering from `start`'s move number:
/// `1.e2-e4 e7-e5 2.Кт d1-g4`, or `1...e7-e5 2.e2-e4` when Black moves first.
///
/// `moves` must be legal one after the other from `start`.
pub fn write_game(start: &Position, moves: &[Move]) -> String {
    let mut out = String::new();
    let mut pos = *start;
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match pos.side_to_move() {
            Color::White => {
                let _ = write!(out, "{}.", pos.fullmove());
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{}...", pos.fullmove());
            }
            Color::Black => {}
        }
        out.push_str(&write_move(&pos, mv));
        pos = pos.play(mv);
    }
    out
}

/// Cyrillic letter a Latin letter looks like, for abbreviations typed with mixed scripts.
fn cyrillic_lookalike(c: char) -> char {
    match c {
        'K' => 'К',
        'k' => 'к',
        'P' => 'Р',
        'p' => 'р',
        'B' => 'В',
        'H' => 'Н',
        'T' => 'Т',
        other => other,
    }
}

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04ff}').contains(&c)
}

/// A Russian two-letter abbreviation at the start of `chars`: `Кр Кт Пр Рт Рк ВК Кн`, the second
/// letter in either case. Latin look-alikes are read as Cyrillic when the other letter is
/// Cyrillic (`Kт` = `Кт`).
fn russian_abbrev(chars: &[char]) -> Option<PieceKind> {
    let (&a, &b) = (chars.first()?, chars.get(1)?);
    if !is_cyrillic(a) && !is_cyrillic(b) {
        return None;
    }
    let a = cyrillic_lookalike(a);
    let b = cyrillic_lookalike(b).to_lowercase().next()?;
    Some(match (a, b) {
        ('К', 'р') => PieceKind::King,
        ('К', 'т') => PieceKind::Konnet,
        ('К', 'н') => PieceKind::Knecht,
        ('П', 'р') => PieceKind::Prince,
        ('Р', 'т') => PieceKind::Ritter,
        ('Р', 'к') => PieceKind::Scout,
        ('В', 'к') => PieceKind::VerKnecht,
        _ => return None,
    })
}

/// A piece abbreviation before the from-square: Russian (2 letters) or an upper-case Latin
/// letter. Returns the kind and the number of characters read.
fn prefix_abbrev(chars: &[char]) -> Option<(PieceKind, usize)> {
    if let Some(kind) = russian_abbrev(chars) {
        return Some((kind, 2));
    }
    let &c = chars.first()?;
    if c.is_ascii_uppercase() {
        PieceKind::from_letter(c).map(|k| (k, 1))
    } else {
        None
    }
}

/// A promotion suffix after the to-square: Russian (2 letters) or a Latin letter in either case.
fn suffix_abbrev(chars: &[char]) -> Option<(PieceKind, usize)> {
    if let Some(kind) = russian_abbrev(chars) {
        return Some((kind, 2));
    }
    let &c = chars.first()?;
    if c.is_ascii_alphabetic() {
        PieceKind::from_letter(c).map(|k| (k, 1))
    } else {
        None
    }
}

fn square_at(chars: &[char], i: usize) -> Option<Square> {
    let (&f, &r) = (chars.get(i)?, chars.get(i + 1)?);
    if ('a'..='h').contains(&f) && ('1'..='8').contains(&r) {
        Square::from_coords(f as i8 - 'a' as i8, r as i8 - '1' as i8)
    } else {
        None
    }
}

/// A move token taken apart, not yet checked against a position.
struct Parsed {
    piece: Option<PieceKind>,
    from: Square,
    separator: char,
    written_kind: MoveKind,
    to: Square,
    suffix: Option<PieceKind>,
    claim: Option<Mark>,
}

fn parse_token(text: &str) -> Result<Parsed, BookError> {
    let chars: Vec<char> = text.chars().collect();
    let syntax = |at: usize, expected: &'static str| BookError::Syntax {
        text: text.to_string(),
        at: at + 1,
        expected,
        found: chars[at.min(chars.len())..].iter().collect(),
    };
    let mut i = 0;
    let piece = prefix_abbrev(&chars).map(|(kind, n)| {
        i = n;
        kind
    });
    if piece.is_some() {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
    }
    let from = square_at(&chars, i).ok_or_else(|| {
        syntax(
            i,
            if piece.is_some() {
                "a from-square such as e2"
            } else {
                "a piece abbreviation (Кр Кт Пр Рт Рк ВК Кн, or K C P R S V N) or a from-square such as e2"
            },
        )
    })?;
    i += 2;
    let (separator, written_kind) = match chars.get(i) {
        Some(&c @ '-') => (c, MoveKind::Quiet),
        Some(&c @ (':' | 'x')) => (c, MoveKind::Capture),
        Some(&c @ '÷') => (c, MoveKind::Exchange),
        _ => {
            return Err(syntax(
                i,
                "a separator: '-' move, ':' or 'x' capture, '÷' exchange",
            ));
        }
    };
    i += 1;
    let to = square_at(&chars, i).ok_or_else(|| syntax(i, "a to-square such as e4"))?;
    i += 2;
    let suffix_start = i;
    if chars.get(i) == Some(&'=') {
        i += 1;
    }
    let suffix = match suffix_abbrev(&chars[i..]) {
        Some((kind, n)) => {
            i += n;
            Some(kind)
        }
        None if i > suffix_start => {
            return Err(syntax(
                i,
                "a promotion piece after '=' (Кт Пр Рт Рк ВК, or C P R S V)",
            ));
        }
        None => None,
    };
    let marks_start = i;
    while let Some(&c) = chars.get(i) {
        match c {
            '+' | '#' | '!' | '?' => i += 1,
            ')' if i > marks_start && chars[i - 1] == '+' => i += 1,
            _ => {
                return Err(syntax(
                    i,
                    if suffix.is_none() && i == marks_start {
                        "a promotion suffix (Кт Пр Рт Рк ВК, or C P R S V) or marks + +) # ! ?"
                    } else {
                        "the end of the move or marks + +) # ! ?"
                    },
                ));
            }
        }
    }
    let marks: String = chars[marks_start..].iter().collect();
    let claim = if marks.contains("+)") {
        Some(Mark::FinalCheck)
    } else if marks.contains('+') {
        Some(Mark::Check)
    } else {
        None
    };
    Ok(Parsed {
        piece,
        from,
        separator,
        written_kind,
        to,
        suffix,
        claim,
    })
}

/// Why no legal move goes `from` -> `to`, in the engine's words ([`Position::parse_uci`]).
fn illegal_reason(pos: &Position, from: Square, to: Square) -> String {
    match pos.parse_uci(&format!("{from}{to}")) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        Err(other) => other.to_string(),
        Ok(_) => format!("{from}{to} is not a legal move here"),
    }
}

/// What on the board makes the move `from` -> `to` of this kind, for error messages.
fn why_kind(pos: &Position, to: Square, kind: MoveKind) -> String {
    match (kind, pos.piece_at(to)) {
        (MoveKind::Quiet, _) | (_, None) => format!("{to} is empty"),
        (MoveKind::Capture, Some(p)) => {
            format!("{to} holds a {} {}", color_name(p.color), p.kind.name())
        }
        (MoveKind::Exchange, Some(p)) => format!(
            "{to} is a castle square holding a {} {}, which a Scout exchanges",
            color_name(p.color),
            p.kind.name()
        ),
    }
}

fn choice_list(moves: &[Move]) -> String {
    moves
        .iter()
        .filter_map(|m| m.promotion)
        .map(|k| k.book_abbrev())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads one move in book notation and returns the legal move of `pos` it denotes.
///
/// An abbreviation, if written, must name the piece on the from-square (`Кн` for a Knecht; with
/// none, the piece on the from-square is taken, as the books sometimes omit it), the
/// separator must fit the move (`-` quiet, `:` or `x` capture, `÷` exchange), and a promotion
/// suffix is required where the mover chooses, optional (but checked) where the promotion is
/// automatic and rejected where there is none. Check marks are not enforced: a `+` or `+)` that
/// does not match the position is logged as a warning; `#`, `!` and `?` are read and ignored.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, BookError> {
    let text = text.trim();
    let parsed = parse_token(text)?;
    let owned = || text.to_string();
    let status = pos.status();
    if status.is_over() {
        return Err(BookError::GameOver {
            text: owned(),
            status: status.to_string(),
        });
    }
    let us = pos.side_to_move();
    // Without an abbreviation the from-square names the piece: the books themselves omit it
    // at times (docs/chess-t1-rules.md §9.2 writes `e3-c1Кт` for a Prince). A written abbreviation must match.
    if let Some(p) = pos.piece_at(parsed.from).filter(|p| p.color == us)
        && let Some(written) = parsed.piece
        && written != p.kind
    {
        return Err(BookError::WrongPiece {
            text: owned(),
            square: parsed.from,
            written,
            abbreviated: true,
            actual: p.kind,
            color: p.color,
        });
    }
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == parsed.from && m.to == parsed.to)
        .collect();
    let Some(first) = candidates.first().copied() else {
        return Err(BookError::Illegal {
            text: owned(),
            reason: illegal_reason(pos, parsed.from, parsed.to),
        });
    };
    if first.kind != parsed.written_kind {
        return Err(BookError::WrongSeparator {
            text: owned(),
            written: parsed.separator,
            written_kind: parsed.written_kind,
            actual: first.kind,
            why: why_kind(pos, parsed.to, first.kind),
        });
    }
    let mv = if candidates.iter().any(|m| m.chosen) {
        let Some(kind) = parsed.suffix else {
            return Err(BookError::MissingPromotion {
                text: owned(),
                choices: choice_list(&candidates),
            });
        };
        candidates
            .iter()
            .find(|m| m.promotion == Some(kind))
            .copied()
            .ok_or_else(|| BookError::WrongPromotion {
                text: owned(),
                written: kind,
                why: format!(
                    "the choices are {} (no new Prince or Konnet while the side has 3)",
                    choice_list(&candidates)
                ),
            })?
    } else {
        match (parsed.suffix, first.promotion) {
            (None, _) => first,
            (Some(kind), Some(auto)) if kind == auto => first,
            (Some(kind), Some(auto)) => {
                return Err(BookError::WrongPromotion {
                    text: owned(),
                    written: kind,
                    why: format!(
                        "the {} becomes a {} automatically (suffix {})",
                        first.piece.name(),
                        auto.name(),
                        auto.book_abbrev()
                    ),
                });
            }
            (Some(kind), None) => {
                return Err(BookError::UnexpectedPromotion {
                    text: owned(),
                    written: kind,
                });
            }
        }
    };
    if let Some(claim) = parsed.claim {
        let actual = check_mark(pos, &mv);
        let matches = match claim {
            Mark::Check => actual.is_some(),
            Mark::FinalCheck => actual == Some(Mark::FinalCheck),
        };
        if !matches {
            tracing::warn!(
                "{text}: marked {} but the move gives {} in {pos}",
                claim.text(),
                match actual {
                    None => "no check",
                    Some(Mark::Check) => "a check that is not final",
                    Some(Mark::FinalCheck) => "a final check",
                }
            );
        }
    }
    Ok(mv)
}

/// A whitespace-separated piece of game text with its place.
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// Splits a game text into tokens, dropping `{comments}`.
fn tokenize(text: &str) -> Result<Vec<Token>, GameTextError> {
    let mut tokens = Vec::new();
    let mut current: Option<Token> = None;
    let (mut line, mut column) = (1, 0);
    let mut comment: Option<(usize, usize)> = None;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
        if comment.is_some() {
            if c == '}' {
                comment = None;
            }
            continue;
        }
        if c.is_whitespace() || c == '{' {
            tokens.extend(current.take());
            if c == '{' {
                comment = Some((line, column));
            }
            continue;
        }
        current
            .get_or_insert_with(|| Token {
                text: String::new(),
                line,
                column,
            })
            .text
            .push(c);
    }
    if let Some((line, column)) = comment {
        return Err(GameTextError::UnclosedComment { line, column });
    }
    tokens.extend(current);
    Ok(tokens)
}

fn is_result(text: &str) -> bool {
    matches!(text, "1-0" | "0-1" | "½-½" | "1/2-1/2" | "*")
}

fn is_ellipsis(text: &str) -> bool {
    matches!(text, "..." | "…")
}

/// A leading move number `N.` (White) or `N...`/`N…` (Black): the number, whether it is Black's,
/// and the number of characters it takes.
fn move_number(text: &str) -> Option<(u32, bool, usize)> {
    let digits = text.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let number: u32 = text[..digits].parse().ok()?;
    let rest = &text[digits..];
    if let Some(after) = rest.strip_prefix('…') {
        return Some((number, true, text.chars().count() - after.chars().count()));
    }
    let dots = rest.chars().take_while(|&c| c == '.').count();
    match dots {
        0 => None,
        1 => Some((number, false, digits + 1)),
        n => Some((number, true, digits + n)),
    }
}

/// Checks a move number against the position it precedes.
fn check_number(
    pos: &Position,
    number: u32,
    black: bool,
    found: &str,
    token: &Token,
) -> Result<(), GameTextError> {
    let side_black = pos.side_to_move() == Color::Black;
    if number == pos.fullmove() && black == side_black {
        return Ok(());
    }
    Err(GameTextError::MoveNumber {
        found: found.to_string(),
        expected: format!("{}{}", pos.fullmove(), if side_black { "..." } else { "." }),
        line: token.line,
        column: token.column,
    })
}

/// Reads a whole game in book notation and replays it from `start`.
///
/// Accepts move numbers `N.` and `N...` (attached to the move or separate, checked against the
/// game), moves as [`parse_move`] reads them (an abbreviation may stand apart from its squares),
/// `{comments}`, any whitespace, and a final result `1-0`, `0-1`, `½-½`, `1/2-1/2` or `*`.
/// The moves are played in a [`Game`], so a move after the game has ended (repetition included)
/// is an error.
pub fn parse_game(start: &Position, text: &str) -> Result<Vec<Move>, GameTextError> {
    let tokens = tokenize(text)?;
    let mut game = Game::new(*start);
    let mut result: Option<&str> = None;
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        i += 1;
        if let Some(result) = result {
            return Err(GameTextError::AfterResult {
                found: token.text.clone(),
                result: result.to_string(),
                line: token.line,
                column: token.column,
            });
        }
        if is_result(&token.text) {
            result = Some(&token.text);
            continue;
        }
        let pos = *game.position();
        let mut move_text: &str = &token.text;
        let mut column = token.column;
        if let Some((number, mut black, len)) = move_number(&token.text) {
            let number_text: String = token.text.chars().take(len).collect();
            let rest: String = token.text.chars().skip(len).collect();
            if rest.is_empty() {
                let mut found = number_text;
                if !black && tokens.get(i).is_some_and(|t| is_ellipsis(&t.text)) {
                    black = true;
                    found.push_str(" ...");
                    i += 1;
                }
                check_number(&pos, number, black, &found, token)?;
                continue;
            }
            check_number(&pos, number, black, &number_text, token)?;
            move_text = &token.text[token.text.len() - rest.len()..];
            column += len;
        } else if is_ellipsis(&token.text) {
            if pos.side_to_move() == Color::Black {
                continue;
            }
            return Err(GameTextError::MoveNumber {
                found: token.text.clone(),
                expected: format!("{}.", pos.fullmove()),
                line: token.line,
                column: token.column,
            });
        }
        let mut text = move_text.to_string();
        let chars: Vec<char> = move_text.chars().collect();
        if prefix_abbrev(&chars).is_some_and(|(_, n)| n == chars.len())
            && let Some(next) = tokens.get(i)
        {
            text.push(' ');
            text.push_str(&next.text);
            i += 1;
        }
        let fail = |error: BookError| GameTextError::Move {
            number: pos.fullmove(),
            side: pos.side_to_move(),
            text: text.clone(),
            line: token.line,
            column,
            error,
        };
        let status = crate::game::status(&game);
        if status.is_over() {
            return Err(fail(BookError::GameOver {
                text: text.clone(),
                status: status.to_string(),
            }));
        }
        let mv = parse_move(&pos, &text).map_err(fail)?;
        // Legal, and the game is not over (checked above).
        game.play_move(mv);
    }
    Ok(game.moves().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_read_both_scripts() {
        let chars = |s: &str| s.chars().collect::<Vec<char>>();
        assert_eq!(prefix_abbrev(&chars("Кт")), Some((PieceKind::Konnet, 2)));
        assert_eq!(prefix_abbrev(&chars("КТ")), Some((PieceKind::Konnet, 2)));
        assert_eq!(prefix_abbrev(&chars("Вк")), Some((PieceKind::VerKnecht, 2)));
        assert_eq!(prefix_abbrev(&chars("Kт")), Some((PieceKind::Konnet, 2)));
        assert_eq!(prefix_abbrev(&chars("C")), Some((PieceKind::Konnet, 1)));
        assert_eq!(prefix_abbrev(&chars("Kd1")), Some((PieceKind::King, 1)));
        assert_eq!(prefix_abbrev(&chars("e2")), None);
        assert_eq!(suffix_abbrev(&chars("c")), Some((PieceKind::Konnet, 1)));
    }

    #[test]
    fn move_numbers() {
        assert_eq!(move_number("1."), Some((1, false, 2)));
        assert_eq!(move_number("12.e2-e4"), Some((12, false, 3)));
        assert_eq!(move_number("3...e7-e5"), Some((3, true, 4)));
        assert_eq!(move_number("3…e7-e5"), Some((3, true, 2)));
        assert_eq!(move_number("1-0"), None);
        assert_eq!(move_number("e2-e4"), None);
    }

    #[test]
    fn tokens_skip_comments_and_count_columns() {
        let tokens = tokenize("1.e2-e4 {good\nmove} e7-e5\n 2.Кт").unwrap();
        let seen: Vec<(&str, usize, usize)> = tokens
            .iter()
            .map(|t| (t.text.as_str(), t.line, t.column))
            .collect();
        assert_eq!(seen, [("1.e2-e4", 1, 1), ("e7-e5", 2, 7), ("2.Кт", 3, 2)]);
        assert_eq!(
            tokenize("e2-e4 {oops").err(),
            Some(GameTextError::UnclosedComment { line: 1, column: 7 })
        );
    }
}
