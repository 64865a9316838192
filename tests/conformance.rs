//! The test kit's conformance checks (`crates/testkit`), one table over the games: random
//! games from every start (position strings read back, every legal move plays from its
//! notation, a game not over has a move), the parsers on broken text, the engine protocol, and
//! the incremental projection against a rebuild.

use zonal_analysis::Zoned;
use zonal_games::chess_t1::ChessT1Game;
use zonal_games::hnefatafl::HnefataflGame;
use zonal_games::jungle::JungleGame;
use zonal_games::proryv::ProryvGame;
use zonal_testkit::fuzz::{Alphabet, fuzz_parsers};
use zonal_testkit::zones::{
    extends_the_pressing_steps, incremental_equals_rebuild, narrowed_never_refuted,
};
use zonal_testkit::{Tally, conformance};

/// Texts no game takes as a position, or only some do; fed to every game's parsers.
const TEXTS: &[&str] = &[
    "",
    " ",
    "startpos",
    "a1a2",
    "e2-e4",
    "R@d4",
    "99999999999999999999/9 w",
    "\u{feff}startpos",
    "\0",
    "//////// w - - 0 1",
    "k/K w",
    "Тура",
];

#[test]
fn every_game_conforms() {
    type Check = fn() -> Result<Tally, String>;
    let games: [(&str, Check); 4] = [
        ("chess-t1", || conformance::<ChessT1Game>(1, 4, 60, TEXTS)),
        ("proryv", || {
            conformance::<Zoned<ProryvGame>>(2, 4, 60, TEXTS)
        }),
        ("hnefatafl", || {
            conformance::<Zoned<HnefataflGame>>(3, 3, 60, TEXTS)
        }),
        ("jungle", || {
            conformance::<Zoned<JungleGame>>(4, 4, 60, TEXTS)
        }),
    ];
    for (name, check) in games {
        let tally = check().unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!("{name}: {tally:?}");
        assert!(
            tally.positions >= 60 && tally.moves > tally.positions,
            "{name}: too little checked: {tally:?}"
        );
    }
}

/// The incremental projection (distance maps carried from each position to the next) equals
/// one built from scratch along random games, in every game on the core's projection; the
/// cache serves (maps are reused, fewer are built than by fresh projections). Jungle's games
/// also reach its special cases: jumps over the water, rats swimming, a rat blocking a jump.
#[test]
fn the_incremental_projection_equals_a_rebuild_in_every_game() {
    let (mut jumps, mut swimming, mut blocks) = (0, 0, 0);
    let mut jungle = |pos: &zonal_jungle::Position, built: &zonal_core::zone::Built| {
        use zonal_jungle::{Animal, Side, geometry::WATER};
        jumps += built
            .zones
            .iter()
            .filter(|z| {
                z.root
                    .windows(2)
                    .any(|w| !matches!(w[0].abs_diff(w[1]), 1 | 7))
            })
            .count();
        swimming += usize::from(
            Side::BOTH
                .iter()
                .any(|&s| pos.pieces(s, Animal::Rat) & WATER != 0),
        );
        blocks += built
            .zones
            .iter()
            .flat_map(|z| &z.negations)
            .filter(|n| zonal_jungle::zones::role_text(pos, n) == "jump block")
            .count();
    };
    let runs = [
        (
            "proryv",
            2000,
            incremental_equals_rebuild::<ProryvGame>(13, 40, 90, &[2, 4, 6], &mut |_, _| {}),
        ),
        (
            "hnefatafl",
            1000,
            incremental_equals_rebuild::<HnefataflGame>(17, 6, 70, &[2, 3, 4], &mut |_, _| {}),
        ),
        (
            "jungle",
            1500,
            incremental_equals_rebuild::<JungleGame>(17, 40, 120, &[3, 4, 5, 6], &mut jungle),
        ),
    ];
    for (name, least, run) in runs {
        let t = run.unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{name}: {t:?}");
        assert!(t.positions > least, "{name}: only {t:?}");
        // Most moves leave most lines alone: maps are taken over, not only built; and across
        // positions the incremental projection builds fewer maps than fresh ones.
        assert!(
            t.reused > t.built / 4 && t.built * 4 < t.fresh_built * 3,
            "{name}: {t:?}"
        );
        if name == "hnefatafl" {
            assert!(t.with_complexes > 300, "{name}: {t:?}");
        }
    }
    assert!(
        jumps > 20 && swimming > 100 && blocks > 0,
        "jungle: {jumps} {swimming} {blocks}"
    );
}

