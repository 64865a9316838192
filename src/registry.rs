//! The registry of games. chess-t1 (its force zones, its own reports and board) and every game
//! on the core's zones, one line each in [`core_games!`]: its variant of
//! [`GameName`](crate::args::GameName), its name on the command line, its
//! [`ZoneDef`](zonal_analysis::ZoneDef) and its help line. The command line's `--game` values,
//! every command's dispatch ([`for_game!`], over [`GameDef`](zonal_analysis::GameDef)), `zonal
//! games` and the analysis board's games all come from that list.

/// The games played on the core's search, one line each: `Variant, "id", ZoneDef type, "help";`.
/// Calls `$then!` with `($args)` and the list.
macro_rules! core_games {
    ($then:ident ! ($($args:tt)*)) => {
        $then! { ($($args)*)
            Proryv, "proryv", zonal_games::proryv::ProryvGame,
                "Прорыв, kings and rooks race with drops (docs/proryv.md).";
            Hnefatafl, "hnefatafl", zonal_games::hnefatafl::HnefataflGame,
                "Hnefatafl, rulesets seed (9x9, 11x11) and copenhagen (docs/hnefatafl.md).";
            Jungle, "jungle", zonal_games::jungle::JungleGame,
                "Dou Shou Qi, the Jungle game (docs/jungle.md).";
        }
    };
}

/// Defines [`GameName`](crate::args::GameName): chess-t1 and the games of [`core_games!`].
macro_rules! define_game_name {
    (() $($variant:ident, $id:tt, $game:ty, $help:tt;)*) => {
        /// The games zonal plays.
        #[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
        pub enum GameName {
            /// chess-t1 (docs/chess-t1-rules.md).
            #[value(name = "chess-t1")]
            ChessT1,
            $(
                #[doc = $help]
                #[value(name = $id)]
                $variant,
            )*
        }
    };
}

/// The arms of [`for_game!`]: chess-t1's and one per game of [`core_games!`].
macro_rules! dispatch_every_game {
    (($game:expr, $G:ident => $body:expr $(,)?)
        $($variant:ident, $id:tt, $def:ty, $help:tt;)*) => {
        match $game {
            $crate::args::GameName::ChessT1 => {
                #[allow(dead_code)]
                type $G = zonal_games::chess_t1::ChessT1Game;
                $body
            }
            $(
                $crate::args::GameName::$variant => {
                    #[allow(dead_code)]
                    type $G = $def;
                    $body
                }
            )*
        }
    };
}

/// `for_game!(game, G => B)`: `B` with the type `G` the game's
/// [`GameDef`](zonal_analysis::GameDef), for every game (the commands written once over it).
macro_rules! for_game {
    ($($args:tt)*) => {
        core_games!(dispatch_every_game!($($args)*))
    };
}

/// The analysis board's games, chess-t1 first.
macro_rules! board_list {
    (() $($variant:ident, $id:tt, $def:ty, $help:tt;)*) => {
        vec![
            Box::new(zonal_serve::games::ChessBoard) as Box<dyn zonal_serve::games::Board>,
            $(Box::new(zonal_serve::games::CoreBoard::<$def>::default()),)*
        ]
    };
}

/// The analysis board's games, chess-t1 first.
pub fn boards() -> Vec<Box<dyn zonal_serve::games::Board>> {
    core_games!(board_list!())
}
