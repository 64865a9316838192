//! The command line's arguments (clap): the commands, their options, and the arguments shared
//! by several (a position, search bounds, engine settings, a match's players).

use crate::output::CliError;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use zonal_analysis::GameDef;

/// zonal: Botvinnik-style analysis of board-game positions (chess-t1, Прорыв, Hnefatafl, Jungle).
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

core_games!(define_game_name!());

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
    pub(crate) fn limits(&self, depth: Option<u32>, default_depth: u32) -> zonal_core::Limits {
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
    /// chess-t1: how the zones shape the tree: `order` (named moves first), `steer` (named
    /// moves first and never pruned, the rest reduced one ply more) or `cut` (only named moves,
    /// the rest only to refute a loss) [default: `steer` in `analyse`, `order` in `search`].
    #[arg(long, value_parser = ["order", "steer", "cut"])]
    pub style: Option<String>,
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
pub(crate) fn parse_hash(text: &str) -> Result<u64, String> {
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
    /// The settings as the game's engine reads them.
    pub fn keys(&self) -> zonal_analysis::analyse::EngineKeys {
        zonal_analysis::analyse::EngineKeys {
            eval: self.eval.clone(),
            hash_mb: usize::try_from(self.hash).unwrap_or(usize::MAX),
            style: self.style.clone(),
            baseline: self.baseline,
            reuse_zones: self.reuse_zones,
        }
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and rulesets zonal knows, with the commands each supports.
    Games,
    /// List the legal moves of the side to move, one coordinate move per line, sorted.
    Moves(MovesArgs),
    /// Show the force sums White:Black on every square (in units; JSON in half-units).
    Force(ForceArgs),
    /// Play moves (coordinate form) or a book-notation game; print the final position and status.
    Play(PlayArgs),
    /// Distance map: how many moves a piece needs to reach each square (docs/zones.md §1).
    Distance(DistanceArgs),
    /// Shortest and admissible trajectories of a piece from one square to another.
    Trajectories(TrajectoriesArgs),
    /// The mathematical projection: zones of trajectories and their negations (docs/zones.md §3).
    Zones(ZonesArgs),
    /// The exchange on a square (docs/zones.md §4): the best sequence of captures there, the side to
    /// move starting, each side free to stop, and its material balance.
    Exchange(ExchangeArgs),
    /// The main job: zones with outcomes, recommended moves with reasons, principal lines. On a
    /// position file, every position (or `--id` / `--index`), scored against `bm` / `am`.
    Analyse(AnalyseArgs),
    /// Search a position: best move, score, principal line and nodes, zone-guided or full-width
    /// (`--full`), within a depth, a time or a node count (the first reached).
    Search(SearchArgs),
    /// Draw the board as an SVG picture: pieces, castle squares and, on request, force sums and
    /// the zones as arrows (`-o FILE`; default stdout).
    Render(RenderArgs),
    /// Headline figures on a fixed built-in set of positions (perft, force maps, projection,
    /// incremental update, zone vs full-width search, batch analysis).
    Bench(BenchArgs),
    /// Count the leaves of the move tree to DEPTH (nodes per second on stderr).
    Perft(PerftArgs),
    /// Speak the engine protocol (UCI-like, see README "Engine protocol") on stdin/stdout, for
    /// match programs and `zonal match --cmd1`.
    Engine,
    /// Play a match between two players (built in or external programs): W/D/L, Elo, SPRT,
    /// game records.
    Match(MatchArgs),
    /// Self-play data for fitting the evaluation (or people's games with `--records`): each
    /// quiet position with the game's result and the search's score (crates/learn, `data`).
    Datagen(DatagenArgs),
    /// Fit the evaluation's weights to `zonal datagen` data (logistic, held-out games,
    /// bootstrap intervals) and write a weights file.
    Fit(FitArgs),
    /// Review a game: every position searched, each move's evaluation before and after, the
    /// best move where it differs, inaccuracies, mistakes and blunders, and why in zones.
    Review(ReviewArgs),
    /// Serve the analysis board in the browser on 127.0.0.1 (README "Analysis board"): every
    /// game, moves by click, zones, the engine; prints the address on stdout.
    Serve(ServeArgs),
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
    /// The side filter of a zones request (`None` for both).
    pub fn side(self) -> Option<zonal_board::Side> {
        match self {
            SideArg::White => Some(zonal_board::Side::White),
            SideArg::Black => Some(zonal_board::Side::Black),
            SideArg::Both => None,
        }
    }
}

/// Options of `zonal match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// engine1 built in: `key=value,...`, e.g. `mode=full,depth=4`. Every game: `depth`,
    /// `nodes`, `movetime`. chess-t1: `engine=new|baseline`, `mode=zones|full`,
    /// `eval=full|material`, `hash`, `horizon`, `style`, `zone_plies`, `extend`, `reduce_named`,
    /// `contempt`, `qs_prune`, `weights=FILE`. Прорыв, Hnefatafl, Jungle: `mode=zones|full`,
    /// `horizon`, `plies`, `extend=on|off` (the root's pressing named moves one ply deeper),
    /// `sides=root|both` (the zones order the root opponent's nodes within `plies` too),
    /// `engine=engine|plain`, `eval=fitted|hand|FILE`, the evaluation's
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

/// `zonal datagen`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct DatagenArgs {
    /// The data file (appended to: a run resumes after the last game the file closed).
    #[arg(long)]
    pub out: PathBuf,
    /// Games in all (numbered from 0; those the file has are not played again).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Nodes of each search.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random plies from the start before the engine plays.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600)]
    pub max_plies: u32,
    /// Games at once (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The starts, by name, comma-separated (default: every start of the game; game N plays
    /// from the N-th, in turn).
    #[arg(long)]
    pub starts: Option<String>,
    /// The engine's player spec (as `zonal match --engine1`; its own limits are not used).
    #[arg(long, default_value = "")]
    pub player: String,
    /// Instead of self-play: people's games of the game's record file (Hnefatafl:
    /// crates/hnefatafl/tests/data/tafl/copenhagen.csv), every quiet position with the game's result.
    #[arg(long)]
    pub records: Option<PathBuf>,
}

/// `zonal fit`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct FitArgs {
    /// Data files (`zonal datagen`).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Fit the positions of this variant (ruleset) only [default: the data's only variant].
    #[arg(long)]
    pub variant: Option<String>,
    /// Write the weights file here (else print it).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The result's share of the target in percent (the search's score has the rest).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub lambda: u32,
    /// Hold out every N-th game (0: none).
    #[arg(long, default_value_t = 10)]
    pub holdout: u64,
    /// Steps of the fit.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub epochs: u64,
    /// Bootstrap fits for the weights' intervals (0: none).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub bootstrap: u64,
    /// Fit only these features, comma-separated (the others keep the hand-set weights)
    /// [default: all].
    #[arg(long)]
    pub only: Option<String>,
    /// Games numbered from each file are kept apart by adding this much per file.
    #[arg(long, default_value_t = 1_000_000_000)]
    pub file_stride: u64,
    /// The scale K in cp of the logistic (default: calibrated on the hand-set weights and the
    /// results); give an earlier fit's K to keep its units.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub scale: Option<u32>,
    /// Fit a network of this many hidden units beside the linear weights of `--start` (which
    /// stay as they are) instead of the linear weights.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub hidden: Option<u64>,
    /// The weights file the network is fitted beside (with `--hidden`).
    #[arg(long)]
    pub start: Option<PathBuf>,
}

