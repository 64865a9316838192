//! chess-t1 on the core's search (`chess_t1::search::core_search`), checked two ways: its
//! transposition table (keyed by the position's repetition key) changes no score, and where the
//! core's search proves a game end on the tactics suite, the engine, with its pruning off, proves
//! the same one at the same depth.

use chess_t1::eval::Evaluation;
use chess_t1::search::core_search::{self, CoreSearch};
use chess_t1::search::{CP_PROVEN, Engine, EngineConfig, Limits, Mode};
use chess_t1::{Position, posfile, sample};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use zonal_core::Limits as CoreLimits;

/// Middlegames and thinner positions further on (more captures, game ends near).
fn positions() -> Vec<Position> {
    let mut out = sample::middlegames(10, 21);
    let mut rng = sample::Rng::new(22);
    let start = Position::startpos();
    while out.len() < 24 {
        let pos = sample::playout(&start, 60 + rng.below(60), &mut rng);
        if !pos.status().is_over() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn the_table_changes_no_score() {
    for evaluation in [Evaluation::Material, Evaluation::Full] {
        let rules = CoreSearch {
            evaluation,
            ..CoreSearch::default()
        };
        let limits = CoreLimits {
            depth: Some(3),
            ..CoreLimits::default()
        };
        for pos in positions() {
            let with = zonal_core::search(&rules, &pos, &[], &limits);
            let without = zonal_core::search_without_table(&rules, &pos, &[], &limits);
            assert_eq!(with.score, without.score, "{pos} ({evaluation:?})");
            assert_eq!(with.best.is_some(), without.best.is_some(), "{pos}");
        }
    }
}

#[test]
fn proven_game_ends_agree_with_the_engine() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/tactics.t1");
    let records = posfile::read_file(&path).expect("tactics.t1");
    let plain = EngineConfig {
        mode: Mode::Full,
        null_move: false,
        reductions: false,
        quiescence_pruning: false,
        contempt: 0,
        ..EngineConfig::default()
    };
    let rules = CoreSearch::default();
    let limits = Limits::depth(3);
    let mut proven = 0;
    for record in &records {
        let pos = record.position;
        let engine = Engine::new(plain.clone()).search(&pos, &[], &limits);
        let core = core_search::search(
            &rules,
            &pos,
            &[],
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        // The engine searches every line the core's search does (and more, by its extensions):
        // a game end the core's search proves, the engine proves at the same distance.
        if core.score_cp.abs() >= CP_PROVEN {
            assert_eq!(
                engine.score_cp,
                core.score_cp,
                "{}: {pos}",
                record.id().unwrap_or("-")
            );
            proven += 1;
        }
    }
    assert!(proven >= 5, "only {proven} proven game ends");
}

#[test]
fn a_core_player_is_named_and_read_back() {
    let spec: chess_t1::player::PlayerSpec =
        "engine=core,mode=zones,horizon=3".parse().expect("a spec");
    assert_eq!(spec.kind, chess_t1::player::Kind::Core);
    assert_eq!(
        spec.to_string(),
        "engine=core,mode=zones,eval=full,horizon=3"
    );
    let again: chess_t1::player::PlayerSpec = spec.to_string().parse().expect("read back");
    assert_eq!(again.to_string(), spec.to_string());
}
