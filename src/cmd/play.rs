//! `zonal play`: moves played from a position, the final position and the game's status.

use crate::args::{GameName, PlayArgs, PosArg, positions};
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;

/// `play` for the games on the core's search, over [`GameDef`](zonal_analysis::GameDef).
pub(crate) mod generic {
    use crate::output::CliError;
    use crate::output::print_json;
    use zonal_analysis::GameDef;

    pub(crate) fn play<G: GameDef>(
        start: G::Position,
        list: &[String],
        json: bool,
    ) -> Result<(), CliError> {
        // A record's closing word (a loss on time) ends the record, not the game by the rules.
        let (list, closing) = match list.split_last() {
            Some((last, rest)) if G::RECORD_ENDS.contains(&last.as_str()) => (rest, Some(last)),
            _ => (list, None),
        };
        let game =
            zonal_analysis::replay::<G>(start, list, |_, _, _| {}).map_err(CliError::input)?;
        let pos = G::current(&game);
        let end = G::end(&game);
        let mut status = end
            .as_ref()
            .map_or_else(|| "ongoing".to_string(), |e| e.text.clone());
        if let Some(word) = closing {
            status.push_str(&format!(" (the record ends: {word})"));
        }
        let record = G::record(&game);
        if json {
            let mut answer = serde_json::json!({
                "game": G::ID,
                "start": start.to_string(),
                "moves": record,
                "position": pos.to_string(),
                "side": G::side_name(G::side(&pos)),
                "status": status,
            });
            for (key, value) in G::play_fields(&game) {
                answer[key] = value;
            }
            return print_json(&answer);
        }
        outln!("{pos}");
        outln!("{}", G::diagram(&pos));
        outln!("status: {status}");
        outln!(
            "{} played: {}{}",
            G::MOVES_WORD,
            record.len(),
            if record.is_empty() {
                String::new()
            } else {
                format!(" ({})", record.join(" "))
            }
        );
        Ok(())
    }
}

/// Runs `zonal play` for `game`.
pub fn run(game: GameName, args: PlayArgs) -> Result<(), CliError> {
    with_game!(
        game,
        chess => {
            let moves = given_moves(args.moves, args.record, "moves")?;
            let (start, record) = args.pos.resolve_record()?;
            let report = zonal_games::chess_t1::report::play::play(
                start,
                record.as_ref(),
                &moves,
                args.book.as_deref(),
                args.json,
            )
            .map_err(CliError::input)?;
            write_stdout(&report)
        },
        G => core::<G>(args),
    )
}

/// `zonal play` for a game of the core's search.
pub(crate) fn core<G: GameDef>(args: PlayArgs) -> Result<(), CliError> {
    if args.book.is_some() {
        return Err(CliError::input(format!(
            "{}: --book reads chess-t1's book notation; give the {} or --record",
            G::NAME,
            G::MOVES_WORD
        )));
    }
    let (start, list) = start_and_moves::<G>(&args.pos, args.moves, args.record)?;
    generic::play::<G>(start, &list, args.json)
}

/// The start a position argument names and the moves: those given, else the `moves` of the
/// position file's record (a match's game).
pub(crate) fn start_and_moves<G: GameDef>(
    pos: &PosArg,
    moves: Vec<String>,
    record: Option<String>,
) -> Result<(G::Position, Vec<String>), CliError> {
    let (start, file_record) = positions::<G>(pos)?.remove(0);
    let given = given_moves(moves, record, G::MOVES_WORD)?;
    match file_record.as_ref().and_then(|r| r.operands("moves")) {
        Some(list) if given.is_empty() => Ok((start, list.to_vec())),
        _ => Ok((start, given)),
    }
}

/// The moves given as arguments or with `--record` (as one text), not both.
pub(crate) fn given_moves(
    moves: Vec<String>,
    record: Option<String>,
    word: &str,
) -> Result<Vec<String>, CliError> {
    match record {
        Some(_) if !moves.is_empty() => Err(CliError::input(format!(
            "give the {word} either as arguments or with --record, not both"
        ))),
        Some(text) => Ok(text.split_whitespace().map(str::to_string).collect()),
        None => Ok(moves),
    }
}
