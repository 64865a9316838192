//! The `zonal` command line: argument definitions and the commands behind them.
//!
//! Every command writes its result to stdout (text, or JSON with `--json`) and logs to stderr
//! through `tracing` (`RUST_LOG=debug` for more). Bad input ends with a message naming what and
//! where, and exit code 2.

use chess_t1::bitboard::Bitboard;
use chess_t1::distance::distance_map;
use chess_t1::force::ForceMap;
use chess_t1::game::Game;
use chess_t1::moves::Move;
use chess_t1::perft;
use chess_t1::piece::Piece;
use chess_t1::position::Position;
use chess_t1::report::analysis::{AnalysisJson, Expected};
use chess_t1::report::units;
use chess_t1::report::zones::ZonesJson;
use chess_t1::rules::ChessT1;
use chess_t1::search::Mode;
use chess_t1::square::{Color, Square};
use chess_t1::trajectory::{Bundle, Trajectory, admissible};
use chess_t1::zone::{Projection, ZoneConfig};
use chess_t1::{book, posfile};
use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Writes a line to stdout; a closed pipe ends the command quietly, another write error (a
/// full disk) is reported. Use inside functions returning `Result<_, CliError>`.
macro_rules! outln {
    () => {
        write_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        write_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// As [`outln!`], without the line end.
macro_rules! out {
    ($($arg:tt)*) => {
        write_out(format_args!($($arg)*))?
    };
}

/// Writes to stdout; see [`outln!`].
pub(crate) fn write_out(args: std::fmt::Arguments<'_>) -> Result<(), CliError> {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_fmt(args)
        .and_then(|()| stdout.flush())
        .map_err(CliError::output)
}

/// `--openings` when none is given: chess-t1's openings, whose text the binary holds.
pub(crate) const DEFAULT_OPENINGS: &str = "positions/openings.t1";
/// The text of [`DEFAULT_OPENINGS`] as built.
const DEFAULT_OPENINGS_TEXT: &str = include_str!("../positions/openings.t1");

/// What a command line clap did not run gives: `--help` and `--version` written to stdout (exit
/// code 0, or 1 when stdout cannot be written, as for any output), an error to stderr with its
/// long words cut (a 100 kB argument is not echoed whole; exit code 2). Returns the exit code.
pub fn parse_failure(e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match write_out(format_args!("{}", e.render())) {
                Ok(()) => 0,
                Err(failed) => {
                    if failed.code != 0 {
                        eprintln!("error: {}", failed.message);
                    }
                    failed.code
                }
            }
        }
        _ => {
            let text = e.render().to_string();
            let cut: Vec<String> = text
                .split('\n')
                .map(|line| {
                    line.split(' ')
                        .map(|word| chess_t1::excerpt::excerpt(&chess_t1::excerpt::printable(word)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            eprint!("{}", cut.join("\n"));
            e.exit_code()
        }
    }
}

pub(crate) mod generic;
pub(crate) mod hnefatafl;
pub(crate) mod jungle;
pub(crate) mod learn;
pub(crate) mod proryv;
pub(crate) mod proryv_game;
pub(crate) mod reason;

/// zonal: Botvinnik-style analysis of board-game positions (chess-t1, Прорыв).
#[derive(Parser, Debug)]
#[command(name = "zonal", version, about, long_about = None)]
pub struct Cli {
    /// The game of the positions and moves (`zonal games` lists them) [default: the game a
    /// position file states on its `game NAME` line, else chess-t1].
    #[arg(long, global = true, value_enum)]
    pub game: Option<GameName>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The games zonal plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// chess-t1 (docs/chess-t1-rules.md).
    #[value(name = "chess-t1")]
    ChessT1,
    /// Прорыв, kings and rooks race with drops (docs/proryv.md).
    #[value(name = "proryv")]
    Proryv,
    /// Hnefatafl, rulesets seed (9x9, 11x11) and copenhagen (docs/hnefatafl.md).
    #[value(name = "hnefatafl")]
    Hnefatafl,
    /// Dou Shou Qi, the Jungle game (docs/jungle.md).
    #[value(name = "jungle")]
    Jungle,
}

/// A position given on the command line.
#[derive(Args, Debug, Clone)]
pub struct PosArg {
    /// `startpos`, a position string (docs/chess-t1-rules.md §9.3, quoted), or a path to a position file.
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

    /// The position and, when it comes from a position file, its record.
    fn resolve_record(&self) -> Result<(Position, Option<posfile::Record>), CliError> {
        posfile::resolve_record(&self.pos, self.id.as_deref(), self.index).map_err(CliError::input)
    }
}

/// Default node bound of `search` and `analyse` (1.5-3 s on one core).
pub const DEFAULT_NODES: u64 = 2_000_000;
/// Default time bound of `search` and `analyse`, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 5_000;

/// The time and node bounds of `search` and `analyse`: whichever is reached first (or the depth)
/// ends the search. The defaults keep any position within seconds; 0 lifts a bound.
#[derive(Args, Debug, Clone, Copy)]
pub struct BoundArgs {
    /// Most time for a search in milliseconds [default: 5000; 0: no bound].
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Most nodes to search [default: 2000000; 0: no bound].
    #[arg(long)]
    pub nodes: Option<u64>,
}

impl BoundArgs {
    /// The search limits: `depth`, else `default_depth` unless a bound was given on the command
    /// line (then the bounds alone end the search); the bounds, else their defaults.
    fn limits(&self, depth: Option<u32>, default_depth: u32) -> zonal_core::Limits {
        let given = self.movetime.is_some() || self.nodes.is_some();
        let movetime = self.movetime.unwrap_or(DEFAULT_MOVETIME_MS);
        let nodes = self.nodes.unwrap_or(DEFAULT_NODES);
        zonal_core::Limits {
            depth: depth.or((!given).then_some(default_depth)),
            movetime_ms: (movetime > 0).then_some(movetime),
            nodes: (nodes > 0).then_some(nodes),
        }
    }
}

/// Engine settings shared by the commands that search.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Evaluation: `full` (every term of NOTES.md's table) or `material` (piece values only).
    #[arg(long, default_value = "full", value_parser = ["full", "material"])]
    pub eval: String,
    /// Transposition table size in MiB (0: none); at most a quarter of the machine's memory
    /// (README "Limits"). Memory is taken as the search fills the table.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = parse_hash)]
    pub hash: u64,
    /// How the zones narrow the tree: `order` (named moves first and unreduced), `steer` (also
    /// the rest reduced one ply more)
    /// or `cut` (only named moves, the rest only to refute a loss).
    #[arg(long, default_value = "order", value_parser = ["order", "steer", "cut"])]
    pub style: String,
    /// Run the baseline search (fixed depth, material only, no table), as before the engine.
    #[arg(long)]
    pub baseline: bool,
    /// Baseline zone-guided search: take zones over from the projections of nearby nodes
    /// (docs/zones.md §5) instead of building each node's from scratch. Same results; see NOTES.md
    /// for why it is off by default.
    #[arg(long, requires = "baseline")]
    pub reuse_zones: bool,
}

/// Reads `--hash`: a number of MiB within [`zonal_core::search::max_hash_mb`].
fn parse_hash(text: &str) -> Result<u64, String> {
    let mb: u64 = text.parse().map_err(|_| {
        format!(
            "expected a number of MiB 0-{}",
            zonal_core::search::max_hash_mb()
        )
    })?;
    zonal_core::search::check_hash_mb(usize::try_from(mb).unwrap_or(usize::MAX))?;
    Ok(mb)
}

impl EngineArgs {
    /// The player these settings describe, in `mode`, to `depth` if given.
    pub fn player(
        &self,
        mode: Mode,
        horizon: i32,
        depth: Option<u32>,
    ) -> crate::play::chess_t1_player::ChessConfig {
        let mut spec = crate::play::chess_t1_player::ChessConfig::default();
        let c = &mut spec.config;
        c.mode = mode;
        // clap admits only the listed values, which these parsers all know.
        c.evaluation = chess_t1::eval::Evaluation::parse(&self.eval)
            .unwrap_or(chess_t1::eval::Evaluation::Full);
        c.hash_mb = self.hash as usize;
        c.horizon = horizon;
        spec.reuse_zones = self.reuse_zones;
        c.zone_style = chess_t1::search::ZoneStyle::parse(&self.style)
            .unwrap_or(chess_t1::search::ZoneStyle::Order);
        if self.baseline {
            c.evaluation = chess_t1::eval::Evaluation::Material;
            spec.kind = crate::play::chess_t1_player::Kind::Baseline;
            spec.depth = Some(depth.unwrap_or(4).min(12));
        }
        spec
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and rulesets zonal knows, with the commands each supports.
    Games,
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
        /// A game record in the game's record form, moves separated by spaces (Hnefatafl:
        /// "e1-e3 f4-f3xf2"; coordinate moves are read too; Jungle: "a3a4 g7g6").
        #[arg(long, conflicts_with = "book")]
        record: Option<String>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Distance map: how many moves a piece needs to reach each square (docs/zones.md §1).
    Distance {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// The square of the piece (or where to place a hypothetical `--piece`).
        #[arg(long)]
        from: String,
        /// Which piece, and what it treats as obstacles.
        #[command(flatten)]
        piece: PieceArg,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Shortest and admissible trajectories of a piece from one square to another.
    Trajectories {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// The square of the piece (or where to place a hypothetical `--piece`).
        #[arg(long)]
        from: String,
        /// The goal square.
        #[arg(long)]
        to: String,
        /// Which piece, and what it treats as obstacles.
        #[command(flatten)]
        piece: PieceArg,
        /// Longest admissible trajectory to list, in moves (default: shortest + 1).
        #[arg(long)]
        max_len: Option<u32>,
        /// How many trajectories of each kind to list.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// The mathematical projection: zones of trajectories and their negations (docs/zones.md §3).
    Zones {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// Horizon in half-moves (1 to 12).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=12))]
        horizon: i32,
        /// Whose zones: roots of White, of Black, or both.
        #[arg(long, value_enum, default_value_t = SideArg::Both)]
        side: SideArg,
        /// Deepest negation level (1 = first negations only; 1 to 9).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=9))]
        level: u8,
        /// JSON output (schema: `schema/zones.schema.json`).
        #[arg(long, conflicts_with_all = ["dot", "text"])]
        json: bool,
        /// Graphviz DOT output, one cluster per zone (e.g. `| dot -Tsvg > mp.svg`).
        #[arg(long, conflicts_with = "text")]
        dot: bool,
        /// Text summary (the default).
        #[arg(long)]
        text: bool,
        /// Play these moves (coordinate form) first, updating the projection incrementally
        /// (docs/zones.md §5), and report for each how many zones it touches by the footprint rule
        /// and how many the exact update took over; then show the projection after the last.
        #[arg(long, value_name = "MOVE", num_args = 1..)]
        after: Vec<String>,
    },
    /// The exchange on a square (docs/zones.md §4): the best sequence of captures there, the side to
    /// move starting, each side free to stop, and its material balance.
    Exchange {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// The square fought over, e.g. e3.
        square: String,
        /// Piece values in half-units, e.g. N=2,V=3,P=3,R=4,S=4,C=6 (pieces not named keep
        /// these defaults; the King is not valued).
        #[arg(long)]
        material: Option<String>,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// The main job: zones with outcomes, recommended moves with reasons, principal lines. On a
    /// position file, every position (or `--id` / `--index`), scored against `bm` / `am`.
    Analyse {
        /// Positions: `startpos`, position strings or position files.
        #[arg(required = true)]
        pos: Vec<String>,
        /// In position files: only the position with this `id`.
        #[arg(long)]
        id: Option<String>,
        /// In position files: only the N-th position (1-based).
        #[arg(long)]
        index: Option<usize>,
        /// Horizon in half-moves of the zones [default: 4; Прорыв and Jungle 5, Hnefatafl 3].
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=12))]
        horizon: Option<i32>,
        /// Search depth in half-moves (default 6 unless `--movetime` or `--nodes` is given;
        /// with `--baseline`, the horizon).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Time and node bounds of each position's search.
        #[command(flatten)]
        bounds: BoundArgs,
        /// Rank the moves with the full-width search instead of the zone-guided one.
        #[arg(long)]
        full: bool,
        /// How many moves to recommend (each with an exact score).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=256))]
        top: u32,
        /// Engine settings.
        #[command(flatten)]
        engine: EngineArgs,
        /// Piece values in half-units, e.g. `N=2,V=3,P=3,R=4,S=4,C=6`.
        #[arg(long)]
        material: Option<String>,
        /// JSON output (schema/analysis.schema.json).
        #[arg(long)]
        json: bool,
        /// Threads for a batch of positions (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        jobs: Option<u32>,
        /// Also write one SVG picture per position into this folder: the board, the zones of the
        /// side to move and the recommended move as a green arrow.
        #[arg(long, value_name = "DIR")]
        svg: Option<std::path::PathBuf>,
    },
    /// Search a position: best move, score, principal line and nodes, zone-guided or full-width
    /// (`--full`), within a depth, a time or a node count (the first reached).
    Search {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// Depth in half-moves (default 4 unless `--movetime` or `--nodes` is given).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Time and node bounds of the search.
        #[command(flatten)]
        bounds: BoundArgs,
        /// Full-width search over all legal moves instead of the zone-guided one.
        #[arg(long)]
        full: bool,
        /// Horizon of the zones in half-moves (zone mode) [default: 4; Прорыв and Jungle 5,
        /// Hnefatafl 3].
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=12))]
        horizon: Option<i32>,
        /// Engine settings.
        #[command(flatten)]
        engine: EngineArgs,
        /// JSON output.
        #[arg(long)]
        json: bool,
    },
    /// Draw the board as an SVG picture: pieces, castle squares and, on request, force sums and
    /// the zones as arrows (`-o FILE`; default stdout).
    Render {
        /// The position to work on.
        #[command(flatten)]
        pos: PosArg,
        /// Draw the zones' trajectories as arrows (implied by `--zone` and `--side`).
        #[arg(long)]
        zones: bool,
        /// Write the effective force sums White:Black (units) on every square.
        #[arg(long)]
        force: bool,
        /// Only zone N (numbered as `zonal zones` numbers them).
        #[arg(long, value_name = "N")]
        zone: Option<usize>,
        /// Only zones whose (+) side (the root's side) is this one.
        #[arg(long, value_enum)]
        side: Option<SideArg>,
        /// Horizon in half-moves (1 to 12).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=12))]
        horizon: i32,
        /// Also draw this move (coordinate form, e.g. e2e4) as a thick green arrow.
        #[arg(long, value_name = "MOVE")]
        highlight: Option<String>,
        /// Where to write the SVG (default: stdout).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Headline figures on a fixed built-in set of positions (perft, force maps, projection,
    /// incremental update, zone vs full-width search, batch analysis).
    Bench {
        /// Fewer positions and a shallower perft (a few seconds).
        #[arg(long)]
        quick: bool,
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
    /// Speak the engine protocol (UCI-like, see README "Engine protocol") on stdin/stdout, for
    /// match programs and `zonal match --cmd1`.
    Engine,
    /// Play a match between two players (built in or external programs): W/D/L, Elo, SPRT,
    /// game records.
    Match(MatchArgs),
    /// Self-play data for fitting the evaluation (or people's games with `--records`): each
    /// quiet position with the game's result and the search's score (crates/learn, `data`).
    Datagen(learn::DatagenArgs),
    /// Fit the evaluation's weights to `zonal datagen` data (logistic, held-out games,
    /// bootstrap intervals) and write a weights file.
    Fit(learn::FitArgs),
    /// Serve the analysis board in the browser on 127.0.0.1 (README "Analysis board"): every
    /// game, moves by click, zones, the engine; prints the address on stdout.
    Serve {
        /// The port (0: a free one, printed on stdout).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Open the page in the desktop's browser.
        #[arg(long)]
        open: bool,
    },
}

/// Which piece a trajectory command is about.
#[derive(Args, Debug, Clone)]
pub struct PieceArg {
    /// A hypothetical piece placed on `--from` instead of what stands there: a letter of the
    /// position notation (upper case White, lower case Black), e.g. `S` or `p`.
    #[arg(long)]
    pub piece: Option<char>,
    /// Treat the piece's own side's other pieces as removable (not obstacles).
    #[arg(long)]
    pub own_removable: bool,
}

/// Whose zones `zonal zones` shows.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideArg {
    /// Zones whose root is White.
    White,
    /// Zones whose root is Black.
    Black,
    /// All zones.
    Both,
}

impl SideArg {
    /// The side filter of [`ZoneConfig`] (`None` for both).
    pub fn color(self) -> Option<Color> {
        match self {
            SideArg::White => Some(Color::White),
            SideArg::Black => Some(Color::Black),
            SideArg::Both => None,
        }
    }
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
    /// A failed write to stdout: a closed pipe (the reader has seen enough: not an error, exit
    /// code 0 and no message) or another error such as a full disk (exit code 1).
    pub fn output(e: std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError {
                message: String::new(),
                code: 0,
            }
        } else {
            CliError {
                message: format!("cannot write the output: {e}"),
                code: 1,
            }
        }
    }

    /// Bad input from the user: exit code 2.
    pub fn input(e: impl std::fmt::Display) -> CliError {
        CliError {
            message: e.to_string(),
            code: 2,
        }
    }
}

pub(crate) fn print_json(value: &impl Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError {
        message: format!("cannot write JSON: {e}"),
        code: 1,
    })?;
    outln!("{text}");
    Ok(())
}

/// The position argument of `command` (the first, for `analyse`), if it has one.
fn position_argument(command: &Command) -> Option<&str> {
    match command {
        Command::Moves { pos, .. }
        | Command::Force { pos, .. }
        | Command::Play { pos, .. }
        | Command::Distance { pos, .. }
        | Command::Trajectories { pos, .. }
        | Command::Zones { pos, .. }
        | Command::Exchange { pos, .. }
        | Command::Search { pos, .. }
        | Command::Render { pos, .. } => Some(&pos.pos),
        Command::Analyse { pos, .. } => pos.first().map(String::as_str),
        Command::Perft { pos, .. } => Some(pos),
        Command::Games
        | Command::Bench { .. }
        | Command::Engine
        | Command::Match(_)
        | Command::Datagen(_)
        | Command::Fit(_)
        | Command::Serve { .. } => None,
    }
}

/// The game a position file states on a `game NAME` line before its first position; chess-t1
/// when the argument is not a file or states none.
fn stated_game(command: &Command) -> Result<GameName, CliError> {
    use clap::ValueEnum;
    use std::io::BufRead;
    let Some(path) = position_argument(command).map(std::path::Path::new) else {
        return Ok(GameName::ChessT1);
    };
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(GameName::ChessT1);
    };
    if !path.is_file() {
        return Ok(GameName::ChessT1);
    }
    let mut reader = std::io::BufReader::new(file);
    let mut buf = Vec::new();
    for line in 1..=1000 {
        buf.clear();
        let limit = chess_t1::posfile::MAX_LINE_BYTES as u64;
        match std::io::Read::take(&mut reader, limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&buf);
        // A byte-order mark before the first line is not part of it.
        let text = text.trim_start_matches('\u{feff}').trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let Some(name) = text.strip_prefix("game ") else {
            break;
        };
        // A game line may name a ruleset after the game (`game hnefatafl copenhagen`).
        let name = name.split_whitespace().next().unwrap_or_default();
        return GameName::from_str(name.trim(), false).map_err(|_| {
            CliError::input(format!(
                "{}:{line}:6: unknown game {:?} (`zonal games` lists the games)",
                path.display(),
                chess_t1::excerpt::excerpt(name.trim())
            ))
        });
    }
    Ok(GameName::ChessT1)
}

