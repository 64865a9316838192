//! A small network beside a fitted linear evaluation: one hidden layer of clipped linear
//! units over the features, its output added to the linear evaluation as one more named term
//! (`network`), fitted to the same logistic target as [`crate::fit`] while the linear weights
//! stay as they are. Fitted in floating point (offline); written as whole numbers
//! ([`zonal_core::linear::Hidden`]), which is what the games evaluate with.
//!
//! A unit `h` computes `a = c_h + sum_j u_hj (x_j - mean_j) / spread_j`, clipped to `0 ..= 1`;
//! the network adds `sum_h v_h a_h` cp. Only the features `inputs` marks feed the units.

use crate::fit::Dataset;
use rayon::prelude::*;
use zonal_core::linear::{HIDDEN_ONE, Hidden, Unit};

/// How to fit a network.
#[derive(Clone, Debug, PartialEq)]
pub struct NetConfig {
    /// Hidden units.
    pub hidden: usize,
    /// Steps of the fit (full-batch Adam).
    pub epochs: usize,
    /// The result's share of the target, 0 to 1 (as [`crate::fit::FitConfig::lambda`]).
    pub lambda: f64,
    /// The logistic scale K, cp (the linear fit's).
    pub k: f64,
    /// The seed of the units' first weights.
    pub seed: u64,
    /// The penalty on the squared input weights (a network that does not need a weight keeps
    /// it near 0).
    pub l2: f64,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            hidden: 8,
            epochs: 1500,
            lambda: 1.0,
            k: 600.0,
            seed: 1,
            l2: 1e-4,
        }
    }
}

/// A network in floating point, as it is fitted.
#[derive(Clone, Debug, PartialEq)]
struct Float {
    /// The input weights, `width` a unit (0 for features not used).
    u: Vec<f64>,
    /// The units' biases.
    c: Vec<f64>,
    /// The units' output weights, cp.
    v: Vec<f64>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The normalised rows' mean and spread of the used features over `idx`.
fn moments(data: &Dataset, idx: &[usize]) -> (Vec<f64>, Vec<f64>) {
    let n = data.width;
    let mut mean = vec![0.0; n];
    for &i in idx {
        for (m, x) in mean.iter_mut().zip(&data.rows[i * n..(i + 1) * n]) {
            *m += x;
        }
    }
    let count = idx.len().max(1) as f64;
    mean.iter_mut().for_each(|m| *m /= count);
    let mut spread = vec![0.0; n];
    for &i in idx {
        for ((s, m), x) in spread
            .iter_mut()
            .zip(&mean)
            .zip(&data.rows[i * n..(i + 1) * n])
        {
            *s += (x - m) * (x - m);
        }
    }
    for s in &mut spread {
        *s = (*s / count).sqrt().max(0.05);
    }
    (mean, spread)
}

/// What a network fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct NetReport {
    /// The network in whole numbers.
    pub hidden: Hidden,
    /// Loss on the training samples: the linear evaluation alone, with the network.
    pub train_loss: (f64, f64),
    /// Loss on the held-out samples: the linear evaluation alone, with the network.
    pub held_loss: (f64, f64),
}

