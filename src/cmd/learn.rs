//! `zonal datagen` and `zonal fit`: self-play data and the evaluation fitted to it (the work is
//! `zonal_learn`'s; here the files, the progress bar and the report).

use crate::args::{DatagenArgs, FitArgs};
use crate::output::CliError;
use std::io::Write;
use zonal_analysis::GameDef;
use zonal_learn::Learn;
use zonal_learn::datagen::{DatagenConfig, OpenError, Summary};
use zonal_learn::fit::FitRequest;
use zonal_play::spec::PlayerSpec;

/// Runs `zonal datagen` for the game `G` (its player, [`GameDef::Player`]).
pub fn datagen<G: GameDef>(args: DatagenArgs) -> Result<(), CliError> {
    datagen_game::<G::Player>(&args)
}

/// Runs `zonal fit` for the game `G`.
pub fn fit<G: GameDef>(args: FitArgs) -> Result<(), CliError> {
    fit_game::<G::Player>(&args)
}

/// Refuses a game without features.
fn no_fit<G: Learn>() -> Result<(), CliError> {
    if G::feature_names().is_empty() {
        return Err(CliError::input(format!(
            "{}: no fitted evaluation for this game yet (datagen and fit need its features)",
            G::NAME
        )));
    }
    Ok(())
}

fn write_error(path: &std::path::Path, e: impl std::fmt::Display) -> CliError {
    CliError {
        message: format!("--out: cannot write {}: {e}", path.display()),
        code: 1,
    }
}

/// `zonal datagen`: people's records (`--records`) or self-play, appended to `--out` after the
/// games it closed already.
fn datagen_game<G: Learn>(args: &DatagenArgs) -> Result<(), CliError> {
    no_fit::<G>()?;
    let out = &args.out;
    let zonal_learn::datagen::Resumed {
        done,
        fresh,
        mut file,
    } = zonal_learn::datagen::open_resumed(out).map_err(|e| match e {
        OpenError::Input(e) => CliError::input(format!("--out: {e}")),
        OpenError::Output(e) => write_error(out, e),
    })?;
    if let Some(path) = &args.records {
        let text = std::fs::read_to_string(path).map_err(|e| {
            CliError::input(format!("--records: cannot read {}: {e}", path.display()))
        })?;
        let records = G::read_records(&text)
            .map_err(|e| CliError::input(format!("--records: {}: {e}", path.display())))?;
        let first = done.iter().max().map_or(0, |m| m + 1);
        let (text, samples, broken) =
            zonal_learn::datagen::records_text::<G>(&records, first, &path.display().to_string());
        for b in &broken {
            tracing::warn!("{}: {b}", path.display());
        }
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| write_error(out, e))?;
        outln!(
            "{}: {} records, {samples} positions written to {} ({} records stopped early)",
            G::NAME,
            records.len(),
            out.display(),
            broken.len()
        );
        return Ok(());
    }
    let starts = zonal_learn::datagen::starts::<G>(args.starts.as_deref())
        .map_err(|e| CliError::input(format!("--starts: {e}")))?;
    let spec = PlayerSpec::<G>::parse(&args.player, &zonal_core::Limits::default())
        .map_err(CliError::input)?;
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let cfg = DatagenConfig {
        games: args.games,
        nodes: args.nodes.max(1),
        random_plies: args.random_plies,
        seed: args.seed,
        max_plies: args.max_plies.max(1),
        jobs: jobs.clamp(1, 256),
    };
    if fresh {
        let header = zonal_learn::datagen::header(G::ID, &spec.describe(), &cfg, starts.len());
        file.write_all(header.as_bytes())
            .map_err(|e| write_error(out, e))?;
    }
    let todo = (0..cfg.games).filter(|n| !done.contains(n)).count() as u64;
    let bar = crate::output::games_bar(todo);
    let progress = |s: &Summary| {
        bar.set_position(s.games);
        bar.set_message(format!(
            "{} positions, White +{} ={} -{}",
            s.samples, s.results[0], s.results[1], s.results[2]
        ));
    };
    let summary = zonal_learn::datagen::datagen::<G>(
        &cfg,
        &starts,
        &spec.settings,
        &done,
        &mut file,
        &progress,
    )
    .map_err(|e| CliError {
        message: format!("{}: datagen: {e}", G::NAME),
        code: 1,
    })?;
    bar.finish_and_clear();
    outln!(
        "{}: {} games ({} were in the file), {} positions written to {}; White +{} ={} -{}",
        G::NAME,
        summary.games,
        done.len(),
        summary.samples,
        out.display(),
        summary.results[0],
        summary.results[1],
        summary.results[2]
    );
    Ok(())
}

/// `zonal fit`: the report on stdout when the weights go to a file, else on stderr before them.
fn fit_game<G: Learn>(args: &FitArgs) -> Result<(), CliError> {
    no_fit::<G>()?;
    let mut files = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        files.push((path.display().to_string(), text));
    }
    let request = FitRequest {
        variant: args.variant.clone(),
        lambda: args.lambda,
        holdout: args.holdout,
        epochs: args.epochs,
        bootstrap: args.bootstrap,
        only: args.only.clone(),
        file_stride: args.file_stride,
        scale: args.scale,
    };
    let fitted = match (args.hidden, &args.start) {
        (None, None) => zonal_learn::fit::fit_game::<G>(&files, &request),
        (Some(hidden), Some(start)) => {
            let text = std::fs::read_to_string(start).map_err(|e| {
                CliError::input(format!("--start: cannot read {}: {e}", start.display()))
            })?;
            let name = start.display().to_string();
            zonal_learn::net::fit_net_game::<G>(&files, &request, (&name, &text), hidden as usize)
        }
        (Some(_), None) => Err("--hidden needs --start: the linear fit to fit beside".into()),
        (None, Some(_)) => Err("--start goes with --hidden".into()),
    }
    .map_err(CliError::input)?;
    match &args.out {
        Some(path) => {
            std::fs::write(path, &fitted.weights).map_err(|e| write_error(path, e))?;
            out!("{}", fitted.report);
        }
        None => {
            let _ = std::io::stderr().write_all(fitted.report.as_bytes());
            out!("{}", fitted.weights);
        }
    }
    Ok(())
}
