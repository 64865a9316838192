//! The one engine against the plain reference (`zonal_core::search_without_table`: plain
//! alpha-beta, no table) on random positions of Прорыв, Hnefatafl and Jungle: the techniques that
//! only change the order of the moves or the windows (staged generation, history and killer
//! ordering, the table of exact depth, aspiration windows and principal-variation search at the
//! root) must give the same score at a fixed depth; the full engine must keep the limits and
//! prove the game ends the reference proves.

use zonal_core::rng::Rng;
use zonal_core::{
    Control, Engine, FullWidth, Limits, Rules, SearchResult, Techniques, WIN_BOUND,
    search_without_table,
};

/// The engine with every technique that keeps scores as they are: ordering, staging, the
/// table (searched to exactly the depth needed) and aspiration windows with one exact root move;
/// no pruning, no extensions, an unbounded quiescence (as the reference's).
const ORDER_ONLY: Techniques = Techniques {
    multipv: 1,
    aspiration: true,
    table_mb: 4,
    table_deeper: false,
    history: true,
    null_move: false,
    reductions: false,
    schedule: zonal_core::Schedule::Log,
    late_move_pruning: false,
    extensions: false,
    staged: true,
    quiescence_depth: None,
    quiescence_wide: None,
    delta_margin: None,
    danger_plies: Some(2),
    contempt: 0,
    zone_style: zonal_core::ZoneStyle::Cut,
    whole_movetime: false,
};

fn run<R: Rules>(
    techniques: Techniques,
    rules: &R,
    pos: &R::Position,
    d: u32,
) -> SearchResult<R::Move> {
    Engine::new(techniques).search(
        rules,
        &FullWidth,
        pos,
        &[],
        &Limits::depth(d),
        &Control::default(),
    )
}

/// Random positions of a game: `count` of them, reached by random moves from `start`.
fn positions<R: Rules>(rules: &R, start: R::Position, count: usize, seed: u64) -> Vec<R::Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut pos = start;
        let plies = 4 + rng.below(40);
        for _ in 0..plies {
            rules.moves(&pos, &mut moves);
            if moves.is_empty() || rules.terminal(&pos).is_some() {
                break;
            }
            pos = rules.play(&pos, moves[rng.below(moves.len())]);
        }
        if rules.terminal(&pos).is_none() {
            out.push(pos);
        }
    }
    out
}

/// The same score as the reference on every position, at depths 1 to `max_depth`.
fn order_keeps_scores<R: Rules>(rules: &R, all: &[R::Position], max_depth: u32) {
    for (i, pos) in all.iter().enumerate() {
        for d in 1..=max_depth {
            let plain = search_without_table(rules, pos, &[], &Limits::depth(d));
            let engine = run(ORDER_ONLY, rules, pos, d);
            assert_eq!(
                engine.score, plain.score,
                "position {i}, depth {d}: engine {engine:?} reference {plain:?}"
            );
            assert_eq!(engine.depth, d);
        }
    }
}

/// The full engine: it keeps a node limit, and where the reference proves a game end at depth
/// `d`, the engine at the same depth proves one for the same side.
fn engine_proves_what_the_reference_proves<R: Rules>(rules: &R, all: &[R::Position], d: u32) {
    let mut proven = 0;
    for (i, pos) in all.iter().enumerate() {
        let plain = search_without_table(rules, pos, &[], &Limits::depth(d));
        let engine = run(Techniques::ENGINE, rules, pos, d);
        if plain.score > WIN_BOUND {
            proven += 1;
            assert!(
                engine.score > WIN_BOUND,
                "position {i}: {engine:?} vs {plain:?}"
            );
        }
        let limited = Engine::new(Techniques::ENGINE).search(
            rules,
            &FullWidth,
            pos,
            &[],
            &Limits {
                nodes: Some(5_000),
                ..Limits::default()
            },
            &Control::default(),
        );
        assert!(limited.best.is_some());
        // The node limit is read at every node; the quiescence below the last one may add a
        // few.
        assert!(
            limited.nodes < 5_000 + 2_000,
            "position {i}: {} nodes",
            limited.nodes
        );
    }
    println!("{proven} proven wins");
}

#[test]
fn hnefatafl_engine_against_the_reference() {
    use zonal_hnefatafl::play::Hnefatafl;
    use zonal_hnefatafl::{Position, Ruleset};
    for rules in [Ruleset::COPENHAGEN, Ruleset::SEED_9] {
        let game = Hnefatafl::new(rules);
        let all = positions(&game, Position::start(rules), 12, 7);
        order_keeps_scores(&game, &all, 3);
        engine_proves_what_the_reference_proves(&game, &all, 3);
    }
}

#[test]
fn jungle_engine_against_the_reference() {
    use zonal_jungle::{Jungle, Position};
    let game = Jungle::default();
    let all = positions(&game, Position::startpos(), 16, 11);
    order_keeps_scores(&game, &all, 4);
    engine_proves_what_the_reference_proves(&game, &all, 4);
}

#[test]
fn proryv_engine_against_the_reference() {
    use zonal_proryv::Position;
    use zonal_proryv::play::Proryv;
    let game = Proryv::default();
    let all = positions(&game, Position::startpos(), 16, 13);
    order_keeps_scores(&game, &all, 3);
    engine_proves_what_the_reference_proves(&game, &all, 4);
}

#[test]
fn chess_t1_engine_against_the_reference() {
    use chess_t1::Position;
    use chess_t1::search::hooks::{Node, SearchRules};
    let game = SearchRules::default();
    let start = Node::new(&Position::startpos());
    let all = positions(&game, start, 12, 17);
    order_keeps_scores(&game, &all, 3);
    engine_proves_what_the_reference_proves(&game, &all, 3);
}

/// chess-t1's search node carries its force map down the tree: along random games it equals
/// the node built from scratch, its tactical moves are legal moves, a blocked side has no move,
/// and move codes tell a position's moves apart.
#[test]
fn chess_t1_nodes_equal_a_rebuild() {
    use chess_t1::Position;
    use chess_t1::search::hooks::{Node, SearchRules};
    let game = SearchRules::default();
    let mut rng = Rng::new(23);
    let mut moves = Vec::new();
    let mut tactical = Vec::new();
    let mut positions = 0;
    for _ in 0..24 {
        let mut node = Node::new(&Position::startpos());
        for _ in 0..120 {
            let fresh = Node::new(&node.pos);
            assert_eq!(format!("{node:?}"), format!("{fresh:?}"), "{}", node.pos);
            game.moves(&node, &mut moves);
            game.tactical_moves(&node, &mut tactical);
            assert_eq!(moves, node.pos.generate_moves(), "{}", node.pos);
            assert!(tactical.iter().all(|m| moves.contains(m)), "{}", node.pos);
            if node.pos.decided().is_none() {
                assert_eq!(game.blocked(&node), moves.is_empty(), "{}", node.pos);
            }
            let mut codes: Vec<u32> = moves.iter().map(|&m| game.move_code(&node, m)).collect();
            assert!(codes.iter().all(|&c| c != 0 && c < 1 << 24));
            codes.sort_unstable();
            codes.dedup();
            assert_eq!(codes.len(), moves.len(), "{}", node.pos);
            positions += 1;
            if moves.is_empty() || game.terminal(&node).is_some() {
                break;
            }
            node = game.play(&node, moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 1_000, "{positions}");
}