/// `zonal games`: the games, their rulesets and what works for each.
fn games() -> Result<(), CliError> {
    outln!("chess-t1  (default) rules: docs/chess-t1-rules.md; every command");
    outln!(
        "proryv    Прорыв, rules: docs/proryv.md; moves, play, perft, distance, trajectories, zones (--after), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
    );
    outln!(
        "hnefatafl Hnefatafl, rulesets seed (9x9, 11x11) and copenhagen, rules: docs/hnefatafl.md; moves, play (--record), perft, zones (--after, --json, --dot), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
    );
    outln!(
        "jungle    Dou Shou Qi (Jungle), rules: docs/jungle.md; moves, play, perft, zones (--after, --json, --dot), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
    );
    Ok(())
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    if let Command::Games = cli.command {
        return games();
    }
    if let Command::Serve { port, open } = cli.command {
        return crate::serve::run(port, open);
    }
    let game = match cli.game {
        Some(game) => game,
        None => stated_game(&cli.command)?,
    };
    match game {
        GameName::Proryv => return proryv::run(cli.command),
        GameName::Hnefatafl => return generic::run::<hnefatafl::Hnefatafl>(cli.command),
        GameName::Jungle => return generic::run::<jungle::Jungle>(cli.command),
        GameName::ChessT1 => {}
    }
    match cli.command {
        Command::Games => games(),
        Command::Moves { pos, json } => moves(&pos.resolve()?, json),
        Command::Force { pos, raw, json } => force(&pos.resolve()?, raw, json),
        Command::Play {
            pos,
            mut moves,
            book,
            record: game_record,
            json,
        } => {
            if let Some(text) = game_record {
                if !moves.is_empty() {
                    return Err(CliError::input(
                        "give the moves either as arguments or with --record, not both",
                    ));
                }
                moves = text.split_whitespace().map(str::to_string).collect();
            }
            let (start, record) = pos.resolve_record()?;
            play(start, record.as_ref(), &moves, book.as_deref(), json)
        }
        Command::Distance {
            pos,
            from,
            piece,
            json,
        } => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, &piece)?;
            distance_cmd(&pos, &subject, json)
        }
        Command::Trajectories {
            pos,
            from,
            to,
            piece,
            max_len,
            limit,
            json,
        } => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, &piece)?;
            let to = parse_square(&to, "--to")?;
            trajectories_cmd(&pos, &subject, to, max_len, limit, json)
        }
        Command::Zones {
            pos,
            horizon,
            side,
            level,
            json,
            dot,
            text: _,
            after,
        } => {
            let position = pos.resolve()?;
            let config = ZoneConfig {
                horizon,
                max_level: level,
                side: side.color(),
                ..ZoneConfig::default()
            };
            zones_cmd(&position, &config, &after, json, dot)
        }
        Command::Exchange {
            pos,
            square,
            material,
            json,
        } => {
            let position = pos.resolve()?;
            let square = parse_square(&square, "<SQUARE>")?;
            let material = material_arg(material.as_deref())?;
            exchange_cmd(&position, square, &material, json)
        }
        Command::Analyse {
            pos,
            id,
            index,
            horizon,
            depth,
            bounds,
            full,
            top,
            engine,
            material,
            json,
            jobs,
            svg,
        } => {
            let material = material_arg(material.as_deref())?;
            let horizon = horizon.unwrap_or(4);
            let mode = if full { Mode::Full } else { Mode::Zones };
            let limits = bounds.limits(depth, chess_t1::analysis::DEFAULT_DEPTH);
            let player = engine.player(mode, horizon, depth);
            let cfg = chess_t1::analysis::AnalysisConfig {
                horizon,
                depth: limits.depth,
                limits,
                mode,
                material,
                top: top as usize,
                baseline: (player.kind == crate::play::chess_t1_player::Kind::Baseline)
                    .then(|| player.baseline_config()),
                engine: player.config,
            };
            analyse_cmd(
                &pos,
                id.as_deref(),
                index,
                &cfg,
                json,
                jobs.map(|j| j as usize),
                svg.as_deref(),
            )
        }
        Command::Search {
            pos,
            depth,
            bounds,
            full,
            horizon,
            engine,
            json,
        } => {
            let pos = pos.resolve()?;
            let limits = bounds.limits(depth, 4);
            let mode = if full { Mode::Full } else { Mode::Zones };
            let horizon = horizon.unwrap_or(4);
            search_cmd(&pos, &engine.player(mode, horizon, depth), &limits, json)
        }
        Command::Render {
            pos,
            zones,
            force,
            zone,
            side,
            horizon,
            highlight,
            output,
        } => {
            let position = pos.resolve()?;
            let show_zones = zones || zone.is_some() || side.is_some();
            let side = side.and_then(SideArg::color);
            let opts = chess_t1::report::svg::SvgOptions {
                force,
                zones: show_zones.then_some(chess_t1::report::svg::ZoneFilter { zone, side }),
                highlight: highlight
                    .as_deref()
                    .map(|h| parse_highlight(&position, h))
                    .transpose()?,
                title: None,
            };
            render_cmd(&position, horizon, &opts, output.as_deref())
        }
        Command::Bench { quick, json } => {
            let report = crate::bench::run(quick);
            if json {
                print_json(&report)
            } else {
                outln!("{}", report.to_text());
                Ok(())
            }
        }
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
        Command::Engine => crate::play::engine::<crate::play::chess_t1::ChessT1>(),
        Command::Match(args) => match_cmd(&args),
        Command::Datagen(args) => learn::datagen::<crate::play::chess_t1::ChessT1>(&args),
        Command::Fit(args) => learn::fit::<crate::play::chess_t1::ChessT1>(&args),
        Command::Serve { port, open } => crate::serve::run(port, open),
    }
}

