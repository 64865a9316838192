//! The parsers of a game under fuzzing, over [`ZoneDef`]: position strings, moves and position
//! files, from random text and from small edits of valid input, never panic, refuse with a
//! message, and what they accept reads back as itself (a position string prints and reads back
//! to the same string, an accepted move is a legal one, a record writes and reads back).

use zonal_analysis::ZoneDef;
use zonal_core::Rules;
use zonal_core::record::write_record;
use zonal_core::rng::Rng;

/// What to feed a game's parsers besides random text: its own characters, and lines of a
/// position file to edit.
pub struct Alphabet<'a> {
    /// Characters of the game's position strings (`1-9adk/` for Hnefatafl).
    pub position: &'a str,
    /// Characters of its moves (`a-k0-9-x` for Hnefatafl).
    pub moves: &'a str,
    /// Lines of position files (a `game` line, a position with operations, a comment).
    pub file_lines: &'a [&'a str],
}

/// Characters any text may hold: ASCII punctuation, white space, a byte-order mark, Cyrillic,
/// a character outside the basic plane, a control character.
const ANY: &str = " \t\n;\"#@-/:x0123456789\u{feff}Ко\u{1F600}\u{0}\r";

/// Whole strings of `alphabet`, up to `len` characters.
fn random_text(rng: &mut Rng, alphabet: &[char], len: usize) -> String {
    (0..rng.below(len + 1))
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect()
}

/// `text` with none to two characters replaced, inserted or removed, from `alphabet`.
fn edit(rng: &mut Rng, text: &str, alphabet: &[char]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let c = alphabet[rng.below(alphabet.len())];
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = c,
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.insert(at, c),
        }
    }
    chars.into_iter().collect()
}

