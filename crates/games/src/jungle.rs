//! `--game jungle`: Dou Shou Qi as the tools see it ([`ZoneDef`]).

use zonal_analysis::{GameDef, GameEnd, ZoneDef};
use zonal_board::Side;
use zonal_core::picture::{Picture, PieceMark, Special};
use zonal_core::zone::Negation;
use zonal_jungle::geometry::{DEN, SHAPE, TRAPS, WATER, bit, sq};
use zonal_jungle::zones;
use zonal_jungle::{End, Game, Move, Outcome, Position, posfile};

/// Jungle for the tools.
pub struct JungleGame;

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

impl GameDef for JungleGame {
    zonal_analysis::zone_game_items!(posfile::File);

    const ID: &'static str = "jungle";
    const NAME: &'static str = zonal_jungle::NAME;
    const STARTS: &'static [(&'static str, &'static str)] = &[("startpos", "the start")];
    const HORIZON: i32 = 5;
    type Position = Position;
    type Move = Move;
    type Record = zonal_jungle::Jungle;

    fn start(name: &str) -> Option<Position> {
        (name == "startpos").then(Position::startpos)
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn side_name(side: Side) -> &'static str {
        side_word(side)
    }

    fn outcome(pos: &Position) -> Option<String> {
        pos.outcome().map(|o: Outcome| o.to_string())
    }

    /// Rank 9 on top; `~` water, `#` a trap, `@` a den (when empty).
    fn diagram(pos: &Position) -> String {
        let mut out = String::new();
        for rank in (0..9u32).rev() {
            out.push_str(&format!("{}  ", rank + 1));
            for file in 0..7u32 {
                let s = sq(file, rank);
                let c = match pos.piece_at(s) {
                    Some((side, animal)) => animal.letter_of(side),
                    None if WATER & bit(s) != 0 => '~',
                    None if (TRAPS[0] | TRAPS[1]) & bit(s) != 0 => '#',
                    None if (DEN[0] | DEN[1]) & bit(s) != 0 => '@',
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   a b c d e f g\n");
        out.push_str("   '~' water, '#' a trap, '@' a den; upper case White, lower case Black");
        out
    }

    fn perft(pos: &Position, depth: u32) -> u64 {
        zonal_jungle::perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        zonal_jungle::divide(pos, depth)
    }

    fn end(game: &Game) -> Option<GameEnd> {
        game.end().map(|e| GameEnd {
            winner: match e {
                End::Won(o) => Some(o.winner()),
                End::Repetition | End::QuietPlies => None,
            },
            reason: match e {
                End::Won(Outcome::Den { .. }) => "den",
                End::Won(Outcome::NoPieces { .. }) => "no_pieces",
                End::Won(Outcome::NoMove { .. }) => "no_move",
                End::Repetition => "repetition",
                End::QuietPlies => "move_limit",
            }
            .to_string(),
            text: e.to_string(),
        })
    }
}

impl ZoneDef for JungleGame {
    type Rules = zonal_jungle::Jungle;
    fn rules(_pos: &Position) -> zonal_jungle::Jungle {
        zonal_jungle::Jungle::default()
    }

    /// Zone-guided: the zones ordering the root's moves measured +5.2 (-14.9 .. +25.4) against
    /// full-width over 400 games at 100 ms (NOTES.md, issue 31).
    const PLAY_SETTINGS: &'static [(&'static str, &'static str)] = &[("mode", "zones")];
    const DEFAULTS: &'static str = "play zone-guided, the zones ordering the root (+5.2 Elo, \
        -14.9 .. +25.4, against full-width over 400 games at 100 ms); analyse zone-guided (the \
        suite: 36 of 36 bm, as full-width, with 2.95x fewer nodes)";
    const PIECES: &'static [(char, &'static str)] = &[
        ('E', "white elephant"),
        ('L', "white lion"),
        ('T', "white tiger"),
        ('P', "white leopard"),
        ('W', "white wolf"),
        ('D', "white dog"),
        ('C', "white cat"),
        ('R', "white rat"),
        ('e', "black elephant"),
        ('l', "black lion"),
        ('t', "black tiger"),
        ('p', "black leopard"),
        ('w', "black wolf"),
        ('d', "black dog"),
        ('c', "black cat"),
        ('r', "black rat"),
    ];
    const SUITE: (&'static str, &'static str) = (
        "positions/jungle/suite.pos",
        include_str!("../../../positions/jungle/suite.pos"),
    );
    type Zones = zones::JungleZones;

    const WEIGHTS: &'static [&'static str] = &["advance", "guard", "rat_in_water", "path"];

