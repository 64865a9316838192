//! The logistic fit of an evaluation's weights (Texel's method): a position's evaluation for
//! White, `e = sum w_i f_i` cp, predicts White's points as `1 / (1 + exp(-e / K))`; the fit
//! lowers the mean squared error to the target `lambda * result + (1 - lambda) *
//! sigmoid(score / K)` (the search's score where the position was searched).
//!
//! `K` is fitted first, for the starting (hand-set) weights and the results alone, and then
//! kept, so the fitted
//! weights stay in the hand-set table's centipawns. The weights are fitted by full-batch Adam,
//! each step scaled by its feature's spread; every `holdout`-th game is held out and the loss
//! on it reported before and after; each weight's interval is the 2.5-97.5% range of fits on
//! bootstrap samples of the training games.

use crate::data::Sample;
use rayon::prelude::*;
use std::collections::HashMap;

/// The samples with their features, ready to fit.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Features a sample.
    pub width: usize,
    /// The features, `width` a sample, for White.
    pub rows: Vec<f64>,
    /// White's points (0, 0.5, 1).
    pub result: Vec<f64>,
    /// The search's score for White, cp, if any.
    pub score: Vec<Option<i32>>,
    /// The game of each sample.
    pub game: Vec<u64>,
}

impl Dataset {
    /// The samples with their features, `features(i)` those of `samples[i]` (`Err` for a
    /// position it cannot read).
    pub fn build(
        samples: &[Sample],
        width: usize,
        features: &(dyn Fn(usize) -> Result<Vec<i32>, String> + Sync),
    ) -> Result<Dataset, String> {
        let rows: Vec<Vec<i32>> = (0..samples.len())
            .into_par_iter()
            .map(|i| {
                let s = &samples[i];
                let f = features(i).map_err(|e| format!("{}: {e}", s.position))?;
                if f.len() != width {
                    return Err(format!("{}: {} features, not {width}", s.position, f.len()));
                }
                Ok(f)
            })
            .collect::<Result<_, _>>()?;
        Ok(Dataset {
            width,
            rows: rows.into_iter().flatten().map(f64::from).collect(),
            result: samples
                .iter()
                .map(|s| f64::from(s.outcome.white_halves()) / 2.0)
                .collect(),
            score: samples.iter().map(|s| s.score).collect(),
            game: samples.iter().map(|s| s.game).collect(),
        })
    }

    /// Samples.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// No samples.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    fn row(&self, i: usize) -> &[f64] {
        &self.rows[i * self.width..(i + 1) * self.width]
    }
}

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// The result's share of the target (the search's score has the rest), 0 to 1.
    pub lambda: f64,
    /// Game N is held out when `N % holdout == 0` (0: none held out).
    pub holdout: u64,
    /// Steps of the fit.
    pub epochs: usize,
    /// Bootstrap fits for the intervals (0: none).
    pub bootstrap: usize,
    /// The bootstrap's seed.
    pub seed: u64,
    /// Which features are fitted (`None`: all); the others keep their starting weights.
    pub free: Option<Vec<bool>>,
    /// The scale K in cp (`None`: calibrated on the starting weights and the results). Fixing
    /// it keeps the fitted weights in the units of an earlier fit.
    pub scale: Option<f64>,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            lambda: 0.5,
            holdout: 10,
            epochs: 800,
            bootstrap: 16,
            seed: 1,
            free: None,
            scale: None,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// The logistic scale, cp.
    pub k: f64,
    /// The fitted weights, whole cp.
    pub weights: Vec<i32>,
    /// Each weight's bootstrap interval (2.5% .. 97.5%), if bootstrapped.
    pub intervals: Vec<(i32, i32)>,
    /// Samples and games fitted on.
    pub train: (usize, usize),
    /// Samples and games held out.
    pub held: (usize, usize),
    /// Loss on the training samples with the starting and the fitted weights.
    pub train_loss: (f64, f64),
    /// Loss on the held-out samples with the starting and the fitted weights.
    pub held_loss: (f64, f64),
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The targets of the samples `idx` at scale `k`.
fn targets(data: &Dataset, idx: &[usize], k: f64, lambda: f64) -> Vec<f64> {
    idx.iter()
        .map(|&i| match data.score[i] {
            Some(s) => lambda * data.result[i] + (1.0 - lambda) * sigmoid(f64::from(s) / k),
            None => data.result[i],
        })
        .collect()
}

