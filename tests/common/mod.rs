//! The test kit shared by the integration tests: the one deterministic random generator, random
//! games, seed positions, and the one helper that runs the `zonal` binary.
#![allow(dead_code)]

use chess_t1::Position;

/// The one random generator of every game's tests (xorshift64*, deterministic).
pub use zonal_core::rng::Rng;

/// Plays random moves from `start` (at most `plies`), calling `visit` on every position reached,
/// the start included. Captures are preferred half of the time so that games get tactical.
pub fn random_game(
    start: &Position,
    plies: usize,
    rng: &mut Rng,
    mut visit: impl FnMut(&Position),
) {
    let mut pos = *start;
    visit(&pos);
    for _ in 0..plies {
        let moves = pos.generate_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let mv = if !captures.is_empty() && rng.below(2) == 0 {
            *captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos = pos.play(&mv);
        visit(&pos);
    }
}

/// docs/chess-t1-rules.md §10 positions and a few others, as position strings, to start random games from.
pub const SEEDS: &[&str] = &[
    "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1",
    "8/8/8/3vP3/8/6N1/8/8 w - 0 1",
    "8/8/8/2nr4/8/8/8/8 b - 0 1",
    "3k4/2SVp3/7V/8/8/5N2/1N6/8 w - 0 1",
    "8/8/8/8/8/3RvN2/8/2K4p w - 0 1",
    "1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1",
    "8/8/sn6/N7/6s1/2R1p1N1/8/8 w - 0 1",
    "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1",
    "8/1n6/1V4r1/8/6N1/8/4P3/8 w - 0 1",
    "8/8/8/8/8/5k2/8/3K4 w - 0 1",
    "3k1P2/8/8/8/8/K7/8/2c2C2 w - 0 1",
    "8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1",
    "r1pc1psr/1nnn1nn1/8/2P1n3/4N3/8/NNN2NNN/RS1CKPSR b Pp 0 6",
    "3k4/2V3V1/8/2P5/5p2/8/1v4v1/4K3 w Pp 0 1",
    "2pk4/V1V3VV/1R6/2P1s3/3S1p2/6r1/vv1v3v/4KP2 b Pp 0 1",
    "3ck3/1V2C1V1/2V5/8/8/5v2/1v1c2v1/3CK3 w Pp 0 1",
];

/// Runs the `zonal` binary in the project's folder with `args` and optional stdin.
pub fn zonal_with_input(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // `ZONAL_BIN` runs the tests against another build (an older binary, to see a test fail
    // before its fix); the binary of this tree otherwise.
    let binary = std::env::var_os("ZONAL_BIN")
        .unwrap_or_else(|| std::ffi::OsString::from(env!("CARGO_BIN_EXE_zonal")));
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zonal");
    if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // The binary may stop reading early (that is what some tests check).
        let _ = pipe.write_all(input);
    }
    child.wait_with_output().expect("zonal ran")
}

/// Runs the `zonal` binary in the project's folder with `args`.
pub fn zonal(args: &[&str]) -> std::process::Output {
    zonal_with_input(args, None)
}
