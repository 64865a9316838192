//! Text helpers shared by the reports: force in units as the books write it.
//!
//! ```
//! assert_eq!(zonal::report::units(7), "3½");
//! assert_eq!(zonal::report::units(4), "2");
//! assert_eq!(zonal::report::units(1), "½");
//! assert_eq!(zonal::report::units(-3), "-1½");
//! ```

/// Half-units written as units with a `½`, as the books do (7 -> `3½`).
pub fn units(half_units: i32) -> String {
    let sign = if half_units < 0 { "-" } else { "" };
    let n = half_units.unsigned_abs();
    match (n / 2, n % 2) {
        (0, 1) => format!("{sign}½"),
        (whole, 0) => format!("{sign}{whole}"),
        (whole, _) => format!("{sign}{whole}½"),
    }
}