fn dot(row: &[f64], w: &[f64]) -> f64 {
    row.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// The mean squared error of weights `w` over the samples `idx` (a sample may repeat).
pub fn loss(data: &Dataset, idx: &[usize], w: &[f64], k: f64, lambda: f64) -> f64 {
    if idx.is_empty() {
        return 0.0;
    }
    let t = targets(data, idx, k, lambda);
    let sum: f64 = idx
        .par_iter()
        .zip(t.par_iter())
        .map(|(&i, &t)| {
            let p = sigmoid(dot(data.row(i), w) / k);
            (p - t) * (p - t)
        })
        .sum();
    sum / idx.len() as f64
}

/// The scale `K` that fits weights `w` best on `idx` (golden-section search over ln K).
pub fn fit_scale(data: &Dataset, idx: &[usize], w: &[f64], lambda: f64) -> f64 {
    let f = |lnk: f64| loss(data, idx, w, lnk.exp(), lambda);
    let (mut a, mut b) = (20f64.ln(), 5000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Weights fitted on `idx` from `start` at scale `k` (full-batch Adam, `epochs` steps); only
/// the features `free` marks move (all if `None`).
pub fn fit_weights(
    data: &Dataset,
    idx: &[usize],
    start: &[f64],
    k: f64,
    lambda: f64,
    epochs: usize,
    free: Option<&[bool]>,
) -> Vec<f64> {
    let n = data.width;
    let t = targets(data, idx, k, lambda);
    // Each feature's spread: a step moves a weight by about `rate` cp per spread.
    let mut spread = vec![0.0; n];
    let mut mean = vec![0.0; n];
    for &i in idx {
        for (m, x) in mean.iter_mut().zip(data.row(i)) {
            *m += x;
        }
    }
    mean.iter_mut().for_each(|m| *m /= idx.len().max(1) as f64);
    for &i in idx {
        for ((s, m), x) in spread.iter_mut().zip(&mean).zip(data.row(i)) {
            *s += (x - m) * (x - m);
        }
    }
    for s in &mut spread {
        *s = (*s / idx.len().max(1) as f64).sqrt().max(0.05);
    }
    let mut w = start.to_vec();
    let (mut m1, mut m2) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    for epoch in 0..epochs {
        let grad = idx
            .par_iter()
            .zip(t.par_iter())
            .fold(
                || vec![0.0; n],
                |mut g, (&i, &t)| {
                    let row = data.row(i);
                    let p = sigmoid(dot(row, &w) / k);
                    let d = 2.0 * (p - t) * p * (1.0 - p) / k;
                    for (g, x) in g.iter_mut().zip(row) {
                        *g += d * x;
                    }
                    g
                },
            )
            .reduce(
                || vec![0.0; n],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                    a
                },
            );
        let rate = 4.0 * (1.0 - epoch as f64 / epochs as f64) + 0.1;
        let step = (epoch + 1) as i32;
        for j in 0..n {
            if free.is_some_and(|f| !f[j]) {
                continue;
            }
            let g = grad[j] / idx.len().max(1) as f64;
            m1[j] = b1 * m1[j] + (1.0 - b1) * g;
            m2[j] = b2 * m2[j] + (1.0 - b2) * g * g;
            let mh = m1[j] / (1.0 - b1.powi(step));
            let vh = m2[j] / (1.0 - b2.powi(step));
            w[j] -= rate / spread[j] * mh / (vh.sqrt() + 1e-12);
        }
    }
    w
}

/// Fits the weights of `data` from `start` (the hand-set weights, whole cp).
pub fn fit(data: &Dataset, start: &[i32], cfg: &FitConfig) -> Result<FitReport, String> {
    if start.len() != data.width {
        return Err(format!(
            "{} starting weights for {} features",
            start.len(),
            data.width
        ));
    }
    let held_out = |g: u64| cfg.holdout > 0 && g.is_multiple_of(cfg.holdout);
    let (train, held): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&i| !held_out(data.game[i]));
    if train.is_empty() {
        return Err("no samples to fit (every game held out, or no data)".into());
    }
    let games = |idx: &[usize]| {
        let mut g: Vec<u64> = idx.iter().map(|&i| data.game[i]).collect();
        g.sort_unstable();
        g.dedup();
        g.len()
    };
    let w0: Vec<f64> = start.iter().map(|&w| f64::from(w)).collect();
    // K calibrates the evaluation to results (with the scores in the target, a larger K would
    // always bring both curves closer to 1/2).
    let k = match cfg.scale {
        Some(k) if k > 0.0 => k,
        Some(k) => return Err(format!("the scale K must be positive, not {k}")),
        None => fit_scale(data, &train, &w0, 1.0),
    };
    let free = cfg.free.as_deref();
    if free.is_some_and(|f| f.len() != data.width) {
        return Err(format!("a free flag for each of {} features", data.width));
    }
    let fitted = fit_weights(data, &train, &w0, k, cfg.lambda, cfg.epochs, free);
    let rounded: Vec<i32> = fitted.iter().map(|w| w.round() as i32).collect();
    let wr: Vec<f64> = rounded.iter().map(|&w| f64::from(w)).collect();
    let mut intervals = Vec::new();
    if cfg.bootstrap > 0 {
        // Resample the training games with replacement; each fit is the whole fit again.
        let mut by_game: HashMap<u64, Vec<usize>> = HashMap::new();
        for &i in &train {
            by_game.entry(data.game[i]).or_default().push(i);
        }
        let mut keys: Vec<u64> = by_game.keys().copied().collect();
        keys.sort_unstable();
        let mut rng = zonal_core::rng::Rng::new(cfg.seed);
        let mut fits: Vec<Vec<f64>> = Vec::new();
        for _ in 0..cfg.bootstrap {
            let mut idx = Vec::with_capacity(train.len());
            for _ in 0..keys.len() {
                idx.extend_from_slice(&by_game[&keys[rng.below(keys.len())]]);
            }
            fits.push(fit_weights(
                data, &idx, &w0, k, cfg.lambda, cfg.epochs, free,
            ));
        }
        for j in 0..data.width {
            let mut v: Vec<f64> = fits.iter().map(|f| f[j]).collect();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize].round() as i32;
            intervals.push((at(0.025), at(0.975)));
        }
    }
    Ok(FitReport {
        k,
        weights: rounded,
        intervals,
        train: (train.len(), games(&train)),
        held: (held.len(), games(&held)),
        train_loss: (
            loss(data, &train, &w0, k, cfg.lambda),
            loss(data, &train, &wr, k, cfg.lambda),
        ),
        held_loss: (
            loss(data, &held, &w0, k, cfg.lambda),
            loss(data, &held, &wr, k, cfg.lambda),
        ),
    })
}