/// A move as `zonal moves --json` writes it.
#[derive(Serialize)]
pub(crate) struct MoveJson {
    uci: String,
    from: Square,
    to: Square,
    piece: String,
    kind: &'static str,
    promotion: Option<String>,
    book: String,
}

impl MoveJson {
    /// The move `mv` of `pos`.
    pub(crate) fn new(pos: &Position, mv: &Move) -> MoveJson {
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
pub(crate) fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_cached_key(Move::uci);
    moves
}

fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
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
    outln!(
        "{} force White:Black in units ({} to move); * = superiority of the side to move",
        if raw { "Raw" } else { "Effective" },
        pos.side_to_move()
    );
    out!("  ");
    for file in 'a'..='h' {
        out!(" {file:<9}");
    }
    outln!();
    for rank in (0..8).rev() {
        out!("{} ", rank + 1);
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
            out!(" {cell:<9}");
        }
        outln!();
    }
    Ok(())
}

fn play(
    start: Position,
    record: Option<&posfile::Record>,
    moves: &[String],
    book_text: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let mut game = Game::new(start);
    // A game record (`zonal match --out`) replays its `moves` first.
    if let Some(record) = record
        && let Some(list) = record.operands("moves")
    {
        let name = match record.id() {
            Some(id) => format!("record {id:?} (line {})", record.line),
            None => format!("the record of line {}", record.line),
        };
        for (i, text) in list.iter().enumerate() {
            game.play_uci(text).map_err(|e| {
                CliError::input(format!(
                    "{name}: move {} of its moves ({text_short}): {e}",
                    i + 1,
                    text_short = chess_t1::excerpt::excerpt(text)
                ))
            })?;
        }
    }
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
        outln!("{pos}");
        out!("{}", chess_t1::report::diagram(pos.board()));
        outln!("status: {status}");
        if let Some(result) = record.and_then(|r| r.operands("result")) {
            let reason = record
                .and_then(|r| r.operands("reason"))
                .unwrap_or_default();
            outln!("recorded result: {} {}", result.join(" "), reason.join(" "));
        }
        for color in Color::BOTH {
            if pos.in_check(color) {
                outln!("{color} is in check");
            }
        }
        outln!(
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

fn zones_cmd(
    start_pos: &Position,
    config: &ZoneConfig,
    after: &[String],
    json: bool,
    dot: bool,
) -> Result<(), CliError> {
    use chess_t1::incremental::{FootprintIndex, Tracker};
    let start = Instant::now();
    let mut tracker = Tracker::new(&ChessT1, *start_pos, config.clone());
    let mut log = String::new();
    for (i, text) in after.iter().enumerate() {
        let pos = *tracker.position();
        if pos.status().is_over() {
            return Err(CliError::input(format!(
                "--after: move {} ({}): the game is over ({})",
                i + 1,
                chess_t1::excerpt::excerpt(text),
                pos.status()
            )));
        }
        let mv = pos.parse_uci(text).map_err(|e| {
            CliError::input(format!(
                "--after: move {} ({}'s move {}): {e}",
                i + 1,
                pos.side_to_move(),
                pos.fullmove()
            ))
        })?;
        let index = FootprintIndex::new(tracker.projection());
        let touched = index.touched_by([mv.from, mv.to]).len();
        tracker.play(&mv);
        let stats = tracker.stats();
        log += &format!(
            "after {}: the footprint rule (docs/zones.md §5) touches {touched} of {} zones; \
             the exact update took over {} attack zones, built {} and {} linked zones\n",
            mv.uci(),
            index.len(),
            stats.reused,
            stats.rebuilt,
            stats.linked
        );
    }
    let pos = tracker.position();
    let mp = tracker.projection();
    tracing::info!(
        "{} zones, {} complexes in {:.3} s",
        mp.zones.len(),
        mp.complexes.len(),
        start.elapsed().as_secs_f64()
    );
    if json || dot {
        eprint!("{log}");
    } else {
        write_stdout(&log)?;
    }
    let report = ZonesJson::new(mp, pos);
    if json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| CliError {
            message: format!("cannot write JSON: {e}"),
            code: 1,
        })?;
        write_stdout(&(text + "\n"))
    } else if dot {
        write_stdout(&report.to_dot())
    } else {
        write_stdout(&report.to_text())
    }
}

