//! This crate's integration tests as one test binary (one link instead of one per file);
//! run one file's tests with `cargo test --release -p zonal-core --test integration NAME::`.

mod force_any_board;
mod independence;
