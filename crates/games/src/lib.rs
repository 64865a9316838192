//! # zonal-games
//!
//! Every game of zonal behind the tools' traits: [`zonal_analysis::ZoneDef`] for Прорыв,
//! Hnefatafl and Jungle (their names, starts, notation, records, pictures and weights), and
//! chess-t1's implementation of the play library's and the learning library's traits with its
//! player keys. The rules, notation and evaluation stay in the game crates.

/// Appends a line to a report being built (a `String`).
macro_rules! wline {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        $out.push_str(&format!($($arg)*));
        $out.push('\n');
    }};
}

/// As [`wline!`], without the line end.
macro_rules! wput {
    ($out:expr, $($arg:tt)*) => {
        $out.push_str(&format!($($arg)*))
    };
}

/// `value` as pretty JSON with a line end, the reports' JSON form.
pub fn json_text(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|text| text + "\n")
        .map_err(|e| format!("cannot write JSON: {e}"))
}

pub mod chess_t1;
pub mod hnefatafl;
pub mod jungle;
pub mod proryv;
#[cfg(test)]
mod tests;