/// Writes a (possibly long) output to stdout; a reader that stops early (`| head`) is not an
/// error.
pub(crate) fn write_stdout(text: &str) -> Result<(), CliError> {
    write_out(format_args!("{text}"))
}

fn perft_cmd(pos: &Position, depth: u32, divide: bool, parallel: bool) -> Result<(), CliError> {
    let start = Instant::now();
    let rows = divide.then(|| {
        perft::divide(pos, depth)
            .into_iter()
            .map(|(mv, n)| (mv.uci(), n))
            .collect()
    });
    let count = || {
        if parallel {
            perft::perft_parallel(pos, depth)
        } else {
            perft::perft(pos, depth)
        }
    };
    let cores = if parallel { "all cores" } else { "one core" };
    report_perft(depth, start, rows, count, cores)
}

/// Prints a perft count, after the count below each first move when `rows` is given, and the
/// speed since `start` on stderr.
fn report_perft(
    depth: u32,
    start: Instant,
    rows: Option<Vec<(String, u64)>>,
    count: impl FnOnce() -> u64,
    cores: &str,
) -> Result<(), CliError> {
    let nodes = match rows {
        Some(mut rows) => {
            rows.sort();
            for (mv, n) in &rows {
                outln!("{mv}: {n}");
            }
            outln!();
            if depth == 0 {
                1
            } else {
                rows.iter().map(|r| r.1).sum()
            }
        }
        None => count(),
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("{nodes}");
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s ({cores})",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn exchange_cmd(
    pos: &Position,
    sq: Square,
    material: &chess_t1::exchange::Material,
    json: bool,
) -> Result<(), CliError> {
    use chess_t1::exchange::{DECISIVE, exchange};
    let x = exchange(pos, sq, material);
    if json {
        #[derive(Serialize)]
        struct Sums {
            white: i32,
            black: i32,
        }
        #[derive(Serialize)]
        struct StepJson {
            uci: String,
            book: String,
            side: &'static str,
            piece: String,
            kind: &'static str,
            captured: Option<String>,
            promotion: Option<String>,
            gain: i32,
            sums_before: Sums,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            square: Square,
            side: &'static str,
            target: Option<String>,
            initial: Sums,
            value: i32,
            win: bool,
            outcome: Option<&'static str>,
            line: Vec<StepJson>,
            material: String,
            unit: &'static str,
        }
        let sums = |s: [i32; 2]| Sums {
            white: s[0],
            black: s[1],
        };
        return print_json(&Out {
            position: pos.to_string(),
            square: sq,
            side: x.side.name(),
            target: x.target.map(|p| p.char().to_string()),
            initial: sums(x.initial),
            value: x.value,
            win: x.value >= DECISIVE,
            outcome: x.outcome.map(|(_, r)| r.name()),
            line: x
                .steps
                .iter()
                .map(|s| StepJson {
                    uci: s.mv.uci(),
                    book: book::write_move(&s.before, &s.mv),
                    side: s.side().name(),
                    piece: s.mv.piece.letter().to_string(),
                    kind: s.mv.kind.name(),
                    captured: s.mv.captured.map(|k| k.letter().to_string()),
                    promotion: s.mv.promotion.map(|k| k.letter().to_string()),
                    gain: s.gain,
                    sums_before: sums(s.sums_before),
                })
                .collect(),
            material: material.to_string(),
            unit: "half",
        });
    }
    let side = x.side;
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let target = x.target.map_or("empty".to_string(), |p| {
        format!("{} {}", name(p.color), p.kind)
    });
    outln!(
        "Exchange on {sq} ({target}), {} to move; sums White:Black {}:{}",
        name(side),
        units(x.initial[0]),
        units(x.initial[1])
    );
    for (i, s) in x.steps.iter().enumerate() {
        let taken = s.mv.captured.map_or(String::new(), |k| k.to_string());
        let verb = if s.mv.kind == chess_t1::moves::MoveKind::Exchange {
            "exchanges"
        } else {
            "takes"
        };
        let result = if i + 1 == x.steps.len() && x.outcome.is_some() {
            "and wins the game".to_string()
        } else {
            format!("{} for {}", GainUnits(s.gain), name(s.side()))
        };
        outln!(
            "  {}. {} ({})  {} {verb} {taken}, {result}; sums before {}:{}",
            i + 1,
            book::write_move(&s.before, &s.mv),
            s.mv.uci(),
            name(s.side()),
            units(s.sums_before[0]),
            units(s.sums_before[1])
        );
    }
    let summary = |c: Color| {
        let taken: Vec<String> = x
            .steps
            .iter()
            .filter(|s| s.side() == c)
            .filter_map(|s| s.mv.captured.map(|k| k.to_string()))
            .collect();
        if taken.is_empty() {
            "nothing".to_string()
        } else {
            taken.join(", ")
        }
    };
    if let Some((winner, reason)) = x.outcome {
        outln!("{} wins the game ({})", name(winner), reason.name());
    } else if x.value > 0 {
        outln!(
            "{} wins {} ({} takes {}; {} takes {})",
            name(side),
            units(x.value),
            name(side),
            summary(side),
            name(side.other()),
            summary(side.other())
        );
    } else if x.target.is_none() {
        outln!("{sq} is empty: nothing to win");
    } else if x.target.is_some_and(|p| p.color == side) {
        outln!("{sq} holds {}'s own piece: nothing to win", name(side));
    } else {
        outln!(
            "{} wins nothing on {sq}: no capture there gains material (value 0)",
            name(side)
        );
    }
    Ok(())
}

/// Half-units with a sign, written as units (`+1½`, `-2`, `+0`).
struct GainUnits(i32);

impl std::fmt::Display for GainUnits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "+" };
        write!(f, "{sign}{}", units(self.0.abs()))
    }
}

