//! `--game hnefatafl`: Hnefatafl as the tools see it ([`ZoneDef`]).

use zonal_analysis::Zoned;
use zonal_analysis::{GameDef, GameEnd, ZoneDef};
use zonal_board::Side;
use zonal_core::picture::{Picture, PieceMark, Special};
use zonal_core::zone::{Aim, AimKind, Negation};
use zonal_hnefatafl::geometry::Geometry;
use zonal_hnefatafl::play::Hnefatafl as Rules;
use zonal_hnefatafl::zones::{self, HnefataflZones};
use zonal_hnefatafl::{ATTACKERS, Game, Move, Outcome, Position, Ruleset, posfile};

/// Hnefatafl for the tools.
pub struct HnefataflGame;

/// A game end's short name in match reports.
fn reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::KingEscaped => "king_escaped",
        Outcome::KingCaptured => "king_captured",
        Outcome::ExitFort => "exit_fort",
        Outcome::Encircled => "encircled",
        Outcome::Repetition => "repetition",
        Outcome::NoMoves { .. } => "no_moves",
        Outcome::MoveLimit => "move_limit",
    }
}

impl GameDef for HnefataflGame {
    zonal_analysis::zone_game_items!(posfile::File);

    const ID: &'static str = "hnefatafl";
    const NAME: &'static str = zonal_hnefatafl::NAME;
    const STARTS: &'static [(&'static str, &'static str)] = &[
        ("startpos", "copenhagen 11x11"),
        ("copenhagen", "copenhagen 11x11"),
        ("seed11", "seed 11x11"),
        ("seed9", "seed 9x9 (Tablut layout)"),
    ];
    const RECORD_ENDS: &'static [&'static str] = &["timeout"];
    const HORIZON: i32 = 3;
    type Position = Position;
    type Move = Move;
    type Record = zonal_hnefatafl::play::Hnefatafl;

    fn start(name: &str) -> Option<Position> {
        let rules = match name {
            "startpos" | "copenhagen" => Ruleset::COPENHAGEN,
            "seed11" => Ruleset::SEED_11,
            "seed9" => Ruleset::SEED_9,
            _ => return None,
        };
        Some(Position::start(rules))
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn side_name(side: Side) -> &'static str {
        if side == ATTACKERS {
            "attackers"
        } else {
            "defenders"
        }
    }

    fn outcome(pos: &Position) -> Option<String> {
        pos.outcome().map(|o| o.to_string())
    }

    fn diagram(pos: &Position) -> String {
        pos.diagram()
    }

    fn perft(pos: &Position, depth: u32) -> u64 {
        zonal_hnefatafl::perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        zonal_hnefatafl::divide(pos, depth)
    }

    fn record(game: &Game) -> Vec<String> {
        let mut pos = *game.start();
        game.moves()
            .iter()
            .map(|&mv| {
                let text = pos.record(mv);
                pos = pos.play(mv);
                text
            })
            .collect()
    }

    fn end(game: &Game) -> Option<GameEnd> {
        game.end().map(|o| GameEnd {
            winner: o.winner(),
            reason: reason(o).to_string(),
            text: o.to_string(),
        })
    }

    fn people_game(path: &str, n: usize) -> Result<(Position, Vec<String>), String> {
        zonal_analysis::positions::record::<Self>(path, n)
    }
}

impl ZoneDef for HnefataflGame {
    type Rules = Rules;
    fn rules(pos: &Position) -> Rules {
        Rules::new(pos.rules())
    }

