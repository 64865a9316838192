//! This crate's integration tests as one test binary (one link instead of one per file);
//! run one file's tests with `cargo test --release -p zonal-proryv --test integration NAME::`.

mod reference;

mod guided;
mod reference_agreement;
mod spec_examples;
mod steps_reference;
mod suite;