/// A move to highlight, `e2e4` or `e2-e4` (a promotion letter after it is ignored); it must be
/// legal in `pos`.
fn parse_highlight(
    pos: &Position,
    text: &str,
) -> Result<chess_t1::report::svg::Highlight, CliError> {
    let plain: String = text.chars().filter(|&c| c != '-').collect();
    let tail_ok = plain.get(4..).is_some_and(|t| {
        t.is_empty() || (t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()))
    });
    let (Some(from), Some(to), true) = (plain.get(0..2), plain.get(2..4), tail_ok) else {
        return Err(CliError::input(format!(
            "--highlight: {:?} is not a move (expected e.g. e2e4)",
            chess_t1::excerpt::excerpt(text)
        )));
    };
    let (from, to) = (
        parse_square(from, "--highlight")?,
        parse_square(to, "--highlight")?,
    );
    if !pos
        .legal_moves()
        .iter()
        .any(|m| m.from == from && m.to == to)
    {
        return Err(CliError::input(format!(
            "--highlight: {from}-{to} is not a legal move in {pos}"
        )));
    }
    Ok(chess_t1::report::svg::Highlight::new(from, to))
}

fn render_cmd(
    pos: &Position,
    horizon: i32,
    opts: &chess_t1::report::svg::SvgOptions,
    output: Option<&std::path::Path>,
) -> Result<(), CliError> {
    let mp = match opts.zones {
        Some(filter) => {
            let config = ZoneConfig {
                horizon,
                ..ZoneConfig::default()
            };
            let mp = Projection::build(&ChessT1, pos, &config);
            if let Some(n) = filter.zone {
                match mp.zones.iter().find(|z| z.index == n) {
                    None if mp.zones.is_empty() => {
                        return Err(CliError::input(format!(
                            "--zone {n}: this position has no zones at horizon {horizon}"
                        )));
                    }
                    None => {
                        return Err(CliError::input(format!(
                            "--zone {n}: no such zone; this position has zones 0 to {} at horizon {horizon}",
                            mp.zones.len() - 1
                        )));
                    }
                    Some(z) if filter.side.is_some_and(|s| s != z.side) => {
                        return Err(CliError::input(format!(
                            "--zone {n} is a {} zone, but --side asks for {} ones",
                            z.side,
                            z.side.other()
                        )));
                    }
                    Some(_) => {}
                }
            }
            Some(mp)
        }
        None => None,
    };
    let picture = chess_t1::report::svg::render(pos, mp.as_ref(), opts);
    match output {
        Some(path) => std::fs::write(path, picture).map_err(|e| CliError {
            message: format!("cannot write {}: {e}", path.display()),
            code: 1,
        }),
        None => write_stdout(&picture),
    }
}

