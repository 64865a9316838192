//! `zonal moves`: the legal moves, sorted.

use crate::args::{MovesArgs, position};
use crate::output::{CliError, print_json};
use zonal_analysis::{GameDef, status};

/// Runs `zonal moves` for the game `G`: the legal moves sorted by their text, one a line, or
/// as JSON ([`GameDef::move_json`] each).
pub fn run<G: GameDef>(args: MovesArgs) -> Result<(), CliError> {
    let MovesArgs { pos, json } = args;
    let pos = position::<G>(&pos)?;
    let mut list: Vec<(String, G::Move)> = G::legal_moves(&pos)
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    list.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some(o) = G::outcome(&pos) {
        // Said plainly (not as a log line), on stderr so that stdout stays one move a line.
        eprintln!("no moves: the game is over: {o}");
    }
    if json {
        #[derive(serde::Serialize)]
        struct Out<M> {
            game: &'static str,
            position: String,
            side: &'static str,
            status: String,
            moves: Vec<M>,
        }
        return print_json(&Out {
            game: G::ID,
            position: pos.to_string(),
            side: G::side_name(G::side(&pos)),
            status: status::<G>(&pos),
            moves: list.iter().map(|(_, m)| G::move_json(&pos, *m)).collect(),
        });
    }
    for (text, _) in &list {
        outln!("{text}");
    }
    Ok(())
}