/// The position argument of `command` (the first, for `analyse`), if it has one.
pub(crate) fn position_argument(command: &Command) -> Option<&str> {
    match command {
        Command::Moves(MovesArgs { pos, .. })
        | Command::Force(ForceArgs { pos, .. })
        | Command::Play(PlayArgs { pos, .. })
        | Command::Review(ReviewArgs { pos, .. })
        | Command::Distance(DistanceArgs { pos, .. })
        | Command::Trajectories(TrajectoriesArgs { pos, .. })
        | Command::Zones(ZonesArgs { pos, .. })
        | Command::Exchange(ExchangeArgs { pos, .. })
        | Command::Search(SearchArgs { pos, .. })
        | Command::Render(RenderArgs { pos, .. }) => Some(&pos.pos),
        Command::Analyse(AnalyseArgs { pos, .. }) => pos.first().map(String::as_str),
        Command::Perft(PerftArgs { pos, .. }) => Some(pos),
        Command::Games
        | Command::Bench(_)
        | Command::Engine
        | Command::Match(_)
        | Command::Datagen(_)
        | Command::Fit(_)
        | Command::Serve(_) => None,
    }
}

/// The game a position file states on a `game NAME` line before its first position; chess-t1
/// when the argument is not a file or states none.
pub(crate) fn stated_game(command: &Command) -> Result<GameName, CliError> {
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

/// The arguments of `zonal moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal force`.
#[derive(Args, Debug)]
pub struct ForceArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// Show raw sums (no castle rule) instead of effective sums in the table.
    #[arg(long)]
    pub raw: bool,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// Moves in coordinate form, e.g. e2e4 d7d5.
    pub moves: Vec<String>,
    /// A game in book notation, e.g. "1.e2-e4 e7-e5 2.Кт d1-g4".
    #[arg(long)]
    pub book: Option<String>,
    /// A game record in the game's record form, moves separated by spaces (Hnefatafl:
    /// "e1-e3 f4-f3xf2"; coordinate moves are read too; Jungle: "a3a4 g7g6").
    #[arg(long, conflicts_with = "book")]
    pub record: Option<String>,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game: its start (a position, or a position file whose record's `moves` are the game).
    #[command(flatten)]
    pub pos: PosArg,
    /// The moves, coordinate or record form.
    pub moves: Vec<String>,
    /// The moves as one text in the game's record form.
    #[arg(long)]
    pub record: Option<String>,
    /// POS is a file of people's games (Hnefatafl: shared/data/tafl's CSV); `--index N`, the
    /// N-th finished one.
    #[arg(long)]
    pub records: bool,
    /// Search of each position, ms (unless `--depth` or `--nodes` fix the work instead).
    #[arg(long, default_value_t = 500)]
    pub movetime: u64,
    /// Search of each position to this depth, half-moves.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search of each position within this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Horizon of the zones the reasons name [default: the game's].
    #[arg(long)]
    pub horizon: Option<i32>,
    /// text, json (schema/review.schema.json), record (annotated; `zonal play` reads it), svg
    /// (the evaluation graph).
    #[arg(long, default_value = "text", value_parser = ["text", "json", "record", "svg"])]
    pub format: String,
}

/// The arguments of `zonal distance`.
#[derive(Args, Debug)]
pub struct DistanceArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// The square of the piece (or where to place a hypothetical `--piece`).
    #[arg(long)]
    pub from: String,
    /// Which piece, and what it treats as obstacles.
    #[command(flatten)]
    pub piece: PieceArg,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal trajectories`.
#[derive(Args, Debug)]
pub struct TrajectoriesArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// The square of the piece (or where to place a hypothetical `--piece`).
    #[arg(long)]
    pub from: String,
    /// The goal square.
    #[arg(long)]
    pub to: String,
    /// Which piece, and what it treats as obstacles.
    #[command(flatten)]
    pub piece: PieceArg,
    /// Longest admissible trajectory to list, in moves (default: shortest + 1).
    #[arg(long)]
    pub max_len: Option<u32>,
    /// How many trajectories of each kind to list.
    #[arg(long, default_value_t = 10)]
    pub limit: usize,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal zones`.
#[derive(Args, Debug)]
pub struct ZonesArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// Horizon in half-moves (1 to 12).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=12))]
    pub horizon: i32,
    /// Whose zones: roots of White, of Black, or both.
    #[arg(long, value_enum, default_value_t = SideArg::Both)]
    pub side: SideArg,
    /// Deepest negation level (1 = first negations only; 1 to 9).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=9))]
    pub level: u8,
    /// JSON output (schema: `schema/zones.schema.json`).
    #[arg(long, conflicts_with_all = ["dot", "text"])]
    pub json: bool,
    /// Graphviz DOT output, one cluster per zone (e.g. `| dot -Tsvg > mp.svg`).
    #[arg(long, conflicts_with = "text")]
    pub dot: bool,
    /// Text summary (the default).
    #[arg(long)]
    pub text: bool,
    /// Play these moves (coordinate form) first, updating the projection incrementally
    /// (docs/zones.md §5), and report for each how many zones it touches by the footprint rule
    /// and how many the exact update took over; then show the projection after the last.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub after: Vec<String>,
}

