//! `zonal games`: the games, their rulesets and what works for each.

use crate::output::CliError;

/// `games` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;

    /// `zonal games`: the games, their rulesets and what works for each.
    pub(crate) fn games() -> Result<(), CliError> {
        outln!("chess-t1  (default) rules: docs/chess-t1-rules.md; every command");
        outln!(
            "proryv    Прорыв, rules: docs/proryv.md; moves, play, perft, distance, trajectories, zones (--after), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
        );
        outln!(
            "hnefatafl Hnefatafl, rulesets seed (9x9, 11x11) and copenhagen, rules: docs/hnefatafl.md; moves, play (--record), perft, zones (--after, --json, --dot), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
        );
        outln!(
            "jungle    Dou Shou Qi (Jungle), rules: docs/jungle.md; moves, play, perft, zones (--after, --json, --dot), render, search, analyse, engine, match (--cmd1/--cmd2), bench, datagen, fit"
        );
        Ok(())
    }
}

/// Runs `zonal games`.
pub fn run() -> Result<(), CliError> {
    chess::games()
}
