//! Прорыв on the generic commands' game trait ([`CliGame`]): what its match, its engine
//! protocol, its reasons and the analysis board (`zonal serve`) share with Hnefatafl and Jungle.
//! Прорыв keeps its own `moves`, `play`, `zones`, `analyse` and the rest in [`super::proryv`]
//! (its zones JSON has its own schema, which [`CliGame::zones_json`] gives here too, and its
//! analysis shows the source's measures).

use super::generic::{CliGame, GameEnd};
use serde_json::{Value, json};
use zonal_board::Side;
use zonal_core::picture::Picture;
use zonal_core::record::Record;
use zonal_core::zone::Built;
use zonal_proryv::play::Proryv as Rules;
use zonal_proryv::{End, Game, Outcome, Ply, Position, posfile, zones};

/// Прорыв for the command line.
pub struct Proryv;

impl CliGame for Proryv {
    const ID: &'static str = "proryv";
    const NAME: &'static str = zonal_proryv::NAME;
    const STARTS: &'static [(&'static str, &'static str)] =
        &[("startpos", "the start (placement: rooks are dropped first)")];
    /// Horizon 5 finds the whole suite at depth 5 (NOTES.md, "Zone-guided search").
    const HORIZON: i32 = 5;
    const SUITE: (&'static str, &'static str) = (
        "positions/proryv/suite.pos",
        include_str!("../../positions/proryv/suite.pos"),
    );
    const OPENINGS: Option<(&'static str, &'static str)> = Some((
        "positions/proryv/openings.pos",
        include_str!("../../positions/proryv/openings.pos"),
    ));
    const WEIGHTS: &'static [&'static str] = &["race", "rook", "freedom", "tempo"];
    const MOVE_WORD: &'static str = "ply";
    const GAME_TEXT: &'static str = "coordinate moves (drops R@d4)";
    type Position = Position;
    type Move = Ply;
    type Rules = Rules;
    type Zones = zones::Proryv;
    type Game = Game;

    fn rules(_pos: &Position) -> Rules {
        Rules::default()
    }

    const FEATURES: &'static [&'static str] = &zonal_proryv::eval::FEATURES;

    fn features(pos: &Position) -> Vec<i32> {
        zonal_proryv::eval::features(pos).to_vec()
    }

    fn hand_weights(_variant: &str) -> Vec<i32> {
        zonal_proryv::eval::hand_weights(&zonal_proryv::play::Weights::default()).to_vec()
    }

    fn set_fitted_weights(rules: &mut Rules, weights: &[i32]) {
        let mut fitted = zonal_proryv::eval::Fitted {
            weights: [0; zonal_proryv::eval::N_FEATURES],
        };
        fitted.weights.copy_from_slice(weights);
        rules.fitted = Some(fitted);
    }

    fn set_fitted(rules: &mut Rules, fitted: bool) -> bool {
        rules.fitted = if fitted {
            zonal_proryv::eval::shipped()
        } else {
            None
        };
        rules.fitted.is_some() == fitted
    }

    fn set_weight(rules: &mut Rules, key: &str, value: i32) -> bool {
        let w = &mut rules.weights;
        match key {
            "race" => w.race = value,
            "rook" => w.rook = value,
            "freedom" => w.freedom = value,
            "tempo" => w.tempo = value,
            _ => return false,
        }
        true
    }

    fn start(name: &str) -> Option<Position> {
        (name == "startpos").then(Position::startpos)
    }

    fn parse_position(text: &str) -> Result<Position, String> {
        text.parse()
            .map_err(|e: zonal_proryv::PositionError| e.to_string())
    }

    fn parse_file(text: &str, source: &str) -> Result<Vec<Record<Position>>, String> {
        posfile::parse_str(text, source).map_err(|e| e.to_string())
    }

    fn legal_moves(pos: &Position) -> Vec<Ply> {
        pos.legal_plies()
    }

    fn side(pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn side_name(side: Side) -> &'static str {
        super::proryv::side_name(side)
    }

    fn outcome(pos: &Position) -> Option<String> {
        pos.outcome().map(|o: Outcome| o.to_string())
    }

    fn diagram(pos: &Position) -> String {
        super::proryv::diagram(pos)
    }

    fn perft(pos: &Position, depth: u32) -> u64 {
        zonal_proryv::perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
        zonal_proryv::divide(pos, depth)
    }

    fn new_game(start: Position) -> Game {
        Game::new(start)
    }

    fn play_text(game: &mut Game, text: &str) -> Result<(), String> {
        game.play(text).map(|_| ()).map_err(|e| e.to_string())
    }

    fn current(game: &Game) -> Position {
        *game.position()
    }

    fn record(game: &Game) -> Vec<String> {
        game.plies().iter().map(ToString::to_string).collect()
    }

    fn end(game: &Game) -> Option<GameEnd> {
        game.end().map(|e| GameEnd {
            winner: match e {
                End::Won(o) => Some(o.winner()),
                End::Repetition | End::QuietPlies => None,
            },
            reason: match e {
                End::Won(Outcome::ContactAtHome { .. }) => "contact_at_home",
                End::Won(Outcome::TargetReached { .. }) => "target_reached",
                End::Won(Outcome::NoLegalPly { .. }) => "no_legal_ply",
                End::Repetition => "repetition",
                End::QuietPlies => "quiet_plies",
            }
            .to_string(),
            text: e.to_string(),
        })
    }

    fn zone_game() -> zones::Proryv {
        zones::Proryv
    }

    fn changed_squares(before: &Position, after: &Position) -> u64 {
        zones::changed_squares(before, after)
    }

    fn zones_text(pos: &Position, built: &Built, horizon: i32) -> String {
        zones::to_text(pos, built, horizon)
    }

    fn piece_name(pos: &Position, sq: u32) -> String {
        zones::piece_name(pos, sq).to_string()
    }

    fn eval_terms(pos: &Position) -> Vec<(&'static str, i32)> {
        Rules::default().terms(pos)
    }

    fn board_picture(pos: &Position) -> Picture {
        zonal_proryv::picture::picture(pos, &[])
    }

    fn placement(pos: &Position) -> Option<bool> {
        Some(pos.in_placement())
    }

    /// `plies` (the record) and `result` (`1-0`, `0-1`, `1/2-1/2`, or `null` while the game
    /// goes on), as `zonal play --game proryv --json` gives them.
    fn play_fields(game: &Game) -> Vec<(&'static str, Value)> {
        vec![
            ("plies", json!(Self::record(game))),
            ("result", json!(game.end().map(|e| e.result()))),
        ]
    }

    /// `schema/proryv-zones.schema.json`, as `zonal zones --game proryv --json` gives it.
    fn zones_json(pos: &Position, built: &Built, horizon: i32) -> Value {
        super::proryv::zones_json(pos, built, horizon)
    }
}
