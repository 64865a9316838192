//! `zonal distance` for chess-t1: a piece's distance map.

use super::Subject;
use crate::json_text;
use chess_t1::distance::distance_map;
use chess_t1::position::Position;
use chess_t1::rules::ChessT1;
use chess_t1::square::Square;
use serde::Serialize;

/// The distance map of `subject`, as text or JSON.
pub fn distance(pos: &Position, subject: &Subject, json: bool) -> Result<String, String> {
    let mut out = String::new();
    let map = distance_map(&ChessT1, subject.piece, subject.from, subject.occupied);
    if json {
        #[derive(Serialize)]
        struct Out {
            position: String,
            piece: String,
            color: &'static str,
            from: Square,
            own_removable: bool,
            max_distance: u32,
            distances: std::collections::BTreeMap<String, Option<u32>>,
        }
        return json_text(&Out {
            position: pos.to_string(),
            piece: subject.piece.kind.letter().to_string(),
            color: subject.piece.color.name(),
            from: subject.from,
            own_removable: subject.own_removable,
            max_distance: map.max_distance(),
            distances: Square::all()
                .map(|sq| (sq.to_string(), map.distance(sq)))
                .collect(),
        });
    }
    wline!(
        out,
        "Distance map of the {} (moves; - unreachable{})",
        subject.describe(),
        if subject.own_removable {
            "; own pieces removable"
        } else {
            ""
        }
    );
    wput!(
        out,
        "{}",
        crate::chess_t1::report::square_grid(|sq| map
            .distance(sq)
            .map_or("-".to_string(), |d| d.to_string()))
    );
    Ok(out)
}
