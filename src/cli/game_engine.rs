//! `zonal engine --game hnefatafl|jungle|proryv`: the engine protocol of chess-t1
//! ([`chess_t1::protocol`], README "Engine protocol") for the games played on the core's search,
//! written once over [`EngineGame`]; and the external players of `zonal match --game G
//! --cmd1/--cmd2`, which speak the same protocol.
//!
//! The dialect is chess-t1's with the game's own positions and moves:
//!
//! - `position startpos|<start name>|fen <position string> [moves <move> ...]`: a start by name
//!   (Hnefatafl: `startpos`, `copenhagen`, `seed11`, `seed9`), or the game's position string;
//!   moves in the game's notation (Hnefatafl also in its record form, `e1-e3xe2`);
//! - `go [depth N] [movetime MS] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N]
//!   [infinite]`: `wtime`/`winc` are the clock of White (Hnefatafl: the defenders), `btime`/`binc`
//!   of Black (the attackers); a clock becomes a soft and a hard time limit
//!   ([`zonal_core::clock_budget`]);
//! - `setoption name Mode value zones|full` (zone-guided by default) and `setoption name Horizon
//!   value N` (1-12; the game's default horizon otherwise);
//! - `info depth D score cp N|mate N nodes N nps N time MS pv ...` after each iteration, then
//!   `bestmove <move>`, or `bestmove 0000` when the game is over.
//!
//! The game's positions since its last irreversible move go into the search as its history, so
//! the search sees repetitions. Bad input is answered with `info string error: ...` and leaves
//! the engine as it was; the end of the input ends the session (an infinite search is stopped,
//! one with limits finishes); a closed output ends it quietly.

use super::generic::CliGame;
use chess_t1::excerpt::excerpt;
use std::fmt::{Debug, Display};
use std::marker::PhantomData;
use zonal_core::guided::{MoveSquares, ZoneNarrowing};
use zonal_core::zone::ZoneGame;
use zonal_core::{
    Control, Engine, FullWidth, Limits, Rules, SearchResult, Techniques, WIN, WIN_BOUND,
};

/// What the engine protocol needs of a game.
pub trait EngineGame: 'static {
    /// The zones' horizon in half-moves before `setoption name Horizon`.
    const HORIZON: i32;
    /// A position.
    type Position: Copy + Display + Send + Sync + 'static;
    /// A move; its `Display` is the notation `bestmove` and `pv` use.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// The search's rules.
    type Rules: MoveSquares<Position = Self::Position, Move = Self::Move>;
    /// The zone builder of the zone-guided search.
    type Zones: ZoneGame<Position = Self::Position> + Default;
    /// A game in progress, with what its draw rules need.
    type Game: Clone + Send + 'static;

    /// The start positions `position` takes by name (`startpos` first).
    fn starts() -> Vec<&'static str>;
    /// The search's rules for positions like `pos`.
    fn rules(pos: &Self::Position) -> Self::Rules;
    /// The start position a name of [`EngineGame::STARTS`] gives.
    fn start(name: &str) -> Option<Self::Position>;
    /// A position string.
    fn parse_position(text: &str) -> Result<Self::Position, String>;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> Self::Game;
    /// Plays a move given as text in `game`.
    fn play_text(game: &mut Self::Game, text: &str) -> Result<(), String>;
    /// The game's current position.
    fn current(game: &Self::Game) -> Self::Position;
    /// How the game ended, in words, if it did.
    fn end(game: &Self::Game) -> Option<String>;
    /// What stands on `sq` (`attacker`, `lion`), for reasons.
    fn piece_name(pos: &Self::Position, sq: u32) -> String;
    /// The evaluation's terms for the side to move, cp, named.
    fn eval_terms(pos: &Self::Position) -> Vec<(&'static str, i32)>;
}

/// A game of the generic commands ([`CliGame`]), with its zone builder, for the protocol.
pub struct Zoned<G>(PhantomData<G>);

impl<G> EngineGame for Zoned<G>
where
    G: CliGame + 'static,
    G::Game: 'static,
    G::Zones: Default + 'static,
{
    const HORIZON: i32 = G::HORIZON;
    type Position = G::Position;
    type Move = G::Move;
    type Rules = G::Rules;
    type Zones = G::Zones;
    type Game = G::Game;

    fn starts() -> Vec<&'static str> {
        G::STARTS.iter().map(|s| s.0).collect()
    }
    fn rules(pos: &G::Position) -> G::Rules {
        G::rules(pos)
    }
    fn start(name: &str) -> Option<G::Position> {
        G::start(name)
    }
    fn parse_position(text: &str) -> Result<G::Position, String> {
        G::parse_position(text)
    }
    fn new_game(start: G::Position) -> G::Game {
        G::new_game(start)
    }
    fn play_text(game: &mut G::Game, text: &str) -> Result<(), String> {
        G::play_text(game, text)
    }
    fn current(game: &G::Game) -> G::Position {
        G::current(game)
    }
    fn end(game: &G::Game) -> Option<String> {
        G::end(game).map(|e| e.text)
    }
    fn piece_name(pos: &G::Position, sq: u32) -> String {
        G::piece_name(pos, sq)
    }
    fn eval_terms(pos: &G::Position) -> Vec<(&'static str, i32)> {
        G::eval_terms(pos)
    }
}

