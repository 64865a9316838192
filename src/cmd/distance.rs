//! `zonal distance`: a piece's distance map.

use crate::args::{DistanceArgs, GameName, Subject, position};
use crate::cmd::not_available;
use crate::output::CliError;
use zonal_games::proryv::Proryv;

/// `distance` for chess-t1.
pub(crate) mod chess {
    use crate::args::Subject;
    use crate::output::CliError;
    use crate::output::print_json;
    use chess_t1::distance::distance_map;
    use chess_t1::position::Position;
    use chess_t1::rules::ChessT1;
    use chess_t1::square::Square;
    use serde::Serialize;

    pub(crate) fn distance_cmd(
        pos: &Position,
        subject: &Subject,
        json: bool,
    ) -> Result<(), CliError> {
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
            return print_json(&Out {
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
        outln!(
            "Distance map of the {} (moves; - unreachable{})",
            subject.describe(),
            if subject.own_removable {
                "; own pieces removable"
            } else {
                ""
            }
        );
        out!(
            "{}",
            chess_t1::report::square_grid(|sq| map
                .distance(sq)
                .map_or("-".to_string(), |d| d.to_string()))
        );
        Ok(())
    }
}

/// `distance` for Прорыв.
pub(crate) mod proryv {
    use crate::output::CliError;
    use crate::output::print_json;
    use serde::Serialize;
    use zonal_board::Shape;
    use zonal_core::DistanceMap;
    use zonal_games::proryv::piece_name;
    use zonal_proryv::Position;
    use zonal_proryv::steps::PieceSteps;

    /// The longest trajectory looked for (moves).
    pub(crate) const MAX_MOVES: u32 = 16;

    /// A square named on the command line.
    pub(crate) fn square(text: &str, option: &str) -> Result<u8, CliError> {
        Shape::EIGHT
            .parse_square(text)
            .map(|s| s as u8)
            .map_err(|e| CliError::input(format!("{option}: {e}")))
    }

    pub(crate) fn distance_cmd(pos: &Position, from: u8, json: bool) -> Result<(), CliError> {
        let piece = PieceSteps::of(pos, from).map_err(CliError::input)?;
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
            return print_json(&Out {
                game: "proryv",
                position: pos.to_string(),
                from: Shape::EIGHT.name(u32::from(from)),
                piece: piece_name(&piece),
                distances: map.distances(),
            });
        }
        outln!(
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
            outln!("{}  {}", rank + 1, row.join(" "));
        }
        outln!("    a  b  c  d  e  f  g  h");
        Ok(())
    }
}

/// Runs `zonal distance` for `game` (chess-t1 and Прорыв).
pub fn run(game: GameName, args: DistanceArgs) -> Result<(), CliError> {
    let DistanceArgs {
        pos,
        from,
        piece,
        json,
    } = args;
    match game {
        GameName::ChessT1 => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, &piece)?;
            chess::distance_cmd(&pos, &subject, json)
        }
        GameName::Proryv => {
            let p = position::<Proryv>(&pos)?;
            let from = proryv::square(&from, "--from")?;
            proryv::distance_cmd(&p, from, json)
        }
        other => Err(not_available(other, "distance")),
    }
}
