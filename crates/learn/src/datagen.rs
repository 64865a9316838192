//! Self-play data: the engine against itself at a fixed node count, from each start of the
//! game with a few random plies first, every quiet position kept with the search's score and,
//! when the game is over, its result ([`crate::data`]'s lines). Games run in parallel; each
//! game's lines are written at once, closed by its `# end` line, so a run cut off resumes
//! after the games it closed ([`resume`]).

use crate::Learn;
use crate::data::{self, GameResult, Line, Sample};
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use zonal_board::Side;
use zonal_core::rng::Rng;
use zonal_core::{Limits, WIN_BOUND};
use zonal_play::{Budget, Searcher};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenConfig {
    /// Games are numbered `0..games`; those already closed in the file are skipped.
    pub games: u64,
    /// Nodes of each search.
    pub nodes: u64,
    /// Random plies from the start before the engine plays.
    pub random_plies: u32,
    /// The seed of the random plies (game N draws from `seed` and N).
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// Games played at once.
    pub jobs: usize,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            games: 100,
            nodes: 5_000,
            random_plies: 8,
            seed: 1,
            max_plies: 600,
            jobs: 1,
        }
    }
}

/// A data file's games already closed, and how many bytes of it to keep (everything up to
/// its last `# end` line: a game cut off in the middle of its lines is played again).
pub fn resume(text: &str) -> Result<(HashSet<u64>, usize), String> {
    let mut done = HashSet::new();
    let mut keep = 0;
    let mut at = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        at += line.len();
        let complete = line.ends_with('\n');
        match data::parse_line(line.trim_end_matches(['\n', '\r']), i + 1) {
            Ok(Line::End(game, _)) if complete => {
                done.insert(game);
                keep = at;
            }
            Ok(_) => {}
            // A last line cut short by a kill is dropped with its game.
            Err(_) if !complete => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok((done, keep))
}

/// A data file opened to go on: the games it closed already, whether it was new or empty (it
/// needs its header), and the file cut after its last closed game, positioned at its end.
pub struct Resumed {
    /// The games the file closed.
    pub done: HashSet<u64>,
    /// The file was missing or empty.
    pub fresh: bool,
    /// The file, to append to.
    pub file: std::io::BufWriter<std::fs::File>,
}

/// Why a data file could not be opened to go on with: it could not be read or did not read as
/// data (the input's fault), or could not be written (the machine's).
#[derive(Debug)]
pub enum OpenError {
    /// Not readable, or a line that is not data: the message names the file and the line.
    Input(String),
    /// Not writable: the system's reason.
    Output(String),
}

/// Opens the data file `path` to go on with it (created when missing).
pub fn open_resumed(path: &std::path::Path) -> Result<Resumed, OpenError> {
    use std::io::Seek;
    let shown = path.display();
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(OpenError::Input(format!("cannot read {shown}: {e}"))),
    };
    let (done, keep) = resume(&existing).map_err(|e| OpenError::Input(format!("{shown}:{e}")))?;
    let write_error = |e: std::io::Error| OpenError::Output(e.to_string());
    let file = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(path)
        .map_err(write_error)?;
    file.set_len(keep as u64).map_err(write_error)?;
    let mut file = std::io::BufWriter::new(file);
    file.seek(std::io::SeekFrom::End(0)).map_err(write_error)?;
    Ok(Resumed {
        done,
        fresh: existing.is_empty(),
        file,
    })
}

