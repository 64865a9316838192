//! What the tools need of a game played on the core's search ([`GameDef`]): its names and
//! starts, notation, records, moves, zone builder, pictures and evaluation's weights.

use std::fmt::{Debug, Display};
use std::str::FromStr;
use zonal_board::Side;
use zonal_core::excerpt::excerpt;
use zonal_core::game::GameRules;
use zonal_core::guided::MoveSquares;
use zonal_core::picture::Picture;
use zonal_core::record::{PositionFile, Record};
use zonal_core::zone::{Aim, AimKind, Built, Gain, Negation, ZoneGame};
pub use zonal_play::GameEnd;

/// A game in progress of the game `G`: the core's record under `G`'s ends.
pub type GameOf<G> = zonal_core::game::Game<<G as GameDef>::Record>;

/// A game of the core's search ([`GameDef`]) as the play library, the learning commands
/// and the analysis board see it: with its zone builder.
pub struct Zoned<G>(pub std::marker::PhantomData<G>);

/// A command's failure as a report hook gives it: what went wrong and the exit code (2: the
/// input, 1: the output could not be written, 0: the reader stopped early, said by nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong.
    pub message: String,
    /// The exit code.
    pub code: i32,
}

impl Failure {
    /// A failure of the input (exit code 2).
    pub fn input(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            code: 2,
        }
    }

    /// An output that could not be written (exit code 1).
    pub fn output(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            code: 1,
        }
    }
}

/// A question about a piece's paths: `zonal distance` (without `to`) and `zonal trajectories`.
#[derive(Clone, Debug, Default)]
pub struct PathQuery {
    /// The square the piece stands on (`--from`).
    pub from: String,
    /// The square its trajectories lead to (`--to`; `None` for a distance map).
    pub to: Option<String>,
    /// A hypothetical piece placed on `from` instead of what stands there, as a letter of the
    /// position notation (`--piece`).
    pub piece: Option<char>,
    /// The piece's own side's other pieces count as removable, not as obstacles.
    pub own_removable: bool,
    /// The longest trajectory listed, beyond the shortest (`--max-len`).
    pub max_len: Option<u32>,
    /// The most trajectories listed (`--limit`).
    pub limit: usize,
    /// JSON output.
    pub json: bool,
}