/// Fits a network beside the linear weights `linear` (whole cp, one per feature) on the
/// samples `train`, reporting the loss on `train` and `held` before and after; `inputs` marks
/// the features the units see. The loss after is that of the network as written (whole
/// numbers).
pub fn fit_net(
    data: &Dataset,
    linear: &[i32],
    inputs: &[bool],
    train: &[usize],
    held: &[usize],
    cfg: &NetConfig,
) -> Result<NetReport, String> {
    let n = data.width;
    if linear.len() != n || inputs.len() != n {
        return Err(format!(
            "a weight and an input flag for each of {n} features"
        ));
    }
    if train.is_empty() {
        return Err("no samples to fit".into());
    }
    if cfg.hidden == 0 || cfg.hidden > zonal_core::linear::MAX_UNITS {
        return Err(format!(
            "hidden units: 1 to {}, not {}",
            zonal_core::linear::MAX_UNITS,
            cfg.hidden
        ));
    }
    let (mean, spread) = moments(data, train);
    let w: Vec<f64> = linear.iter().map(|&w| f64::from(w)).collect();
    let k = cfg.k;
    let target = |i: usize| match data.score[i] {
        Some(s) => cfg.lambda * data.result[i] + (1.0 - cfg.lambda) * sigmoid(f64::from(s) / k),
        None => data.result[i],
    };
    // The normalised inputs and the linear evaluation of every sample, once.
    let norm = |i: usize| -> Vec<f64> {
        (0..n)
            .map(|j| {
                if inputs[j] {
                    (data.rows[i * n + j] - mean[j]) / spread[j]
                } else {
                    0.0
                }
            })
            .collect()
    };
    let lin: Vec<f64> = (0..data.len())
        .map(|i| {
            data.rows[i * n..(i + 1) * n]
                .iter()
                .zip(&w)
                .map(|(x, w)| x * w)
                .sum()
        })
        .collect();
    let xs: Vec<Vec<f64>> = (0..data.len()).into_par_iter().map(norm).collect();
    let ts: Vec<f64> = (0..data.len()).map(target).collect();
    let h = cfg.hidden;
    let mut rng = zonal_core::rng::Rng::new(cfg.seed);
    let used = inputs.iter().filter(|&&b| b).count().max(1) as f64;
    let mut net = Float {
        u: (0..h * n)
            .map(|x| {
                if inputs[x % n] {
                    // Uniform in -1 .. 1, scaled to the fan-in.
                    (rng.below(2001) as f64 / 1000.0 - 1.0) / used.sqrt()
                } else {
                    0.0
                }
            })
            .collect(),
        c: vec![0.5; h],
        v: vec![0.0; h],
    };
    let forward = |net: &Float, x: &[f64], acts: &mut Vec<f64>| -> f64 {
        acts.clear();
        let mut out = 0.0;
        for (unit, (&c, &v)) in net.c.iter().zip(&net.v).enumerate() {
            let row = &net.u[unit * n..(unit + 1) * n];
            let a = c + row.iter().zip(x).map(|(u, x)| u * x).sum::<f64>();
            acts.push(a);
            out += v * a.clamp(0.0, 1.0);
        }
        out
    };
    let params = h * n + 2 * h;
    let (mut m1, mut m2) = (vec![0.0; params], vec![0.0; params]);
    let (b1, b2) = (0.9f64, 0.999f64);
    for epoch in 0..cfg.epochs {
        let grad = train
            .par_iter()
            .fold(
                || (vec![0.0; params], Vec::new()),
                |(mut g, mut acts), &i| {
                    let x = &xs[i];
                    let e = lin[i] + forward(&net, x, &mut acts);
                    let p = sigmoid(e / k);
                    let d = 2.0 * (p - ts[i]) * p * (1.0 - p) / k;
                    for unit in 0..h {
                        let a = acts[unit];
                        g[h * n + h + unit] += d * a.clamp(0.0, 1.0);
                        if a > 0.0 && a < 1.0 {
                            let da = d * net.v[unit];
                            g[h * n + unit] += da;
                            for j in 0..n {
                                g[unit * n + j] += da * x[j];
                            }
                        }
                    }
                    (g, acts)
                },
            )
            .map(|(g, _)| g)
            .reduce(
                || vec![0.0; params],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                    a
                },
            );
        let count = train.len() as f64;
        let step = (epoch + 1) as i32;
        let decay = 1.0 - epoch as f64 / cfg.epochs as f64;
        for p in 0..params {
            let mut g = grad[p] / count;
            // The rate in each parameter's units: the output weights in cp.
            let rate = if p >= h * n + h {
                4.0 * decay + 0.1
            } else {
                if p < h * n {
                    g += 2.0 * cfg.l2 * net.u[p];
                }
                0.02 * decay + 0.001
            };
            m1[p] = b1 * m1[p] + (1.0 - b1) * g;
            m2[p] = b2 * m2[p] + (1.0 - b2) * g * g;
            let mh = m1[p] / (1.0 - b1.powi(step));
            let vh = m2[p] / (1.0 - b2.powi(step));
            let delta = rate * mh / (vh.sqrt() + 1e-12);
            if p < h * n {
                net.u[p] -= delta;
            } else if p < h * n + h {
                net.c[p - h * n] -= delta;
            } else {
                net.v[p - h * n - h] -= delta;
            }
        }
    }
    // Whole numbers: the input weights per unit of the raw feature, in 1/HIDDEN_ONE.
    let one = f64::from(HIDDEN_ONE);
    let units: Vec<Unit> = (0..h)
        .map(|unit| {
            let row = &net.u[unit * n..(unit + 1) * n];
            let shift: f64 = (0..n).map(|j| row[j] * mean[j] / spread[j]).sum();
            Unit {
                bias: ((net.c[unit] - shift) * one).round() as i32,
                out: net.v[unit].round() as i32,
                weights: (0..n)
                    .map(|j| (row[j] / spread[j] * one).round() as i32)
                    .collect(),
            }
        })
        .collect();
    let hidden = Hidden { units };
    let loss = |idx: &[usize], with: bool| -> f64 {
        if idx.is_empty() {
            return 0.0;
        }
        let sum: f64 = idx
            .par_iter()
            .map(|&i| {
                let row: Vec<i32> = data.rows[i * n..(i + 1) * n]
                    .iter()
                    .map(|&x| x as i32)
                    .collect();
                let extra = if with { hidden.value(&row) } else { 0 };
                let p = sigmoid((lin[i] + f64::from(extra)) / k);
                (p - ts[i]) * (p - ts[i])
            })
            .sum();
        sum / idx.len() as f64
    };
    Ok(NetReport {
        train_loss: (loss(train, false), loss(train, true)),
        held_loss: (loss(held, false), loss(held, true)),
        hidden,
    })
}

