//! `--game jungle`: Dou Shou Qi on the generic commands ([`super::generic`]).

use super::generic::{CliGame, GameEnd};
use zonal_board::Side;
use zonal_core::guided::ZoneNarrowing;
use zonal_core::record::Record;
use zonal_core::{Limits, SearchResult, search_narrowed};
use zonal_jungle::geometry::{DEN, TRAPS, WATER, bit, sq};
use zonal_jungle::{End, Game, Move, Outcome, Position, posfile};

/// Jungle for the command line.
pub struct Jungle;

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

impl CliGame for Jungle {
    const ID: &'static str = "jungle";
    const NAME: &'static str = zonal_jungle::NAME;
    const STARTS: &'static [(&'static str, &'static str)] = &[("startpos", "the start")];
    const HORIZON: i32 = 5;
    type Position = Position;
    type Move = Move;
    type Rules = zonal_jungle::Jungle;
    type Game = Game;

    fn rules(_pos: &Position) -> zonal_jungle::Jungle {
        zonal_jungle::Jungle::default()
    }

    fn start(name: &str) -> Option<Position> {
        (name == "startpos").then(Position::startpos)
    }

    fn parse_position(text: &str) -> Result<Position, String> {
        text.parse()
            .map_err(|e: zonal_jungle::PositionError| e.to_string())
    }

    fn parse_file(text: &str, source: &str) -> Result<Vec<Record<Position>>, String> {
        posfile::parse_str(text, source).map_err(|e| e.to_string())
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn side(pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn side_name(pos: &Position) -> &'static str {
        side_word(pos.side_to_move())
    }

    fn outcome(pos: &Position) -> Option<String> {
        pos.outcome().map(|o: Outcome| o.to_string())
    }

    /// Rank 9 on top; `~` water, `#` a trap, `@` a den (when empty).
    fn diagram(pos: &Position) -> String {
        let mut out = String::new();
        for rank in (0..9u32).rev() {
            out.push_str(&format!("{}  ", rank + 1));
            for file in 0..7u32 {
                let s = sq(file, rank);
                let c = match pos.piece_at(s) {
                    Some((side, animal)) => animal.letter_of(side),
                    None if WATER & bit(s) != 0 => '~',
                    None if (TRAPS[0] | TRAPS[1]) & bit(s) != 0 => '#',
                    None if (DEN[0] | DEN[1]) & bit(s) != 0 => '@',
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   a b c d e f g\n");
        out.push_str("   '~' water, '#' a trap, '@' a den; upper case White, lower case Black");
        out
    }

    fn perft(pos: &Position, depth: u32) -> u64 {
        zonal_jungle::perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        zonal_jungle::divide(pos, depth)
    }

    fn new_game(start: Position) -> Game {
        Game::new(start)
    }

    fn play_text(game: &mut Game, text: &str) -> Result<(), String> {
        game.play(text).map(|_| ()).map_err(|e| e.to_string())
    }

    fn current(game: &Game) -> Position {
        *game.position()
    }

    fn record(game: &Game) -> Vec<String> {
        game.moves().iter().map(ToString::to_string).collect()
    }

    fn guided(
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        horizon: i32,
    ) -> Option<SearchResult<Move>> {
        let narrowing = ZoneNarrowing {
            game: &zonal_jungle::zones::Jungle,
            horizon,
            plies: usize::MAX,
        };
        Some(search_narrowed(
            &zonal_jungle::Jungle::default(),
            &narrowing,
            pos,
            history,
            limits,
        ))
    }

    fn end(game: &Game) -> Option<GameEnd> {
        game.end().map(|e| GameEnd {
            winner: match e {
                End::Won(o) => Some(o.winner()),
                End::Repetition | End::MoveLimit => None,
            },
            reason: match e {
                End::Won(Outcome::Den { .. }) => "den",
                End::Won(Outcome::NoPieces { .. }) => "no_pieces",
                End::Won(Outcome::NoMove { .. }) => "no_move",
                End::Repetition => "repetition",
                End::MoveLimit => "move_limit",
            }
            .to_string(),
            text: e.to_string(),
        })
    }
}
