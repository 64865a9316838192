//! Short excerpts of user input for error messages: the core's ([`zonal_core::excerpt`]), one
//! rule for every game.

pub use zonal_core::excerpt::{EXCERPT_CHARS, excerpt, printable};