/// The weights file of a fit: `name value` lines, with the fit's figures as comments.
pub fn weights_file(title: &str, names: &[&str], report: &FitReport, source: &str) -> String {
    let mut s = format!("# zonal fitted evaluation: {title}\n# data: {source}\n");
    s += &format!(
        "# {} samples of {} games fitted, {} of {} held out; K = {:.1} cp\n",
        report.train.0, report.train.1, report.held.0, report.held.1, report.k
    );
    s += &format!(
        "# held-out loss: hand-set {:.6}, fitted {:.6} (training: {:.6}, {:.6})\n",
        report.held_loss.0, report.held_loss.1, report.train_loss.0, report.train_loss.1
    );
    for (j, name) in names.iter().enumerate() {
        s += &format!("{name} {}", report.weights[j]);
        if let Some((lo, hi)) = report.intervals.get(j) {
            s += &format!("  # 95%: {lo} .. {hi}");
        }
        s.push('\n');
    }
    s
}

/// What `zonal fit` asks of a game's data ([`fit_game`]).
#[derive(Clone, Debug, Default)]
pub struct FitRequest {
    /// Fit the positions of this variant only (`None`: the data's only variant).
    pub variant: Option<String>,
    /// The result's share of the target in percent.
    pub lambda: u32,
    /// Hold out every N-th game (0: none).
    pub holdout: u64,
    /// Steps of the fit.
    pub epochs: u64,
    /// Bootstrap fits for the intervals (0: none).
    pub bootstrap: u64,
    /// The features to fit, comma-separated (`None`: all).
    pub only: Option<String>,
    /// Added to the game numbers of each next file, to keep files' games apart.
    pub file_stride: u64,
    /// The scale K in cp (`None`: calibrated).
    pub scale: Option<u32>,
}

/// A finished fit of [`fit_game`]: the report in words and the weights file.
#[derive(Clone, Debug)]
pub struct FitOutput {
    /// Positions, loss before and after, each feature's weights and interval.
    pub report: String,
    /// The weights file (`zonal_core::linear`'s format).
    pub weights: String,
}

