//! `zonal games`: the games, their rulesets and what works for each.

use crate::output::CliError;

/// One line a game of the core's search, from the registry.
macro_rules! game_lines {
    (() $($variant:ident, $id:tt, $def:ty, $help:tt;)*) => {
        $(
            outln!(
                "{:<9} {} Commands: {}",
                $id,
                $help,
                crate::cmd::commands::<$def>()
            );
            outln!("          Defaults: {}.", <$def as zonal_analysis::GameDef>::DEFAULTS);
        )*
    };
}

/// How chess-t1 plays and analyses by default, with the measurements that chose it.
const CHESS_T1_DEFAULTS: &str = "play zone-guided, the zones ordering the root (+19.1 Elo, \
    -13.8 .. +52.4, against full-width over 400 games at 100 ms); analyse zone-guided, the \
    zones steering the root (positions/tactics.t1: 29 of 32 bm, as full-width, with 1.15x \
    fewer nodes)";

/// Runs `zonal games`: the games, their rules and the commands each has.
pub fn run() -> Result<(), CliError> {
    outln!("chess-t1  (default) chess-t1 (docs/chess-t1-rules.md). Commands: every command");
    outln!("          Defaults: {CHESS_T1_DEFAULTS}.");
    core_games!(game_lines!());
    Ok(())
}
