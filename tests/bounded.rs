//! Issue 29, "Bounded under load": zonal keeps its memory and time bounded when another program
//! drives it. External engines of `zonal match` that flood lines, write an endless line or
//! never answer are cut off within the move's deadline and a small memory (measured from
//! `/proc/<pid>/status` of the child); `--hash` is bounded by the machine's memory and its
//! table is allocated lazily.

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary gave: its output, its peak resident memory (KiB, `VmHWM`) and its
/// wall time.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    peak_kib: u64,
    elapsed: Duration,
}

/// `VmHWM` of a process, in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs zonal with `args` in `dir` (the repository without one), killing it after `limit`;
/// samples its peak memory until it ends.
fn run_measured(args: &[&str], dir: Option<&std::path::Path>, limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
        .args(args)
        .current_dir(dir.unwrap_or(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))))
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zonal");
    let began = Instant::now();
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = peak_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Ok(Some(status)) = child.try_wait() {
            break status;
        }
        if began.elapsed() > limit {
            let _ = child.kill();
            break child.wait().expect("killed");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        peak_kib: peak,
        elapsed: began.elapsed(),
    }
}

/// An engine (a shell script) that answers the handshake and then, after `go`, runs `after_go`.
fn engine(after_go: &str) -> String {
    format!(
        "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
         go*) {after_go};; quit) exit 0;; esac; done'"
    )
}

const MIB: u64 = 1024;

#[test]
fn a_flooding_engine_forfeits_quickly_in_small_memory() {
    for (name, after_go) in [
        ("info lines", "yes info"),
        ("an endless line", "tr \"\\0\" x </dev/zero"),
    ] {
        for game in ["chess-t1", "jungle"] {
            let cmd = engine(after_go);
            let run = run_measured(
                &[
                    "--game",
                    game,
                    "match",
                    "--cmd1",
                    &cmd,
                    "--engine2",
                    "depth=1",
                    "--games",
                    "2",
                    "--depth",
                    "1",
                    "--json",
                ],
                None,
                Duration::from_secs(30),
            );
            assert_eq!(run.code, Some(0), "{game}, {name}: {}", run.stderr);
            let report: serde_json::Value =
                serde_json::from_str(&run.stdout).expect("the report is JSON");
            assert_eq!(report["losses"], 2, "{game}, {name}: {report}");
            let text = format!("{report} {}", run.stderr);
            let why = if name == "info lines" {
                "more than 5000 lines without bestmove"
            } else {
                "a line longer than 1048576 bytes"
            };
            assert!(text.contains(why), "{game}, {name}: {text}");
            assert!(
                run.elapsed < Duration::from_secs(15),
                "{game}, {name}: {:?}",
                run.elapsed
            );
            assert!(
                run.peak_kib < 50 * MIB,
                "{game}, {name}: {} KiB",
                run.peak_kib
            );
        }
    }
}

