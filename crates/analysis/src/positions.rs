//! Positions named on a command line or in a request, for every game over [`GameDef`]: a
//! start's name, a position string, or a position file's positions (all, or the one an id or
//! a 1-based index picks), each with its record; and people's game records (a game's own
//! format, such as Hnefatafl's CSV), the N-th finished one. Files are read whole, bounded.

use crate::game::GameDef;
use zonal_core::excerpt::excerpt;
use zonal_core::record::Record;

/// Largest position file read (suites are small).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Largest file of people's games read.
pub const MAX_RECORDS_BYTES: u64 = 64 << 20;

/// A position with its position-file record, if it came from a file.
pub type Loaded<P> = (P, Option<Record<P>>);

/// The text of the file at `path`, if it has at most `limit` bytes; errors name the file.
fn read_bounded(path: &std::path::Path, limit: u64, what: &str) -> Result<String, String> {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > limit {
        return Err(format!(
            "{}: {what} are read whole, up to {limit} bytes; this one has {size}",
            path.display()
        ));
    }
    std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))
}

/// The positions `pos` names: a start's name, a position string, or a position file's
/// positions (all, or the one `id` / `index` picks), each with its record.
pub fn select<G: GameDef>(
    pos: &str,
    id: Option<&str>,
    index: Option<usize>,
) -> Result<Vec<Loaded<G::Position>>, String> {
    let path = std::path::Path::new(pos);
    let start = G::start(pos);
    if (id.is_some() || index.is_some()) && (start.is_some() || !path.is_file()) {
        let what = if start.is_some() {
            "a start's name"
        } else {
            "a position string"
        };
        return Err(format!(
            "{}: an id or index chooses a position in a position file, but {:?} is {what}, not a file",
            G::NAME,
            excerpt(pos)
        ));
    }
    if let Some(p) = start {
        return Ok(vec![(p, None)]);
    }
    if path.is_file() {
        let text = read_bounded(path, MAX_FILE_BYTES, &format!("{} position files", G::NAME))?;
        // The game's reader (zonal_core::record::parse_file) skips a byte-order mark.
        let records = G::parse_file(&text, &path.display().to_string())?;
        let total = records.len();
        let chosen: Vec<Record<G::Position>> = match (id, index) {
            (Some(id), _) => records.into_iter().filter(|r| r.id() == Some(id)).collect(),
            (None, Some(i)) => i
                .checked_sub(1)
                .and_then(|i| records.into_iter().nth(i))
                .into_iter()
                .collect(),
            (None, None) => records,
        };
        if chosen.is_empty() {
            return Err(format!(
                "{}: no such position ({total} positions in the file)",
                path.display()
            ));
        }
        return Ok(chosen.into_iter().map(|r| (r.position, Some(r))).collect());
    }
    let starts: Vec<&str> = G::STARTS.iter().map(|s| s.0).collect();
    let p = G::parse_position(pos).map_err(|e| {
        format!(
            "{e} (in {:?}; a position string, a position file, or one of: {})",
            excerpt(pos),
            starts.join(", ")
        )
    })?;
    Ok(vec![(p, None)])
}

/// The `n`-th (1-based) finished game of the people's records in the file at `path`
/// ([`GameDef::read_records`]): its start and its moves.
pub fn record<G: crate::game::ZoneDef>(
    path: &str,
    n: usize,
) -> Result<(G::Position, Vec<String>), String> {
    let text = read_bounded(std::path::Path::new(path), MAX_RECORDS_BYTES, "records")?;
    let games = G::read_records(&text).map_err(|e| format!("{path}: {e}"))?;
    let found = n.checked_sub(1).and_then(|i| games.into_iter().nth(i));
    let game = found.ok_or_else(|| format!("{path}: no finished game {n}"))?;
    Ok((game.start, game.moves))
}

/// Openings of a match: `start` after `plies` random moves (seeded), as many as `count` (fewer
/// when the random moves keep ending the game: at most `100 * count` tries).
pub fn random_openings<G: GameDef>(
    start: G::Position,
    count: usize,
    plies: usize,
) -> Vec<G::Position> {
    let mut rng = zonal_core::rng::Rng::new(20_261_125);
    let mut out = Vec::new();
    for _ in 0..count.saturating_mul(100) {
        if out.len() == count {
            break;
        }
        let mut pos = start;
        for _ in 0..plies {
            let moves = G::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mut game = G::new_game(pos);
            if G::play_text(&mut game, &moves[rng.below(moves.len())].to_string()).is_err() {
                break;
            }
            pos = G::current(&game);
        }
        if G::outcome(&pos).is_none() {
            out.push(pos);
        }
    }
    out
}
