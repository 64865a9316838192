//! `zonal play` for chess-t1: moves played from a position, the final position and its status.

use crate::json_text;
use ::chess_t1::game::Game;
use ::chess_t1::position::Position;
use ::chess_t1::square::Color;
use ::chess_t1::{book, posfile};
use serde::Serialize;

/// Plays a record's `moves`, then `moves` (coordinates), then `book_text` (book notation)
/// from `start`; the final position and its status as text or JSON.
pub fn play(
    start: Position,
    record: Option<&posfile::Record>,
    moves: &[String],
    book_text: Option<&str>,
    json: bool,
) -> Result<String, String> {
    let mut out = String::new();
    let mut game = Game::new(start);
    // A game record (`zonal match --out`) replays its `moves` first.
    if let Some(record) = record
        && let Some(list) = record.operands("moves")
    {
        let name = match record.id() {
            Some(id) => format!("record {id:?} (line {})", record.line),
            None => format!("the record of line {}", record.line),
        };
        for (i, text) in list.iter().enumerate() {
            game.play(text).map_err(|e| {
                format!(
                    "{name}: move {} of its moves ({text_short}): {e}",
                    i + 1,
                    text_short = ::chess_t1::excerpt::excerpt(text)
                )
            })?;
        }
    }
    for (i, text) in moves.iter().enumerate() {
        let pos = *game.position();
        let number = pos.fullmove();
        let side = pos.side_to_move();
        game.play(text)
            .map_err(|e| format!("move {} of the list ({side}'s move {number}): {e}", i + 1))?;
    }
    if let Some(text) = book_text {
        let from = *game.position();
        let played = book::parse_game(&from, text).map_err(|e| e.to_string())?;
        for mv in &played {
            game.play(&mv.uci()).map_err(|e| e.to_string())?;
        }
    }
    let pos = game.position();
    let status = ::chess_t1::game::status(&game);
    if json {
        #[derive(Serialize)]
        struct Checks {
            white: bool,
            black: bool,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            status: &'static str,
            reason: Option<&'static str>,
            in_check: Checks,
            moves_played: usize,
        }
        json_text(&Out {
            position: pos.to_string(),
            status: status.name(),
            reason: status.reason().map(|r| r.name()),
            in_check: Checks {
                white: pos.in_check(Color::White),
                black: pos.in_check(Color::Black),
            },
            moves_played: game.moves().len(),
        })
    } else {
        wline!(out, "{pos}");
        wput!(out, "{}", crate::chess_t1::report::diagram(pos.board()));
        wline!(out, "status: {status}");
        if let Some(result) = record.and_then(|r| r.operands("result")) {
            let reason = record
                .and_then(|r| r.operands("reason"))
                .unwrap_or_default();
            wline!(
                out,
                "recorded result: {} {}",
                result.join(" "),
                reason.join(" ")
            );
        }
        for color in Color::BOTH {
            if pos.in_check(color) {
                wline!(out, "{color} is in check");
            }
        }
        wline!(
            out,
            "moves played: {}{}",
            game.moves().len(),
            if game.moves().is_empty() {
                String::new()
            } else {
                format!(" ({})", book::write_game(game.start(), game.moves()))
            }
        );
        Ok(out)
    }
}