/// How a command, a player or the protocol searches: the engine's techniques, and zone-guided
/// (the projection at `horizon`, at nodes fewer than `plies` from the root) unless `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searching {
    /// The engine's techniques ([`Techniques::ENGINE`] by default; [`Techniques::PLAIN`] is the
    /// plain alpha-beta of the figures before the one engine).
    pub techniques: Techniques,
    /// Every move alike (no zones).
    pub full: bool,
    /// The zones' horizon, half-moves.
    pub horizon: i32,
    /// Nodes this many plies from the root and deeper search every move.
    pub plies: usize,
}

impl Searching {
    /// The engine for a game whose zones look `horizon` half-moves ahead: zone-guided (what
    /// `search`, `analyse` and the analysis board use, the zones explaining the advice).
    pub fn engine(horizon: i32) -> Searching {
        Searching {
            techniques: Techniques::ENGINE,
            full: false,
            horizon,
            plies: usize::MAX,
        }
    }

    /// The search of `pos` (the game's positions since its last irreversible move in
    /// `history`) within `limits`, under `control`.
    pub fn run<G: EngineGame>(
        &self,
        rules: &G::Rules,
        pos: &G::Position,
        history: &[u64],
        limits: &Limits,
        control: &Control<'_, G::Move>,
    ) -> SearchResult<G::Move> {
        let mut engine = Engine::new(self.techniques);
        if self.full {
            return engine.search(rules, &FullWidth, pos, history, limits, control);
        }
        let zones = G::Zones::default();
        let narrowing = ZoneNarrowing {
            game: &zones,
            horizon: self.horizon,
            plies: self.plies,
        };
        engine.search_narrowed(rules, &narrowing, pos, history, limits, control)
    }
}

/// The engine's search of `pos` as `searching` says.
pub(crate) fn engine_search<G: EngineGame>(
    pos: &G::Position,
    history: &[u64],
    limits: &Limits,
    searching: &Searching,
    control: &Control<'_, G::Move>,
) -> SearchResult<G::Move> {
    searching.run::<G>(&G::rules(pos), pos, history, limits, control)
}

/// A score as the protocol writes it: `cp N`, or `mate N` (the side to move wins with its N-th
/// move; negative: it loses after N moves of the other side).
pub fn protocol_score(score: i32) -> String {
    if score > WIN_BOUND {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score < -WIN_BOUND {
        format!("mate -{}", (WIN + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// Reads the arguments of `position`: the game they set up and the keys of its positions
/// before the current one since the last irreversible move.
pub fn parse_position<G: EngineGame>(args: &[&str]) -> Result<(G::Game, Vec<u64>), String> {
    let (setup, moves) = match args.iter().position(|t| *t == "moves") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let names = G::starts();
    let expected = || format!("expected fen or a start ({})", names.join(", "));
    let start = match setup.split_first() {
        Some((&"fen", [])) => return Err("fen needs a position string".into()),
        Some((&"fen", fields)) => {
            let text = fields.join(" ");
            G::parse_position(&text)
                .map_err(|e| format!("bad position string {:?}: {e}", excerpt(&text)))?
        }
        Some((name, extra)) => {
            let start = G::start(name)
                .ok_or_else(|| format!("{}, found {:?}", expected(), excerpt(name)))?;
            if !extra.is_empty() {
                return Err(format!(
                    "unexpected {:?} after {name} (expected `moves` or the end)",
                    excerpt(&extra.join(" "))
                ));
            }
            start
        }
        None => return Err(expected()),
    };
    let mut game = G::new_game(start);
    let mut history = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = G::end(&game) {
            return Err(format!(
                "move {} ({}): the game is over: {end}",
                i + 1,
                excerpt(text)
            ));
        }
        let before = G::current(&game);
        G::play_text(&mut game, text)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, excerpt(text)))?;
        let after = G::current(&game);
        if irreversible::<G>(&before, &after) {
            history.clear();
        } else {
            history.push(G::rules(&before).key(&before));
        }
    }
    Ok((game, history))
}

/// Whether the move that led from `before` to `after` cannot be undone (by the rules' own
/// judgement of the legal move that leads there).
fn irreversible<G: EngineGame>(before: &G::Position, after: &G::Position) -> bool {
    let rules = G::rules(before);
    let target = rules.key(after);
    let mut moves = Vec::new();
    rules.moves(before, &mut moves);
    moves.into_iter().any(|mv| {
        let next = rules.play(before, mv);
        rules.key(&next) == target && rules.irreversible(before, mv, &next)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_in_protocol_form() {
        assert_eq!(protocol_score(35), "cp 35");
        assert_eq!(protocol_score(-120), "cp -120");
        assert_eq!(protocol_score(WIN - 1), "mate 1");
        assert_eq!(protocol_score(WIN - 3), "mate 2");
        assert_eq!(protocol_score(-(WIN - 2)), "mate -1");
        assert_eq!(protocol_score(-(WIN - 4)), "mate -2");
    }
}
