//! `zonal force` for chess-t1: the force sums on every square.

use crate::chess_t1::report::units;
use crate::json_text;
use chess_t1::force::ForceMap;
use chess_t1::position::Position;
use chess_t1::square::{Color, Square};
use serde::Serialize;

/// The force sums of every square (`raw`: before the effective rule), as text or JSON.
pub fn force(pos: &Position, raw: bool, json: bool) -> Result<String, String> {
    let mut out = String::new();
    let board = pos.board();
    let map = ForceMap::new(board);
    if json {
        #[derive(Serialize)]
        struct SquareJson {
            white: i32,
            black: i32,
            white_effective: i32,
            black_effective: i32,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            unit: &'static str,
            squares: std::collections::BTreeMap<String, SquareJson>,
        }
        let squares = Square::all()
            .map(|sq| {
                (
                    sq.to_string(),
                    SquareJson {
                        white: map.raw(Color::White, sq),
                        black: map.raw(Color::Black, sq),
                        white_effective: map.effective(board, Color::White, sq),
                        black_effective: map.effective(board, Color::Black, sq),
                    },
                )
            })
            .collect();
        return json_text(&Out {
            position: pos.to_string(),
            unit: "half",
            squares,
        });
    }
    let sum = |color, sq| {
        if raw {
            map.raw(color, sq)
        } else {
            map.effective(board, color, sq)
        }
    };
    wline!(
        out,
        "{} force White:Black in units ({} to move); * = superiority of the side to move",
        if raw { "Raw" } else { "Effective" },
        pos.side_to_move()
    );
    wput!(out, "  ");
    for file in 'a'..='h' {
        wput!(out, " {file:<9}");
    }
    out.push('\n');
    for rank in (0..8).rev() {
        wput!(out, "{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on board");
            let piece = pos.piece_at(sq).map_or(' ', |p| p.char());
            let (w, b) = (sum(Color::White, sq), sum(Color::Black, sq));
            let mine = if pos.side_to_move() == Color::White {
                w > b
            } else {
                b > w
            };
            let mark = if mine { "*" } else { "" };
            let cell = if w == 0 && b == 0 {
                format!("{piece} ·")
            } else {
                format!("{piece} {}:{}{mark}", units(w), units(b))
            };
            wput!(out, " {cell:<9}");
        }
        out.push('\n');
    }
    Ok(out)
}
