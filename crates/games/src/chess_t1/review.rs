//! `zonal review` for chess-t1: the game replayed, each position searched by chess-t1's
//! default player (all at once on the cores rayon has), and judged by the one review
//! ([`zonal_analysis::review::judge`]); the reasons of an error are chess-t1's (the zones of its
//! force projection the played and the better move serve, [`chess_t1::analysis::Reasons`]).

use crate::chess_t1::player::{ChessConfig, Player};
use ::chess_t1::Game;
use ::chess_t1::analysis::{AnalysisConfig, Reasons};
use ::chess_t1::game::status;
use ::chess_t1::position::{Position, Status};
use ::chess_t1::square::Color;
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use zonal_analysis::review::{GameSearched, Review, Searched, judge};
use zonal_core::Limits;

/// Reviews the game of `moves` (coordinate moves) from `start`, each position searched within
/// `limits`; the reasons name the zones at `horizon`; `progress` is called once a position is
/// done. Refuses a move that is not legal, naming it.
pub fn review(
    start: Position,
    moves: &[String],
    limits: &Limits,
    horizon: i32,
    progress: &(dyn Fn() + Sync),
) -> Result<Review, String> {
    let mut game = Game::new(start);
    let mut positions = vec![start];
    let mut records = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let before = *game.position();
        let mv = game
            .play(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        records.push(::chess_t1::book::write_move(&before, &mv));
        positions.push(*game.position());
    }
    let played = game.moves().to_vec();
    let end = match status(&game) {
        Status::Ongoing => None,
        s @ Status::Won { winner, .. } => Some((Some(winner == Color::White), s.to_string())),
        s @ Status::Drawn { .. } => Some((None, s.to_string())),
    };
    // The repetition keys of the positions before each one (the search's draws by repetition).
    let keys: Vec<u64> = positions.iter().map(Position::repetition_key).collect();
    let last = positions.len() - 1;
    let searched: Vec<Option<Searched<_>>> = (0..positions.len())
        .into_par_iter()
        .map(|i| {
            if i == last && end.is_some() {
                progress();
                return None;
            }
            let mut player = Player::new(ChessConfig::default());
            let r = player.search(
                &positions[i],
                &keys[..i],
                limits,
                None,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            progress();
            Some(Searched {
                score: r.score_cp,
                best: r.best,
                depth: r.depth,
            })
        })
        .collect();
    let game = GameSearched {
        game: "chess-t1",
        start: start.to_string(),
        sides: ["white", "black"],
        first_to_move: positions
            .iter()
            .map(|p| p.side_to_move() == Color::White)
            .collect(),
        searched,
        played,
        records,
        end,
    };
    let material = AnalysisConfig::default().material;
    Ok(judge(
        game,
        limits,
        horizon,
        |i, mv, best, mv_score, best_score| {
            let reasons = Reasons::of(&positions[i], horizon, material);
            format!(
                "{mv}: {}; better {best}: {}",
                reasons.explain(&mv, &[], mv_score, true),
                reasons.explain(&best, &[], best_score, true)
            )
        },
    ))
}