/// What every command needs of a game: its names and starts, notation, position files, moves
/// and records, and its ends.
pub trait GameDef: 'static {
    /// The name `--game` takes and JSON shows.
    const ID: &'static str;
    /// The name errors and reports show.
    const NAME: &'static str;
    /// Position arguments that name a start position, with what each is (`startpos` first).
    const STARTS: &'static [(&'static str, &'static str)];
    /// Words a game record may end with instead of a move (e.g. a loss on time).
    const RECORD_ENDS: &'static [&'static str] = &[];
    /// What one move is called in `play`'s refusals (`move 3 (d1d9): ...`; Прорыв: `ply`).
    const MOVE_WORD: &'static str = "move";
    /// [`GameDef::MOVE_WORD`] in the plural (`moves played: 2`; Прорыв: `plies`).
    const MOVES_WORD: &'static str = "moves";
    /// The zones' horizon in half-moves when `--horizon` is not given (the one the game's suite
    /// is best searched with).
    const HORIZON: i32 = 4;
    /// The position file a match plays when `--openings` is not given, as its name and its text
    /// (built into the binary, so that `match` works anywhere; `None`: 16 random openings of 4
    /// plies from the first start).
    const OPENINGS: Option<(&'static str, &'static str)> = None;
    /// The depth `analyse` searches to when neither a depth nor a bound is given.
    const ANALYSIS_DEPTH: u32 = 4;
    /// A position (written and read as a position string).
    type Position: Copy + Display + Send + Sync + FromStr<Err: Display>;
    /// A move.
    type Move: Copy + Eq + Debug + Display + Send + Sync;
    /// A move as `zonal moves --json` lists it (its text, or an object of its parts).
    type MoveJson: serde::Serialize;
    /// The game as the play library and the learning commands see it (`engine`, `match`,
    /// `datagen`, `fit`): a game's own adapter, or [`Zoned`] for a game on the core's zones.
    type Player: zonal_learn::Learn<Position = Self::Position> + 'static;
    /// The rules of a game in progress ([`GameOf`]): the ends that need the history.
    type Record: GameRules<
            Position = Self::Position,
            Move = Self::Move,
            Key: Send,
            End: Send,
            Error: Display,
        > + 'static;

    /// The start position a name of [`GameDef::STARTS`] gives.
    fn start(name: &str) -> Option<Self::Position>;
    /// A position string.
    fn parse_position(text: &str) -> Result<Self::Position, String> {
        text.parse()
            .map_err(|e: <Self::Position as FromStr>::Err| e.to_string())
    }
    /// A position file's records, `source` naming the file in errors (a game whose position
    /// strings [`zonal_core::record::PositionFile`] reads implements it with [`read_file`]).
    fn parse_file(text: &str, source: &str) -> Result<Vec<Record<Self::Position>>, String>;
    /// The positions a position argument names: a start's name, a position string, or a
    /// position file's positions (all, or the one `id` / `index` picks), each with its record;
    /// by default [`crate::positions::select`] (files read whole, bounded).
    fn select(
        pos: &str,
        id: Option<&str>,
        index: Option<usize>,
    ) -> Result<Vec<crate::positions::Loaded<Self::Position>>, String>
    where
        Self: Sized,
    {
        crate::positions::select::<Self>(pos, id, index)
    }
    /// The first position [`GameDef::select`] gives (the one a command of one position reads).
    fn select_first(
        pos: &str,
        id: Option<&str>,
        index: Option<usize>,
    ) -> Result<crate::positions::Loaded<Self::Position>, String>
    where
        Self: Sized,
    {
        Self::select(pos, id, index)?
            .into_iter()
            .next()
            .ok_or_else(|| format!("{}: no position in {:?}", Self::NAME, excerpt(pos)))
    }
    /// The legal moves.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// The side to move.
    fn side(pos: &Self::Position) -> Side;
    /// A side in words (`white`; Hnefatafl: `defenders`).
    fn side_name(side: Side) -> &'static str;
    /// The game's end shown by the position alone, in words.
    fn outcome(pos: &Self::Position) -> Option<String>;
    /// The board as text.
    fn diagram(pos: &Self::Position) -> String;
    /// Leaves counted to `depth`.
    fn perft(pos: &Self::Position, depth: u32) -> u64;
    /// Leaves counted to `depth` with the root's moves shared out over all cores (a game on the
    /// core's search: [`perft_split`]).
    fn perft_parallel(pos: &Self::Position, depth: u32) -> u64;
    /// A legal move of `pos` as `zonal moves --json` lists it ([`GameDef::MoveJson`]).
    fn move_json(pos: &Self::Position, mv: Self::Move) -> Self::MoveJson;
    /// Leaves counted to `depth` below each root move.
    fn divide(pos: &Self::Position, depth: u32) -> Vec<(Self::Move, u64)>;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> GameOf<Self> {
        GameOf::<Self>::new(start)
    }
    /// Plays a move given as text (coordinate form, or the game's record form) in `game`.
    fn play_text(game: &mut GameOf<Self>, text: &str) -> Result<(), String> {
        game.play(text).map(|_| ()).map_err(|e| e.to_string())
    }
    /// The game's current position.
    fn current(game: &GameOf<Self>) -> Self::Position {
        *game.position()
    }
    /// The game's moves in the game's record form (by default their coordinate form).
    fn record(game: &GameOf<Self>) -> Vec<String> {
        game.moves().iter().map(ToString::to_string).collect()
    }
    /// The game's moves as one text (`play`'s `moves played`): by default [`GameDef::record`]
    /// joined by spaces.
    fn record_text(game: &GameOf<Self>) -> String {
        Self::record(game).join(" ")
    }
    /// The moves of `text`, a game written in the books' notation from `pos`, in coordinate
    /// form (`play --book`); `None` (the default) where the game has no such notation.
    fn book_moves(_pos: &Self::Position, _text: &str) -> Option<Result<Vec<String>, String>> {
        None
    }
    /// What `play` says of a position beyond its status (chess-t1: who is in check); nothing by
    /// default.
    fn notes(_pos: &Self::Position) -> Vec<String> {
        Vec::new()
    }
    /// Whether the game has `zonal distance` and `zonal trajectories` (the two hooks below).
    const PATH_REPORTS: bool = false;
    /// `zonal distance`: the distance map of the piece on `query.from`, as text or JSON; `None`
    /// (the default) where the game has no such report.
    fn distance_report(
        _pos: &Self::Position,
        _query: &PathQuery,
    ) -> Option<Result<String, String>> {
        None
    }
    /// `zonal trajectories`: at most `query.limit` trajectories of the piece on `query.from` to
    /// `query.to`, as text or JSON; `None` (the default) where the game has no such report.
    fn trajectories_report(
        _pos: &Self::Position,
        _query: &PathQuery,
    ) -> Option<Result<String, String>> {
        None
    }
    /// Whether the game has force sums and the exchange rule (`zonal force`, `zonal exchange`).
    const FORCE_REPORTS: bool = false;
    /// `zonal force`: the force sums on every square (`raw`: in half-units); `None` (the
    /// default) where the game has none.
    fn force_report(
        _pos: &Self::Position,
        _raw: bool,
        _json: bool,
    ) -> Option<Result<String, String>> {
        None
    }
    /// `zonal exchange`: the exchange on the square named `square`, with the piece values
    /// `material` names (`None`: the game's); `None` (the default) where the game has no
    /// exchange rule.
    fn exchange_report(
        _pos: &Self::Position,
        _square: &str,
        _material: Option<&str>,
        _json: bool,
    ) -> Option<Result<String, String>> {
        None
    }
    /// `zonal review`: every position of the game of `moves` from `start` searched within
    /// `limits`, with the zones at `horizon` (`progress` called after each position); a game on
    /// the core's zones: [`crate::review::review`].
    fn review(
        start: Self::Position,
        moves: &[String],
        limits: &zonal_core::Limits,
        horizon: i32,
        progress: &(dyn Fn() + Sync),
    ) -> Result<crate::review::Review, String>;
    /// The start and moves of the `n`-th (1-based) finished game of the file of people's games
    /// at `path` (`review --records`); by default refused: the game has no such files.
    fn people_game(_path: &str, _n: usize) -> Result<(Self::Position, Vec<String>), String> {
        Err(format!(
            "{}: --records reads files of people's games (Hnefatafl's); give a position and the \
             moves, or a position file whose record has `moves`",
            Self::NAME
        ))
    }
    /// `zonal search`: `pos` searched as `request` asks, as the text or JSON for stdout and what
    /// stderr says (time, speed, what the zones did); `progress` is told of each finished
    /// iteration. A game on the core's zones: [`crate::analyse::search_report`].
    fn search_report(
        pos: &Self::Position,
        request: &crate::analyse::SearchRequest,
        progress: &mut dyn FnMut(String),
    ) -> Result<(String, String), String>;
    /// `zonal bench`: the game's headline figures on its fixed positions, as text or JSON (one
    /// core). A game on the core's zones: [`crate::bench::report`].
    fn bench_report(quick: bool, json: bool) -> Result<String, String>;
    /// `zonal zones`: the log of the moves played first and the projection as text, JSON or
    /// DOT. A game on the core's zones: [`crate::report::zones_report`].
    fn zones_report(
        pos: &Self::Position,
        request: &crate::report::ZonesRequest,
    ) -> Result<(String, String), String>;
    /// `zonal render`: the board as SVG, with zones, force sums or a move arrow as asked. A game
    /// on the core's zones: [`crate::report::picture_report`].
    fn picture_report(
        pos: &Self::Position,
        request: &crate::report::PictureRequest,
    ) -> Result<String, String>;
    /// `zonal analyse`: every position `request` names analysed, each report given to `out` as
    /// it is done (text; JSON: one object, or a batch with the suite's summary), `progress`
    /// told of each position done. A game on the core's zones:
    /// [`crate::analyse::analyse_report`].
    fn analyse_report(
        request: &crate::analyse::AnalyseRequest,
        out: &mut dyn FnMut(&str) -> Result<(), Failure>,
        progress: &(dyn Fn() + Sync),
    ) -> Result<(), Failure>;
    /// How the game ended, if it did.
    fn end(game: &GameOf<Self>) -> Option<GameEnd>;

    /// Whether the position is in a placement phase (Прорыв's drops), for games that have one;
    /// `None` (the default) for the others. The analysis board's `moves` answer shows it.
    fn placement(_pos: &Self::Position) -> Option<bool> {
        None
    }

    /// The fields of `play --json` that say how `game` stands beyond the shared ones (`game`,
    /// `start`, `moves`, `position`, `side`, `status`; a field of the same name replaces the
    /// shared one's value): by default `winner` (the winner's side, `null` for a draw, `null`
    /// while the game goes on).
    fn play_fields(game: &GameOf<Self>) -> Vec<(&'static str, serde_json::Value)> {
        let winner = Self::end(game).map(|e| e.winner.map(side_word));
        vec![("winner", serde_json::json!(winner))]
    }
}