    const GAME_TEXT: &'static str = "record form";
    const PIECES: &'static [(char, &'static str)] =
        &[('k', "king"), ('d', "defender"), ('a', "attacker")];
    const SIDE_LETTERS: [char; 2] = ['d', 'a'];
    /// No danger extension in play: with it on (the attackers to move while the king has a
    /// free line to a corner, searched a ply deeper), the engine scored +73 =1 -106 (-64 Elo)
    /// against the same engine without it over 180 games at 50 ms (`scripts/ablation.sh`,
    /// NOTES.md). Zone-guided: the zones ordering the root's moves measured +6.9 (-27.1 ..
    /// +41.1) against full-width over 400 Copenhagen games at 100 ms (NOTES.md, issue 31).
    const PLAY_SETTINGS: &'static [(&'static str, &'static str)] =
        &[("extensions", "off"), ("mode", "zones")];
    const DEFAULTS: &'static str = "play zone-guided, the zones ordering the root (+6.9 Elo, \
        -27.1 .. +41.1, against full-width over 400 Copenhagen games at 100 ms); analyse \
        zone-guided (the suite: 32 of 32 bm, as full-width, with 6.96x fewer nodes)";
    const SUITE: (&'static str, &'static str) = (
        "positions/hnefatafl/suite.pos",
        include_str!("../../../positions/hnefatafl/suite.pos"),
    );
    type Zones = HnefataflZones;

    const WEIGHTS: &'static [&'static str] = &[
        "attacker",
        "defender",
        "corner_in_1",
        "corner_unstoppable",
        "corner_in_2",
        "attacker_next_to_king",
        "attacker_near_king",
        "king_mobility",
        "tempo",
    ];

    fn set_weight(rules: &mut Rules, key: &str, value: i32) -> bool {
        let w = &mut rules.weights;
        match key {
            "attacker" => w.attacker = value,
            "defender" => w.defender = value,
            "corner_in_1" => w.corner_in_1 = value,
            "corner_unstoppable" => w.corner_unstoppable = value,
            "corner_in_2" => w.corner_in_2 = value,
            "attacker_next_to_king" => w.attacker_next_to_king = value,
            "attacker_near_king" => w.attacker_near_king = value,
            "king_mobility" => w.king_mobility = value,
            "tempo" => w.tempo = value,
            _ => return false,
        }
        true
    }

    const FEATURES: &'static [&'static str] = &zonal_hnefatafl::eval::FEATURES;

    fn features(pos: &Position) -> Vec<i32> {
        zonal_hnefatafl::eval::features(pos).to_vec()
    }

    fn variant(pos: &Position) -> &'static str {
        match pos.rules() {
            Ruleset::COPENHAGEN => "copenhagen",
            Ruleset::SEED_11 => "seed11",
            _ => "seed9",
        }
    }

    fn hand_weights(_variant: &str) -> Vec<i32> {
        zonal_hnefatafl::eval::hand_weights(&zonal_hnefatafl::eval::Weights::default()).to_vec()
    }

    fn set_fitted_weights(
        rules: &mut Rules,
        weights: &[i32],
        hidden: Option<&'static zonal_core::linear::Hidden>,
    ) {
        let mut fitted = zonal_hnefatafl::eval::Fitted {
            weights: [0; zonal_hnefatafl::eval::N_FEATURES],
            hidden,
        };
        fitted.weights.copy_from_slice(weights);
        rules.fitted = Some(fitted);
    }

    fn set_fitted(rules: &mut Rules, fitted: bool) -> bool {
        rules.fitted = if fitted {
            zonal_hnefatafl::eval::shipped(rules.rules)
        } else {
            None
        };
        rules.fitted.is_some() == fitted
    }

    /// The records of `shared/data/tafl/copenhagen.csv`: one game a line, the moves (record
    /// form, attackers first, `timeout` ending a game lost on time) in the first column and the
    /// result (`White`, `Black`, `Draw`; `Ongoing` games are left out) in the last.
    fn read_records(text: &str) -> Result<Vec<zonal_learn::Record<Zoned<Self>>>, String> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split(',').collect();
            let halves = match cols.last().map(|c| c.trim()) {
                Some("White") => 2,
                Some("Draw") => 1,
                Some("Black") => 0,
                Some("Ongoing") => continue,
                other => {
                    return Err(format!(
                        "line {}: result {:?}: expected White, Black, Draw or Ongoing in the last column",
                        i + 1,
                        zonal_core::excerpt::excerpt(other.unwrap_or_default())
                    ));
                }
            };
            if cols.len() < 2 {
                return Err(format!("line {}: expected moves,...,result", i + 1));
            }
            let moves = cols[0]
                .split_whitespace()
                .take_while(|&t| t != "timeout")
                .map(str::to_string)
                .collect();
            out.push(zonal_learn::Record {
                start: Position::start(Ruleset::COPENHAGEN),
                moves,
                white_halves: halves,
            });
        }
        Ok(out)
    }

    fn changed_squares(before: &Position, after: &Position) -> u128 {
        zones::changed_squares(before, after)
    }

    const GOAL_WORDS: (&'static str, &'static str) = ("escape", "corner");

    /// A capture's aim is the square the custodian arrives on, not the piece taken.
    fn aim_text(pos: &Position, aim: Aim) -> String {
        let square = zones::shape_of(pos).name(aim.target);
        match aim.kind {
            AimKind::Goal => format!("corner {square}"),
            _ => format!("square {square}"),
        }
    }

    fn role_word(pos: &Position, moving: u32, n: &Negation) -> &'static str {
        zones::role_text(pos, moving, n)
    }

    fn complex_word(pos: &Position, target: u32) -> &'static str {
        if target == pos.king() {
            "capture the king"
        } else {
            "capture"
        }
    }

    fn eval_terms(pos: &Position) -> Vec<(&'static str, i32)> {
        Self::rules(pos).terms(pos)
    }

    fn piece_name(pos: &Position, sq: u32) -> String {
        zones::piece_name(pos, sq).to_string()
    }

    /// The throne and the corners shaded; attackers dark, defenders and the king light.
    fn board_picture(pos: &Position) -> Picture {
        let shape = zones::shape_of(pos);
        let g = Geometry::of(pos.rules().size());
        let mut pieces = Vec::new();
        for sq in zonal_hnefatafl::squares(pos.occupied()) {
            let (side, letter) = if sq == pos.king() {
                (Side::White, 'K')
            } else if pos.attackers() & (1u128 << sq) != 0 {
                (Side::Black, 'A')
            } else {
                (Side::White, 'D')
            };
            pieces.push(PieceMark {
                square: sq,
                side,
                letter,
                title: format!("{} {}", zones::piece_name(pos, sq), shape.name(sq)),
                badge: None,
                royal: sq == pos.king(),
            });
        }
        Picture {
            shape,
            title: format!("{}: {pos}", zonal_hnefatafl::NAME),
            specials: vec![
                Special {
                    squares: vec![g.throne_sq],
                    fill: "#d9c27a".into(),
                    name: "the throne".into(),
                },
                Special {
                    squares: zonal_hnefatafl::squares(g.corners).collect(),
                    fill: "#9fc5a8".into(),
                    name: "a corner: the king escapes there".into(),
                },
            ],
            pieces,
            arrows: Vec::new(),
            notes: vec![
                "A attacker (dark), D defender (light), K the king (light, gold ring)".into(),
            ],
        }
    }
}
