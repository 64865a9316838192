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
            outln!("          Defaults: {}.", <$def as zonal_analysis::ZoneDef>::DEFAULTS);
        )*
    };
}

/// Runs `zonal games`: the games, their rules and the commands each has.
pub fn run() -> Result<(), CliError> {
    outln!("chess-t1  (default) chess-t1 (docs/chess-t1-rules.md). Commands: every command");
    outln!("          Defaults: {}.", zonal_games::chess_t1::DEFAULTS);
    core_games!(game_lines!());
    Ok(())
}
