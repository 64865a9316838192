//! # zonal-testkit
//!
//! The checks every game passes, written once over the traits the tools use (the play
//! library's [`PlayGame`] with the learning library's [`Learn`] for the legal moves), for the
//! tests of the repository (a dev-dependency only). A game runs all of them by calling
//! [`conformance`]; each returns what went wrong, naming the game, the position and the input.
//!
//! - [`random_games`]: random games from every start: each position's string reads back as the
//!   same position (same string, same repetition key), each legal move's notation plays it, a
//!   game that has not ended has a legal move, and text that is no move is refused;
//! - [`parsers_total`]: the position and move parsers on any text return (they never panic), and
//!   what they accept reads back;
//! - [`engine_answers`]: the engine protocol answers `go depth 2` from every start with a legal
//!   move;
//! - [`zones::incremental_equals_rebuild`]: along random games, the incremental projection
//!   equals one built from scratch;
//! - [`zones::narrowed_never_refuted`]: the zone-guided search never reports a win or loss the
//!   full-width search refutes;
//! - [`fuzz::fuzz_parsers`]: position strings, moves and position files from random text and
//!   from edits of valid input never panic, refuse with a message and read back.

pub mod fuzz;
pub mod zones;

use std::io::Cursor;
use zonal_core::rng::Rng;
use zonal_learn::Learn;
use zonal_play::PlayGame;
use zonal_play::session::{self, SharedBuffer};

/// What the checks went over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions checked.
    pub positions: usize,
    /// Moves played from their notation.
    pub moves: usize,
}

/// Every check of this kit for `G`, with `games` random games of at most `plies` plies each
/// from each start; `texts` are fed to the parsers.
pub fn conformance<G: Learn>(
    seed: u64,
    games: usize,
    plies: usize,
    texts: &[&str],
) -> Result<Tally, String> {
    let tally = random_games::<G>(seed, games, plies)?;
    parsers_total::<G>(texts)?;
    engine_answers::<G>()?;
    Ok(tally)
}

/// A start position of `G` by name, or what is wrong.
fn start<G: PlayGame>(name: &str) -> Result<G::Position, String> {
    G::start(name).ok_or_else(|| format!("{}: start {name:?} is listed but not known", G::NAME))
}

/// Random games from each start of `G` (see the crate's documentation).
pub fn random_games<G: Learn>(seed: u64, games: usize, plies: usize) -> Result<Tally, String> {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for name in G::starts() {
        for _ in 0..games {
            let mut game = G::new_game(start::<G>(name)?);
            for _ in 0..plies {
                let pos = G::current(&game);
                tally.positions += 1;
                check_position::<G>(&pos)?;
                let moves = G::legal_moves(&pos);
                let over = G::end(&game).is_some();
                if over {
                    break;
                }
                if moves.is_empty() {
                    return Err(format!(
                        "{}: {pos}: no legal move, yet the game has not ended",
                        G::NAME
                    ));
                }
                for mv in &moves {
                    let mut copy = game.clone();
                    G::play_text(&mut copy, &mv.to_string()).map_err(|e| {
                        format!("{}: {pos}: the legal move {mv} does not play: {e}", G::NAME)
                    })?;
                    tally.moves += 1;
                }
                let mut copy = game.clone();
                if G::play_text(&mut copy, "no-such-move").is_ok() {
                    return Err(format!("{}: {pos}: \"no-such-move\" was played", G::NAME));
                }
                let mv = moves[rng.below(moves.len())];
                G::play_text(&mut game, &mv.to_string())
                    .map_err(|e| format!("{}: {pos}: {mv}: {e}", G::NAME))?;
            }
        }
    }
    Ok(tally)
}

/// A position's string reads back as the same position.
fn check_position<G: PlayGame>(pos: &G::Position) -> Result<(), String> {
    let text = pos.to_string();
    let again = G::parse_position(&text)
        .map_err(|e| format!("{}: {text}: its own string is refused: {e}", G::NAME))?;
    if again.to_string() != text || G::key(&again) != G::key(pos) {
        return Err(format!(
            "{}: {text} reads back as {again} (key {} for {})",
            G::NAME,
            G::key(&again),
            G::key(pos)
        ));
    }
    Ok(())
}

/// The parsers of `G` on `texts` and on every prefix and one-character change of each start's
/// string: they return, and an accepted position reads back as itself.
pub fn parsers_total<G: Learn>(texts: &[&str]) -> Result<(), String> {
    let mut inputs: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    for name in G::starts() {
        let text = start::<G>(name)?.to_string();
        let chars: Vec<char> = text.chars().collect();
        for i in 0..=chars.len() {
            inputs.push(chars[..i].iter().collect());
            for c in ['0', '9', '/', ' ', 'x', '-'] {
                let mut changed = chars.clone();
                if i < changed.len() {
                    changed[i] = c;
                    inputs.push(changed.into_iter().collect());
                }
            }
        }
    }
    let start = start::<G>(G::starts().first().copied().unwrap_or("startpos"))?;
    for input in &inputs {
        if let Ok(pos) = G::parse_position(input) {
            check_position::<G>(&pos)?;
        }
        let mut game = G::new_game(start.clone());
        let legal: Vec<String> = G::legal_moves(&start)
            .iter()
            .flat_map(|m| G::move_texts(&start, m))
            .collect();
        if G::play_text(&mut game, input).is_ok() && !legal.contains(input) {
            return Err(format!(
                "{}: {input:?} was played from the start, and it is no legal move's notation",
                G::NAME
            ));
        }
    }
    Ok(())
}

/// The engine protocol from each start: `go depth 2` answers with a legal move.
pub fn engine_answers<G: Learn>() -> Result<(), String> {
    for name in G::starts() {
        let pos = start::<G>(name)?;
        let legal: Vec<String> = G::legal_moves(&pos)
            .iter()
            .map(ToString::to_string)
            .collect();
        if legal.is_empty() {
            continue;
        }
        let input = format!("uci\nisready\nposition fen {pos}\ngo depth 2\n");
        let out = SharedBuffer::default();
        session::run::<G, _, _>(Cursor::new(input.into_bytes()), out.clone())
            .map_err(|e| format!("{}: the session failed: {e}", G::NAME))?;
        let text = String::from_utf8_lossy(&out.contents()).to_string();
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .map(|b| b.split_whitespace().next().unwrap_or("").to_string());
        match best {
            Some(b) if legal.contains(&b) => {}
            other => {
                return Err(format!(
                    "{}: {pos}: go depth 2 answered {other:?}, not a legal move; the session said:\n{text}",
                    G::NAME
                ));
            }
        }
    }
    Ok(())
}
