//! `zonal analyse`: zones with outcomes, recommended moves with reasons, principal lines; a
//! position file's positions scored against their `bm` / `am` ([`GameDef::analyse_report`]).

use crate::args::AnalyseArgs;
use crate::output::{CliError, spinner, write_out};
use zonal_analysis::analyse::AnalyseRequest;
use zonal_analysis::{Failure, GameDef};

/// Runs `zonal analyse` for the game `G`: each report written as it is done, a counter of the
/// positions analysed on stderr (drawn only on a terminal).
pub fn run<G: GameDef>(args: AnalyseArgs) -> Result<(), CliError> {
    let request = AnalyseRequest {
        limits: args.bounds.limits(args.depth, G::ANALYSIS_DEPTH),
        positions: args.pos,
        id: args.id,
        index: args.index,
        horizon: args.horizon,
        depth: args.depth,
        full: args.full,
        top: args.top as usize,
        engine: args.engine.keys(),
        material: args.material,
        json: args.json,
        jobs: args.jobs.map(|j| j as usize),
        svg: args.svg,
    };
    let progress = spinner("{elapsed_precise} {pos} positions analysed ({per_sec})");
    let mut out = |text: &str| {
        write_out(format_args!("{text}")).map_err(|e| Failure {
            message: e.message,
            code: e.code,
        })
    };
    let done = G::analyse_report(&request, &mut out, &|| progress.inc(1));
    progress.finish_and_clear();
    done.map_err(|e| CliError {
        message: e.message,
        code: e.code,
    })
}