/// What the zone reports, the analysis, the play library and the learning commands need beyond
/// [`GameDef`] of a game whose zones the core's zone builder makes ([`ZoneGame`]): its zone
/// builder, its words for what the zones hold, pictures, evaluation's weights and suites.
pub trait ZoneDef: GameDef {
    /// The search's rules.
    type Rules: MoveSquares<Position = Self::Position, Move = Self::Move>;
    /// The search's rules for positions like `pos`.
    fn rules(pos: &Self::Position) -> Self::Rules;
    /// The game's suite of tactics as its name and its text (built into the binary), which
    /// `bench` searches.
    const SUITE: (&'static str, &'static str);
    /// The evaluation's weights a match player may set (`rook=60`), by name.
    const WEIGHTS: &'static [&'static str] = &[];
    /// How this game plays where it differs from [`zonal_play::spec::CoreSettings::play`]
    /// (full-width, the engine's techniques): keys and values of a player spec (e.g.
    /// `("mode", "zones")`, `("null", "off")`; a player spec or `setoption` changes them
    /// again), each measured by a match (NOTES.md).
    const PLAY_SETTINGS: &'static [(&'static str, &'static str)] = &[];
    /// How the game plays and analyses by default, with the measurements that chose it (`zonal
    /// games` shows it).
    const DEFAULTS: &'static str;
    /// How a game's moves are written as one text ([`GameDef::record`] joined by spaces), as the
    /// analysis board names it for export and import.
    const GAME_TEXT: &'static str = "coordinate moves";
    /// The letters of the pieces in a position string's placement, each with its name (the
    /// analysis board's editor offers them).
    const PIECES: &'static [(char, &'static str)];
    /// The letters a position string gives the side to move by, White's first.
    const SIDE_LETTERS: [char; 2] = ['w', 'b'];
    /// The zone builder's view of the game.
    type Zones: ZoneGame<Position = Self::Position> + Default + 'static;
    /// Sets the evaluation weight `key` (one of [`GameDef::WEIGHTS`]) to `value` (cp); false
    /// for a key the game does not have.
    fn set_weight(_rules: &mut Self::Rules, _key: &str, _value: i32) -> bool {
        false
    }
    /// The fitted evaluation's feature names (none: the game has no fitted evaluation).
    const FEATURES: &'static [&'static str] = &[];
    /// The features of `pos` for White ([`zonal_learn::Learn::features`]).
    fn features(_pos: &Self::Position) -> Vec<i32> {
        Vec::new()
    }
    /// The variant of `pos` with weights of its own (a ruleset).
    fn variant(_pos: &Self::Position) -> &'static str {
        Self::ID
    }
    /// The hand-set evaluation of `variant` as weights of [`GameDef::FEATURES`].
    fn hand_weights(_variant: &str) -> Vec<i32> {
        Vec::new()
    }
    /// Plays the fitted evaluation (`true`) or the hand-set one; false if the game has no
    /// such evaluation.
    fn set_fitted(_rules: &mut Self::Rules, fitted: bool) -> bool {
        !fitted
    }
    /// Plays the fitted evaluation with `weights` (one for each of [`GameDef::FEATURES`]) and
    /// the network beside them, if any.
    fn set_fitted_weights(
        _rules: &mut Self::Rules,
        _weights: &[i32],
        _hidden: Option<&'static zonal_core::linear::Hidden>,
    ) {
    }
    /// People's games of the game's record files ([`zonal_learn::Learn::read_records`]).
    fn read_records(_text: &str) -> Result<Vec<zonal_learn::Record<Zoned<Self>>>, String>
    where
        Self: Sized,
        Self::Zones: Default + 'static,
    {
        Err(format!("{}: no record reader for this game", Self::NAME))
    }
    /// The game's zone builder.
    fn zone_game() -> Self::Zones {
        Self::Zones::default()
    }
    /// The squares whose contents differ between two positions (for the incremental projection).
    fn changed_squares(
        before: &Self::Position,
        after: &Self::Position,
    ) -> <Self::Zones as ZoneGame>::Set;
    /// The projection as text, with Botvinnik's labels; by default [`crate::report::zones_text`]
    /// in the game's words (the hooks below).
    fn zones_text(pos: &Self::Position, built: &Built, horizon: i32) -> String
    where
        Self: Sized,
    {
        crate::report::zones_text::<Self>(pos, built, horizon)
    }
    /// The words of a goal zone in the zones' text: the aim's (`den`, `escape`) and the goal
    /// square's (`den`, `corner`).
    const GOAL_WORDS: (&'static str, &'static str) = ("goal", "goal");
    /// What a zone of `pos` aims at, in words: its goal square (`den d9`), the piece it takes
    /// (`leopard c8`) or the square it occupies (`square e4`).
    fn aim_text(pos: &Self::Position, aim: Aim) -> String
    where
        Self: Sized,
    {
        let square = Self::zone_game().shape(pos).name(aim.target);
        match aim.kind {
            AimKind::Goal => format!("{} {square}", Self::GOAL_WORDS.1),
            AimKind::Capture => format!("{} {square}", Self::piece_name(pos, aim.target)),
            AimKind::Occupy => format!("square {square}"),
        }
    }
    /// What the negation `n` of the root piece on `moving` does, in the game's words (a
    /// control ending on the square it is attached to is a blockade in some games).
    fn role_word(_pos: &Self::Position, _moving: u32, n: &Negation) -> &'static str {
        n.role.name()
    }
    /// What a complex aimed at the piece on `target` does (`capture`, `immobilise`).
    fn complex_word(_pos: &Self::Position, _target: u32) -> &'static str {
        "capture"
    }
    /// A gain in the game's words: `wins`, `0`, `+500` (Прорыв: `+1 rook`).
    fn gain_word(gain: Gain) -> String {
        match gain {
            Gain::Wins => "wins".to_string(),
            Gain::Material(0) => "0".to_string(),
            Gain::Material(n) => format!("{n:+}"),
        }
    }
    /// Said of a negation that does not stop the root by itself (Jungle: the root takes it).
    const UNSTOPPING_NOTE: &'static str = "does not stop the root by itself";
    /// Why the same placement with the other side to move is not a position of the game.
    const NO_OTHER_TO_MOVE: &'static str = "not a position";
    /// What stands on `sq` (`attacker`, `lion`), for reports.
    fn piece_name(pos: &Self::Position, sq: u32) -> String;
    /// The evaluation's terms for the side to move, cp, named (they add up to the evaluation).
    fn eval_terms(pos: &Self::Position) -> Vec<(&'static str, i32)>;
    /// The board with its special squares and pieces, without arrows.
    fn board_picture(pos: &Self::Position) -> Picture;

    /// What `analyse` shows of `pos` beyond the shared report (Прорыв: the source's measures and
    /// the open zones); nothing by default.
    fn measures(_pos: &Self::Position) -> crate::analyse::Measures {
        crate::analyse::Measures::default()
    }

    /// The projection as a Graphviz graph; by default [`crate::report::zones_dot`].
    fn zones_dot(pos: &Self::Position, built: &Built) -> String
    where
        Self: Sized,
    {
        crate::report::zones_dot::<Self>(pos, built)
    }
}

