//! Regression tests for the defects of issue 17 ("Hardening"), one test per numbered defect:
//! closed and full outputs, pictures on the board, bounded searches, streamed input with bounded
//! lines, messages and checks, and a clone that explains itself. Each failed before the fix.
//! (Defect 2's picture checks are in `tests/render.rs`, `busy_pictures_stay_on_the_board`;
//! defect 3's node counts in `tests/search.rs`, `crowded_boards_keep_the_quiescence_bounded`.)

use crate::common;

use common::{zonal, zonal_with_input};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const START: &str = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1";
const MG: &str = "r3k2r/2n2n2/1sp2ps1/8/4N3/1SNP1N2/2P2P2/R2CK2R w Pp 0 1";

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file in this test's own temporary folder.
fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hardening");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("write the file");
    path
}

fn no_panic(what: &str, out: &std::process::Output) {
    let err = stderr(out);
    assert!(
        !err.contains("panicked")
            && !err.contains("internal error")
            && out.status.code() != Some(101),
        "{what}: {err}"
    );
}

/// Defect 1: a reader that goes away ends every command quietly (exit 0); a full disk is an
/// error with exit code 1.
#[test]
fn closed_and_full_outputs() {
    let commands: &[&[&str]] = &[
        &["perft", "4", "--divide"],
        &["moves", "startpos"],
        &["moves", "startpos", "--json"],
        &["force", "startpos"],
        &["play", "startpos", "e2e4"],
        &["distance", "startpos", "--from", "b1"],
        &["trajectories", "startpos", "--from", "b1", "--to", "c5"],
        &["zones", MG, "--horizon", "3"],
        &["zones", MG, "--horizon", "3", "--json"],
        &["zones", MG, "--horizon", "3", "--dot"],
        &["exchange", MG, "e4"],
        &["render", MG, "--zones"],
        &["analyse", "positions/tactics.t1", "--nodes", "2000"],
        &["search", "startpos", "--depth", "2"],
        &["bench", "--quick"],
    ];
    for args in commands {
        // The reader takes one line and leaves.
        let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
            .args(*args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run zonal");
        let mut first = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("one line");
        assert!(!first.is_empty(), "{args:?}: some output");
        let out = child.wait_with_output().expect("zonal ran");
        no_panic(&format!("{args:?} | head -1"), &out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));

        if std::path::Path::new("/dev/full").exists() {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full");
            let out = Command::new(env!("CARGO_BIN_EXE_zonal"))
                .args(*args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdout(full)
                .output()
                .expect("run zonal");
            no_panic(&format!("{args:?} > /dev/full"), &out);
            assert_eq!(out.status.code(), Some(1), "{args:?} > /dev/full");
            assert!(stderr(&out).contains("No space left"), "{}", stderr(&out));
        }
    }
}

/// Defect 3: a search stopped by its limits before every root move was searched does not
/// report the unsearched ones as lost.
#[test]
fn limited_analyses_report_no_false_losses() {
    let crowded =
        "rspckpsr/nnnnnnnn/rrrrrrrr/ssssssss/SSSSSSSS/RRRRRRRR/NNNNNNNN/RSPCKPSR w Pp 0 1";
    let started = Instant::now();
    let out = zonal(&["analyse", crowded, "--nodes", "3000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("loses by force"), "{text}");
    assert!(text.contains("Recommended:"), "{text}");
    // The defaults bound any analysis to seconds (8 minutes before).
    let out = zonal(&["analyse", crowded]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(60));
}

/// Defect 4: input is read line by line with a bounded line: endless input fails fast, a file is
/// read only as far as the record chosen, and a batch prints what it analysed before a bad line.
#[test]
fn input_is_streamed_and_bounded() {
    if std::path::Path::new("/dev/zero").exists() {
        let started = Instant::now();
        let out = zonal(&["moves", "/dev/zero"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("longer than"), "{}", stderr(&out));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
    // A good first record, then 8 MB of garbage: the first record alone is read.
    let mut text = format!("{START} id \"first\";\n{START} id \"second\";\n");
    text.push_str(&"garbage ".repeat(1_000_000));
    let path = temp_file("big.t1", &text);
    let path = path.to_str().expect("utf-8 path");
    for selector in [&[][..], &["--id", "second"], &["--index", "2"]] {
        let mut args = vec!["moves", path];
        args.extend_from_slice(selector);
        let out = zonal(&args);
        assert!(out.status.success(), "{selector:?}: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 23);
    }
    // 20 records and a bad line: 20 analyses printed, then the error naming line 21.
    let mut text = String::new();
    for i in 0..20 {
        text.push_str(&format!("{START} id \"p{i}\";\n"));
    }
    text.push_str("not a position\n");
    let path = temp_file("batch.t1", &text);
    let path = path.to_str().expect("utf-8 path");
    let out = zonal(&["analyse", path, "--nodes", "300", "--horizon", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(printed.matches("Position: ").count(), 20, "{printed}");
    assert!(stderr(&out).contains(":21:1:"), "{}", stderr(&out));
}

/// Defect 5: messages and checks.
#[test]
fn messages_and_checks() {
    // An unknown id in a file of 1,000 lists a few ids, not all of them.
    let mut text = String::new();
    for i in 0..1000 {
        text.push_str(&format!("{START} id \"position-{i}\";\n"));
    }
    let path = temp_file("ids.t1", &text);
    let path = path.to_str().expect("utf-8 path");
    let out = zonal(&["moves", path, "--id", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.len() < 600 && err.contains("and 990 more"), "{err}");

    // `--top 0` is refused as such.
    let out = zonal(&["analyse", "startpos", "--top", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("game is over"), "{}", stderr(&out));

    // Operands of position files are checked, with file:line:column.
    for (ops, what) in [
        ("bm zzzz;", "zzzz"),
        ("bm e2e5;", "e2e5: illegal"),
        ("bm ;", "needs at least one move"),
        ("id \"\";", "non-empty"),
    ] {
        let path = temp_file("ops.t1", &format!("{START} {ops}\n"));
        let out = zonal(&["moves", path.to_str().expect("utf-8 path")]);
        assert_eq!(out.status.code(), Some(2), "{ops}");
        let err = stderr(&out);
        assert!(
            err.contains("ops.t1:1:") && err.contains(what),
            "{ops}: {err}"
        );
    }
    let path = temp_file("dup.t1", &format!("{START} id \"a\";\n{START} id \"a\";\n"));
    let out = zonal(&["moves", path.to_str().expect("utf-8 path"), "--index", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("dup.t1:2:") && stderr(&out).contains("duplicate id"));

    // Counters too large are called so; long input is quoted as a short excerpt.
    let out = zonal(&[
        "moves",
        &format!("8/8/8/8/8/8/8/4K2k w - 0 {}", "9".repeat(40)),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("too large"), "{}", stderr(&out));
    let long = "r".repeat(100_000);
    let long_move = "e2e4".repeat(10_000);
    let long_book = "1. e2-e4 ".repeat(10_000);
    for args in [
        vec!["moves", long.as_str()],
        vec!["play", "startpos", long_move.as_str()],
        vec!["zones", "startpos", "--after", long_move.as_str()],
        vec!["play", "startpos", "--book", long_book.as_str()],
        vec!["render", "startpos", "--highlight", long_move.as_str()],
        vec!["exchange", "startpos", "e4", "--material", long.as_str()],
    ] {
        let out = zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{}", &args[0]);
        assert!(
            stderr(&out).len() < 1_000,
            "{}: {} bytes",
            args[0],
            out.stderr.len()
        );
    }

    // `--svg` onto a file; ids that name one picture twice.
    let file = temp_file("not-a-folder", "");
    let out = zonal(&[
        "analyse",
        "startpos",
        "--nodes",
        "100",
        "--svg",
        file.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a folder"), "{}", stderr(&out));
    let path = temp_file(
        "ab.t1",
        &format!("{START} id \"a/b\";\n{START} id \"a_b\";\n"),
    );
    let dir = path.with_file_name("ab-pictures");
    let _ = std::fs::remove_dir_all(&dir);
    let out = zonal(&[
        "analyse",
        path.to_str().expect("utf-8 path"),
        "--nodes",
        "100",
        "--horizon",
        "1",
        "--svg",
        dir.to_str().expect("utf-8 path"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(&dir).expect("the folder").count(), 2);

    // A finished game: `moves` says so, and the JSON carries the status.
    let over = "4k3/8/8/8/8/8/8/8 w - 0 1";
    let out = zonal(&["moves", over]);
    assert!(out.status.success());
    assert!(
        stderr(&out).contains("the game is over"),
        "{}",
        stderr(&out)
    );
    let out = zonal(&["moves", over, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let status = json["status"].as_str().expect("a status");
    assert!(status.starts_with("black_wins"), "{status}");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(0));

    // Option names in messages.
    let out = zonal(&["analyse", "startpos", "--material", "N=abc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: --material:"),
        "{}",
        stderr(&out)
    );
    let out = zonal(&["exchange", "startpos", "z9"]);
    assert!(stderr(&out).contains("<SQUARE>"), "{}", stderr(&out));

    // The engine protocol takes a long line without echoing it whole.
    let input = format!("position fen {}\nisready\nquit\n", "x".repeat(100_000));
    let out = zonal_with_input(&["engine"], Some(input.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.len() + out.stderr.len() < 2_000);
}

/// Defect 6: the README, the help texts and the messages point at files a clone has.
#[test]
fn a_clone_explains_itself() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let mut texts = vec![("README.md".to_string(), readme.clone())];
    for command in [
        "",
        "moves",
        "force",
        "play",
        "perft",
        "distance",
        "trajectories",
        "zones",
        "exchange",
        "analyse",
        "search",
        "render",
        "bench",
        "engine",
        "match",
    ] {
        let args: Vec<&str> = if command.is_empty() {
            vec!["--help"]
        } else {
            vec![command, "--help"]
        };
        let out = zonal(&args);
        assert!(out.status.success(), "{command} --help");
        texts.push((
            format!("zonal {command} --help"),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        ));
    }
    for (name, text) in &texts {
        assert!(
            !text.contains("shared/spec") && !text.contains("../shared"),
            "{name}"
        );
        assert!(!text.contains("spec §"), "{name}");
    }
    // Every docs/ file the README links to is in the clone.
    let mut linked = 0;
    for part in readme.split("](docs/").skip(1) {
        let file = part.split([')', '#']).next().expect("a path");
        assert!(root.join("docs").join(file).exists(), "docs/{file}");
        linked += 1;
    }
    assert!(linked >= 6, "the README links the docs");
    // The board diagram has its key; an outcome its sign.
    let out = zonal(&["analyse", MG, "--nodes", "2000"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("':' empty castle square"), "{text}");
    assert!(
        text.contains("outcome: units the root's side (+) gains"),
        "{text}"
    );
    // DOT labels are words, not the JSON's snake_case names.
    let out = zonal(&["zones", MG, "--dot"]);
    let dot = String::from_utf8_lossy(&out.stdout);
    assert!(dot.contains("attack on a piece") && dot.contains("label=\"root of\""));
    for raw in [
        "attack_piece",
        "root_of",
        "attached_alpha",
        "attached_beta",
        "linked_to",
    ] {
        assert!(!dot.contains(raw), "{raw} in the DOT output");
    }
    // A trajectory of one move is "1 move".
    let out = zonal(&["trajectories", "startpos", "--from", "b1", "--to", "c3"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("shortest: 1 move, 1 trajectory"));
}
