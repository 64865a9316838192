//! A game in progress, written once for every game: the start, the moves played, the occurrences
//! of each position (for repetition) and the end. What ends a game is the game's own rule
//! ([`GameRules::end_after`]); the bookkeeping is here.

use std::collections::HashMap;
use std::fmt::Display;
use std::hash::Hash;

/// What a game's record asks of its rules.
pub trait GameRules {
    /// A position.
    type Position: Copy;
    /// A move (a ply).
    type Move: Copy;
    /// What two positions share when they count as the same for repetition.
    type Key: Eq + Hash + Clone + std::fmt::Debug;
    /// How a game ended.
    type End: Copy + Display + std::fmt::Debug;
    /// Why a move was refused.
    type Error;

    /// The position's repetition key.
    fn key(pos: &Self::Position) -> Self::Key;
    /// The end a start position shows by itself (counters of a loaded string end nothing).
    fn end_at_start(pos: &Self::Position) -> Option<Self::End>;
    /// The end after a move reached `pos`, its `occurrences`-th time in the game.
    fn end_after(pos: &Self::Position, occurrences: u32) -> Option<Self::End>;
    /// The legal move written `text` in `pos`.
    fn parse(pos: &Self::Position, text: &str) -> Result<Self::Move, Self::Error>;
    /// The position after the legal move `mv`.
    fn play(pos: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// The refusal of `text` after the game ended with `end`.
    fn game_over(text: &str, end: Self::End) -> Self::Error;
}

/// A win as a game's position shows it, for [`End`]: its result and the quiet-ply rule that
/// draws the game otherwise.
pub trait Won: Copy + Display {
    /// Plies without an irreversible move after which the game is drawn.
    const QUIET_LIMIT: u32;
    /// What the quiet plies are without (`a capture`), as the draw's text says it.
    const QUIET_WITHOUT: &'static str;
    /// `1-0` or `0-1`.
    fn result(self) -> &'static str;
}

/// How a game ended where the position decides the wins and the history the draws (a race to
/// a square, say): won as the position shows, drawn by the third occurrence of a position, or
/// drawn after [`Won::QUIET_LIMIT`] quiet plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End<O> {
    /// Won: the position shows it.
    Won(O),
    /// Drawn: the same position for the third time.
    Repetition,
    /// Drawn: [`Won::QUIET_LIMIT`] plies without an irreversible move.
    QuietPlies,
}

impl<O: Won> End<O> {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            End::Won(o) => o.result(),
            End::Repetition | End::QuietPlies => "1/2-1/2",
        }
    }

    /// The end after a move reached a position that shows `won` (or nothing), its
    /// `occurrences`-th time, after `quiet` quiet plies: the win first, then the repetition,
    /// then the quiet plies.
    pub fn after(won: Option<O>, occurrences: u32, quiet: u32) -> Option<End<O>> {
        match won {
            Some(o) => Some(End::Won(o)),
            None if occurrences >= 3 => Some(End::Repetition),
            None if quiet >= O::QUIET_LIMIT => Some(End::QuietPlies),
            None => None,
        }
    }
}

impl<O: Won> Display for End<O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Won(o) => write!(f, "{o}"),
            End::Repetition => f.write_str("1/2-1/2 (third repetition)"),
            End::QuietPlies => write!(
                f,
                "1/2-1/2 ({} plies without {})",
                O::QUIET_LIMIT,
                O::QUIET_WITHOUT
            ),
        }
    }
}

/// A game in progress.
pub struct Game<R: GameRules> {
    start: R::Position,
    position: R::Position,
    moves: Vec<R::Move>,
    /// Occurrences of each position (by its key) since the start.
    seen: HashMap<R::Key, u32>,
    end: Option<R::End>,
}

impl<R: GameRules> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            start: self.start,
            position: self.position,
            moves: self.moves.clone(),
            seen: self.seen.clone(),
            end: self.end,
        }
    }
}

impl<R: GameRules> std::fmt::Debug for Game<R>
where
    R::Move: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("moves", &self.moves)
            .field("end", &self.end)
            .finish_non_exhaustive()
    }
}

impl<R: GameRules> Game<R> {
    /// A game from `start` (its first occurrence counts for repetition).
    pub fn new(start: R::Position) -> Self {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            seen: HashMap::from([(R::key(&start), 1)]),
            end: R::end_at_start(&start),
        }
    }

    /// The start position.
    pub fn start(&self) -> &R::Position {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<R::End> {
        self.end
    }

    /// How many times the current position has occurred.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&R::key(&self.position)).copied().unwrap_or(0)
    }

    /// Plays the move written `text`; refused after the end of the game or if it is not legal.
    pub fn play(&mut self, text: &str) -> Result<R::Move, R::Error> {
        if let Some(end) = self.end {
            return Err(R::game_over(text, end));
        }
        let mv = R::parse(&self.position, text)?;
        self.play_move(mv);
        Ok(mv)
    }

    /// Plays the legal move `mv` of the current position and decides the end.
    ///
    /// # Panics
    /// If the game is over (a caller checks [`Game::end`] first).
    pub fn play_move(&mut self, mv: R::Move) {
        assert!(self.end.is_none(), "the game is over");
        self.position = R::play(&self.position, &mv);
        self.moves.push(mv);
        let count = self.seen.entry(R::key(&self.position)).or_insert(0);
        *count += 1;
        self.end = R::end_after(&self.position, *count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter game: a move adds 1 or 2; reaching 10 wins, and the position is the value
    /// modulo 4 for repetition.
    struct Counter;

    impl GameRules for Counter {
        type Position = u32;
        type Move = u32;
        type Key = u32;
        type End = &'static str;
        type Error = String;
        fn key(pos: &u32) -> u32 {
            pos % 4
        }
        fn end_at_start(pos: &u32) -> Option<&'static str> {
            (*pos >= 10).then_some("won")
        }
        fn end_after(pos: &u32, occurrences: u32) -> Option<&'static str> {
            Self::end_at_start(pos).or((occurrences >= 3).then_some("repetition"))
        }
        fn parse(_: &u32, text: &str) -> Result<u32, String> {
            match text {
                "1" => Ok(1),
                "2" => Ok(2),
                _ => Err(format!("not a move: {text}")),
            }
        }
        fn play(pos: &u32, mv: &u32) -> u32 {
            pos + mv
        }
        fn game_over(text: &str, end: &'static str) -> String {
            format!("{text}: the game is over: {end}")
        }
    }

    #[test]
    fn the_record_counts_repetitions_and_refuses_moves_after_the_end() {
        let mut game = Game::<Counter>::new(0);
        assert_eq!(game.play("2"), Ok(2));
        assert_eq!(game.play("2"), Ok(2));
        assert_eq!(game.occurrences(), 2, "0 and 4 share a key");
        assert_eq!(game.end(), None);
        assert_eq!(game.play("3"), Err("not a move: 3".to_string()));
        game.play("2").unwrap();
        assert_eq!((game.occurrences(), game.end()), (2, None));
        game.play("2").unwrap();
        assert_eq!((*game.position(), game.end()), (8, Some("repetition")));
        assert_eq!(
            game.play("1"),
            Err("1: the game is over: repetition".into())
        );
        assert_eq!((game.moves(), *game.start()), (&[2, 2, 2, 2][..], 0));
        assert_eq!(Game::<Counter>::new(12).end(), Some("won"));
    }
}