    fn set_weight(rules: &mut zonal_jungle::Jungle, key: &str, value: i32) -> bool {
        let w = &mut rules.weights;
        match key {
            "advance" => w.advance = value,
            "guard" => w.guard = value,
            "rat_in_water" => w.rat_in_water = value,
            "path" => w.path = value,
            _ => return false,
        }
        true
    }

    const FEATURES: &'static [&'static str] = &zonal_jungle::eval::FEATURES;

    fn features(pos: &Position) -> Vec<i32> {
        zonal_jungle::eval::features(pos).to_vec()
    }

    fn hand_weights(_variant: &str) -> Vec<i32> {
        zonal_jungle::eval::hand_weights(&zonal_jungle::eval::Weights::default()).to_vec()
    }

    fn set_fitted_weights(
        rules: &mut zonal_jungle::Jungle,
        weights: &[i32],
        hidden: Option<&'static zonal_core::linear::Hidden>,
    ) {
        let mut fitted = zonal_jungle::eval::Fitted {
            weights: [0; zonal_jungle::eval::N_FEATURES],
            hidden,
        };
        fitted.weights.copy_from_slice(weights);
        rules.fitted = Some(fitted);
    }

    fn set_fitted(rules: &mut zonal_jungle::Jungle, fitted: bool) -> bool {
        rules.fitted = if fitted {
            zonal_jungle::eval::shipped()
        } else {
            None
        };
        rules.fitted.is_some() == fitted
    }

    fn changed_squares(before: &Position, after: &Position) -> u64 {
        zones::changed_squares(before, after)
    }

    const GOAL_WORDS: (&'static str, &'static str) = ("den", "den");
    const UNSTOPPING_NOTE: &'static str = "the root takes it";
    const NO_OTHER_TO_MOVE: &'static str = "the game is over";

    fn role_word(pos: &Position, _moving: u32, n: &Negation) -> &'static str {
        zones::role_text(pos, n)
    }

    fn eval_terms(pos: &Position) -> Vec<(&'static str, i32)> {
        Self::rules(pos).terms(pos)
    }

    fn piece_name(pos: &Position, sq: u32) -> String {
        u8::try_from(sq)
            .ok()
            .and_then(|s| pos.piece_at(s))
            .map_or_else(|| "empty square".to_string(), |(_, a)| a.name().to_string())
    }

    /// Water, traps and dens shaded; White's animals light, Black's dark.
    fn board_picture(pos: &Position) -> Picture {
        let set =
            |bits: u64| -> Vec<u32> { (0..63).filter(|&s| bits & (1u64 << s) != 0).collect() };
        let mut pieces = Vec::new();
        for sq in 0..63u8 {
            if let Some((side, animal)) = pos.piece_at(sq) {
                pieces.push(PieceMark {
                    square: u32::from(sq),
                    side,
                    letter: animal.letter(),
                    title: format!(
                        "{} {} {}",
                        side_word(side),
                        animal.name(),
                        SHAPE.name(u32::from(sq))
                    ),
                    badge: Some(animal.strength().to_string()),
                    royal: false,
                });
            }
        }
        Picture {
            shape: SHAPE,
            title: format!("{}: {pos}", zonal_jungle::NAME),
            specials: vec![
                Special {
                    squares: set(WATER),
                    fill: "#9cc3e6".into(),
                    name: "water: only a rat swims; lions and tigers jump it".into(),
                },
                Special {
                    squares: set(TRAPS[0] | TRAPS[1]),
                    fill: "#d9a87a".into(),
                    name: "a trap: an enemy piece on it can be taken by any piece".into(),
                },
                Special {
                    squares: set(DEN[0] | DEN[1]),
                    fill: "#9fc5a8".into(),
                    name: "a den: entering the enemy's wins".into(),
                },
            ],
            pieces,
            arrows: Vec::new(),
            notes: vec![
                "E elephant 8, L lion 7, T tiger 6, P leopard 5,".into(),
                "W wolf 4, D dog 3, C cat 2, R rat 1 (the rank):".into(),
                "a piece takes one of its rank or lower,".into(),
                "and the rat takes the elephant".into(),
            ],
        }
    }
}
