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

/// A linear evaluation: one whole-cp weight for each of `N` named features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linear<const N: usize> {
    /// The weights, in the order of the features.
    pub weights: [i32; N],
}

impl<const N: usize> Linear<N> {
    /// Reads a weights file of the features `names` ([`read_weights`]).
    pub fn parse(text: &str, names: &[&str; N]) -> Result<Linear<N>, String> {
        let w = read_weights(text, names)?;
        let mut weights = [0; N];
        weights.copy_from_slice(&w);
        Ok(Linear { weights })
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
        dot(features, &self.weights)
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
}
