//! `zonal moves`: the legal moves, sorted.

use crate::args::position;
use crate::args::{GameName, MovesArgs};
use crate::output::CliError;

/// `moves` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::print_json;
    use chess_t1::position::Position;
    use serde::Serialize;
    use zonal_games::chess_t1::moves::MoveJson;
    use zonal_games::chess_t1::moves::sorted_moves;

    pub(crate) fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
        let list = sorted_moves(pos);
        let status = pos.status();
        if status.is_over() {
            // Said plainly (not as a log line), on stderr so that stdout stays one move a line.
            eprintln!("no moves: the game is over: {status}");
        }
        if json {
            #[derive(Serialize)]
            struct Out {
                position: String,
                side: &'static str,
                status: String,
                moves: Vec<MoveJson>,
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

/// `moves` for the games on the core's search, over [`GameDef`](zonal_analysis::GameDef).
pub(crate) mod generic {
    use crate::output::CliError;
    use crate::output::print_json;
    use zonal_analysis::GameDef;
    use zonal_analysis::status;

    pub(crate) fn moves<G: GameDef>(pos: &G::Position, json: bool) -> Result<(), CliError> {
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

/// Runs `zonal moves` for `game`.
pub fn run(game: GameName, args: MovesArgs) -> Result<(), CliError> {
    let MovesArgs { pos, json } = args;
    with_game!(
        game,
        chess => chess::moves(&pos.resolve()?, json),
        G => generic::moves::<G>(&position::<G>(&pos)?, json),
    )
}