/// [`GameDef::parse_file`] for a game whose position strings `F` reads: the one reader of
/// position files ([`zonal_core::record::parse_file`]).
pub fn read_file<F: PositionFile>(
    text: &str,
    source: &str,
) -> Result<Vec<Record<F::Position>>, String> {
    zonal_core::record::parse_file::<F>(text, source).map_err(|e| e.to_string())
}

/// Leaves counted to `depth` with the root's children shared out over all cores, each counted by
/// [`GameDef::perft`] ([`GameDef::perft_parallel`] of a game on the core's search).
pub fn perft_split<G: ZoneDef>(pos: &G::Position, depth: u32) -> u64 {
    use rayon::prelude::*;
    use zonal_core::Rules as _;
    let rules = G::rules(pos);
    if depth < 2 || rules.terminal(pos).is_some() {
        return G::perft(pos, depth);
    }
    let mut moves = Vec::new();
    rules.moves(pos, &mut moves);
    let children: Vec<G::Position> = moves.into_iter().map(|mv| rules.play(pos, mv)).collect();
    children.par_iter().map(|c| G::perft(c, depth - 1)).sum()
}

/// Refuses the options of `options` that are given (each `(given, name)`), all named in one
/// message that `message` words from their names joined by commas; `Ok` when none is given.
pub fn refuse_given(
    options: &[(bool, &str)],
    message: impl FnOnce(&str) -> String,
) -> Result<(), String> {
    let given: Vec<&str> = options
        .iter()
        .filter_map(|&(on, name)| on.then_some(name))
        .collect();
    if given.is_empty() {
        Ok(())
    } else {
        Err(message(&given.join(", ")))
    }
}