#[test]
fn an_engine_that_floods_from_its_start_forfeits_in_small_memory() {
    // It runs but never answers `uciok`: each game is lost with the reason, under 50 MB.
    for game in ["chess-t1", "jungle"] {
        for cmd in ["yes", "sh -c 'tr \"\\0\" x </dev/zero'"] {
            let run = run_measured(
                &[
                    "--game",
                    game,
                    "match",
                    "--cmd1",
                    cmd,
                    "--engine2",
                    "depth=1",
                    "--games",
                    "2",
                    "--depth",
                    "1",
                    "--json",
                ],
                None,
                Duration::from_secs(30),
            );
            assert_eq!(run.code, Some(0), "{game}, {cmd}: {}", run.stderr);
            let report: serde_json::Value =
                serde_json::from_str(&run.stdout).expect("the report is JSON");
            assert_eq!(report["losses"], 2, "{game}, {cmd}: {report}");
            assert!(
                run.stderr.contains("more than 5000 lines without uciok")
                    || run.stderr.contains("a line longer than 1048576 bytes"),
                "{game}, {cmd}: {}",
                run.stderr
            );
            assert!(
                run.elapsed < Duration::from_secs(10),
                "{game}, {cmd}: {:?}",
                run.elapsed
            );
            assert!(
                run.peak_kib < 50 * MIB,
                "{game}, {cmd}: {} KiB",
                run.peak_kib
            );
        }
    }
    // A program that exits at once is refused before the match, as one that cannot start
    // (whether its exit or its closed input is seen first depends on the scheduler).
    let out = common::zonal(&["match", "--cmd1", "true", "--engine2", "depth=1"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("exited while uciok was awaited")
            || stderr.contains("does not read its input"),
        "{stderr}"
    );
}

#[test]
fn a_silent_engine_forfeits_on_time_at_the_moves_deadline() {
    // `--movetime 100`: the deadline is 100 ms plus the grace of 5 s.
    let cmd = engine("true");
    let run = run_measured(
        &[
            "match",
            "--cmd1",
            &cmd,
            "--engine2",
            "depth=1",
            "--games",
            "1",
            "--movetime",
            "100",
            "--json",
        ],
        None,
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(report["losses"], 1, "{report}");
    assert!(
        report.to_string().contains("time_forfeit"),
        "{report} {}",
        run.stderr
    );
    assert!(run.elapsed < Duration::from_secs(12), "{:?}", run.elapsed);
}

/// A quarter of the machine's memory in MiB (what `--hash` allows), as zonal computes it.
fn max_hash_mb() -> u64 {
    let text = std::fs::read_to_string("/proc/meminfo").expect("/proc/meminfo");
    let kib: u64 = text
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .expect("MemTotal");
    (kib / 1024 / 4).min(65_536)
}

#[test]
fn hash_above_a_quarter_of_the_memory_is_refused_naming_the_maximum() {
    let max = max_hash_mb();
    let too_large = (max + 1).to_string();
    for args in [
        vec!["search", "startpos", "--hash", &too_large, "--depth", "1"],
        vec!["analyse", "startpos", "--hash", &too_large, "--depth", "1"],
    ] {
        let out = common::zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("at most {max} MiB")),
            "{args:?}: {err}"
        );
    }
    let spec = format!("depth=1,hash={too_large}");
    let out = common::zonal(&["match", "--engine1", &spec, "--engine2", "depth=1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("MiB 0-{max}")), "{err}");
    let out = common::zonal_with_input(
        &["engine"],
        Some(format!("setoption name Hash value {too_large}\nquit\n").as_bytes()),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("at most {max} MiB")), "{text}");
}

#[test]
fn a_large_table_costs_only_what_the_search_writes() {
    // Before issue 29 the table was written whole at creation (2048 MiB: 1.55 GB for 26
    // nodes), and transparent huge pages made each write cost 2 MiB.
    let hash = max_hash_mb().min(4096).to_string();
    let run = run_measured(
        &["search", "startpos", "--hash", &hash, "--depth", "5"],
        None,
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.peak_kib < 100 * MIB, "{} KiB", run.peak_kib);
    // A match of 64 jobs, each player's 64 copies sharing its 64 MiB (before: 64 MiB each,
    // 8 GiB in all).
    let run = run_measured(
        &[
            "match",
            "--engine1",
            "depth=2,hash=64",
            "--engine2",
            "depth=2,hash=64",
            "--jobs",
            "64",
            "--games",
            "64",
            "--max-plies",
            "20",
        ],
        None,
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.peak_kib < 200 * MIB, "{} KiB", run.peak_kib);
}

/// The stderr of a failed run, checked to be a bad-input exit (2).
fn refusal(args: &[&str]) -> String {
    let out = common::zonal(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn messages_name_numbers_whole_and_right() {
    // chess-t1's move number 0 is too small, not too large.
    let err = refusal(&["moves", "8/8/8/8/8/8/8/4K2k w - 0 0"]);
    assert!(
        err.contains("too small (the first move is number 1)"),
        "{err}"
    );
    let twenty = "12345678901234567890";
    let err = refusal(&["moves", &format!("8/8/8/8/8/8/8/4K2k w - 0 {twenty}")]);
    assert!(err.contains(&format!("\"{twenty}\" is too large")), "{err}");
    // Jungle and Прорыв name a 20-digit number whole.
    let jungle = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0";
    let err = refusal(&["--game", "jungle", "moves", &format!("{jungle} {twenty}")]);
    assert!(err.contains(&format!("{twenty} is too large")), "{err}");
    // Hnefatafl: a square named whole; the largest quiet counter read, one more too large.
    let err = refusal(&["--game", "hnefatafl", "play", "startpos", "k99999"]);
    assert!(err.contains("k99999 is off the 11x11 board"), "{err}");
    let out = common::zonal(&[
        "--game",
        "hnefatafl",
        "moves",
        "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a seed 4294967295 1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = refusal(&[
        "--game",
        "hnefatafl",
        "moves",
        "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a seed 4294967296 1",
    ]);
    assert!(
        err.contains("4294967296 is too large (at most 4294967295)"),
        "{err}"
    );
}

#[test]
fn input_is_not_echoed_raw_or_whole() {
    // A 100 kB game name is cut in the message.
    let name = "x".repeat(100_000);
    let err = refusal(&["--game", &name, "moves", "startpos"]);
    assert!(err.len() < 1_000, "{} bytes", err.len());
    assert!(err.contains("xxx..."), "{err}");
    // A NUL and an escape in an id are printed escaped.
    let start = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/positions/start.t1"))
        .expect("positions/start.t1");
    let line = start
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a position");
    let position = line.split(" id ").next().expect("the position");
    let path = std::env::temp_dir().join(format!("zonal-id-{}.t1", std::process::id()));
    std::fs::write(&path, format!("{position} id \"a\u{0}b\u{1b}c\";\n")).expect("write");
    let out = common::zonal(&["analyse", path.to_str().unwrap_or(""), "--depth", "1"]);
    std::fs::remove_file(&path).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.contains(&0) && !out.stdout.contains(&0x1b));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("== a\\0b\\u{1b}c"), "{text}");
}

#[test]
fn match_works_outside_the_repository() {
    let dir = std::env::temp_dir();
    for game in ["chess-t1", "proryv"] {
        let run = run_measured(
            &[
                "--game",
                game,
                "match",
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--games",
                "2",
                "--max-plies",
                "6",
            ],
            Some(&dir),
            Duration::from_secs(60),
        );
        assert_eq!(run.code, Some(0), "{game}: {}", run.stderr);
    }
}
