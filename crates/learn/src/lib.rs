//! # zonal-learn
//!
//! Evaluations learned from games, written once over [`Learn`] for every game of zonal:
//! [`datagen`] plays the engine against itself from varied openings at a fixed node count and
//! keeps each quiet position with the game's result and the search's score ([`data`]: one
//! line a position, documented there); [`fit`] fits the weights of the game's named
//! evaluation features to those results, Texel's way (the mean squared error between the
//! result and a logistic curve of the evaluation), with held-out games and bootstrap
//! intervals. It names no game.
//!
//! The fit works in floating point (it runs offline, once); what it writes, and what the
//! games evaluate with, are whole centipawns.

#![warn(missing_docs)]

pub mod data;
pub mod datagen;
pub mod fit;
pub mod net;

use zonal_play::PlayGame;

/// What learning an evaluation needs of a game beyond playing it: its evaluation as named
/// integer features with a weight each, and a source of varied, quiet positions.
pub trait Learn: PlayGame {
    /// The features' names, in the order of [`Learn::features`].
    fn feature_names() -> &'static [&'static str];
    /// The features of `pos` for White (the first side); the evaluation for White is their
    /// weighted sum, cp.
    fn features(pos: &Self::Position) -> Vec<i32>;
    /// The variant of `pos` (a ruleset or board size with its own weights; the game's ID if it
    /// has one only).
    fn variant(pos: &Self::Position) -> &'static str;
    /// The hand-set evaluation of `variant` as weights of [`Learn::feature_names`] (the fit's
    /// starting point and its comparison).
    fn hand_weights(variant: &str) -> Vec<i32>;
    /// The legal moves of `pos` (the random plies of openings).
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// Whether `pos` is quiet enough for its evaluation to be fitted (no capture or game end
    /// pending that the static evaluation cannot see).
    fn quiet(pos: &Self::Position) -> bool;
    /// People's game records of the game's own record format, as start positions, the moves
    /// played (as move text) and the result for White (`Some(true)`: White won, `None`: a
    /// draw); unfinished records are left out. `Err` names the line and what is wrong.
    fn read_records(text: &str) -> Result<Vec<Record<Self>>, String> {
        let _ = text;
        Err(format!("{}: no record reader for this game", Self::NAME))
    }
}

/// A game of people's records ([`Learn::read_records`]).
pub struct Record<G: PlayGame> {
    /// Where it starts.
    pub start: G::Position,
    /// The moves, as [`PlayGame::play_text`] takes them.
    pub moves: Vec<String>,
    /// Points for White in halves: 2 won, 1 drawn, 0 lost.
    pub white_halves: u8,
}