/// The game's end shown by the position alone in words, or `ongoing`.
pub fn status<G: GameDef>(pos: &G::Position) -> String {
    G::outcome(pos).unwrap_or_else(|| "ongoing".to_string())
}

/// A side's name in JSON (`white`, `black`).
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The game of `moves` (move text) played from `start`, calling `each` with the positions before
/// and after each move and its text; refused at the first move that is not legal or comes after
/// the game's end, naming it (`move 3 (e2e5): ...`).
pub fn replay<G: GameDef>(
    start: G::Position,
    moves: &[String],
    each: impl FnMut(&G::Position, &G::Position, &str),
) -> Result<GameOf<G>, String> {
    play_on::<G>(G::new_game(start), moves, "", each)
}

/// `game` continued with `moves` as [`replay`] plays them; errors count the moves of `moves`,
/// saying `of` after the number (`move 2 of its moves (e2e4): ...`).
pub fn play_on<G: GameDef>(
    mut game: GameOf<G>,
    moves: &[String],
    of: &str,
    mut each: impl FnMut(&G::Position, &G::Position, &str),
) -> Result<GameOf<G>, String> {
    for (i, text) in moves.iter().enumerate() {
        let at = || {
            let text = zonal_core::excerpt::excerpt(text);
            format!("{} {}{of} ({text})", G::MOVE_WORD, i + 1)
        };
        if let Some(end) = G::end(&game) {
            return Err(format!("{}: the game is over: {}", at(), end.text));
        }
        let before = G::current(&game);
        G::play_text(&mut game, text).map_err(|e| format!("{}: {e}", at()))?;
        each(&before, &G::current(&game), text);
    }
    Ok(game)
}