/// One game of self-play: its samples and its result.
pub fn self_play<G: Learn>(
    number: u64,
    cfg: &DatagenConfig,
    start: &G::Position,
    searcher: &mut G::Searcher,
) -> Result<(Vec<Sample>, GameResult), String> {
    let mut rng = Rng::new(cfg.seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let mut game = G::new_game(start.clone());
    let mut keys = Vec::new();
    let mut plies = 0u32;
    for _ in 0..cfg.random_plies {
        let pos = G::current(&game);
        if G::end(&game).is_some() {
            break;
        }
        let moves = G::legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        G::play_text(&mut game, &mv.to_string())?;
        keys.push(G::key(&pos));
        plies += 1;
    }
    searcher.new_game();
    let stop = AtomicBool::new(false);
    let mut samples = Vec::new();
    let winner = loop {
        if let Some(end) = G::end(&game) {
            break end.winner;
        }
        if plies >= cfg.max_plies {
            break None;
        }
        let pos = G::current(&game);
        let side = G::side(&pos);
        let budget = Budget {
            limits: Limits {
                nodes: Some(cfg.nodes),
                ..Limits::default()
            },
            clock: None,
            side,
        };
        let result = searcher.search(&pos, &keys, &budget, &stop, &mut |_| {});
        let Some(mv) = result.best else {
            return Err(format!(
                "{pos}: the engine found no move in a game not over"
            ));
        };
        if result.score.abs() < WIN_BOUND && G::quiet(&pos) {
            let white = if side == Side::White {
                result.score
            } else {
                -result.score
            };
            samples.push(Sample {
                outcome: GameResult::Draw,
                score: Some(white),
                game: number,
                position: pos.to_string(),
            });
        }
        G::play_text(&mut game, &mv.to_string())?;
        keys.push(G::key(&pos));
        plies += 1;
    };
    let outcome = match winner {
        Some(Side::White) => GameResult::White,
        Some(Side::Black) => GameResult::Black,
        None => GameResult::Draw,
    };
    for s in &mut samples {
        s.outcome = outcome;
    }
    Ok((samples, outcome))
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played by this run.
    pub games: u64,
    /// Samples written by this run.
    pub samples: u64,
    /// Results of this run's games: White wins, draws, Black wins.
    pub results: [u64; 3],
}

/// Plays every game of `0..cfg.games` not in `done`, game N from `starts[N % len]`, with the
/// engine of `settings`, and writes each game's lines to `out` when it ends; `progress` is
/// told of each game written.
pub fn datagen<G: Learn>(
    cfg: &DatagenConfig,
    starts: &[G::Position],
    settings: &G::Settings,
    done: &HashSet<u64>,
    out: &mut (dyn Write + Send),
    progress: &(dyn Fn(&Summary) + Sync),
) -> Result<Summary, String> {
    if starts.is_empty() {
        return Err("no start positions".into());
    }
    let todo: Vec<u64> = (0..cfg.games).filter(|n| !done.contains(n)).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", cfg.jobs))?;
    let sink = Mutex::new((out, Summary::default(), None::<String>));
    let failed = AtomicBool::new(false);
    pool.install(|| {
        todo.par_iter().for_each_init(
            || G::searcher(settings),
            |searcher, &n| {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let start = &starts[(n % starts.len() as u64) as usize];
                let played = self_play::<G>(n, cfg, start, searcher);
                let mut guard = sink.lock().unwrap_or_else(|p| p.into_inner());
                let (out, summary, error) = &mut *guard;
                let block = played.map(|(samples, outcome)| {
                    let mut text = String::new();
                    for s in &samples {
                        text.push_str(&s.to_string());
                        text.push('\n');
                    }
                    text.push_str(&data::end_line(n, outcome));
                    text.push('\n');
                    (text, samples.len() as u64, outcome)
                });
                let written = block.and_then(|(text, count, outcome)| {
                    out.write_all(text.as_bytes())
                        .and_then(|()| out.flush())
                        .map_err(|e| format!("cannot write the data: {e}"))?;
                    Ok((count, outcome))
                });
                match written {
                    Ok((count, outcome)) => {
                        summary.games += 1;
                        summary.samples += count;
                        summary.results[2 - outcome.white_halves() as usize] += 1;
                        progress(summary);
                    }
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        error.get_or_insert(e);
                    }
                }
            },
        )
    });
    let (_, summary, error) = sink.into_inner().unwrap_or_else(|p| p.into_inner());
    match error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// The samples of people's games ([`Learn::read_records`]): every quiet position before each
/// move up to the game's end, numbered from `first_game`, without scores; and what stopped
/// the records that could not be replayed to their end (their positions up to there are kept:
/// the result is the record's).
pub fn record_samples<G: Learn>(
    records: &[crate::Record<G>],
    first_game: u64,
) -> (Vec<Sample>, Vec<String>) {
    let mut out = Vec::new();
    let mut broken = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let number = first_game + i as u64;
        let outcome = GameResult::of_halves(r.white_halves);
        let mut game = G::new_game(r.start.clone());
        for (ply, mv) in r.moves.iter().enumerate() {
            let pos = G::current(&game);
            if G::end(&game).is_some() {
                break;
            }
            if G::quiet(&pos) {
                out.push(Sample {
                    outcome,
                    score: None,
                    game: number,
                    position: pos.to_string(),
                });
            }
            if let Err(e) = G::play_text(&mut game, mv) {
                broken.push(format!("record {}, ply {}: {mv}: {e}", i + 1, ply + 1));
                break;
            }
        }
    }
    (out, broken)
}

