//! The games on the core's engine (Прорыв, Hnefatafl, Jungle) for [`zonal_play`]: any game of
//! the core's search ([`ZoneDef`]) plays through [`Zoned`], with the core's player settings
//! ([`CoreSettings`]) and the game's evaluation weights, and one [`Engine`] kept for a game.

use crate::game::{GameOf, ZoneDef, Zoned};
use std::cell::RefCell;
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use zonal_board::Side;
use zonal_core::excerpt::excerpt;
use zonal_core::guided::{NarrowingCounts, ZoneNarrowing};
use zonal_core::linear::Hidden;
use zonal_core::{Control, Engine, FullWidth, Limits, Progress, Rules, SearchResult, Techniques};
use zonal_play::matches::GameRecord;
use zonal_play::spec::CoreSettings;
use zonal_play::{Budget, GameEnd, Info, PlayGame, Score, Searcher, Settings};

/// How a command, a player or the protocol searches: the engine's techniques, and zone-guided
/// (the projection at `horizon`, at nodes fewer than `plies` from the root) unless `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searching {
    /// The engine's techniques ([`Techniques::ENGINE`] by default; [`Techniques::PLAIN`] is the
    /// plain alpha-beta of the figures before the one engine).
    pub techniques: Techniques,
    /// Every move alike (no zones).
    pub full: bool,
    /// The zones' horizon, half-moves.
    pub horizon: i32,
    /// Nodes this many plies from the root and deeper search every move.
    pub plies: usize,
    /// Whether the pressing named moves are searched one ply deeper
    /// ([`ZoneNarrowing::extend`]).
    pub extend: bool,
    /// Whether the root opponent's nodes are narrowed too ([`ZoneNarrowing::both_sides`]).
    pub both_sides: bool,
}

impl Searching {
    /// The engine for a game whose zones look `horizon` half-moves ahead: zone-guided (what
    /// `search`, `analyse` and the analysis board use, the zones explaining the advice).
    pub fn engine(horizon: i32) -> Searching {
        Searching {
            techniques: Techniques::ENGINE,
            full: false,
            horizon,
            plies: usize::MAX,
            extend: false,
            both_sides: false,
        }
    }

    /// The search of `pos` (the game's positions since its last irreversible move in
    /// `history`) within `limits`, under `control`, and the projections the zone narrowing
    /// built and read again (none in a full-width search).
    pub fn run<G: ZoneDef>(
        &self,
        rules: &G::Rules,
        pos: &G::Position,
        history: &[u64],
        limits: &Limits,
        control: &Control<'_, G::Move>,
    ) -> (SearchResult<G::Move>, NarrowingCounts) {
        let mut engine = Engine::new(self.techniques);
        if self.full {
            let result = engine.search(rules, &FullWidth, pos, history, limits, control);
            return (result, NarrowingCounts::default());
        }
        let zones = G::Zones::default();
        let narrowing = self.narrowing(&zones);
        let result = engine.search_narrowed(rules, &narrowing, pos, history, limits, control);
        log_counts(&narrowing);
        (result, narrowing.counts())
    }

    /// The zone narrowing these settings search with, over `zones`.
    fn narrowing<'z, Z: zonal_core::zone::ZoneGame>(&self, zones: &'z Z) -> ZoneNarrowing<'z, Z> {
        ZoneNarrowing::new(zones, self.horizon, self.plies)
            .extending(self.extend)
            .on_both_sides(self.both_sides)
    }
}

/// The zone narrowing's projections of one search, built and read again (`RUST_LOG=debug`).
fn log_counts<Z: zonal_core::zone::ZoneGame>(narrowing: &ZoneNarrowing<'_, Z>) {
    let counts = narrowing.counts();
    tracing::debug!(
        built = counts.built,
        reused = counts.reused,
        "the zone narrowing's projections"
    );
}

/// A player of a core game: the engine's settings and the evaluation's weights set by name.
#[derive(Clone, Debug)]
pub struct CoreGameSettings {
    /// The engine and its zones.
    pub core: CoreSettings,
    /// The weights the game has ([`ZoneDef::WEIGHTS`]).
    known: &'static [&'static str],
    /// Weights set, in the order given (they set the hand-set table, which then plays).
    pub weights: Vec<(&'static str, i32)>,
    /// `eval=fitted|hand`: which evaluation plays (`None`: the game's default, the fitted one
    /// where it ships one).
    pub fitted: Option<bool>,
    /// The fitted evaluation's features (none: the game has none).
    features: &'static [&'static str],
    /// `eval=FILE`: the weights read from a weights file (the file's name, the weights, the
    /// network beside them if the file has one).
    pub weights_file: Option<(String, Vec<i32>, Option<&'static Hidden>)>,
}