/// Fits `G`'s evaluation to data files (`(name, text)` pairs, `zonal datagen`'s format): reads
/// the samples, keeps one variant, computes the features and fits from the hand-set weights.
/// Errors name the file and what is wrong.
pub fn fit_game<G: crate::Learn>(
    files: &[(String, String)],
    request: &FitRequest,
) -> Result<FitOutput, String> {
    let Prepared {
        dataset,
        variant,
        sources,
        free,
    } = prepare::<G>(files, request)?;
    let names = G::feature_names();
    let cfg = FitConfig {
        free,
        lambda: f64::from(request.lambda) / 100.0,
        holdout: request.holdout,
        epochs: request.epochs as usize,
        bootstrap: request.bootstrap as usize,
        seed: 1,
        scale: request.scale.map(f64::from),
    };
    let hand = G::hand_weights(&variant);
    let fitted = fit(&dataset, &hand, &cfg)?;
    let title = format!("{} {variant}, lambda {}%", G::ID, request.lambda);
    let weights = weights_file(&title, names, &fitted, &sources);
    let mut report = format!(
        "{}: {} positions ({} games) fitted, {} ({} games) held out; K = {:.1}\n",
        G::NAME,
        fitted.train.0,
        fitted.train.1,
        fitted.held.0,
        fitted.held.1,
        fitted.k
    );
    report += &format!(
        "held-out loss: hand-set {:.6} -> fitted {:.6}; training {:.6} -> {:.6}\n",
        fitted.held_loss.0, fitted.held_loss.1, fitted.train_loss.0, fitted.train_loss.1
    );
    report += &format!(
        "{:<26} {:>7} {:>7}  95% interval\n",
        "feature", "hand", "fitted"
    );
    for (j, name) in names.iter().enumerate() {
        let interval = fitted
            .intervals
            .get(j)
            .map_or(String::new(), |(lo, hi)| format!("{lo} .. {hi}"));
        report += &format!(
            "{name:<26} {:>7} {:>7}  {interval}\n",
            hand[j], fitted.weights[j]
        );
    }
    Ok(FitOutput { report, weights })
}

/// The samples of a fit, read and turned to features ([`prepare`]).
pub struct Prepared {
    /// The samples of the chosen variant with their features.
    pub dataset: Dataset,
    /// The variant fitted.
    pub variant: String,
    /// The data files with their positions, in words.
    pub sources: String,
    /// The features `--only` names (`None`: all).
    pub free: Option<Vec<bool>>,
}