/// The `--material` option: piece values, or the defaults.
fn material_arg(text: Option<&str>) -> Result<chess_t1::exchange::Material, CliError> {
    match text {
        Some(text) => chess_t1::exchange::Material::parse(text)
            .map_err(|e| CliError::input(format!("--material: {e}"))),
        None => Ok(chess_t1::exchange::Material::default()),
    }
}

fn parse_square(text: &str, option: &str) -> Result<Square, CliError> {
    text.parse()
        .map_err(|e| CliError::input(format!("{option}: {e}")))
}

/// The piece a trajectory command is about, where it stands and what it treats as obstacles.
struct Subject {
    piece: Piece,
    from: Square,
    occupied: Bitboard,
    own_removable: bool,
}

impl Subject {
    fn new(pos: &Position, from: &str, arg: &PieceArg) -> Result<Subject, CliError> {
        let from = parse_square(from, "--from")?;
        let piece = match arg.piece {
            Some(c) => Piece::from_char(c).ok_or_else(|| {
                CliError::input(format!(
                    "--piece: unknown piece letter {c:?} (expected K C P R S N V, lower case for Black)"
                ))
            })?,
            None => pos.piece_at(from).ok_or_else(|| {
                CliError::input(format!(
                    "--from: no piece on {from}; give --piece LETTER to place a hypothetical one there"
                ))
            })?,
        };
        if let Some(other) = pos.piece_at(from).filter(|&p| p != piece) {
            tracing::warn!("{from} holds {other}; it is replaced by the hypothetical {piece}");
        }
        let mut occupied = pos.board().occupied().without(Bitboard::from_square(from));
        if arg.own_removable {
            occupied = occupied.without(pos.board().by_color(piece.color));
        }
        Ok(Subject {
            piece,
            from,
            occupied,
            own_removable: arg.own_removable,
        })
    }

    fn describe(&self) -> String {
        format!("{} {} on {}", self.piece.color, self.piece.kind, self.from)
    }
}

fn distance_cmd(pos: &Position, subject: &Subject, json: bool) -> Result<(), CliError> {
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

#[derive(Serialize)]
struct TrajectoryJson {
    squares: Vec<Square>,
    alpha: Vec<Square>,
    beta: Vec<Square>,
}

impl TrajectoryJson {
    fn new(t: &Trajectory) -> TrajectoryJson {
        TrajectoryJson {
            squares: t.squares.clone(),
            alpha: t.alpha().to_vec(),
            beta: t.beta_squares(),
        }
    }
}

fn trajectories_cmd(
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

/// One position to analyse, with its expected answers, or why it could not be read.
type AnalyseInput = Result<(Position, Expected), CliError>;

/// The positions named by `analyse`'s arguments, with their expected answers, read lazily:
/// a position file a record at a time.
fn analyse_inputs<'a>(
    args: &'a [String],
    id: Option<&'a str>,
    index: Option<usize>,
) -> impl Iterator<Item = AnalyseInput> + 'a {
    let expected = |r: &posfile::Record| Expected {
        id: r.id().map(str::to_string),
        bm: r.operands("bm").map(<[String]>::to_vec),
        am: r.operands("am").map(<[String]>::to_vec),
    };
    args.iter()
        .flat_map(move |arg| -> Box<dyn Iterator<Item = AnalyseInput>> {
            let path = std::path::Path::new(arg);
            if arg == "startpos" || !path.is_file() {
                let one = posfile::resolve(arg, id, index)
                    .map(|p| (p, Expected::default()))
                    .map_err(CliError::input);
                return Box::new(std::iter::once(one));
            }
            let reader = match posfile::open(path) {
                Ok(reader) => reader,
                Err(e) => return Box::new(std::iter::once(Err(CliError::input(e)))),
            };
            if id.is_some() || index.is_some() {
                let one = posfile::select_from(reader, id, index)
                    .map(|r| (r.position, expected(&r)))
                    .map_err(|e| CliError::input(format!("{arg}: {e}")));
                return Box::new(std::iter::once(one));
            }
            Box::new(reader.map(move |r| {
                r.map(|r| (r.position, expected(&r)))
                    .map_err(CliError::input)
            }))
        })
}

