//! `zonal moves`: the legal moves, sorted.

use crate::args::position;
use crate::args::*;
use crate::games::hnefatafl::Hnefatafl;
use crate::games::jungle::Jungle;
use crate::games::proryv::Proryv;
use crate::output::CliError;

/// `moves` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::print_json;
    use crate::report::MoveJson;
    use crate::report::sorted_moves;
    use chess_t1::position::Position;
    use serde::Serialize;

    pub(crate) fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
        let list = sorted_moves(pos);
        let status = pos.status();
        if status.is_over() {
            // Said plainly (not as a log line), on stderr so that stdout stays one move a line.
            eprintln!("no moves: the game is over: {status}");
        }
        if json {
            #[derive(Serialize)]
            pub(crate) struct Out {
                pub(crate) position: String,
                pub(crate) side: &'static str,
                pub(crate) status: String,
                pub(crate) moves: Vec<MoveJson>,
            }
            print_json(&Out {
                position: pos.to_string(),
                side: pos.side_to_move().name(),
                status: status.to_string(),
                moves: list.iter().map(|m| MoveJson::new(pos, m)).collect(),
            })
        } else {
            for mv in &list {
                outln!("{mv}");
            }
            Ok(())
        }
    }
}

/// `moves` for the games on the core's search, over [`CliGame`](crate::games::CliGame).
pub(crate) mod generic {
    use crate::games::CliGame;
    use crate::games::status;
    use crate::output::CliError;
    use crate::output::print_json;

    pub(crate) fn moves<G: CliGame>(pos: &G::Position, json: bool) -> Result<(), CliError> {
        let mut list: Vec<String> = G::legal_moves(pos).iter().map(|m| m.to_string()).collect();
        list.sort();
        if let Some(o) = G::outcome(pos) {
            eprintln!("no moves: the game is over: {o}");
        }
        if json {
            return print_json(&serde_json::json!({
                "game": G::ID,
                "position": pos.to_string(),
                "side": G::side_name(G::side(pos)),
                "status": status::<G>(pos),
                "moves": list,
            }));
        }
        for m in &list {
            outln!("{m}");
        }
        Ok(())
    }
}

/// `moves` for Прорыв.
pub(crate) mod proryv {
    use crate::games::proryv::side_name;
    use crate::output::CliError;
    use crate::output::print_json;
    use serde::Serialize;
    use zonal_proryv::{Ply, Position};

    pub(crate) fn sorted(pos: &Position) -> Vec<String> {
        let mut plies: Vec<String> = pos.legal_plies().iter().map(Ply::to_string).collect();
        plies.sort();
        plies
    }

    pub(crate) fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
        let list = sorted(pos);
        let outcome = pos.outcome();
        if let Some(o) = outcome {
            eprintln!("no moves: the game is over: {o}");
        }
        if json {
            #[derive(Serialize)]
            pub(crate) struct Out {
                pub(crate) game: &'static str,
                pub(crate) position: String,
                pub(crate) side: &'static str,
                pub(crate) status: String,
                pub(crate) moves: Vec<String>,
            }
            return print_json(&Out {
                game: "proryv",
                position: pos.to_string(),
                side: side_name(pos.side_to_move()),
                status: outcome.map_or_else(|| "ongoing".to_string(), |o| o.to_string()),
                moves: list,
            });
        }
        for ply in &list {
            outln!("{ply}");
        }
        Ok(())
    }
}

/// Runs `zonal moves` for `game`.
pub fn run(game: GameName, args: MovesArgs) -> Result<(), CliError> {
    let MovesArgs { pos, json } = args;
    match game {
        GameName::ChessT1 => chess::moves(&pos.resolve()?, json),
        GameName::Proryv => proryv::moves(&position::<Proryv>(&pos)?, json),
        GameName::Hnefatafl => generic::moves::<Hnefatafl>(&position::<Hnefatafl>(&pos)?, json),
        GameName::Jungle => generic::moves::<Jungle>(&position::<Jungle>(&pos)?, json),
    }
}
