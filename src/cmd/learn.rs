//! `zonal datagen` and `zonal fit`: self-play data and the evaluation fitted to it.

use crate::args::{DatagenArgs, FitArgs, GameName};
use crate::output::CliError;
use zonal_analysis::Zoned;
use zonal_games::hnefatafl::Hnefatafl;
use zonal_games::jungle::Jungle;
use zonal_games::proryv::Proryv;

/// `learn` for chess-t1.
pub(crate) mod chess {
    use crate::args::DatagenArgs;
    use crate::args::FitArgs;
    use crate::output::CliError;
    use std::collections::HashSet;
    use std::io::Write;
    use zonal_learn::Learn;
    use zonal_learn::data::{self, Sample};
    use zonal_learn::datagen::{DatagenConfig, Summary};
    use zonal_learn::fit::{Dataset, FitConfig};
    use zonal_play::spec::PlayerSpec;

    pub(crate) fn no_fit<G: Learn>() -> Result<(), CliError> {
        if G::feature_names().is_empty() {
            return Err(CliError::input(format!(
                "{}: no fitted evaluation for this game yet (datagen and fit need its features)",
                G::NAME
            )));
        }
        Ok(())
    }

    pub(crate) fn write_error(path: &std::path::Path, e: impl std::fmt::Display) -> CliError {
        CliError {
            message: format!("--out: cannot write {}: {e}", path.display()),
            code: 1,
        }
    }

