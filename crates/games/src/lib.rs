//! # zonal-games
//!
//! Every game of zonal behind the tools' traits: [`zonal_analysis::GameDef`] for Прорыв,
//! Hnefatafl and Jungle (their names, starts, notation, records, pictures and weights), and
//! chess-t1's implementation of the play library's and the learning library's traits with its
//! player keys. The rules, notation and evaluation stay in the game crates.

pub mod bench_chess_t1;
pub mod bench_proryv;
pub mod chess_t1;
pub mod chess_t1_moves;
pub mod chess_t1_player;
pub mod hnefatafl;
pub mod jungle;
pub mod proryv;
#[cfg(test)]
mod tests;
