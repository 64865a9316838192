//! The integration tests of the `zonal` binary and its libraries, as one test binary: one link
//! instead of one per file (the test run is mostly linking; README "Build and test times").
//! Each file of `tests/` is a module here; run one with `cargo test --release --test integration NAME::`.

mod common;
mod plain_bfs;
mod reference;
mod serve_support;

mod agreement;
mod analysis_output;
mod book;
mod bounded;
mod cli;
mod conformance;
mod distance_maps;
mod engine;
mod engine_protocol;
mod exchange;
mod exit_codes;
mod force_maps;
mod games_cli;
mod games_engine;
mod hardening;
mod horizon;
mod incremental;
mod learn;
#[path = "match.rs"]
mod match_cli;
mod one_path;
mod proryv_cli;
mod reference_selftest;
mod render;
mod review_cli;
mod robustness;
mod search;
mod serve;
mod serve_browser;
mod serve_limits;
mod spec_examples;
mod suite_check;
mod tactics;
mod trajectory_props;
mod zone_output;
mod zone_props;
mod zones;
