//! This crate's integration tests as one test binary (one link instead of one per file);
//! run one file's tests with `cargo test --release -p zonal-hnefatafl --test integration NAME::`.

mod reference;

mod guided;
mod position_files;
mod real_games;
mod reference_agreement;
mod spec_examples;