/// The legal move of `before` that leads to `after` (how a move given in record form is written
/// in coordinate form).
pub fn move_between<G: ZoneDef>(before: &G::Position, after: &G::Position) -> Option<G::Move> {
    use zonal_core::Rules;
    let rules = G::rules(before);
    let target = rules.key(after);
    G::legal_moves(before)
        .into_iter()
        .find(|&m| rules.key(&rules.play(before, m)) == target)
}

/// The [`GameDef`] items that a game whose zones the core builds has alike, each following from
/// its [`ZoneDef`]: position files read by the one reader with the game's `PositionFile` (the
/// macro's argument), the side to move as its zone builder says, parallel perft over its search's
/// rules ([`perft_split`]), its moves in JSON as their text, its review by
/// [`crate::review::review`], its search by [`crate::analyse::search_report`], its bench by
/// [`crate::bench::report`], its zones and pictures by [`crate::report::zones_report`] and
/// [`crate::report::picture_report`], and its player as [`Zoned`]. Written inside `impl GameDef for ...`.
#[macro_export]
macro_rules! zone_game_items {
    ($file:ty) => {
        type MoveJson = String;
        type Player = $crate::Zoned<Self>;

        fn bench_report(quick: bool, json: bool) -> Result<String, String> {
            $crate::bench::report::<Self>(quick, json)
        }

        fn analyse_report(
            request: &$crate::analyse::AnalyseRequest,
            out: &mut dyn FnMut(&str) -> Result<(), $crate::game::Failure>,
            progress: &(dyn Fn() + Sync),
        ) -> Result<(), $crate::game::Failure> {
            $crate::analyse::analyse_report::<Self>(request, out, progress)
        }

        fn zones_report(
            pos: &Self::Position,
            request: &$crate::report::ZonesRequest,
        ) -> Result<(String, String), String> {
            $crate::report::zones_report::<Self>(pos, request)
        }

        fn picture_report(
            pos: &Self::Position,
            request: &$crate::report::PictureRequest,
        ) -> Result<String, String> {
            $crate::report::picture_report::<Self>(pos, request)
        }

        fn parse_file(
            text: &str,
            source: &str,
        ) -> Result<Vec<$crate::deps::zonal_core::record::Record<Self::Position>>, String> {
            $crate::read_file::<$file>(text, source)
        }

        fn side(pos: &Self::Position) -> $crate::deps::zonal_board::Side {
            $crate::deps::zonal_core::zone::ZoneGame::to_move(
                &<Self as $crate::ZoneDef>::zone_game(),
                pos,
            )
        }

        fn perft_parallel(pos: &Self::Position, depth: u32) -> u64 {
            $crate::game::perft_split::<Self>(pos, depth)
        }

        fn move_json(_pos: &Self::Position, mv: Self::Move) -> String {
            mv.to_string()
        }

        fn review(
            start: Self::Position,
            moves: &[String],
            limits: &$crate::deps::zonal_core::Limits,
            horizon: i32,
            progress: &(dyn Fn() + Sync),
        ) -> Result<$crate::review::Review, String> {
            $crate::review::review::<Self>(start, moves, limits, horizon, progress)
        }

        fn search_report(
            pos: &Self::Position,
            request: &$crate::analyse::SearchRequest,
            _progress: &mut dyn FnMut(String),
        ) -> Result<(String, String), String> {
            $crate::analyse::search_report::<Self>(pos, request)
        }
    };
}