/// The arguments of `zonal exchange`.
#[derive(Args, Debug)]
pub struct ExchangeArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// The square fought over, e.g. e3.
    pub square: String,
    /// Piece values in half-units, e.g. N=2,V=3,P=3,R=4,S=4,C=6 (pieces not named keep
    /// these defaults; the King is not valued).
    #[arg(long)]
    pub material: Option<String>,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// Positions: `startpos`, position strings or position files.
    #[arg(required = true)]
    pub pos: Vec<String>,
    /// In position files: only the position with this `id`.
    #[arg(long)]
    pub id: Option<String>,
    /// In position files: only the N-th position (1-based).
    #[arg(long)]
    pub index: Option<usize>,
    /// Horizon in half-moves of the zones [default: 4; Прорыв and Jungle 5, Hnefatafl 3].
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=12))]
    pub horizon: Option<i32>,
    /// Search depth in half-moves (default 6 unless `--movetime` or `--nodes` is given;
    /// with `--baseline`, the horizon).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Time and node bounds of each position's search.
    #[command(flatten)]
    pub bounds: BoundArgs,
    /// Rank the moves with the full-width search instead of the zone-guided one.
    #[arg(long)]
    pub full: bool,
    /// How many moves to recommend (each with an exact score).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub top: u32,
    /// Engine settings.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Piece values in half-units, e.g. `N=2,V=3,P=3,R=4,S=4,C=6`.
    #[arg(long)]
    pub material: Option<String>,
    /// JSON output (schema/analysis.schema.json).
    #[arg(long)]
    pub json: bool,
    /// Threads for a batch of positions (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Also write one SVG picture per position into this folder: the board, the zones of the
    /// side to move and the recommended move as a green arrow.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<std::path::PathBuf>,
}

