//! `zonal datagen` and `zonal fit` from the command line: self-play data that resumes, people's
//! games, a fit that writes every feature, and the errors.

use crate::common;

use common::zonal;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zonal-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The `# end` lines of a data file, as (game, result).
fn ends(text: &str) -> Vec<(u64, String)> {
    let mut out: Vec<(u64, String)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# end "))
        .map(|l| {
            let (g, r) = l.split_once(' ').unwrap();
            (g.parse().unwrap(), r.to_string())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn datagen_resumes_after_the_games_it_closed() {
    for game in ["jungle", "hnefatafl", "proryv"] {
        let path = temp(&format!("{game}.data"));
        let _ = std::fs::remove_file(&path);
        let p = path.to_str().unwrap();
        let run = |games: &str| {
            let out = zonal(&[
                "--game",
                game,
                "datagen",
                "--out",
                p,
                "--games",
                games,
                "--nodes",
                "300",
                "--jobs",
                "2",
                "--max-plies",
                "60",
            ]);
            assert!(out.status.success(), "{game}: {}", stderr(&out));
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        run("2");
        let first = std::fs::read_to_string(&path).unwrap();
        assert_eq!(ends(&first).iter().map(|e| e.0).collect::<Vec<_>>(), [0, 1]);
        // A run cut off in the middle of a game's lines: they are dropped and the game played
        // again.
        std::fs::write(&path, format!("{first}W 1 2 half a li")).unwrap();
        let said = run("3");
        assert!(
            said.contains("1 games (2 were in the file)"),
            "{game}: {said}"
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(&first), "{game}");
        assert!(!text.contains("half a li"), "{game}");
        assert_eq!(ends(&text).len(), 3, "{game}");
        // Every sample line reads, is of a game the file closed and carries its result.
        let closed = ends(&text);
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let words: Vec<&str> = line.splitn(4, ' ').collect();
            let g: u64 = words[2].parse().unwrap();
            let result = &closed.iter().find(|e| e.0 == g).unwrap().1;
            assert_eq!(words[0], result, "{game}: {line}");
            assert!(words[1].parse::<i32>().is_ok(), "{game}: {line}");
        }
        // The same seed plays the same games.
        let again = temp(&format!("{game}-again.data"));
        let _ = std::fs::remove_file(&again);
        let out = zonal(&[
            "--game",
            game,
            "datagen",
            "--out",
            again.to_str().unwrap(),
            "--games",
            "2",
            "--nodes",
            "300",
            "--jobs",
            "1",
            "--max-plies",
            "60",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let again = std::fs::read_to_string(&again).unwrap();
        let games_of = |t: &str, n: u64| -> Vec<String> {
            t.lines()
                .filter(|l| !l.starts_with('#') && l.split(' ').nth(2) == Some(&n.to_string()))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(games_of(&again, 1), games_of(&first, 1), "{game}");
    }
}

#[test]
fn fit_writes_every_feature_and_lowers_the_loss() {
    let data = temp("fit.data");
    let _ = std::fs::remove_file(&data);
    let out = zonal(&[
        "--game",
        "jungle",
        "datagen",
        "--out",
        data.to_str().unwrap(),
        "--games",
        "30",
        "--nodes",
        "400",
        "--jobs",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let weights = temp("fit.txt");
    let out = zonal(&[
        "--game",
        "jungle",
        "fit",
        data.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
        "--epochs",
        "200",
        "--bootstrap",
        "2",
        "--holdout",
        "5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&weights).unwrap();
    let names = zonal_jungle::eval::FEATURES;
    let fitted = zonal_core::linear::read_weights(&text, &names).unwrap();
    assert_eq!(fitted.len(), names.len());
    // The training loss falls from the hand-set table's.
    training_loss_falls(&out, "held-out loss");
    // A network beside those weights: the weights kept, four units, the training loss lower
    // than the linear weights'; and it plays (`eval=FILE`).
    let net = temp("fit-net.txt");
    let out = zonal(&[
        "--game",
        "jungle",
        "fit",
        data.to_str().unwrap(),
        "--hidden",
        "4",
        "--start",
        weights.to_str().unwrap(),
        "--epochs",
        "300",
        "--holdout",
        "5",
        "--out",
        net.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let net_text = std::fs::read_to_string(&net).unwrap();
    assert_eq!(
        zonal_core::linear::read_weights(&net_text, &names).unwrap(),
        fitted
    );
    let hidden = zonal_core::linear::Hidden::parse(&net_text, names.len())
        .unwrap()
        .unwrap();
    assert_eq!(hidden.units.len(), 4);
    training_loss_falls(&out, "held-out loss: linear");
    let spec = format!("eval={}", net.to_str().unwrap());
    let out = zonal(&[
        "--game",
        "jungle",
        "match",
        "--engine1",
        &spec,
        "--engine2",
        "eval=fitted",
        "--games",
        "2",
        "--nodes",
        "300",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A network is fitted beside a linear fit only.
    let fit_net = [
        "--game",
        "jungle",
        "fit",
        data.to_str().unwrap(),
        "--hidden",
        "2",
    ];
    let start = ["--start", net.to_str().unwrap()];
    refused(&[&fit_net[..], &start].concat(), "it has a network already");
    refused(&fit_net, "--hidden needs --start");
}

/// The report's line starting with `start` gives the held-out and the training loss, each
/// before and after: the training loss fell.
fn training_loss_falls(out: &std::process::Output, start: &str) {
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = report.lines().find(|l| l.starts_with(start)).unwrap();
    let numbers: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 4, "{line}");
    assert!(
        numbers[3] < numbers[2],
        "training loss did not fall: {line}"
    );
}

/// Runs `args`, which must fail as bad input (exit code 2) with `needle` in the message.
fn refused(args: &[&str], needle: &str) {
    let out = zonal(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
}

#[test]
fn learning_errors_name_what_is_wrong() {
    let bad = temp("bad.data");
    std::fs::write(&bad, "W 10 0 startpos\nX 1 1 startpos\n").unwrap();
    let bad = bad.to_str().unwrap();
    refused(
        &["--game", "jungle", "fit", bad],
        "bad.data:2:1: result \"X\"",
    );
    // datagen resumes a file only if every line of it reads.
    refused(&["datagen", "--out", bad], "bad.data:2:1: result \"X\"");
    let fresh = temp("starts.data");
    let fresh = fresh.to_str().unwrap();
    let datagen = ["--game", "hnefatafl", "datagen", "--out", fresh];
    refused(
        &[&datagen[..], &["--starts", "copenhagen,nowhere"]].concat(),
        "unknown start \"nowhere\"",
    );
    refused(
        &[&datagen[..], &["--player", "eval=sideways"]].concat(),
        "not fitted, hand or a readable weights file",
    );
    refused(
        &["--game", "hnefatafl", "fit", bad, "--only", "attacker,pace"],
        "bad.data:2:1",
    );
    let empty = temp("empty.data");
    std::fs::write(&empty, "# nothing yet\n").unwrap();
    refused(
        &["--game", "jungle", "fit", empty.to_str().unwrap()],
        "no positions in the data",
    );
    let foreign = temp("foreign.data");
    std::fs::write(&foreign, "W 1 7 not a jungle position\n# end 7 W\n").unwrap();
    refused(
        &["--game", "jungle", "fit", foreign.to_str().unwrap()],
        "foreign.data: a position of game 7: Jungle: position string",
    );
    refused(
        &[
            "--game",
            "jungle",
            "datagen",
            "--records",
            bad,
            "--out",
            fresh,
        ],
        "no record reader",
    );
}

#[test]
fn people_games_become_samples_with_their_results() {
    let csv = temp("games.csv");
    // Two short records of the copenhagen.csv format: the defenders win one, the attackers
    // the other; an unfinished one is left out.
    std::fs::write(
        &csv,
        "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,White\nh1-h3 f8-i8 f10-i10 d6-d3,0,0,Black\n\
         d1-d3 e5-e2,1,0,Ongoing\n",
    )
    .unwrap();
    let out_path = temp("people.data");
    let _ = std::fs::remove_file(&out_path);
    let out = zonal(&[
        "--game",
        "hnefatafl",
        "datagen",
        "--records",
        csv.to_str().unwrap(),
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&out_path).unwrap();
    let closed = ends(&text);
    assert_eq!(closed, [(0, "W".to_string()), (1, "B".to_string())]);
    // A position before each move (the start included) that is quiet, no score, the record's
    // result: two positions of the first record offer a capture and are left out.
    let samples: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(samples.len(), 3 + 4, "{text}");
    for line in samples {
        let words: Vec<&str> = line.splitn(4, ' ').collect();
        assert_eq!(words[1], "-", "{line}");
        assert_eq!(words[0], if words[2] == "0" { "W" } else { "B" }, "{line}");
    }
}
