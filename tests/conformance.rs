//! The test kit's conformance checks (`crates/testkit`), one table over the four games: random
//! games from every start (position strings read back, every legal move plays from its
//! notation, a game not over has a move), the parsers on broken text, and the engine protocol.

use zonal_analysis::Zoned;
use zonal_games::chess_t1::ChessT1;
use zonal_games::hnefatafl::Hnefatafl;
use zonal_games::jungle::Jungle;
use zonal_games::proryv::Proryv;
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
        ("chess-t1", || conformance::<ChessT1>(1, 4, 60, TEXTS)),
        ("proryv", || conformance::<Zoned<Proryv>>(2, 4, 60, TEXTS)),
        ("hnefatafl", || {
            conformance::<Zoned<Hnefatafl>>(3, 3, 60, TEXTS)
        }),
        ("jungle", || conformance::<Zoned<Jungle>>(4, 4, 60, TEXTS)),
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
