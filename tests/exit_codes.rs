//! README's exit code table, checked for every command of `zonal --help` (issue 29): each
//! command ends with 0 when done (also when the reader of stdout goes away), 1 when its output
//! cannot be written (`>/dev/full`), 2 on bad input; `--help` and `--version` too.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The exit codes README's table lists, in order.
fn readme_codes() -> Vec<i32> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let table: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| exit code | meaning |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    table
        .iter()
        .filter_map(|l| l.split('|').nth(1)?.trim().parse().ok())
        .collect()
}

/// The subcommands `zonal --help` lists.
fn commands() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_zonal"))
        .arg("--help")
        .output()
        .expect("zonal --help");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Runs zonal with `args` in the repository, `input` on stdin, stdout to `/dev/full` when
/// `full`; the exit code (`None`: killed after 60 s).
fn code(args: &[&str], input: &str, full: bool) -> Option<i32> {
    let stdout = if full {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        )
    } else {
        Stdio::null()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("run zonal");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let began = Instant::now();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// For each command: a run that succeeds (with what it reads on stdin), and one with bad input.
const CASES: &[(&str, &[&str], &str, &[&str])] = &[
    ("games", &["games"], "", &["games", "extra"]),
    ("moves", &["moves", "startpos"], "", &["moves", "k9"]),
    ("force", &["force", "startpos"], "", &["force", "k9"]),
    (
        "play",
        &["play", "startpos", "a2a3"],
        "",
        &["play", "startpos", "a2a9"],
    ),
    (
        "distance",
        &["distance", "startpos", "--from", "b1"],
        "",
        &["distance", "startpos", "--from", "k99999"],
    ),
    (
        "trajectories",
        &["trajectories", "startpos", "--from", "b1", "--to", "c3"],
        "",
        &["trajectories", "startpos", "--from", "b1", "--to", "z0"],
    ),
    (
        "zones",
        &["zones", "startpos"],
        "",
        &["zones", "startpos", "--horizon", "99"],
    ),
    (
        "exchange",
        &["exchange", "startpos", "e4"],
        "",
        &["exchange", "startpos", "e99"],
    ),
    (
        "analyse",
        &["analyse", "startpos", "--depth", "1"],
        "",
        &["analyse", "startpos", "--depth", "x"],
    ),
    (
        "search",
        &["search", "startpos", "--depth", "1"],
        "",
        &["search", "8/8/8/8/8/8/8/4K2k w - 0 0"],
    ),
    (
        "render",
        &["render", "startpos"],
        "",
        &["render", "startpos", "--zone", "x"],
    ),
    ("bench", &["bench", "--quick"], "", &["bench", "--nope"]),
    ("perft", &["perft", "1"], "", &["perft", "-1"]),
    ("engine", &["engine"], "uci\nquit\n", &["engine", "--nope"]),
    (
        "match",
        &[
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
        "",
        &[
            "match",
            "--engine1",
            "depth=1,hash=99999999",
            "--engine2",
            "depth=1",
        ],
    ),
    (
        "datagen",
        &[
            "--game",
            "jungle",
            "datagen",
            "--out",
            "target/exit-codes-datagen.data",
            "--games",
            "1",
            "--nodes",
            "50",
            "--max-plies",
            "4",
        ],
        "",
        &[
            "--game",
            "jungle",
            "datagen",
            "--out",
            "target/x.data",
            "--nodes",
            "x",
        ],
    ),
    (
        "fit",
        &[
            "--game",
            "jungle",
            "fit",
            "tests/data/learn/jungle.data",
            "--bootstrap",
            "0",
            "--epochs",
            "5",
        ],
        "",
        &["--game", "jungle", "fit", "tests/data/learn/no-such.data"],
    ),
    (
        "review",
        &[
            "--game", "jungle", "review", "startpos", "a3a4", "--depth", "1",
        ],
        "",
        &[
            "--game", "jungle", "review", "startpos", "a3a4", "--format", "pdf",
        ],
    ),
    ("serve", &[], "", &["serve", "--port", "65536"]),
    ("help", &["help"], "", &["help", "no-such-command"]),
];

#[test]
fn every_command_keeps_to_the_exit_code_table() {
    assert_eq!(readme_codes(), [0, 1, 2], "README's exit code table");
    let listed = commands();
    let cased: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    assert_eq!(
        listed, cased,
        "a command of `zonal --help` without a case here"
    );
    for (name, good, input, bad) in CASES {
        if !good.is_empty() {
            assert_eq!(code(good, input, false), Some(0), "{name}: {good:?}");
            assert_eq!(
                code(good, input, true),
                Some(1),
                "{name} >/dev/full: {good:?}"
            );
        }
        assert_eq!(code(bad, "", false), Some(2), "{name}: {bad:?}");
    }
    // serve: its address cannot be written.
    assert_eq!(
        code(&["serve", "--port", "0"], "", true),
        Some(1),
        "serve >/dev/full"
    );
    for flag in ["--help", "--version"] {
        assert_eq!(code(&[flag], "", false), Some(0), "{flag}");
        assert_eq!(code(&[flag], "", true), Some(1), "{flag} >/dev/full");
    }
}
