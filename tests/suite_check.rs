//! Issue 31's check on the suites: in every game, `zonal analyse SUITE` at the default settings
//! (zone-guided) finds at least as many `bm` as `--full` (full-width) with fewer nodes, and the
//! test prints how many fewer. `--movetime 0` lifts the time bound, so that the node counts do
//! not depend on the machine's load; the depth is the default one, given (a bound given alone
//! would lift it), and the node bound stays the default.

use crate::common;

use common::zonal;

/// The suite line's `bm` found and nodes: "Suite: N positions, N with bm/am, first
/// recommendation matches F (M nodes)".
fn suite_line(args: &[&str]) -> (usize, u64) {
    let out = zonal(args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("Suite: "))
        .unwrap_or_else(|| panic!("{args:?}: no suite line in {text}"));
    let (_, rest) = line
        .split_once("matches ")
        .unwrap_or_else(|| panic!("{line}"));
    let (found, rest) = rest.split_once(" (").unwrap_or_else(|| panic!("{line}"));
    let nodes = rest
        .strip_suffix(" nodes)")
        .unwrap_or_else(|| panic!("{line}"));
    (
        found.parse().unwrap_or_else(|_| panic!("{line}")),
        nodes.parse().unwrap_or_else(|_| panic!("{line}")),
    )
}

/// The default depth of `analyse` in the games on the core's engine.
const CORE_DEPTH: u32 = 4;

fn check(suite: &str, depth: u32) {
    let depth = depth.to_string();
    let base = [
        "analyse",
        suite,
        "--jobs",
        "1",
        "--movetime",
        "0",
        "--depth",
        &depth,
    ];
    let (found, nodes) = suite_line(&base);
    let mut full_args = base.to_vec();
    full_args.push("--full");
    let (found_full, nodes_full) = suite_line(&full_args);
    println!(
        "{suite}: zone-guided {found} bm with {nodes} nodes, full-width {found_full} with \
         {nodes_full}: {:.2}x fewer nodes",
        nodes_full as f64 / nodes.max(1) as f64
    );
    assert!(found >= found_full, "{suite}: {found} against {found_full}");
    assert!(nodes < nodes_full, "{suite}: {nodes} against {nodes_full}");
}

#[test]
fn chess_t1_tactics() {
    check("positions/tactics.t1", chess_t1::analysis::DEFAULT_DEPTH);
}

#[test]
fn jungle_suite() {
    check("positions/jungle/suite.pos", CORE_DEPTH);
}

#[test]
fn hnefatafl_suite() {
    check("positions/hnefatafl/suite.pos", CORE_DEPTH);
}

#[test]
fn proryv_suite() {
    check("positions/proryv/suite.pos", CORE_DEPTH);
}
