//! A linear evaluation's weights file, as `zonal fit` writes it and the games ship it: one
//! `name value` line a feature (whole cp), `#` comments, every feature once.

/// Reads the weights of `names` from `text`, in the order of `names`.
pub fn read_weights(text: &str, names: &[&str]) -> Result<Vec<i32>, String> {
    let mut weights = vec![None; names.len()];
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        if line.starts_with("hidden ") {
            // A unit of the network beside the weights ([`Hidden::parse`]).
            continue;
        }
        let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("line {}: expected `name value`", i + 1));
        };
        let f = names.iter().position(|&n| n == name).ok_or_else(|| {
            format!(
                "line {}: unknown feature {:?}",
                i + 1,
                crate::excerpt::excerpt(name)
            )
        })?;
        let v = value
            .parse::<i32>()
            .ok()
            .filter(|v| v.abs() <= 100_000)
            .ok_or_else(|| {
                format!(
                    "line {}: {name}: {:?} is not a whole number within ±100000",
                    i + 1,
                    crate::excerpt::excerpt(value)
                )
            })?;
        if weights[f].replace(v).is_some() {
            return Err(format!("line {}: {name} given twice", i + 1));
        }
    }
    weights
        .iter()
        .zip(names)
        .map(|(w, name)| w.ok_or_else(|| format!("feature {name} missing")))
        .collect()
}

/// A game's own feature names followed by shared ones (such as the projection's,
/// [`crate::zone::FEATURES`]), as one list; `N` must be `A + B` (checked when compiled).
pub const fn join<const A: usize, const B: usize, const N: usize>(
    own: [&'static str; A],
    shared: [&'static str; B],
) -> [&'static str; N] {
    assert!(A + B == N, "join: N must be A + B");
    let mut out = [""; N];
    let mut i = 0;
    while i < A {
        out[i] = own[i];
        i += 1;
    }
    while i < N {
        out[i] = shared[i - A];
        i += 1;
    }
    out
}

/// A linear evaluation: one whole-cp weight for each of `N` named features, and, if the file
/// has one, a small network whose output is one more term ([`Hidden`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linear<const N: usize> {
    /// The weights, in the order of the features.
    pub weights: [i32; N],
    /// The network beside the weights, if any ([`Hidden::intern`]).
    pub hidden: Option<&'static Hidden>,
}

/// The whole number a hidden unit's activation of 1 is ([`Hidden`]).
pub const HIDDEN_ONE: i32 = 4096;

/// The most hidden units a weights file may have.
pub const MAX_UNITS: usize = 64;

/// The most different networks one program keeps ([`Hidden::intern`]).
pub const MAX_NETWORKS: usize = 256;

/// One hidden unit: `a = bias + sum weights[j] * features[j]` (in `1 / HIDDEN_ONE`), clipped to
/// `0 ..= HIDDEN_ONE`; it adds `out * a / HIDDEN_ONE` cp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The activation without features, in `1 / HIDDEN_ONE`.
    pub bias: i32,
    /// The cp a fully active unit adds.
    pub out: i32,
    /// One weight a feature, in `1 / HIDDEN_ONE` a unit of the feature.
    pub weights: Vec<i32>,
}

/// A network of one hidden layer of clipped linear units beside a linear evaluation, in whole
/// numbers (written as `hidden BIAS OUT W1 .. WN` lines, one a unit, in a weights file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    /// The units.
    pub units: Vec<Unit>,
}

impl Hidden {
    /// The network's term for `features` (for the first side), cp.
    pub fn value(&self, features: &[i32]) -> i32 {
        let one = i64::from(HIDDEN_ONE);
        let mut out = 0i64;
        for unit in &self.units {
            let a = features
                .iter()
                .zip(&unit.weights)
                .fold(i64::from(unit.bias), |a, (&x, &w)| {
                    a + i64::from(x) * i64::from(w)
                })
                .clamp(0, one);
            out += i64::from(unit.out) * a;
        }
        (out / one) as i32
    }