/// The zone-guided search never reports a forced win or loss that the full-width search of
/// the same depth refutes, in every game on the core's projection; enough decided positions
/// are met for the check to mean something.
#[test]
fn the_narrowed_search_is_never_refuted_in_every_game() {
    let runs = [
        (
            "proryv",
            100,
            narrowed_never_refuted::<ProryvGame>(29, 12, 60, 4, 3),
        ),
        (
            "hnefatafl",
            28,
            narrowed_never_refuted::<HnefataflGame>(31, 1, 60, 10, 3),
        ),
        (
            "jungle",
            80,
            narrowed_never_refuted::<JungleGame>(31, 10, 70, 5, 3),
        ),
    ];
    for (name, least, run) in runs {
        let t = run.unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{name}: {t:?}");
        assert!(
            t.positions > least && t.lost + t.won >= 10,
            "{name}: only {t:?}"
        );
    }
}

/// `extend=on` extends exactly the root moves of the pressing steps (an open root trajectory
/// advanced, an urgent negation made), against the projection rebuilt, in every game on the
/// core's projection; enough of them are met for the check to mean something.
#[test]
fn the_extension_takes_the_pressing_steps_in_every_game() {
    let runs = [
        (
            "proryv",
            extends_the_pressing_steps::<ProryvGame>(29, 6, 60, 4),
        ),
        (
            "hnefatafl",
            extends_the_pressing_steps::<HnefataflGame>(31, 1, 60, 10),
        ),
        (
            "jungle",
            extends_the_pressing_steps::<JungleGame>(31, 6, 70, 5),
        ),
    ];
    for (name, run) in runs {
        let (positions, extended) = run.unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{name}: {positions} positions, {extended} moves extended");
        assert!(
            positions > 20 && extended >= 10,
            "{name}: {positions} {extended}"
        );
    }
}

/// The parsers of every game on the core under fuzzing: random text and edits of valid
/// position strings, moves and position-file lines never panic, are refused with a message
/// (naming the file, for position files), and what they accept reads back.
#[test]
fn every_games_parsers_survive_fuzzing() {
    let proryv = Alphabet {
        position: "12345678kKrR/: wb0123456789",
        moves: "abcdefgh12345678R@x",
        file_lines: &[
            "game proryv",
            "# a comment",
            "7k/8/8/8/8/8/8/K7 w 8:8 0 1 id \"a\"; bm R@d4; c0 \"x\";",
            "4k3/8/8/8/8/8/8/3K4 b 2:2 0 5 am e8e7;",
        ],
    };
    let hnefatafl = Alphabet {
        position: "1234567890adk/ seedcopenhagn",
        moves: "abcdefghijkl0123456789-x",
        file_lines: &[
            "game hnefatafl",
            "# a comment",
            "9/9/9/9/9/3a5/9/9/6k2 d seed id \"x\"; bm g1i1;",
            "11/11/11/7k3/11/11/6a4/11/11/3aaa5/2addd5 a copenhagen c0 \"h\";",
        ],
    };
    let jungle = Alphabet {
        position: "1234567ELTPWDCRelptwdcr/",
        moves: "abcdefghi0123456789",
        file_lines: &[
            "game jungle",
            "# a comment",
            "6c/7/7/7/3L3/7/7/7/7 w id \"J6a\"; bm d5a5 d5g5; c0 \"lion jumps\";",
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 id \"start\";",
        ],
    };
    let runs = [
        ("proryv", fuzz_parsers::<ProryvGame>(5, 2000, &proryv)),
        (
            "hnefatafl",
            fuzz_parsers::<HnefataflGame>(6, 2000, &hnefatafl),
        ),
        ("jungle", fuzz_parsers::<JungleGame>(7, 2000, &jungle)),
    ];
    for (name, run) in runs {
        let t = run.unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{name}: {t:?}");
        assert!(
            t.fed >= 16_000 && t.positions >= 100 && t.moves >= 100 && t.records >= 100,
            "{name}: too little accepted to check what reads back: {t:?}"
        );
    }
}
