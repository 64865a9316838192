//! Short excerpts of user input for error messages: a message says where and what is wrong,
//! it does not echo a 100 kB argument back.
//!
//! ```
//! use zonal_core::excerpt::{excerpt, EXCERPT_CHARS};
//! assert_eq!(excerpt("e2e4"), "e2e4");
//! let long = "x".repeat(1000);
//! assert_eq!(excerpt(&long).chars().count(), EXCERPT_CHARS + 3);
//! assert_eq!(zonal_core::excerpt::printable("a\0b\x1bc é"), "a\\0b\\u{1b}c é");
//! ```

/// Longest excerpt of the input an error quotes, in characters.
pub const EXCERPT_CHARS: usize = 60;

/// `text` cut to [`EXCERPT_CHARS`] characters, with `...` when cut.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// `text` with its control characters (NUL, escape, newlines...) escaped as Rust writes them
/// (`\0`, `\u{1b}`, `\n`), for text output that quotes input such as a record's `id`: a
/// terminal is not driven by what a file holds.
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