/// Fits a network beside the linear weights of the weights file `start` (its text, named
/// `start_name`) to `G`'s data files, as [`crate::fit::fit_game`] reads them; the units see
/// the features the file weighs that vary in the training data (a feature the evaluation does
/// not compute, or that quiet positions never show, would meet the network untrained). The
/// weights file written is `start` with the network's lines after it.
pub fn fit_net_game<G: crate::Learn>(
    files: &[(String, String)],
    request: &crate::fit::FitRequest,
    start: (&str, &str),
    hidden: usize,
) -> Result<crate::fit::FitOutput, String> {
    let (start_name, start_text) = start;
    let prepared = crate::fit::prepare::<G>(files, request)?;
    let data = &prepared.dataset;
    let names = G::feature_names();
    let linear = zonal_core::linear::read_weights(start_text, names)
        .map_err(|e| format!("--start {start_name}: {e}"))?;
    if zonal_core::linear::Hidden::parse(start_text, names.len())
        .map_err(|e| format!("--start {start_name}: {e}"))?
        .is_some()
    {
        return Err(format!(
            "--start {start_name}: it has a network already (start from a linear fit)"
        ));
    }
    let held_out = |g: u64| request.holdout > 0 && g.is_multiple_of(request.holdout);
    let (train, held): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&i| !held_out(data.game[i]));
    let n = data.width;
    let varies = |j: usize| {
        let first = train.first().map(|&i| data.rows[i * n + j]);
        train.iter().any(|&i| Some(data.rows[i * n + j]) != first)
    };
    let inputs: Vec<bool> = (0..n).map(|j| linear[j] != 0 && varies(j)).collect();
    let w: Vec<f64> = linear.iter().map(|&w| f64::from(w)).collect();
    let lambda = f64::from(request.lambda) / 100.0;
    let k = match request.scale {
        Some(k) => f64::from(k),
        None => crate::fit::fit_scale(data, &train, &w, 1.0),
    };
    let cfg = NetConfig {
        hidden,
        epochs: request.epochs as usize,
        lambda,
        k,
        ..NetConfig::default()
    };
    let r = fit_net(data, &linear, &inputs, &train, &held, &cfg)?;
    let used: Vec<&str> = (0..n).filter(|&j| inputs[j]).map(|j| names[j]).collect();
    let mut report = format!(
        "{}: a network of {hidden} units beside {start_name}: {} positions fitted, {} held out; K = {k:.1}\n",
        G::NAME,
        train.len(),
        held.len()
    );
    report += &format!(
        "held-out loss: linear {:.6} -> with the network {:.6}; training {:.6} -> {:.6}\n",
        r.held_loss.0, r.held_loss.1, r.train_loss.0, r.train_loss.1
    );
    report += &format!("the units see: {}\n", used.join(", "));
    let mut weights = start_text.trim_end().to_string();
    weights += &format!(
        "\n# network: {hidden} hidden units over {} features, fitted beside the weights above \
         (zonal fit --hidden {hidden} --start FILE, lambda {}%, {} epochs; data: {})\n",
        used.len(),
        request.lambda,
        request.epochs,
        prepared.sources
    );
    weights += &format!(
        "# held-out loss: linear {:.6}, with the network {:.6} (training: {:.6}, {:.6})\n",
        r.held_loss.0, r.held_loss.1, r.train_loss.0, r.train_loss.1
    );
    weights += "# hidden BIAS OUT and a weight a feature in the order above, in 1/4096\n";
    weights += &r.hidden.write();
    Ok(crate::fit::FitOutput { report, weights })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White wins where both features are positive, whatever their size: no weighted sum of
    /// the two says it, a hidden unit does.
    #[test]
    fn a_network_lowers_the_held_out_loss_the_linear_fit_cannot() {
        let samples =
            crate::fit::fixed::samples_of(5, 600, 1, |a, b| if a > 0 && b > 0 { 0.9 } else { 0.2 });
        let data = crate::fit::fixed::dataset_of(&samples, 2).unwrap();
        let (train, held): (Vec<usize>, Vec<usize>) =
            (0..data.len()).partition(|&i| !data.game[i].is_multiple_of(10));
        // The best linear weights first (their loss is the one to beat).
        let k = 400.0;
        let linear = crate::fit::fit_weights(&data, &train, &[0.0, 0.0], k, 1.0, 800, None);
        let linear: Vec<i32> = linear.iter().map(|w| w.round() as i32).collect();
        let cfg = NetConfig {
            hidden: 4,
            k,
            ..NetConfig::default()
        };
        let r = fit_net(&data, &linear, &[true, true], &train, &held, &cfg).unwrap();
        assert!(r.held_loss.1 < r.held_loss.0 - 0.005, "{r:?}");
        assert!(r.train_loss.1 < r.train_loss.0, "{r:?}");
        assert_eq!(r.hidden.units.len(), 4);
        // The network as written is the one reported: its value is what the loss used.
        let text = r.hidden.write();
        assert_eq!(Hidden::parse(&text, 2), Ok(Some(r.hidden.clone())));
        let inside = r.hidden.value(&[3, 3]) - r.hidden.value(&[-3, 3]);
        assert!(inside > 0, "{r:?}");
        // Wrong shapes are refused.
        assert!(fit_net(&data, &[1], &[true, true], &train, &held, &cfg).is_err());
        let none = NetConfig { hidden: 0, ..cfg };
        assert!(fit_net(&data, &linear, &[true, true], &train, &held, &none).is_err());
    }
}
