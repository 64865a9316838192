//! The tactics suite `positions/tactics.t1`: every `bm` is confirmed by the full-width search at
//! depth 4 (the depth the file's header states), in two ways:
//!
//! - **exactly**: every legal move is played and the child searched with its own full window at
//!   depth 3 (Mode::Full), so every root move gets an exact score; `bm` must be exactly the set
//!   of moves with the best score, no `am` move may have it, and the scores quoted in `c0`
//!   ("best score X, next best Y") must be these;
//! - **through [`chess_t1::search::baseline::search`]** in Mode::Full at depth 4, as a user gets it: its score
//!   is the best score, its first root move (its `best`) is in `bm` and not in `am`, and every
//!   `bm` move has the best score in its root list.
//!
//! Depth 4 takes a few seconds in release for the whole suite, so there is no reduced-depth
//! variant.

use chess_t1::posfile::{self, Record};
use chess_t1::search::baseline::{BaselineConfig as SearchConfig, search};
use chess_t1::search::{Mode, PROVEN};
use chess_t1::{Move, Position};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

/// The depth every `bm` of the file is confirmed at.
const DEPTH: u32 = 4;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/tactics.t1");

fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        posfile::read_file(Path::new(FILE)).unwrap_or_else(|e| panic!("positions/tactics.t1: {e}"))
    })
}

fn full(depth: u32) -> SearchConfig {
    SearchConfig {
        depth,
        mode: Mode::Full,
        ..SearchConfig::default()
    }
}

/// A child's score seen from its parent: proven game ends are one half-move further away.
fn from_parent(child_score: i32) -> i32 {
    let score = -child_score;
    if score >= PROVEN {
        score - 1
    } else if score <= -PROVEN {
        score + 1
    } else {
        score
    }
}

/// Every legal move of `pos` with its exact full-width score at `depth`.
fn exact_scores(pos: &Position, depth: u32) -> Vec<(Move, i32)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            (
                mv,
                from_parent(search(&pos.play(&mv), &full(depth - 1)).score),
            )
        })
        .collect()
}

/// For each record, its exact root scores at [`DEPTH`] (computed once for all tests).
fn exact() -> &'static [Vec<(Move, i32)>] {
    static EXACT: OnceLock<Vec<Vec<(Move, i32)>>> = OnceLock::new();
    EXACT.get_or_init(|| {
        records()
            .iter()
            .map(|r| exact_scores(&r.position, DEPTH))
            .collect()
    })
}

fn name(r: &Record) -> String {
    format!("{} (line {})", r.id().unwrap_or("?"), r.line)
}

fn moves_of(r: &Record, opcode: &str) -> BTreeSet<String> {
    r.operands(opcode)
        .map(|ops| ops.iter().cloned().collect())
        .unwrap_or_default()
}

/// The integer after `label` in `text` ("none" gives `None`).
fn number_after(text: &str, label: &str) -> Option<Option<i32>> {
    let rest = &text[text.find(label)? + label.len()..];
    if rest.starts_with("none") {
        return Some(None);
    }
    let end = rest
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
        .map_or(rest.len(), |(i, _)| i);
    rest[..end].parse().ok().map(Some)
}

#[test]
fn the_suite_is_well_formed() {
    let text = std::fs::read_to_string(FILE).expect("read positions/tactics.t1");
    assert!(
        text.contains("DEPTH 4"),
        "the header must state the depth the bm are confirmed at"
    );
    let records = records();
    assert!(records.len() >= 25, "only {} positions", records.len());
    let mut movers = BTreeSet::new();
    for r in records {
        let n = name(r);
        assert!(r.id().is_some(), "{n}: no id");
        let comment = r.comment().unwrap_or_else(|| panic!("{n}: no c0"));
        assert!(
            comment.contains("full-width search at depth 4"),
            "{n}: c0 does not say it was confirmed by full-width search at depth 4"
        );
        assert!(!r.position.status().is_over(), "{n}: the game is over");
        let bm = moves_of(r, "bm");
        assert!(!bm.is_empty(), "{n}: no bm");
        for m in bm.iter().chain(moves_of(r, "am").iter()) {
            let mv = r
                .position
                .parse_uci(m)
                .unwrap_or_else(|e| panic!("{n}: bm/am {m}: {e}"));
            if bm.contains(m) {
                movers.insert(mv.piece);
            }
        }
        assert!(
            moves_of(r, "am").is_disjoint(&bm),
            "{n}: a move is both bm and am"
        );
    }
    // Varied: best moves by at least five kinds of piece, and both sides to move.
    assert!(movers.len() >= 5, "best moves only by {movers:?}");
    let black = records
        .iter()
        .filter(|r| r.position.side_to_move() == chess_t1::Color::Black)
        .count();
    assert!(
        black >= 5 && black + 5 <= records.len(),
        "{black} positions with Black to move"
    );
}

#[test]
fn bm_is_exactly_the_set_of_best_moves_at_depth_4() {
    for (r, scores) in records().iter().zip(exact()) {
        let n = name(r);
        let best = scores.iter().map(|s| s.1).max().expect("legal moves");
        let best_moves: BTreeSet<String> = scores
            .iter()
            .filter(|s| s.1 == best)
            .map(|s| s.0.uci())
            .collect();
        let next = scores.iter().map(|s| s.1).filter(|&s| s < best).max();
        assert_eq!(
            moves_of(r, "bm"),
            best_moves,
            "{n}: bm is not the set of best moves (best score {best})"
        );
        for am in moves_of(r, "am") {
            let score = scores
                .iter()
                .find(|s| s.0.uci() == am)
                .map(|s| s.1)
                .unwrap_or_else(|| panic!("{n}: am {am} is not legal"));
            assert!(score < best, "{n}: am {am} scores the best score {best}");
        }
        let comment = r.comment().unwrap_or_default();
        assert_eq!(
            number_after(comment, "best score "),
            Some(Some(best)),
            "{n}: c0 quotes another best score than {best}"
        );
        assert_eq!(
            number_after(comment, "next best "),
            Some(next),
            "{n}: c0 quotes another next best score than {next:?} ({:?})",
            scores
                .iter()
                .filter(|s| Some(s.1) == next)
                .map(|s| s.0.uci())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn full_width_search_at_depth_4_ranks_a_bm_move_first() {
    let mut failures = Vec::new();
    for (r, scores) in records().iter().zip(exact()) {
        let n = name(r);
        let best = scores.iter().map(|s| s.1).max().expect("legal moves");
        let result = search(&r.position, &full(DEPTH));
        let bm = moves_of(r, "bm");
        let am = moves_of(r, "am");
        let first = result.root.first().expect("root moves");
        assert_eq!(
            result.best,
            Some(first.mv),
            "{n}: best is not the first root move"
        );
        if result.score != best || first.score != best {
            failures.push(format!(
                "{n}: search score {} / first root score {}, exact best {best}",
                result.score, first.score
            ));
        }
        let uci = first.mv.uci();
        if !bm.contains(&uci) || am.contains(&uci) {
            let exact = scores.iter().find(|s| s.0 == first.mv).map(|s| s.1);
            failures.push(format!(
                "{n}: first root move {uci} (root score {}, exact {exact:?}) is not a bm {bm:?} \
                 (or is an am {am:?})",
                first.score
            ));
        }
        for m in &bm {
            let root = result.root.iter().find(|rm| rm.mv.uci() == *m);
            if root.map(|rm| rm.score) != Some(best) {
                failures.push(format!(
                    "{n}: bm {m} has root score {:?}, not the best {best}",
                    root.map(|rm| rm.score)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