    /// The `hidden` lines of a weights file of `n` features (`None` if it has none). Errors
    /// name the line.
    pub fn parse(text: &str, n: usize) -> Result<Option<Hidden>, String> {
        let mut units = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            let Some(rest) = line.strip_prefix("hidden ") else {
                continue;
            };
            let numbers: Vec<i32> = rest
                .split_whitespace()
                .map(|w| {
                    w.parse::<i32>()
                        .ok()
                        .filter(|v| v.unsigned_abs() <= 1 << 24)
                })
                .collect::<Option<_>>()
                .ok_or_else(|| {
                    format!(
                        "line {}: a hidden unit is whole numbers within ±16777216",
                        i + 1
                    )
                })?;
            if numbers.len() != n + 2 {
                return Err(format!(
                    "line {}: a hidden unit has a bias, an output and {n} weights, not {} numbers",
                    i + 1,
                    numbers.len()
                ));
            }
            if units.len() == MAX_UNITS {
                return Err(format!(
                    "line {}: more than {MAX_UNITS} hidden units",
                    i + 1
                ));
            }
            units.push(Unit {
                bias: numbers[0],
                out: numbers[1],
                weights: numbers[2..].to_vec(),
            });
        }
        Ok((!units.is_empty()).then_some(Hidden { units }))
    }

    /// The one stored copy of `self`: networks live as long as the program, each distinct one
    /// once, so that evaluations holding one stay `Copy`. A program reads a handful of weights
    /// files; past [`MAX_NETWORKS`] distinct networks, an error (memory stays bounded whatever
    /// an engine session is sent).
    pub fn intern(self) -> Result<&'static Hidden, String> {
        use std::sync::Mutex;
        static KNOWN: Mutex<Vec<&'static Hidden>> = Mutex::new(Vec::new());
        let mut known = KNOWN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&h) = known.iter().find(|&&h| *h == self) {
            return Ok(h);
        }
        if known.len() >= MAX_NETWORKS {
            return Err(format!(
                "more than {MAX_NETWORKS} different networks read by this program"
            ));
        }
        let h: &'static Hidden = Box::leak(Box::new(self));
        known.push(h);
        Ok(h)
    }

    /// The network as `hidden` lines of a weights file.
    pub fn write(&self) -> String {
        let mut s = String::new();
        for u in &self.units {
            s += &format!("hidden {} {}", u.bias, u.out);
            for w in &u.weights {
                s += &format!(" {w}");
            }
            s.push('\n');
        }
        s
    }
}

impl<const N: usize> Linear<N> {
    /// Reads a weights file of the features `names` ([`read_weights`]).
    pub fn parse(text: &str, names: &[&str; N]) -> Result<Linear<N>, String> {
        let w = read_weights(text, names)?;
        let mut weights = [0; N];
        weights.copy_from_slice(&w);
        let hidden = Hidden::parse(text, N)?.map(Hidden::intern).transpose()?;
        Ok(Linear { weights, hidden })
    }

    /// The fit a shipped weights file holds: `None` for a file of comments only (a malformed
    /// file is a defect of the build, which the games' tests catch with [`Linear::parse`]).
    pub fn shipped(text: &str, names: &[&str; N]) -> Option<Linear<N>> {
        if is_empty(text) {
            return None;
        }
        Linear::parse(text, names).ok()
    }

    /// The evaluation of `features`.
    #[inline]
    pub fn value(&self, features: &[i32; N]) -> i32 {
        let net = self.hidden.as_ref().map_or(0, |h| h.value(features));
        dot(features, &self.weights) + net
    }

