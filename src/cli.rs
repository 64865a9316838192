//! The `zonal` command line: argument definitions and the commands behind them.
//!
//! Every command writes its result to stdout (text, or JSON with `--json`) and logs to stderr
//! through `tracing` (`RUST_LOG=debug` for more). Bad input ends with a message naming what and
//! where, and exit code 2.

use crate::force::ForceMap;
use crate::game::Game;
use crate::moves::Move;
use crate::perft;
use crate::position::Position;
use crate::report::units;
use crate::square::{Color, Square};
use crate::{book, posfile};
use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use std::time::Instant;

/// zonal: Botvinnik-style analysis of chess-t1 positions.
#[derive(Parser, Debug)]
#[command(name = "zonal", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// A position given on the command line.
#[derive(Args, Debug, Clone)]
pub struct PosArg {
    /// `startpos`, a position string (spec §9.3, quoted), or a path to a position file.
    pub pos: String,
    /// In a position file: take the position with this `id`.
    #[arg(long)]
    pub id: Option<String>,
    /// In a position file: take the N-th position (1-based).
    #[arg(long)]
    pub index: Option<usize>,
}

impl PosArg {
    fn resolve(&self) -> Result<Position, CliError> {
        posfile::resolve(&self.pos, self.id.as_deref(), self.index).map_err(CliError::input)
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the legal moves of the side to move, one coordinate move per line, sorted.
    Moves {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Show the force sums White:Black on every square (in units; JSON in half-units).
    Force {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// Show raw sums (no castle rule) instead of effective sums in the table.
        #[arg(long)]
        raw: bool,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Play moves (coordinate form) or a book-notation game; print the final position and status.
    Play {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// Moves in coordinate form, e.g. e2e4 d7d5.
        moves: Vec<String>,
        /// A game in book notation, e.g. "1.e2-e4 e7-e5 2.Кт d1-g4".
        #[arg(long)]
        book: Option<String>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the move tree to DEPTH (nodes per second on stderr).
    Perft {
        /// Depth in half-moves.
        depth: u32,
        /// The position (default: the start position).
        #[arg(default_value = "startpos")]
        pos: String,
        /// In a position file: take the position with this `id`.
        #[arg(long)]
        id: Option<String>,
        /// In a position file: take the N-th position (1-based).
        #[arg(long)]
        index: Option<usize>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Split the first ply over all cores.
        #[arg(long)]
        parallel: bool,
    },
}

/// A failed command: the message and the process exit code.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong, for the user.
    pub message: String,
    /// Exit code (2 for bad input).
    pub code: i32,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn input(e: impl std::fmt::Display) -> CliError {
        CliError {
            message: e.to_string(),
            code: 2,
        }
    }
}

fn print_json(value: &impl Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError {
        message: format!("cannot write JSON: {e}"),
        code: 1,
    })?;
    println!("{text}");
    Ok(())
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Moves { pos, json } => moves(&pos.resolve()?, json),
        Command::Force { pos, raw, json } => force(&pos.resolve()?, raw, json),
        Command::Play {
            pos,
            moves,
            book,
            json,
        } => play(pos.resolve()?, &moves, book.as_deref(), json),
        Command::Perft {
            depth,
            pos,
            id,
            index,
            divide,
            parallel,
        } => {
            let position = PosArg { pos, id, index }.resolve()?;
            perft_cmd(&position, depth, divide, parallel)
        }
    }
}

#[derive(Serialize)]
struct MoveJson {
    uci: String,
    from: Square,
    to: Square,
    piece: String,
    kind: &'static str,
    promotion: Option<String>,
    book: String,
}

impl MoveJson {
    fn new(pos: &Position, mv: &Move) -> MoveJson {
        MoveJson {
            uci: mv.uci(),
            from: mv.from,
            to: mv.to,
            piece: mv.piece.letter().to_string(),
            kind: mv.kind.name(),
            promotion: mv.promotion.map(|k| k.letter().to_string()),
            book: book::write_move(pos, mv),
        }
    }
}

/// Legal moves sorted by their coordinate text.
fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_cached_key(Move::uci);
    moves
}

fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
    let list = sorted_moves(pos);
    let status = pos.status();
    if status.is_over() {
        tracing::warn!("the game is over: {status}");
    }
    if json {
        #[derive(Serialize)]
        struct Out {
            position: String,
            side: &'static str,
            moves: Vec<MoveJson>,
        }
        print_json(&Out {
            position: pos.to_string(),
            side: pos.side_to_move().name(),
            moves: list.iter().map(|m| MoveJson::new(pos, m)).collect(),
        })
    } else {
        for mv in &list {
            println!("{mv}");
        }
        Ok(())
    }
}