/// The starts a run plays from: the names in `list` (comma-separated; every start of the game
/// when `None`), a position named twice (`startpos` and its name) kept once.
pub fn starts<G: Learn>(list: Option<&str>) -> Result<Vec<G::Position>, String> {
    let names: Vec<&str> = match list {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => G::starts(),
    };
    let mut starts: Vec<G::Position> = Vec::new();
    for name in names {
        let pos = G::start(name).ok_or_else(|| {
            format!(
                "{}: unknown start {:?} (starts: {})",
                G::NAME,
                zonal_core::excerpt::excerpt(name),
                G::starts().join(", ")
            )
        })?;
        if !starts.iter().any(|s| s.to_string() == pos.to_string()) {
            starts.push(pos);
        }
    }
    Ok(starts)
}

/// The header line of a self-play data file.
pub fn header(id: &str, player: &str, cfg: &DatagenConfig, starts: usize) -> String {
    format!(
        "# zonal datagen: game {id}, player {player:?}, nodes {}, random plies {}, seed {}, starts {starts}\n",
        cfg.nodes, cfg.random_plies, cfg.seed
    )
}

/// People's games as data: the lines of [`record_samples`] game by game, each closed by its
/// `# end` line, after a header naming `source`. Returns the text, the positions written and
/// what stopped the records that could not be replayed to their end.
pub fn records_text<G: Learn>(
    records: &[crate::Record<G>],
    first_game: u64,
    source: &str,
) -> (String, usize, Vec<String>) {
    let (samples, broken) = record_samples::<G>(records, first_game);
    let mut text = format!(
        "# zonal datagen --records {source}: {} games, {} positions\n",
        records.len(),
        samples.len()
    );
    // Samples come game by game, in the records' order; every record's game is closed.
    let mut rest = samples.as_slice();
    for (i, r) in records.iter().enumerate() {
        let game = first_game + i as u64;
        let n = rest.iter().take_while(|s| s.game == game).count();
        for s in &rest[..n] {
            text += &s.to_string();
            text.push('\n');
        }
        rest = &rest[n..];
        text += &data::end_line(game, GameResult::of_halves(r.white_halves));
        text.push('\n');
    }
    (text, samples.len(), broken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_keeps_closed_games_only() {
        let text = "# zonal datagen\nW 3 0 a\n# end 0 W\nB 1 2 b\n# end 2 B\nD 0 1 c\nD 0 1 c";
        let (done, keep) = resume(text).unwrap();
        assert_eq!(done, HashSet::from([0, 2]));
        assert_eq!(
            &text[..keep],
            "# zonal datagen\nW 3 0 a\n# end 0 W\nB 1 2 b\n# end 2 B\n"
        );
        assert!(resume("W 1 0 a\nnonsense here\n").is_err());
    }
}