impl Settings for CoreGameSettings {
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        if self.core.set(key, value)? {
            return Ok(true);
        }
        if key == "eval" {
            let can_fit = !self.features.is_empty();
            self.weights_file = None;
            self.fitted = Some(match value {
                "hand" => false,
                _ if !can_fit => {
                    return Err(format!(
                        "eval={:?}: this game has no fitted evaluation yet (eval=hand)",
                        excerpt(value)
                    ));
                }
                "fitted" => true,
                path => {
                    let text = std::fs::read_to_string(path).map_err(|e| {
                        format!(
                            "eval={:?}: not fitted, hand or a readable weights file ({e})",
                            excerpt(path)
                        )
                    })?;
                    let w = zonal_core::linear::read_weights(&text, self.features)
                        .map_err(|e| format!("eval={}: {e}", excerpt(path)))?;
                    let hidden = Hidden::parse(&text, self.features.len())
                        .and_then(|h| h.map(Hidden::intern).transpose())
                        .map_err(|e| format!("eval={}: {e}", excerpt(path)))?;
                    self.weights_file = Some((path.to_string(), w, hidden));
                    true
                }
            });
            return Ok(true);
        }
        let Some(&weight) = self.known.iter().find(|&&w| w == key) else {
            return Ok(false);
        };
        let n = value
            .parse::<i32>()
            .ok()
            .filter(|n| n.abs() <= 100_000)
            .ok_or_else(|| format!("{key}={:?}: a whole number within ±100000", excerpt(value)))?;
        self.weights.retain(|w| w.0 != weight);
        self.weights.push((weight, n));
        Ok(true)
    }

    fn keys(&self) -> String {
        let weights: String = self.known.iter().map(|w| format!(", {w}")).collect();
        format!(
            "{}, eval=fitted|hand|FILE{weights} (a weight plays the hand-set table)",
            CoreSettings::keys()
        )
    }

    fn describe(&self, limits: &Limits) -> String {
        let mut s = self.core.describe(limits);
        match (&self.weights_file, self.fitted) {
            (Some((path, _, _)), _) => {
                let _ = write!(s, ",eval={path}");
            }
            (None, Some(true)) => s.push_str(",eval=fitted"),
            (None, Some(false)) => s.push_str(",eval=hand"),
            (None, None) => {}
        }
        for (key, value) in &self.weights {
            let _ = write!(s, ",{key}={value}");
        }
        s
    }

    fn options(&self) -> Vec<String> {
        let mut lines = self.core.options();
        if !self.features.is_empty() {
            lines.push("option name eval type combo default fitted var fitted var hand".into());
        }
        lines
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name.eq_ignore_ascii_case("eval") && !self.features.is_empty() {
            return self
                .set("eval", &value.to_ascii_lowercase())
                .map(|_| ())
                .map_err(|e| format!("setoption {name}: {e}"));
        }
        self.core.set_option(name, value)
    }
}