    /// `zonal datagen`.
    pub fn datagen<G: Learn>(args: &DatagenArgs) -> Result<(), CliError> {
        no_fit::<G>()?;
        let existing = match std::fs::read_to_string(&args.out) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => {
                return Err(CliError::input(format!(
                    "--out: cannot read {}: {e}",
                    args.out.display()
                )));
            }
        };
        let (done, keep) = zonal_learn::datagen::resume(&existing)
            .map_err(|e| CliError::input(format!("--out: {}:{e}", args.out.display())))?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&args.out)
            .map_err(|e| write_error(&args.out, e))?;
        file.set_len(keep as u64)
            .map_err(|e| write_error(&args.out, e))?;
        let mut file = std::io::BufWriter::new(file);
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| write_error(&args.out, e))?;
        if let Some(path) = &args.records {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::input(format!("--records: cannot read {}: {e}", path.display()))
            })?;
            let records = G::read_records(&text)
                .map_err(|e| CliError::input(format!("--records: {}: {e}", path.display())))?;
            let first = done.iter().max().map_or(0, |m| m + 1);
            let (samples, broken) = zonal_learn::datagen::record_samples::<G>(&records, first);
            for b in &broken {
                tracing::warn!("{}: {b}", path.display());
            }
            let mut text = format!(
                "# zonal datagen --records {}: {} games, {} positions\n",
                path.display(),
                records.len(),
                samples.len()
            );
            // Samples come game by game, in the records' order; every record's game is closed.
            let mut rest = samples.as_slice();
            for (i, r) in records.iter().enumerate() {
                let game = first + i as u64;
                let n = rest.iter().take_while(|s| s.game == game).count();
                for s in &rest[..n] {
                    text += &s.to_string();
                    text.push('\n');
                }
                rest = &rest[n..];
                text += &data::end_line(game, data::Outcome::of_halves(r.white_halves));
                text.push('\n');
            }
            file.write_all(text.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| write_error(&args.out, e))?;
            outln!(
                "{}: {} records, {} positions written to {} ({} records stopped early)",
                G::NAME,
                records.len(),
                samples.len(),
                args.out.display(),
                broken.len()
            );
            return Ok(());
        }
        let names: Vec<&str> = match &args.starts {
            Some(list) => list.split(',').map(str::trim).collect(),
            None => G::starts(),
        };
        let mut starts: Vec<G::Position> = Vec::new();
        for name in names {
            let pos = G::start(name).ok_or_else(|| {
                CliError::input(format!(
                    "--starts: {}: unknown start {:?} (starts: {})",
                    G::NAME,
                    zonal_core::excerpt::excerpt(name),
                    G::starts().join(", ")
                ))
            })?;
            // `startpos` and its name give one start, not two.
            if !starts.iter().any(|s| s.to_string() == pos.to_string()) {
                starts.push(pos);
            }
        }
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
        if existing.is_empty() {
            let header = format!(
                "# zonal datagen: game {}, player {:?}, nodes {}, random plies {}, seed {}, starts {}\n",
                G::ID,
                spec.describe(),
                cfg.nodes,
                cfg.random_plies,
                cfg.seed,
                starts.len()
            );
            file.write_all(header.as_bytes())
                .map_err(|e| write_error(&args.out, e))?;
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
            args.out.display(),
            summary.results[0],
            summary.results[1],
            summary.results[2]
        );
        Ok(())
    }

    /// `zonal fit`.
    pub fn fit<G: Learn>(args: &FitArgs) -> Result<(), CliError> {
        no_fit::<G>()?;
        let mut samples: Vec<Sample> = Vec::new();
        let mut sources = Vec::new();
        // The file of each sample, for errors.
        let mut file_of: Vec<usize> = Vec::new();
        for (f, path) in args.data.iter().enumerate() {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
            let mut read =
                data::read_samples(&text, &path.display().to_string()).map_err(CliError::input)?;
            for s in &mut read {
                s.game = s.game.wrapping_add(args.file_stride.wrapping_mul(f as u64));
            }
            sources.push(format!("{} ({} positions)", path.display(), read.len()));
            file_of.extend(std::iter::repeat_n(f, read.len()));
            samples.extend(read);
        }
        if samples.is_empty() {
            return Err(CliError::input(format!(
                "no positions in the data ({})",
                sources.join(", ")
            )));
        }
        // Parse each position once: its variant filters, its features fit.
        let parsed: Vec<G::Position> = samples
            .iter()
            .zip(&file_of)
            .map(|(s, &f)| {
                G::parse_position(&s.position).map_err(|e| {
                    CliError::input(format!(
                        "{}: a position of game {}: {e}",
                        args.data[f].display(),
                        s.game.wrapping_sub(args.file_stride.wrapping_mul(f as u64))
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        let mut variants: Vec<&'static str> = parsed.iter().map(|p| G::variant(p)).collect();
        let found: HashSet<&str> = variants.iter().copied().collect();
        let variant = match &args.variant {
            Some(v) => v.clone(),
            None if found.len() == 1 => found
                .iter()
                .next()
                .map_or_else(String::new, |v| v.to_string()),
            None => {
                let mut list: Vec<&str> = found.into_iter().collect();
                list.sort_unstable();
                return Err(CliError::input(format!(
                    "the data holds several variants ({}): choose one with --variant",
                    list.join(", ")
                )));
            }
        };
        let keep: Vec<usize> = (0..samples.len())
            .filter(|&i| variants[i] == variant)
            .collect();
        variants.clear();
        if keep.is_empty() {
            return Err(CliError::input(format!(
                "no positions of variant {:?} in the data",
                zonal_core::excerpt::excerpt(&variant)
            )));
        }
        let chosen: Vec<Sample> = keep.iter().map(|&i| samples[i].clone()).collect();
        let positions: Vec<&G::Position> = keep.iter().map(|&i| &parsed[i]).collect();
        let names = G::feature_names();
        let features = |i: usize| -> Result<Vec<i32>, String> { Ok(G::features(positions[i])) };
        let dataset = Dataset::build(&chosen, names.len(), &features).map_err(CliError::input)?;
        let free = match &args.only {
            None => None,
            Some(list) => {
                let mut free = vec![false; names.len()];
                for name in list.split(',').map(str::trim) {
                    let j = names.iter().position(|&n| n == name).ok_or_else(|| {
                        CliError::input(format!(
                            "--only: unknown feature {:?} (features: {})",
                            zonal_core::excerpt::excerpt(name),
                            names.join(", ")
                        ))
                    })?;
                    free[j] = true;
                }
                Some(free)
            }
        };
        let cfg = FitConfig {
            free,
            lambda: f64::from(args.lambda) / 100.0,
            holdout: args.holdout,
            epochs: args.epochs as usize,
            bootstrap: args.bootstrap as usize,
            seed: 1,
        };
        let hand = G::hand_weights(&variant);
        let report_fit = zonal_learn::fit::fit(&dataset, &hand, &cfg).map_err(CliError::input)?;
        let title = format!("{} {variant}, lambda {}%", G::ID, args.lambda);
        let file = zonal_learn::fit::weights_file(&title, names, &report_fit, &sources.join(", "));
        let mut report = format!(
            "{}: {} positions ({} games) fitted, {} ({} games) held out; K = {:.1}\n",
            G::NAME,
            report_fit.train.0,
            report_fit.train.1,
            report_fit.held.0,
            report_fit.held.1,
            report_fit.k
        );
        report += &format!(
            "held-out loss: hand-set {:.6} -> fitted {:.6}; training {:.6} -> {:.6}\n",
            report_fit.held_loss.0,
            report_fit.held_loss.1,
            report_fit.train_loss.0,
            report_fit.train_loss.1
        );
        report += &format!(
            "{:<26} {:>7} {:>7}  95% interval\n",
            "feature", "hand", "fitted"
        );
        for (j, name) in names.iter().enumerate() {
            let interval = report_fit
                .intervals
                .get(j)
                .map_or(String::new(), |(lo, hi)| format!("{lo} .. {hi}"));
            report += &format!(
                "{name:<26} {:>7} {:>7}  {interval}\n",
                hand[j], report_fit.weights[j]
            );
        }
        // The report on stdout when the weights go to a file, else on stderr before them.
        match &args.out {
            Some(path) => {
                std::fs::write(path, file).map_err(|e| write_error(path, e))?;
                out!("{report}");
            }
            None => {
                let _ = std::io::stderr().write_all(report.as_bytes());
                out!("{file}");
            }
        }
        Ok(())
    }
}

/// Runs `zonal datagen` for `game`.
pub fn datagen(game: GameName, args: DatagenArgs) -> Result<(), CliError> {
    match game {
        GameName::ChessT1 => chess::datagen::<zonal_games::chess_t1::ChessT1>(&args),
        GameName::Proryv => chess::datagen::<Zoned<Proryv>>(&args),
        GameName::Hnefatafl => chess::datagen::<Zoned<Hnefatafl>>(&args),
        GameName::Jungle => chess::datagen::<Zoned<Jungle>>(&args),
    }
}

/// Runs `zonal fit` for `game`.
pub fn fit(game: GameName, args: FitArgs) -> Result<(), CliError> {
    match game {
        GameName::ChessT1 => chess::fit::<zonal_games::chess_t1::ChessT1>(&args),
        GameName::Proryv => chess::fit::<Zoned<Proryv>>(&args),
        GameName::Hnefatafl => chess::fit::<Zoned<Hnefatafl>>(&args),
        GameName::Jungle => chess::fit::<Zoned<Jungle>>(&args),
    }
}
