//! `zonal trajectories`: shortest and admissible trajectories of a piece.

use crate::args::{GameName, Subject, TrajectoriesArgs, parse_square, position};
use crate::cmd::not_available;
use crate::output::CliError;
use zonal_games::proryv::Proryv;

/// `trajectories` for chess-t1.
pub(crate) mod chess {
    use crate::args::Subject;
    use crate::output::CliError;
    use crate::output::print_json;
    use chess_t1::position::Position;
    use chess_t1::rules::ChessT1;
    use chess_t1::square::Square;
    use chess_t1::trajectory::{Bundle, Trajectory, admissible};
    use serde::Serialize;

    #[derive(Serialize)]
    pub(crate) struct TrajectoryJson {
        pub(crate) squares: Vec<Square>,
        pub(crate) alpha: Vec<Square>,
        pub(crate) beta: Vec<Square>,
    }

    impl TrajectoryJson {
        pub(crate) fn new(t: &Trajectory) -> TrajectoryJson {
            TrajectoryJson {
                squares: t.squares.clone(),
                alpha: t.alpha().to_vec(),
                beta: t.beta_squares(),
            }
        }
    }

    pub(crate) fn trajectories_cmd(
        pos: &Position,
        subject: &Subject,
        to: Square,
        max_len: Option<u32>,
        limit: usize,
        json: bool,
    ) -> Result<(), CliError> {
        let Some(bundle) =
            Bundle::shortest(&ChessT1, subject.piece, subject.from, to, subject.occupied)
        else {
            return Err(CliError::input(format!(
                "the {} cannot reach {to} on this board (unreachable: blocked, a castle square it may not enter, or out of its reach)",
                subject.describe()
            )));
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
            return print_json(&Out {
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
        outln!("{} -> {to}", subject.describe());
        let (length, count) = (bundle.length(), bundle.count());
        outln!(
            "shortest: {length} move{}, {count} trajector{}",
            chess_t1::report::plural(length as usize),
            if count == 1 { "y" } else { "ies" }
        );
        for (j, layer) in layers.iter().enumerate() {
            let names: Vec<String> = layer.iter().map(Square::to_string).collect();
            outln!("  layer {j}: {}", names.join(" "));
        }
        for t in &shortest {
            outln!("{}", show(t));
        }
        outln!(
            "admissible (degree 2, up to {max_len} moves): {}{}",
            others.len(),
            if complete {
                ""
            } else {
                " listed (limit reached)"
            }
        );
        for t in &others {
            outln!("{}", show(t));
        }
        Ok(())
    }
}

/// `trajectories` for Прорыв.
pub(crate) mod proryv {
    use crate::cmd::distance::proryv::MAX_MOVES;
    use crate::output::CliError;
    use crate::output::print_json;
    use serde::Serialize;
    use zonal_board::Shape;
    use zonal_core::{Bundle, Steps};
    use zonal_games::proryv::piece_name;
    use zonal_proryv::Position;
    use zonal_proryv::steps::PieceSteps;

    pub(crate) fn trajectories_cmd(
        pos: &Position,
        from: u8,
        to: u8,
        limit: usize,
        json: bool,
    ) -> Result<(), CliError> {
        let piece = PieceSteps::of(pos, from).map_err(CliError::input)?;
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
            return print_json(&Out {
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
        outln!(
            "{} on {} -> {}",
            piece_name(&piece),
            name(u32::from(from)),
            name(u32::from(to))
        );
        let Some(bundle) = bundle else {
            outln!("unreachable within {MAX_MOVES} moves");
            return Ok(());
        };
        outln!(
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
            outln!("  layer {d}: {}", squares.join(" "));
        }
        for p in &paths {
            let squares: Vec<String> = p.iter().map(|&s| name(s)).collect();
            let b = beta(p);
            if b.is_empty() {
                outln!("  {}", squares.join("-"));
            } else {
                outln!("  {}  (passes {})", squares.join("-"), b.join(" "));
            }
        }
        Ok(())
    }
}

/// Runs `zonal trajectories` for `game` (chess-t1 and Прорыв).
pub fn run(game: GameName, args: TrajectoriesArgs) -> Result<(), CliError> {
    let TrajectoriesArgs {
        pos,
        from,
        to,
        piece,
        max_len,
        limit,
        json,
    } = args;
    match game {
        GameName::ChessT1 => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, &piece)?;
            let to = parse_square(&to, "--to")?;
            chess::trajectories_cmd(&pos, &subject, to, max_len, limit, json)
        }
        GameName::Proryv => {
            let p = position::<Proryv>(&pos)?;
            let (from, to) = (
                crate::cmd::distance::proryv::square(&from, "--from")?,
                crate::cmd::distance::proryv::square(&to, "--to")?,
            );
            proryv::trajectories_cmd(&p, from, to, limit, json)
        }
        other => Err(not_available(other, "trajectories")),
    }
}