/// The engine of a core game's player, kept for a whole game.
pub struct CoreSearcher<G> {
    engine: Engine,
    searching: Searching,
    weights: Vec<(&'static str, i32)>,
    fitted: Option<bool>,
    weights_file: Option<(Vec<i32>, Option<&'static Hidden>)>,
    game: PhantomData<fn() -> G>,
}

impl<G: ZoneDef> Searcher<Zoned<G>> for CoreSearcher<G>
where
    G::Zones: Default + 'static,
{
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn search(
        &mut self,
        pos: &G::Position,
        history: &[u64],
        budget: &Budget,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut rules = G::rules(pos);
        if let Some(fitted) = self.fitted {
            // Where a ruleset ships no fitted weights, the hand-set table plays.
            G::set_fitted(&mut rules, fitted);
        }
        if let Some((w, hidden)) = &self.weights_file {
            G::set_fitted_weights(&mut rules, w, *hidden);
        }
        if !self.weights.is_empty() {
            G::set_fitted(&mut rules, false);
        }
        for &(key, value) in &self.weights {
            // Every key was checked against `G::WEIGHTS` when the spec was read.
            let known = G::set_weight(&mut rules, key, value);
            debug_assert!(known, "{key}");
        }
        let (limits, soft_ms) = budget.core();
        let info = RefCell::new(info);
        let report = |p: &Progress<'_, G::Move>| {
            (info.borrow_mut())(&Info {
                depth: p.depth,
                seldepth: None,
                score: Score::from_core(p.score),
                nodes: p.nodes,
                millis: p.millis,
                hashfull: None,
                pv: p.line.to_vec(),
            })
        };
        let control = Control {
            stop: Some(stop),
            progress: Some(&report),
            soft_ms,
        };
        let s = &self.searching;
        if s.full {
            return self
                .engine
                .search(&rules, &FullWidth, pos, history, &limits, &control);
        }
        let zones = G::Zones::default();
        let narrowing = s.narrowing(&zones);
        let result = self
            .engine
            .search_narrowed(&rules, &narrowing, pos, history, &limits, &control);
        log_counts(&narrowing);
        result
    }
}

impl<G: ZoneDef> PlayGame for Zoned<G>
where
    G::Zones: Default + 'static,
{
    const ID: &'static str = G::ID;
    const NAME: &'static str = G::NAME;
    type Position = G::Position;
    type Move = G::Move;
    type Game = GameOf<G>;
    type Settings = CoreGameSettings;
    type Searcher = CoreSearcher<G>;

    fn engine_name() -> String {
        format!("zonal {} ({})", env!("CARGO_PKG_VERSION"), G::ID)
    }
    fn starts() -> Vec<&'static str> {
        G::STARTS.iter().map(|s| s.0).collect()
    }
    fn start(name: &str) -> Option<G::Position> {
        G::start(name)
    }
    fn parse_position(text: &str) -> Result<G::Position, String> {
        G::parse_position(text)
    }
    fn new_game(start: G::Position) -> GameOf<G> {
        G::new_game(start)
    }
    fn play_text(game: &mut GameOf<G>, text: &str) -> Result<(), String> {
        G::play_text(game, text)
    }
    fn current(game: &GameOf<G>) -> G::Position {
        G::current(game)
    }
    fn side(pos: &G::Position) -> Side {
        G::side(pos)
    }
    fn side_name(side: Side) -> &'static str {
        G::side_name(side)
    }
    fn end(game: &GameOf<G>) -> Option<GameEnd> {
        G::end(game)
    }
    fn key(pos: &G::Position) -> u64 {
        G::rules(pos).key(pos)
    }
    fn irreversible(before: &G::Position, after: &G::Position) -> bool {
        let rules = G::rules(before);
        let target = rules.key(after);
        let mut moves = Vec::new();
        rules.moves(before, &mut moves);
        moves.into_iter().any(|mv| {
            let next = rules.play(before, mv);
            rules.key(&next) == target && rules.irreversible(before, mv, &next)
        })
    }
    fn settings() -> CoreGameSettings {
        CoreGameSettings {
            // The game's keys are constants checked by the games' tests; a bad one falls back to
            // the engine's defaults.
            core: CoreSettings::play_with(G::HORIZON, G::PLAY_SETTINGS)
                .unwrap_or_else(|_| CoreSettings::play(G::HORIZON)),
            known: G::WEIGHTS,
            weights: Vec::new(),
            fitted: None,
            features: G::FEATURES,
            weights_file: None,
        }
    }
    fn searcher(settings: &CoreGameSettings) -> CoreSearcher<G> {
        let c = &settings.core;
        CoreSearcher {
            engine: Engine::new(c.techniques),
            searching: Searching {
                techniques: c.techniques,
                full: c.full,
                horizon: c.horizon,
                plies: c.plies,
                extend: c.extend,
                both_sides: c.both_sides,
            },
            weights: settings.weights.clone(),
            fitted: settings.fitted,
            weights_file: settings.weights_file.as_ref().map(|w| (w.1.clone(), w.2)),
            game: PhantomData,
        }
    }
    fn record_line(r: &GameRecord<Self>) -> String {
        let (white, black) = if r.engine1 == Side::White {
            ("engine1", "engine2")
        } else {
            ("engine2", "engine1")
        };
        format!(
            "{} id \"game-{}\"; moves {}; c0 \"White {white}, Black {black}: {}\";",
            r.start,
            r.number,
            G::record(&r.game).join(" "),
            r.end_text()
        )
    }
    fn records_header(engine1: &str, engine2: &str) -> String {
        format!(
            "# zonal match --game {}: engine1 {engine1} against engine2 {engine2}\ngame {}\n",
            G::ID,
            G::ID
        )
    }
}

impl<G: ZoneDef> zonal_learn::Learn for Zoned<G>
where
    G::Zones: Default + 'static,
{
    fn feature_names() -> &'static [&'static str] {
        G::FEATURES
    }
    fn features(pos: &G::Position) -> Vec<i32> {
        G::features(pos)
    }
    fn variant(pos: &G::Position) -> &'static str {
        G::variant(pos)
    }
    fn hand_weights(variant: &str) -> Vec<i32> {
        G::hand_weights(variant)
    }
    fn legal_moves(pos: &G::Position) -> Vec<G::Move> {
        G::legal_moves(pos)
    }
    /// Not over, not in danger, and no tactical move (capture) to make.
    fn quiet(pos: &G::Position) -> bool {
        let rules = G::rules(pos);
        if rules.terminal(pos).is_some() || rules.in_danger(pos) {
            return false;
        }
        let mut tactical = Vec::new();
        rules.tactical_moves(pos, &mut tactical);
        tactical.is_empty()
    }
    fn read_records(text: &str) -> Result<Vec<zonal_learn::Record<Self>>, String> {
        G::read_records(text)
    }
}