/// Positions analysed together, in parallel, before their results are written.
const ANALYSE_CHUNK: usize = 16;

fn analyse_cmd(
    args: &[String],
    id: Option<&str>,
    index: Option<usize>,
    cfg: &chess_t1::analysis::AnalysisConfig,
    json: bool,
    jobs: Option<usize>,
    svg: Option<&std::path::Path>,
) -> Result<(), CliError> {
    let mut inputs = analyse_inputs(args, id, index).peekable();
    // A batch when there is more than one position: look at the first two.
    let first = inputs.next().transpose()?;
    let batch = inputs.peek().is_some();
    let mut inputs = first.map(Ok).into_iter().chain(inputs);
    // A counter on stderr for batches (drawn only on a terminal).
    let progress = if batch {
        spinner("{elapsed_precise} {pos} positions analysed ({per_sec})")
    } else {
        spinner("{elapsed_precise} {spinner} analysing")
    };
    let mut pictures = svg.map(SvgFolder::new).transpose()?;
    let mut summary = chess_t1::report::analysis::SummaryJson::default();
    if json && batch {
        outln!(
            "{{\n  \"schema_version\": {},\n  \"game\": \"{}\",\n  \"analyses\": [",
            chess_t1::report::analysis::SCHEMA_VERSION,
            chess_t1::report::zones::GAME
        );
    }
    let mut written = 0usize;
    // A bad record ends the run, after the records before it are analysed and printed.
    let mut pending_error = None;
    while pending_error.is_none() {
        let mut chunk: Vec<(Position, Expected)> = Vec::with_capacity(ANALYSE_CHUNK);
        for input in inputs.by_ref().take(ANALYSE_CHUNK) {
            match input {
                Ok(item) => chunk.push(item),
                Err(e) => {
                    pending_error = Some(e);
                    break;
                }
            }
        }
        if chunk.is_empty() {
            break;
        }
        let positions: Vec<Position> = chunk.iter().map(|(p, _)| *p).collect();
        let results = chess_t1::analysis::analyse_all(&positions, cfg, jobs, || progress.inc(1));
        for (analysis, (_, expected)) in results.iter().zip(&chunk) {
            written += 1;
            if let Some(folder) = pictures.as_mut() {
                folder.write(analysis, expected, written, cfg)?;
            }
            let object = AnalysisJson::new(analysis, expected);
            summary.add(&object);
            if json {
                let text = serde_json::to_string_pretty(&object).map_err(|e| CliError {
                    message: format!("cannot write JSON: {e}"),
                    code: 1,
                })?;
                if batch {
                    let sep = if written > 1 { "," } else { "" };
                    outln!("{sep}{}", indent(&text, "    "));
                } else {
                    outln!("{text}");
                }
            } else {
                outln!(
                    "{}",
                    chess_t1::report::analysis::to_text(analysis, expected)
                );
            }
        }
    }
    progress.finish_and_clear();
    if let Some(e) = pending_error {
        return Err(e);
    }
    if batch {
        if json {
            let text = serde_json::to_string_pretty(&summary).map_err(|e| CliError {
                message: format!("cannot write JSON: {e}"),
                code: 1,
            })?;
            outln!(
                "  ],\n  \"summary\": {}\n}}",
                indent(&text, "  ").trim_start()
            );
        } else {
            outln!(
                "Suite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)",
                summary.positions,
                summary.with_answer,
                summary.matched,
                summary.nodes
            );
        }
    }
    Ok(())
}

/// `text` with `prefix` before every line.
fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|l| format!("{prefix}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A progress line on stderr with `template`, ticking by itself; drawn only when stderr is a
/// terminal (indicatif hides it otherwise), so pipes and files never see it.
/// A bar of `len` games on stderr, drawn only when stderr is a terminal (matches, datagen).
pub(crate) fn games_bar(len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:30} {pos}/{len} games, {msg} [{elapsed_precise} < {eta}]",
    ) {
        bar.set_style(style);
    }
    bar
}