    /// The evaluation's terms for the side to move (as [`Linear::for_side`]), named: each
    /// feature's part that is not 0, then the network's (`network`), if any. They add up to
    /// the evaluation.
    pub fn named_terms(
        &self,
        names: &[&'static str; N],
        features: &[i32; N],
        first: bool,
    ) -> Vec<(&'static str, i32)> {
        let network = ("network", self.network_for_side(features, first));
        names
            .iter()
            .copied()
            .zip(self.terms_for_side(features, first))
            .chain(std::iter::once(network))
            .filter(|&(_, v)| v != 0)
            .collect()
    }

    /// The network's part of [`Linear::value`] (0 without a network), for the side to move
    /// as [`Linear::for_side`].
    pub fn network_for_side(&self, features: &[i32; N], first: bool) -> i32 {
        let v = self.hidden.as_ref().map_or(0, |h| h.value(features));
        if first { v } else { -v }
    }

    /// Each feature's part of [`Linear::value`].
    pub fn terms(&self, features: &[i32; N]) -> [i32; N] {
        std::array::from_fn(|i| features[i] * self.weights[i])
    }

    /// [`Linear::value`] of features counted for the first side, for the side to move
    /// (`first`: the first side is to move).
    #[inline]
    pub fn for_side(&self, features: &[i32; N], first: bool) -> i32 {
        let v = self.value(features);
        if first { v } else { -v }
    }

    /// [`Linear::terms`] for the side to move, as [`Linear::for_side`].
    pub fn terms_for_side(&self, features: &[i32; N], first: bool) -> [i32; N] {
        let sign = if first { 1 } else { -1 };
        self.terms(features).map(|t| sign * t)
    }
}

/// Whether a weights file ships no fit (comments and empty lines only).
pub fn is_empty(text: &str) -> bool {
    text.lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
}

/// The weighted sum of `features`.
#[inline]
pub fn dot(features: &[i32], weights: &[i32]) -> i32 {
    features.iter().zip(weights).map(|(f, w)| f * w).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_files_are_read_strictly() {
        let names = ["material", "tempo"];
        assert_eq!(
            read_weights("# fit\nmaterial 100  # note\n\ntempo -3\n", &names),
            Ok(vec![100, -3])
        );
        assert_eq!(
            read_weights("tempo 1\nmaterial 1\n", &names),
            Ok(vec![1, 1])
        );
        let err = |t: &str| read_weights(t, &names).unwrap_err();
        assert!(err("material 1\n").contains("tempo missing"));
        assert!(err("material 1\ntempo 1\ntempo 2\n").contains("twice"));
        assert!(err("material 1\npace 2\n").contains("line 2: unknown feature \"pace\""));
        assert!(err("material x\n").contains("line 1"));
        assert!(err("material 1 2\n").contains("name value"));
        assert!(err("material 100001\ntempo 0\n").contains("100000"));
        assert!(is_empty("# none\n\n"));
        assert!(!is_empty("# fit\ntempo 1\n"));
        assert_eq!(dot(&[1, -2, 3], &[10, 5, 1]), 3);
    }

    #[test]
    fn a_network_reads_writes_back_and_adds_its_clipped_units() {
        let names = ["material", "tempo"];
        let text = "material 100\ntempo 10\n# two units\nhidden 2048 400 1024 0\nhidden -4096 -100 0 8192\n";
        let fit = Linear::<2>::parse(text, &names).unwrap();
        assert_eq!(fit.weights, [100, 10]);
        let hidden = fit.hidden.unwrap();
        assert_eq!(Hidden::parse(&hidden.write(), 2), Ok(Some(hidden.clone())));
        // material 1, tempo 0: unit 1 at (2048 + 1024) / 4096 = 0.75 adds 300; unit 2 at -1,
        // clipped to 0, adds nothing.
        assert_eq!(hidden.value(&[1, 0]), 300);
        assert_eq!(fit.value(&[1, 0]), 100 + 300);
        // material 4: unit 1 clipped to 1 (400); tempo 1: unit 2 at 1 (-100).
        assert_eq!(hidden.value(&[4, 1]), 400 - 100);
        assert_eq!(fit.network_for_side(&[4, 1], false), -300);
        // The same network read twice is stored once.
        let again = Linear::<2>::parse(text, &names).unwrap();
        assert!(std::ptr::eq(again.hidden.unwrap(), hidden));
        let err = |t: &str| Hidden::parse(t, 2).unwrap_err();
        assert!(
            err("hidden 1 2 3\n")
                .contains("line 1: a hidden unit has a bias, an output and 2 weights")
        );
        assert!(
            err("tempo 1\nhidden 1 2 x 4\n").contains("line 2: a hidden unit is whole numbers")
        );
        assert_eq!(Hidden::parse("material 1\n", 2), Ok(None));
        // Memory stays bounded: past MAX_NETWORKS different networks, an error; one already
        // kept is still found. (This test alone interns networks in this test program.)
        let unit = |bias| Hidden {
            units: vec![Unit {
                bias,
                out: 1,
                weights: vec![0, 0],
            }],
        };
        let refused = (0..=MAX_NETWORKS as i32).find_map(|b| unit(b).intern().err());
        assert!(refused.is_some_and(|e| e.contains("different networks")));
        assert!(std::ptr::eq(hidden.clone().intern().unwrap(), hidden));
    }
}
