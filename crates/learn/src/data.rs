//! The data of a fit: one line a position, so that a file is read, appended to and checked
//! with the usual tools, and the features are computed when fitting (a new feature needs no
//! new games).
//!
//! ```text
//! # zonal datagen: game hnefatafl, nodes 5000, random plies 8, seed 1
//! W 35 17 <position string>
//! # end 17 W
//! ```
//!
//! A sample line is `RESULT SCORE GAME POSITION`: the game's result for White (`W` White won,
//! `B` Black won, `D` a draw), the search's score for White in cp (`-` if none, as in people's
//! games), the game's number (held-out games and bootstrap samples are drawn by game), and the
//! position string of the game's notation (the rest of the line). `# end N R` closes game N
//! (datagen resumes after the last closed game); other `#` lines are comments.

use std::fmt;

/// A game's result for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won.
    White,
    /// Black won.
    Black,
    /// A draw.
    Draw,
}

impl GameResult {
    /// White's points in halves (2, 1, 0).
    pub fn white_halves(self) -> u8 {
        match self {
            GameResult::White => 2,
            GameResult::Draw => 1,
            GameResult::Black => 0,
        }
    }

    /// The outcome of White's points in halves.
    pub fn of_halves(halves: u8) -> GameResult {
        match halves {
            2.. => GameResult::White,
            1 => GameResult::Draw,
            0 => GameResult::Black,
        }
    }

    fn letter(self) -> char {
        match self {
            GameResult::White => 'W',
            GameResult::Black => 'B',
            GameResult::Draw => 'D',
        }
    }

    fn of_word(word: &str) -> Option<GameResult> {
        match word {
            "W" => Some(GameResult::White),
            "B" => Some(GameResult::Black),
            "D" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// One position of a game, with the game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The game's result.
    pub outcome: GameResult,
    /// The search's score for White, cp, if the position was searched.
    pub score: Option<i32>,
    /// The game's number.
    pub game: u64,
    /// The position string.
    pub position: String,
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.outcome.letter())?;
        match self.score {
            Some(s) => write!(f, "{s}")?,
            None => write!(f, "-")?,
        }
        write!(f, " {} {}", self.game, self.position)
    }
}

/// A line of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A position.
    Sample(Sample),
    /// The end of game N.
    End(u64, GameResult),
    /// A comment or an empty line.
    Comment,
}

/// What is wrong with a line of a data file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {what}")]
pub struct DataError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the word at fault.
    pub column: usize,
    /// What is wrong.
    pub what: String,
}

/// The end line of game `game`.
pub fn end_line(game: u64, outcome: GameResult) -> String {
    format!("# end {game} {}", outcome.letter())
}

/// Longest line read (a position string is far shorter).
pub const MAX_LINE: usize = 4096;

/// Reads line `number` (1-based, for errors) of a data file.
pub fn parse_line(text: &str, number: usize) -> Result<Line, DataError> {
    let bad = |column: usize, what: String| DataError {
        line: number,
        column,
        what,
    };
    if text.len() > MAX_LINE {
        return Err(bad(
            1,
            format!("a line of {} bytes (at most {MAX_LINE})", text.len()),
        ));
    }
    let trimmed = text.trim_end();
    if let Some(rest) = trimmed.strip_prefix("# end ") {
        let mut words = rest.split_whitespace();
        let game = words.next().and_then(|w| w.parse::<u64>().ok());
        let outcome = words.next().and_then(GameResult::of_word);
        return match (game, outcome, words.next()) {
            (Some(g), Some(o), None) => Ok(Line::End(g, o)),
            _ => Err(bad(3, "expected `# end GAME W|B|D`".into())),
        };
    }
    if trimmed.trim_start().is_empty() || trimmed.trim_start().starts_with('#') {
        return Ok(Line::Comment);
    }
    // RESULT SCORE GAME POSITION: find the three words and their columns.
    let mut words = Vec::with_capacity(3);
    let mut rest = trimmed;
    let mut at = 0;
    for _ in 0..3 {
        let skip = rest.len() - rest.trim_start().len();
        at += skip;
        rest = &rest[skip..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        words.push((at + 1, &rest[..len]));
        at += len;
        rest = &rest[len..];
    }
    let position = rest.trim();
    let (c, w) = words[0];
    let outcome = GameResult::of_word(w).ok_or_else(|| {
        bad(
            c,
            format!("result {w:?}: expected W, B or D (the game's result for White)"),
        )
    })?;
    let (c, w) = words[1];
    let score = match w {
        "-" => None,
        _ => Some(
            w.parse::<i32>()
                .ok()
                .filter(|s| s.abs() <= 1_000_000)
                .ok_or_else(|| bad(c, format!("score {w:?}: expected cp for White or -")))?,
        ),
    };
    let (c, w) = words[2];
    let game = w
        .parse::<u64>()
        .map_err(|_| bad(c, format!("game {w:?}: expected the game's number")))?;
    if position.is_empty() {
        return Err(bad(
            trimmed.len() + 1,
            "no position after the game's number".into(),
        ));
    }
    Ok(Line::Sample(Sample {
        outcome,
        score,
        game,
        position: position.to_string(),
    }))
}

/// Every sample of a data file's text (`source` names it in errors).
pub fn read_samples(text: &str, source: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line, i + 1).map_err(|e| format!("{source}:{e}"))? {
            Line::Sample(s) => out.push(s),
            Line::End(..) | Line::Comment => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let samples = [
            Sample {
                outcome: GameResult::White,
                score: Some(-35),
                game: 17,
                position: "11/11/3a7 d copenhagen".into(),
            },
            Sample {
                outcome: GameResult::Draw,
                score: None,
                game: 0,
                position: "x".into(),
            },
        ];
        for s in samples {
            assert_eq!(parse_line(&s.to_string(), 1), Ok(Line::Sample(s.clone())));
        }
        assert_eq!(
            parse_line(&end_line(9, GameResult::Black), 3),
            Ok(Line::End(9, GameResult::Black))
        );
        assert_eq!(parse_line("# datagen", 1), Ok(Line::Comment));
    }

    #[test]
    fn bad_lines_name_the_column() {
        let e = parse_line("W 12x 3 pos", 4).unwrap_err();
        assert_eq!((e.line, e.column), (4, 3));
        let e = parse_line("X 1 3 pos", 1).unwrap_err();
        assert_eq!(e.column, 1);
        let e = parse_line("W 1 three pos", 1).unwrap_err();
        assert_eq!(e.column, 5);
        let e = parse_line("W 1 3", 1).unwrap_err();
        assert!(e.what.contains("no position"), "{e}");
        assert!(parse_line("# end 3", 1).is_err());
        assert!(parse_line(&"W".repeat(MAX_LINE + 1), 1).is_err());
    }
}