fn spinner(template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn search_cmd(
    pos: &Position,
    player: &crate::play::chess_t1_player::ChessConfig,
    limits: &zonal_core::Limits,
    json: bool,
) -> Result<(), CliError> {
    let start = Instant::now();
    // Each finished iteration is shown on a terminal while the search runs.
    let progress = spinner("{elapsed_precise} {spinner} {msg}");
    progress.set_message("searching");
    let result = crate::play::chess_t1_player::Player::new(player.clone()).search(
        pos,
        &[],
        limits,
        None,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |info| {
            let pv: Vec<String> = info.pv.iter().take(6).map(|m| m.uci()).collect();
            progress.set_message(format!(
                "depth {} score {} nodes {} pv {}",
                info.depth,
                chess_t1::search::cp_text(info.score_cp),
                info.nodes,
                pv.join(" ")
            ));
        },
    );
    progress.finish_and_clear();
    let micros = start.elapsed().as_micros() as u64;
    if json {
        #[derive(Serialize)]
        struct Out {
            position: String,
            engine: String,
            mode: &'static str,
            depth: u32,
            seldepth: u32,
            best: Option<String>,
            book: Option<String>,
            score: i32,
            score_cp: i32,
            line: Vec<String>,
            nodes: u64,
            micros: u64,
        }
        return print_json(&Out {
            position: pos.to_string(),
            engine: player.to_string(),
            mode: result.mode.name(),
            depth: result.depth,
            seldepth: result.seldepth,
            best: result.best.map(|m| m.uci()),
            book: result.best.map(|m| book::write_move(pos, &m)),
            score: result.score,
            score_cp: result.score_cp,
            line: result.line.iter().map(|m| m.uci()).collect(),
            nodes: result.nodes,
            micros,
        });
    }
    match result.best {
        Some(mv) => {
            let line: Vec<String> = result.line.iter().map(|m| m.uci()).collect();
            outln!(
                "best {} ({}) score {} nodes {} depth {} mode {}",
                mv.uci(),
                book::write_move(pos, &mv),
                chess_t1::search::cp_text(result.score_cp),
                result.nodes,
                result.depth,
                result.mode.name()
            );
            outln!("line {}", line.join(" "));
        }
        None => outln!("no move (status: {})", pos.status()),
    }
    eprintln!(
        "search: {:.1} ms, {} nodes/s, seldepth {}",
        micros as f64 / 1000.0,
        result.nodes * 1_000_000 / micros.max(1),
        result.seldepth
    );
    if result.mode == Mode::Zones {
        let z = result.zone_stats;
        eprintln!(
            "zones: {} attack zones built, {} taken over from nearby nodes, {} linked zones built; {} projections in {} ms",
            z.rebuilt, z.reused, z.linked, result.projections, result.projection_ms
        );
    }
    Ok(())
}

/// The folder of `analyse --svg`: one picture per analysed position, `<id>.svg` (or
/// `position-<n>.svg`), the id made safe for a file name; two ids that come out the same get
/// `-<n>` (the position's number) so that no picture overwrites another.
struct SvgFolder {
    dir: std::path::PathBuf,
    used: std::collections::HashSet<String>,
}

impl SvgFolder {
    fn new(dir: &std::path::Path) -> Result<SvgFolder, CliError> {
        if dir.exists() && !dir.is_dir() {
            return Err(CliError::input(format!(
                "--svg: {} exists and is not a folder (give a folder for the pictures)",
                dir.display()
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| CliError {
            message: format!("--svg: cannot create the folder {}: {e}", dir.display()),
            code: 1,
        })?;
        Ok(SvgFolder {
            dir: dir.to_path_buf(),
            used: std::collections::HashSet::new(),
        })
    }

    fn write(
        &mut self,
        analysis: &chess_t1::analysis::Analysis,
        expected: &Expected,
        n: usize,
        cfg: &chess_t1::analysis::AnalysisConfig,
    ) -> Result<(), CliError> {
        use chess_t1::report::svg::{Highlight, SvgOptions, ZoneFilter, render};
        let pos = &analysis.position;
        let zone_cfg = ZoneConfig {
            horizon: cfg.horizon,
            ..ZoneConfig::default()
        };
        let mp = Projection::build(&ChessT1, pos, &zone_cfg);
        let highlight = analysis.recommended.first().map(|r| Highlight {
            from: r.mv.from,
            to: r.mv.to,
            label: Some(r.book.clone()),
        });
        let title = expected
            .id
            .clone()
            .unwrap_or_else(|| format!("position-{n}"));
        let options = SvgOptions {
            force: false,
            zones: Some(ZoneFilter {
                zone: None,
                side: Some(pos.side_to_move()),
            }),
            highlight,
            title: Some(title.clone()),
        };
        let safe: String = title
            .chars()
            .take(100)
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let mut name = safe.clone();
        if !self.used.insert(name.clone()) {
            name = format!("{safe}-{n}");
            self.used.insert(name.clone());
        }
        let path = self.dir.join(format!("{name}.svg"));
        std::fs::write(&path, render(pos, Some(&mp), &options)).map_err(|e| CliError {
            message: format!("--svg: cannot write {}: {e}", path.display()),
            code: 1,
        })?;
        tracing::info!("wrote {}", path.display());
        Ok(())
    }
}

/// Options of `zonal match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// engine1 built in: `key=value,...`, e.g. `mode=full,depth=4`. Every game: `depth`,
    /// `nodes`, `movetime`. chess-t1: `engine=new|baseline`, `mode=zones|full`,
    /// `eval=full|material`, `hash`, `horizon`, `style`, `zone_plies`, `extend`, `reduce_named`,
    /// `contempt`, `qs_prune`, `weights=FILE`. Прорыв, Hnefatafl, Jungle: `mode=zones|full`,
    /// `horizon`, `plies`, `engine=engine|plain`, `eval=fitted|hand|FILE`, the evaluation's
    /// weights by name, and the engine's techniques by key (`zonal engine`'s `uci` lists them).
    #[arg(
        long,
        value_name = "SPEC",
        required_unless_present = "cmd1",
        conflicts_with = "cmd1"
    )]
    pub engine1: Option<String>,
    /// engine2 built in (as `--engine1`).
    #[arg(
        long,
        value_name = "SPEC",
        required_unless_present = "cmd2",
        conflicts_with = "cmd2"
    )]
    pub engine2: Option<String>,
    /// engine1 as an external program speaking the engine protocol: its command line.
    #[arg(long, value_name = "COMMAND")]
    pub cmd1: Option<String>,
    /// engine2 as an external program.
    #[arg(long, value_name = "COMMAND")]
    pub cmd2: Option<String>,
    /// Position file of openings, each played twice with colours swapped [default: the game's
    /// own: chess-t1 `positions/openings.t1`, Прорыв `positions/proryv/openings.pos`, built in;
    /// Hnefatafl and Jungle 16 seeded random 4-move openings from `startpos`]. Hnefatafl and
    /// Jungle also take a start's name, e.g. `seed9`, for 16 such openings from it.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Games in all, cycling through the openings (default: each opening twice).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: Option<u64>,
    /// Time per move in milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Nodes per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Depth per move in half-moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// A game clock per side: `SECONDS+INCREMENT`, e.g. `10+0.1` (a flag fall loses).
    #[arg(long, value_name = "SECONDS+INC")]
    pub clock: Option<String>,
    /// Games played at once, each on its own thread; a built-in player's `hash=` is divided
    /// between them (at least 1 MiB each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Plies after which a game is drawn (`move_limit`).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Sequential probability ratio test of H0 elo0 against H1 elo1, e.g. `0,10`: the match
    /// stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// SPRT false positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// SPRT false negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Write the games here, one position-file record per game (`zonal play FILE --id game-N`
    /// replays one).
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

fn match_cmd(args: &MatchArgs) -> Result<(), CliError> {
    // The default openings are built into the binary: `match` works outside the repository.
    let records = match &args.openings {
        None => posfile::parse_str(DEFAULT_OPENINGS_TEXT, DEFAULT_OPENINGS),
        Some(path) => posfile::read_file(path),
    }
    .map_err(|e| CliError::input(format!("--openings: {e}")))?;
    let openings: Vec<zonal_play::matches::Opening<chess_t1::Position>> = records
        .iter()
        .enumerate()
        .map(|(i, r)| zonal_play::matches::Opening {
            id: r.id().map_or_else(|| format!("#{}", i + 1), str::to_string),
            position: r.position,
        })
        .collect();
    if openings.is_empty() {
        return Err(CliError::input(format!(
            "--openings: {} holds no positions",
            args.openings
                .as_deref()
                .unwrap_or(DEFAULT_OPENINGS.as_ref())
                .display()
        )));
    }
    crate::play::match_cmd::<crate::play::chess_t1::ChessT1>(args, openings)
}