/// The game's positions to start from: each start and positions of random games.
fn seeds<G: ZoneDef>(rng: &mut Rng) -> Vec<G::Position> {
    let mut out: Vec<G::Position> = G::STARTS.iter().filter_map(|(n, _)| G::start(n)).collect();
    for i in 0..24 {
        let mut pos = out[i % out.len()];
        for _ in 0..rng.below(80) {
            let moves = G::legal_moves(&pos);
            if moves.is_empty() || G::outcome(&pos).is_some() {
                break;
            }
            pos = G::rules(&pos).play(&pos, moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

/// A position string: refused with a message, or read back from its printed form; each legal
/// move of an accepted position plays from its coordinate text and from its record form.
fn check_position<G: ZoneDef>(text: &str) -> Result<bool, String> {
    let pos = match G::parse_position(text) {
        Ok(pos) => pos,
        Err(e) if e.is_empty() => return Err(format!("{text:?}: refused without a message")),
        Err(_) => return Ok(false),
    };
    let printed = pos.to_string();
    match G::parse_position(&printed) {
        Ok(again) if again.to_string() == printed => {}
        other => {
            return Err(format!(
                "{text:?} reads as {printed:?}, which reads back as {:?}",
                other.map(|p| p.to_string())
            ));
        }
    }
    if G::end(&G::new_game(pos)).is_some() {
        return Ok(true);
    }
    for mv in G::legal_moves(&pos) {
        let mut game = G::new_game(pos);
        G::play_text(&mut game, &mv.to_string())
            .map_err(|e| format!("{printed}: its legal move {mv} is refused: {e}"))?;
        let after = G::current(&game).to_string();
        let record = G::record(&game);
        let mut again = G::new_game(pos);
        match G::play_text(&mut again, &record[0]) {
            Ok(()) if G::current(&again).to_string() == after => {}
            other => {
                return Err(format!(
                    "{printed}: {mv} in record form {:?} does not play it: {other:?}",
                    record[0]
                ));
            }
        }
    }
    Ok(true)
}

/// A move's text in `pos`: refused with a message, or a legal move.
fn check_move<G: ZoneDef>(pos: &G::Position, text: &str) -> Result<bool, String> {
    let mut game = G::new_game(*pos);
    if G::end(&game).is_some() {
        return Ok(false);
    }
    match G::play_text(&mut game, text) {
        Err(e) if e.is_empty() => Err(format!("{pos}: {text:?} refused without a message")),
        Err(_) => Ok(false),
        Ok(()) => {
            let after = G::current(&game).to_string();
            let rules = G::rules(pos);
            if G::legal_moves(pos)
                .into_iter()
                .any(|m| rules.play(pos, m).to_string() == after)
            {
                Ok(true)
            } else {
                Err(format!(
                    "{pos}: {text:?} accepted, and no legal move plays it"
                ))
            }
        }
    }
}

/// A position file: refused naming the file, or each record writes and reads back.
fn check_file<G: ZoneDef>(text: &str) -> Result<usize, String> {
    match G::parse_file(text, "fuzz") {
        Err(e) if e.starts_with("fuzz:") => Ok(0),
        Err(e) => Err(format!("{text:?}: the error does not name the file: {e}")),
        Ok(records) => {
            for r in &records {
                let line = write_record(r);
                let back = G::parse_file(&line, "written")
                    .map_err(|e| format!("{text:?}: the written record {line:?}: {e}"))?;
                let same = back.len() == 1
                    && back[0].position.to_string() == r.position.to_string()
                    && back[0].ops == r.ops;
                if !same {
                    return Err(format!(
                        "{text:?}: the written record {line:?} reads back else"
                    ));
                }
            }
            Ok(records.len())
        }
    }
}

/// What the fuzzing fed and what the parsers accepted of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuzzTally {
    /// Inputs fed.
    pub fed: usize,
    /// Position strings accepted.
    pub positions: usize,
    /// Move texts accepted.
    pub moves: usize,
    /// Position-file records accepted.
    pub records: usize,
}

/// `cases` rounds of fuzzing `G`'s parsers (see the module's documentation); what was fed and
/// accepted, or the first failure naming the game and the input.
pub fn fuzz_parsers<G: ZoneDef>(
    seed: u64,
    cases: usize,
    alphabet: &Alphabet<'_>,
) -> Result<FuzzTally, String> {
    let mut rng = Rng::new(seed);
    let any: Vec<char> = ANY.chars().chain(alphabet.position.chars()).collect();
    let position: Vec<char> = alphabet.position.chars().chain(" wbad".chars()).collect();
    let moves: Vec<char> = alphabet.moves.chars().collect();
    let seeds = seeds::<G>(&mut rng);
    let named = |e: String| format!("{}: {e}", G::NAME);
    let mut tally = FuzzTally::default();
    for _ in 0..cases {
        let pos = seeds[rng.below(seeds.len())];
        let texts = [
            edit(&mut rng, &pos.to_string(), &position),
            random_text(&mut rng, &position, 60),
            random_text(&mut rng, &any, 80),
        ];
        for text in &texts {
            tally.positions += usize::from(check_position::<G>(text).map_err(named)?);
        }
        let legal = G::legal_moves(&pos);
        let near = match legal.get(rng.below(legal.len().max(1))) {
            Some(mv) => edit(&mut rng, &mv.to_string(), &moves),
            None => random_text(&mut rng, &moves, 8),
        };
        for text in [&near, &texts[2], &random_text(&mut rng, &moves, 12)] {
            tally.moves += usize::from(check_move::<G>(&pos, text).map_err(named)?);
        }
        // The given lines, and the seeds' positions, each with a unique id.
        let lines: Vec<String> = (0..rng.below(5))
            .map(|i| {
                let line = match rng.below(alphabet.file_lines.len() + 1) {
                    0 => format!("{} id \"p{i}\";", seeds[rng.below(seeds.len())]),
                    k => alphabet.file_lines[k - 1].to_string(),
                };
                edit(&mut rng, &line, &any)
            })
            .collect();
        tally.records += check_file::<G>(&lines.join("\n")).map_err(named)?;
        tally.records += check_file::<G>(&texts[2]).map_err(named)?;
        tally.fed += 8;
    }
    Ok(tally)
}
