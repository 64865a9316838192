//! Прорыв's `distance` and `trajectories`: a piece's distance map and its shortest trajectories
//! to a square, as text or JSON.

use super::piece_name;
use crate::json_text;
use serde::Serialize;
use zonal_board::Shape;
use zonal_core::{Bundle, DistanceMap, Steps};
use zonal_proryv::Position;
use zonal_proryv::steps::PieceSteps;

/// The longest trajectory looked for (moves).
pub const MAX_MOVES: u32 = 16;

/// Refuses what a Прорыв path report does not take: a hypothetical piece, own pieces as removable
/// and a longest length are chess-t1's (a Прорыв report is of the piece on `--from`, its
/// shortest trajectories).
pub fn plain(query: &zonal_analysis::PathQuery) -> Result<(), String> {
    zonal_analysis::game::refuse_given(
        &[
            (query.piece.is_some(), "--piece"),
            (query.own_removable, "--own-removable"),
            (query.max_len.is_some(), "--max-len"),
        ],
        |given| {
            format!("Прорыв: {given} is chess-t1's; a Прорыв path report is of the piece on --from")
        },
    )
}

/// A square named on the command line.
pub fn square(text: &str, option: &str) -> Result<u8, String> {
    Shape::EIGHT
        .parse_square(text)
        .map(|s| s as u8)
        .map_err(|e| format!("{option}: {e}"))
}

/// The distance map of the piece on `from`, as text or JSON.
pub fn distance(pos: &Position, from: u8, json: bool) -> Result<String, String> {
    let mut out = String::new();
    let piece = PieceSteps::of(pos, from)?;
    let map = DistanceMap::build(Shape::EIGHT, u32::from(from), MAX_MOVES, &piece);
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            from: String,
            piece: String,
            /// a1 first; null where unreachable.
            distances: Vec<Option<u32>>,
        }
        return json_text(&Out {
            game: "proryv",
            position: pos.to_string(),
            from: Shape::EIGHT.name(u32::from(from)),
            piece: piece_name(&piece),
            distances: map.distances(),
        });
    }
    wline!(
        out,
        "Distance map of the {} on {} (moves; - unreachable; the other pieces stand still)",
        piece_name(&piece),
        Shape::EIGHT.name(u32::from(from))
    );
    for rank in (0..8u32).rev() {
        let row: Vec<String> = (0..8u32)
            .map(|file| {
                map.distance(rank * 8 + file)
                    .map_or_else(|| " -".to_string(), |d| format!("{d:>2}"))
            })
            .collect();
        wline!(out, "{}  {}", rank + 1, row.join(" "));
    }
    wline!(out, "    a  b  c  d  e  f  g  h");
    Ok(out)
}

/// The shortest trajectories of the piece on `from` to `to` (at most `limit`), as text or JSON.
pub fn trajectories(
    pos: &Position,
    from: u8,
    to: u8,
    limit: usize,
    json: bool,
) -> Result<String, String> {
    let mut out = String::new();
    let piece = PieceSteps::of(pos, from)?;
    let name = |sq: u32| Shape::EIGHT.name(sq);
    let bundle = Bundle::shortest(
        Shape::EIGHT,
        u32::from(from),
        u32::from(to),
        MAX_MOVES,
        &piece,
    );
    let paths = bundle
        .as_ref()
        .map(|b| b.trajectories(&piece, limit))
        .unwrap_or_default();
    let beta = |path: &[u32]| -> Vec<String> {
        path.windows(2)
            .flat_map(|w| {
                use zonal_board::SquareSet;
                piece
                    .passes(w[0], w[1])
                    .squares()
                    .map(name)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    if json {
        #[derive(Serialize)]
        struct PathJson {
            squares: Vec<String>,
            beta: Vec<String>,
        }
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            piece: String,
            from: String,
            to: String,
            length: Option<u32>,
            count: u64,
            trajectories: Vec<PathJson>,
        }
        return json_text(&Out {
            game: "proryv",
            position: pos.to_string(),
            piece: piece_name(&piece),
            from: name(u32::from(from)),
            to: name(u32::from(to)),
            length: bundle.as_ref().map(Bundle::length),
            count: bundle.as_ref().map_or(0, |b| b.count),
            trajectories: paths
                .iter()
                .map(|p| PathJson {
                    squares: p.iter().map(|&s| name(s)).collect(),
                    beta: beta(p),
                })
                .collect(),
        });
    }
    wline!(
        out,
        "{} on {} -> {}",
        piece_name(&piece),
        name(u32::from(from)),
        name(u32::from(to))
    );
    let Some(bundle) = bundle else {
        wline!(out, "unreachable within {MAX_MOVES} moves");
        return Ok(out);
    };
    wline!(
        out,
        "shortest: {} {}, {} {}",
        bundle.length(),
        if bundle.length() == 1 {
            "move"
        } else {
            "moves"
        },
        bundle.count,
        if bundle.count == 1 {
            "trajectory"
        } else {
            "trajectories"
        }
    );
    for (d, layer) in bundle.layers.iter().enumerate() {
        use zonal_board::SquareSet;
        let squares: Vec<String> = layer.squares().map(name).collect();
        wline!(out, "  layer {d}: {}", squares.join(" "));
    }
    for p in &paths {
        let squares: Vec<String> = p.iter().map(|&s| name(s)).collect();
        let b = beta(p);
        if b.is_empty() {
            wline!(out, "  {}", squares.join("-"));
        } else {
            wline!(out, "  {}  (passes {})", squares.join("-"), b.join(" "));
        }
    }
    Ok(out)
}
