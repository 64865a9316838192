//! `zonal play`: moves played from a position, the final position and the game's status.

use crate::args::{PlayArgs, position_record};
use crate::output::{CliError, print_json};
use zonal_analysis::{GameDef, play_on};
use zonal_core::record::Record;

/// Runs `zonal play` for the game `G`: a position file record's `moves` first (a match's
/// game), then the moves given (or `--record`, or `--book` in the books' notation where the
/// game has it); the final position and the game's status as text or JSON.
pub fn run<G: GameDef>(args: PlayArgs) -> Result<(), CliError> {
    let PlayArgs {
        pos,
        moves,
        record,
        book,
        json,
    } = args;
    let (start, file_record) = position_record::<G>(&pos)?;
    let mut given = given_moves(moves, record, G::MOVES_WORD)?;
    // A record's closing word (a loss on time) ends the record, not the game by the rules.
    let closing = match given.last() {
        Some(last) if G::RECORD_ENDS.contains(&last.as_str()) => given.pop(),
        _ => None,
    };
    let mut game = G::new_game(start);
    if let Some(r) = &file_record
        && let Some(list) = r.operands("moves")
    {
        let name = match r.id() {
            Some(id) => format!("record {id:?} (line {})", r.line),
            None => format!("the record of line {}", r.line),
        };
        let of = format!(" of its {}", G::MOVES_WORD);
        game = play_on::<G>(game, list, &of, |_, _, _| {})
            .map_err(|e| CliError::input(format!("{name}: {e}")))?;
    }
    game = play_on::<G>(game, &given, "", |_, _, _| {}).map_err(CliError::input)?;
    if let Some(text) = book {
        let Some(played) = G::book_moves(&G::current(&game), &text) else {
            return Err(CliError::input(format!(
                "{}: --book reads the books' notation, which this game has not; give the {} \
                 or --record",
                G::NAME,
                G::MOVES_WORD
            )));
        };
        let played = played.map_err(CliError::input)?;
        game = play_on::<G>(game, &played, "", |_, _, _| {}).map_err(CliError::input)?;
    }
    let pos = G::current(&game);
    let mut status = G::end(&game).map_or_else(|| "ongoing".to_string(), |e| e.text);
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
    if let Some(line) = file_record.as_ref().and_then(recorded_result) {
        outln!("{line}");
    }
    for note in G::notes(&pos) {
        outln!("{note}");
    }
    outln!(
        "{} played: {}{}",
        G::MOVES_WORD,
        record.len(),
        if record.is_empty() {
            String::new()
        } else {
            format!(" ({})", G::record_text(&game))
        }
    );
    Ok(())
}

/// The result a game record states (`result` and `reason`, as `zonal match --out` writes them).
fn recorded_result<P>(record: &Record<P>) -> Option<String> {
    let result = record.operands("result")?;
    let reason = record.operands("reason").unwrap_or_default();
    Some(format!(
        "recorded result: {} {}",
        result.join(" "),
        reason.join(" ")
    ))
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

/// The start a position argument names and the moves: those given, else the `moves` of the
/// position file's record (a match's game).
pub(crate) fn start_and_moves<G: GameDef>(
    pos: &crate::args::PosArg,
    moves: Vec<String>,
    record: Option<String>,
) -> Result<(G::Position, Vec<String>), CliError> {
    let (start, file_record) = position_record::<G>(pos)?;
    let given = given_moves(moves, record, G::MOVES_WORD)?;
    match file_record.as_ref().and_then(|r| r.operands("moves")) {
        Some(list) if given.is_empty() => Ok((start, list.to_vec())),
        _ => Ok((start, given)),
    }
}
