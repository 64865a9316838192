//! `zonal trajectories` for chess-t1: shortest and admissible trajectories of a piece.

use super::Subject;
use crate::json_text;
use chess_t1::position::Position;
use chess_t1::rules::ChessT1;
use chess_t1::square::Square;
use chess_t1::trajectory::{Bundle, Trajectory, admissible};
use serde::Serialize;

#[derive(Serialize)]
pub struct TrajectoryJson {
    pub squares: Vec<Square>,
    pub alpha: Vec<Square>,
    pub beta: Vec<Square>,
}

impl TrajectoryJson {
    pub fn new(t: &Trajectory) -> TrajectoryJson {
        TrajectoryJson {
            squares: t.squares.clone(),
            alpha: t.alpha().to_vec(),
            beta: t.beta_squares(),
        }
    }
}

/// The shortest trajectories of `subject` to `to` and the admissible ones up to `max_len`
/// moves (at most `limit` of each), as text or JSON.
pub fn trajectories(
    pos: &Position,
    subject: &Subject,
    to: Square,
    max_len: Option<u32>,
    limit: usize,
    json: bool,
) -> Result<String, String> {
    let mut out = String::new();
    let Some(bundle) =
        Bundle::shortest(&ChessT1, subject.piece, subject.from, to, subject.occupied)
    else {
        return Err(format!(
            "the {} cannot reach {to} on this board (unreachable: blocked, a castle square it may not enter, or out of its reach)",
            subject.describe()
        ));
    };
    let max_len = max_len.unwrap_or(bundle.length() + 1);
    let shortest = bundle.paths(limit);
    // One more than the limit tells whether the list is complete.
    let mut others = admissible(
        &ChessT1,
        subject.piece,
        subject.from,
        to,
        subject.occupied,
        max_len,
        limit.saturating_add(1),
    );
    let complete = others.len() <= limit;
    others.truncate(limit);
    let layers: Vec<Vec<Square>> = bundle.layers().iter().map(|l| l.collect()).collect();
    let graph = bundle.graph();
    let edges: Vec<(Square, Square)> = graph
        .edge_indices()
        .filter_map(|e| graph.edge_endpoints(e))
        .map(|(a, b)| (graph[a], graph[b]))
        .collect();
    if json {
        #[derive(Serialize)]
        struct Shortest {
            length: u32,
            count: String,
            layers: Vec<Vec<Square>>,
            edges: Vec<(Square, Square)>,
            paths: Vec<TrajectoryJson>,
        }
        #[derive(Serialize)]
        struct Admissible {
            max_len: u32,
            listed: usize,
            complete: bool,
            paths: Vec<TrajectoryJson>,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            piece: String,
            color: &'static str,
            from: Square,
            to: Square,
            own_removable: bool,
            shortest: Shortest,
            admissible: Admissible,
        }
        return json_text(&Out {
            position: pos.to_string(),
            piece: subject.piece.kind.letter().to_string(),
            color: subject.piece.color.name(),
            from: subject.from,
            to,
            own_removable: subject.own_removable,
            shortest: Shortest {
                length: bundle.length(),
                count: bundle.count().to_string(),
                layers,
                edges,
                paths: shortest.iter().map(TrajectoryJson::new).collect(),
            },
            admissible: Admissible {
                max_len,
                listed: others.len(),
                complete,
                paths: others.iter().map(TrajectoryJson::new).collect(),
            },
        });
    }
    let show = |t: &Trajectory| {
        let squares: Vec<String> = t.squares.iter().map(Square::to_string).collect();
        let beta: Vec<String> = t.beta_squares().iter().map(Square::to_string).collect();
        if beta.is_empty() {
            format!("  {}", squares.join("-"))
        } else {
            format!("  {}   beta: {}", squares.join("-"), beta.join(" "))
        }
    };
    wline!(out, "{} -> {to}", subject.describe());
    let (length, count) = (bundle.length(), bundle.count());
    wline!(
        out,
        "shortest: {length} move{}, {count} trajector{}",
        crate::chess_t1::report::plural(length as usize),
        if count == 1 { "y" } else { "ies" }
    );
    for (j, layer) in layers.iter().enumerate() {
        let names: Vec<String> = layer.iter().map(Square::to_string).collect();
        wline!(out, "  layer {j}: {}", names.join(" "));
    }
    for t in &shortest {
        wline!(out, "{}", show(t));
    }
    wline!(
        out,
        "admissible (degree 2, up to {max_len} moves): {}{}",
        others.len(),
        if complete {
            ""
        } else {
            " listed (limit reached)"
        }
    );
    for t in &others {
        wline!(out, "{}", show(t));
    }
    Ok(out)
}