fn force(pos: &Position, raw: bool, json: bool) -> Result<(), CliError> {
    let board = pos.board();
    let map = ForceMap::new(board);
    if json {
        #[derive(Serialize)]
        struct SquareJson {
            white: i32,
            black: i32,
            white_effective: i32,
            black_effective: i32,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            unit: &'static str,
            squares: std::collections::BTreeMap<String, SquareJson>,
        }
        let squares = Square::all()
            .map(|sq| {
                (
                    sq.to_string(),
                    SquareJson {
                        white: map.raw(Color::White, sq),
                        black: map.raw(Color::Black, sq),
                        white_effective: map.effective(board, Color::White, sq),
                        black_effective: map.effective(board, Color::Black, sq),
                    },
                )
            })
            .collect();
        return print_json(&Out {
            position: pos.to_string(),
            unit: "half",
            squares,
        });
    }
    let sum = |color, sq| {
        if raw {
            map.raw(color, sq)
        } else {
            map.effective(board, color, sq)
        }
    };
    println!(
        "{} force White:Black in units ({} to move); * = superiority of the side to move",
        if raw { "Raw" } else { "Effective" },
        pos.side_to_move()
    );
    print!("  ");
    for file in 'a'..='h' {
        print!(" {file:<9}");
    }
    println!();
    for rank in (0..8).rev() {
        print!("{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on board");
            let piece = pos.piece_at(sq).map_or(' ', |p| p.char());
            let (w, b) = (sum(Color::White, sq), sum(Color::Black, sq));
            let mine = if pos.side_to_move() == Color::White {
                w > b
            } else {
                b > w
            };
            let mark = if mine { "*" } else { "" };
            let cell = if w == 0 && b == 0 {
                format!("{piece} ·")
            } else {
                format!("{piece} {}:{}{mark}", units(w), units(b))
            };
            print!(" {cell:<9}");
        }
        println!();
    }
    Ok(())
}

fn play(
    start: Position,
    moves: &[String],
    book_text: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let pos = *game.position();
        let number = pos.fullmove();
        let side = pos.side_to_move();
        game.play_uci(text).map_err(|e| {
            CliError::input(format!(
                "move {} of the list ({side}'s move {number}): {e}",
                i + 1
            ))
        })?;
    }
    if let Some(text) = book_text {
        let from = *game.position();
        let played = book::parse_game(&from, text).map_err(CliError::input)?;
        for mv in &played {
            game.play(mv).map_err(CliError::input)?;
        }
    }
    let pos = game.position();
    let status = game.status();
    if json {
        #[derive(Serialize)]
        struct Checks {
            white: bool,
            black: bool,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            status: &'static str,
            reason: Option<&'static str>,
            in_check: Checks,
            moves_played: usize,
        }
        print_json(&Out {
            position: pos.to_string(),
            status: status.name(),
            reason: status.reason().map(|r| r.name()),
            in_check: Checks {
                white: pos.in_check(Color::White),
                black: pos.in_check(Color::Black),
            },
            moves_played: game.moves().len(),
        })
    } else {
        println!("{pos}");
        print!("{}", crate::report::diagram(pos.board()));
        println!("status: {status}");
        for color in Color::ALL {
            if pos.in_check(color) {
                println!("{color} is in check");
            }
        }
        println!(
            "moves played: {}{}",
            game.moves().len(),
            if game.moves().is_empty() {
                String::new()
            } else {
                format!(" ({})", book::write_game(game.start(), game.moves()))
            }
        );
        Ok(())
    }
}

fn perft_cmd(pos: &Position, depth: u32, divide: bool, parallel: bool) -> Result<(), CliError> {
    let start = Instant::now();
    let nodes = if divide {
        let mut rows: Vec<(String, u64)> = perft::divide(pos, depth)
            .into_iter()
            .map(|(mv, n)| (mv.uci(), n))
            .collect();
        rows.sort();
        for (mv, n) in &rows {
            println!("{mv}: {n}");
        }
        let total = if depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        };
        println!();
        total
    } else if parallel {
        perft::perft_parallel(pos, depth)
    } else {
        perft::perft(pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "perft {depth}: {nodes} nodes in {:.3} s, {:.1} M nodes/s{}",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        if parallel {
            " (all cores)"
        } else {
            " (one core)"
        }
    );
    Ok(())
}