/// The arguments of `zonal search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// Depth in half-moves (default 4 unless `--movetime` or `--nodes` is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Time and node bounds of the search.
    #[command(flatten)]
    pub bounds: BoundArgs,
    /// Full-width search over all legal moves instead of the zone-guided one.
    #[arg(long)]
    pub full: bool,
    /// Horizon of the zones in half-moves (zone mode) [default: 4; Прорыв and Jungle 5,
    /// Hnefatafl 3].
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=12))]
    pub horizon: Option<i32>,
    /// Engine settings.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The position to work on.
    #[command(flatten)]
    pub pos: PosArg,
    /// Draw the zones' trajectories as arrows (implied by `--zone` and `--side`).
    #[arg(long)]
    pub zones: bool,
    /// Write the effective force sums White:Black (units) on every square.
    #[arg(long)]
    pub force: bool,
    /// Only zone N (numbered as `zonal zones` numbers them).
    #[arg(long, value_name = "N")]
    pub zone: Option<usize>,
    /// Only zones whose (+) side (the root's side) is this one.
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Horizon in half-moves (1 to 12).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=12))]
    pub horizon: i32,
    /// Also draw this move (coordinate form, e.g. e2e4) as a thick green arrow.
    #[arg(long, value_name = "MOVE")]
    pub highlight: Option<String>,
    /// Where to write the SVG (default: stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// The arguments of `zonal bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Fewer positions and a shallower perft (a few seconds).
    #[arg(long)]
    pub quick: bool,
    /// JSON output.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `zonal perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in half-moves.
    pub depth: u32,
    /// The position (default: the start position).
    #[arg(default_value = "startpos")]
    pub pos: String,
    /// In a position file: take the position with this `id`.
    #[arg(long)]
    pub id: Option<String>,
    /// In a position file: take the N-th position (1-based).
    #[arg(long)]
    pub index: Option<usize>,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Split the first ply over all cores.
    #[arg(long)]
    pub parallel: bool,
}

/// The arguments of `zonal serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port (0: a free one, printed on stdout).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
}

pub(crate) use zonal_analysis::positions::Loaded;

/// The first position an argument names.
pub(crate) fn position<G: GameDef>(arg: &PosArg) -> Result<G::Position, CliError> {
    Ok(position_record::<G>(arg)?.0)
}

/// The first position an argument names, with its record ([`GameDef::select_first`]).
pub(crate) fn position_record<G: GameDef>(arg: &PosArg) -> Result<Loaded<G::Position>, CliError> {
    G::select_first(&arg.pos, arg.id.as_deref(), arg.index).map_err(CliError::input)
}