/// Reads the data files of a fit (`(name, text)` pairs), keeps one variant and computes the
/// features. Errors name the file and what is wrong.
pub fn prepare<G: crate::Learn>(
    files: &[(String, String)],
    request: &FitRequest,
) -> Result<Prepared, String> {
    let stride = request.file_stride;
    let mut samples: Vec<Sample> = Vec::new();
    let mut sources = Vec::new();
    // The file of each sample, for errors.
    let mut file_of: Vec<usize> = Vec::new();
    for (f, (name, text)) in files.iter().enumerate() {
        let mut read = crate::data::read_samples(text, name)?;
        for s in &mut read {
            s.game = s.game.wrapping_add(stride.wrapping_mul(f as u64));
        }
        sources.push(format!("{name} ({} positions)", read.len()));
        file_of.extend(std::iter::repeat_n(f, read.len()));
        samples.extend(read);
    }
    if samples.is_empty() {
        return Err(format!("no positions in the data ({})", sources.join(", ")));
    }
    // Parse each position once: its variant filters, its features fit.
    let parsed: Vec<G::Position> = samples
        .iter()
        .zip(&file_of)
        .map(|(s, &f)| {
            G::parse_position(&s.position).map_err(|e| {
                format!(
                    "{}: a position of game {}: {e}",
                    files[f].0,
                    s.game.wrapping_sub(stride.wrapping_mul(f as u64))
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let variants: Vec<&'static str> = parsed.iter().map(|p| G::variant(p)).collect();
    let mut found: Vec<&str> = variants.clone();
    found.sort_unstable();
    found.dedup();
    let variant = match (&request.variant, found.as_slice()) {
        (Some(v), _) => v.clone(),
        (None, [one]) => one.to_string(),
        (None, list) => {
            return Err(format!(
                "the data holds several variants ({}): choose one with --variant",
                list.join(", ")
            ));
        }
    };
    let keep: Vec<usize> = (0..samples.len())
        .filter(|&i| variants[i] == variant)
        .collect();
    if keep.is_empty() {
        return Err(format!(
            "no positions of variant {:?} in the data",
            zonal_core::excerpt::excerpt(&variant)
        ));
    }
    let chosen: Vec<Sample> = keep.iter().map(|&i| samples[i].clone()).collect();
    let positions: Vec<&G::Position> = keep.iter().map(|&i| &parsed[i]).collect();
    let names = G::feature_names();
    let features = |i: usize| -> Result<Vec<i32>, String> { Ok(G::features(positions[i])) };
    let dataset = Dataset::build(&chosen, names.len(), &features)?;
    let free = match &request.only {
        None => None,
        Some(list) => {
            let mut free = vec![false; names.len()];
            for name in list.split(',').map(str::trim) {
                let j = names.iter().position(|&n| n == name).ok_or_else(|| {
                    format!(
                        "--only: unknown feature {:?} (features: {})",
                        zonal_core::excerpt::excerpt(name),
                        names.join(", ")
                    )
                })?;
                free[j] = true;
            }
            Some(free)
        }
    };
    Ok(Prepared {
        dataset,
        variant,
        sources: sources.join(", "),
        free,
    })
}

/// Fixed data sets of two features for the fits' tests.
#[cfg(test)]
pub(crate) mod fixed {
    use crate::data::{GameResult, Sample};

    /// `games` games (seeded by `seed`) of `copies` samples each, whose two features `a`, `b`
    /// are drawn from -4 ..= 4 and whose result is a White win with probability `p(a, b)`.
    pub fn samples_of(
        seed: u64,
        games: u64,
        copies: usize,
        p: impl Fn(i32, i32) -> f64,
    ) -> Vec<Sample> {
        let mut rng = zonal_core::rng::Rng::new(seed);
        let mut samples = Vec::new();
        for game in 0..games {
            let a = rng.below(9) as i32 - 4;
            let b = rng.below(9) as i32 - 4;
            let won = (rng.below(1000) as f64) < p(a, b) * 1000.0;
            for _ in 0..copies {
                samples.push(Sample {
                    outcome: if won {
                        GameResult::White
                    } else {
                        GameResult::Black
                    },
                    score: None,
                    game,
                    position: format!("{a} {b}"),
                });
            }
        }
        samples
    }

    /// The samples' features (their position text is the two numbers) as `width` features.
    pub fn dataset_of(samples: &[Sample], width: usize) -> Result<super::Dataset, String> {
        let read = |i: usize| -> Result<Vec<i32>, String> {
            samples[i]
                .position
                .split(' ')
                .map(|w| w.parse::<i32>().map_err(|e| e.to_string()))
                .collect()
        };
        super::Dataset::build(samples, width, &read)
    }
}

#[cfg(test)]
mod tests {
    use super::fixed::{dataset_of, samples_of};
    use super::*;

    /// A fixed data set where White wins as feature 0 (material) grows and feature 1 says
    /// nothing: fitting from a wrong start lowers the loss on held-out games and finds the
    /// signs.
    #[test]
    fn fitting_lowers_the_loss_on_a_fixed_data_set() {
        // P(White wins) rises with material; noise says nothing.
        let samples = samples_of(3, 400, 3, |material, _| {
            1.0 / (1.0 + (-f64::from(material) * 0.8).exp())
        });
        let data = dataset_of(&samples, 2).unwrap();
        assert_eq!(data.len(), 1200);
        let cfg = FitConfig {
            lambda: 1.0,
            bootstrap: 4,
            ..FitConfig::default()
        };
        let report = fit(&data, &[10, 100], &cfg).unwrap();
        assert!(report.held_loss.1 < report.held_loss.0, "{report:?}");
        assert!(report.train_loss.1 < report.train_loss.0, "{report:?}");
        assert!(report.weights[0] > 0, "{report:?}");
        assert!(
            report.weights[1].abs() * 4 < report.weights[0],
            "{report:?}"
        );
        assert_eq!(report.held.1, 40);
        assert_eq!(report.intervals.len(), 2);
        let (lo, hi) = report.intervals[0];
        assert!(lo <= hi && lo > 0, "{report:?}");
        let file = weights_file("test", &["material", "noise"], &report, "fixed");
        assert!(
            file.contains(&format!("material {}", report.weights[0])),
            "{file}"
        );
        assert!(dataset_of(&samples, 3).is_err());
        // A scale given is kept, and a larger one asks larger weights for the same curve.
        let fixed = |k: f64| {
            let cfg = FitConfig {
                scale: Some(k),
                bootstrap: 0,
                ..cfg.clone()
            };
            fit(&data, &[10, 100], &cfg).unwrap()
        };
        let (one, two) = (fixed(report.k), fixed(2.0 * report.k));
        assert_eq!(two.k, 2.0 * report.k);
        assert!(two.weights[0] > one.weights[0], "{one:?} {two:?}");
        assert!(two.held_loss.1 < two.held_loss.0, "{two:?}");
        let bad = FitConfig {
            scale: Some(0.0),
            ..cfg
        };
        assert!(fit(&data, &[10, 100], &bad).is_err());
    }
}
