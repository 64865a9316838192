//! The commands for Прорыв (`--game proryv`): moves, play, perft. The zone commands follow the
//! game-independent core (issue "One engine, many games").

use super::{CliError, Command, PosArg, print_json, write_out};
use serde::Serialize;
use std::time::Instant;
use zonal_proryv::{Game, NAME, Ply, Position, Side, divide, perft};

/// Runs `command` for Прорыв.
pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Moves { pos, json } => moves(&position(&pos)?, json),
        Command::Play {
            pos,
            moves,
            book,
            json,
        } => {
            if book.is_some() {
                return Err(CliError::input(format!(
                    "{NAME}: --book reads chess-t1's book notation; give the plies (`R@d4 d4d7`)"
                )));
            }
            play(&position(&pos)?, &moves, json)
        }
        Command::Perft {
            depth,
            pos,
            id,
            index,
            divide,
            parallel: _,
        } => perft_cmd(&position(&PosArg { pos, id, index })?, depth, divide),
        other => Err(CliError::input(format!(
            "{NAME}: `zonal {}` is not available for this game yet (it has moves, play, perft; \
             `zonal games` lists what each game supports)",
            command_name(&other)
        ))),
    }
}

/// The subcommand's name as typed.
fn command_name(command: &Command) -> String {
    let debug = format!("{command:?}");
    let name: String = debug.chars().take_while(|c| c.is_alphanumeric()).collect();
    name.to_lowercase()
}

/// `startpos` or a position string (docs/proryv.md §7.2).
fn position(arg: &PosArg) -> Result<Position, CliError> {
    if arg.id.is_some() || arg.index.is_some() {
        return Err(CliError::input(format!(
            "{NAME}: --id and --index pick from position files, which this game does not read yet; \
             give a position string"
        )));
    }
    if arg.pos == "startpos" {
        return Ok(Position::startpos());
    }
    arg.pos
        .parse()
        .map_err(|e| CliError::input(format!("{e} (in {:?})", zonal::excerpt::excerpt(&arg.pos))))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn sorted(pos: &Position) -> Vec<String> {
    let mut plies: Vec<String> = pos.legal_plies().iter().map(Ply::to_string).collect();
    plies.sort();
    plies
}

fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
    let list = sorted(pos);
    let outcome = pos.outcome();
    if let Some(o) = outcome {
        eprintln!("no moves: the game is over: {o}");
    }
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            side: &'static str,
            status: String,
            moves: Vec<String>,
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

fn play(start: &Position, plies: &[String], json: bool) -> Result<(), CliError> {
    let mut game = Game::new(*start);
    for (i, text) in plies.iter().enumerate() {
        game.play(text).map_err(|e| {
            CliError::input(format!(
                "ply {} ({}): {e}",
                i + 1,
                zonal::excerpt::excerpt(text)
            ))
        })?;
    }
    let pos = game.position();
    let status = game
        .end()
        .map_or_else(|| "ongoing".to_string(), |e| e.to_string());
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            start: String,
            plies: Vec<String>,
            position: String,
            side: &'static str,
            status: String,
            result: Option<&'static str>,
        }
        return print_json(&Out {
            game: "proryv",
            start: start.to_string(),
            plies: game.plies().iter().map(Ply::to_string).collect(),
            position: pos.to_string(),
            side: side_name(pos.side_to_move()),
            status,
            result: game.end().map(|e| e.result()),
        });
    }
    outln!("{pos}");
    outln!("{}", diagram(pos));
    outln!("status: {status}");
    outln!(
        "plies played: {}{}",
        game.plies().len(),
        if game.plies().is_empty() {
            String::new()
        } else {
            let list: Vec<String> = game.plies().iter().map(Ply::to_string).collect();
            format!(" ({})", list.join(" "))
        }
    );
    Ok(())
}

/// The board as text, rank 8 on top; `+` marks the corner squares no rook may stand on.
fn diagram(pos: &Position) -> String {
    use zonal_proryv::geometry::{CORNERS, bit};
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{}  ", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let c = if pos.rooks(Side::White) & bit(sq) != 0 {
                'R'
            } else if pos.rooks(Side::Black) & bit(sq) != 0 {
                'r'
            } else if pos.king(Side::White) == sq {
                'K'
            } else if pos.king(Side::Black) == sq {
                'k'
            } else if CORNERS & bit(sq) != 0 {
                '+'
            } else {
                '.'
            };
            out.push(c);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(&format!(
        "   in hand: White {}, Black {}; '+' a corner square (no rook may stand there)",
        pos.hand(Side::White),
        pos.hand(Side::Black)
    ));
    out
}

fn perft_cmd(pos: &Position, depth: u32, show_divide: bool) -> Result<(), CliError> {
    let start = Instant::now();
    let nodes = if show_divide {
        let mut rows: Vec<(String, u64)> = divide(pos, depth)
            .into_iter()
            .map(|(ply, n)| (ply.to_string(), n))
            .collect();
        rows.sort();
        for (ply, n) in &rows {
            outln!("{ply}: {n}");
        }
        outln!();
        if depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        }
    } else {
        perft(pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("{nodes}");
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s (one core)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
