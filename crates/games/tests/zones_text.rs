//! The zones as text (`zonal zones`), one report for every game on the core
//! (`zonal_analysis::report::zones_text`) in each game's words: the lines of positions whose
//! zones the game crates' tests check as data.

use zonal_analysis::ZoneDef;
use zonal_core::zone::build;
use zonal_games::hnefatafl::HnefataflGame;
use zonal_games::jungle::JungleGame;
use zonal_games::proryv::ProryvGame;

/// The text of `position`'s projection at `horizon`, which must hold every one of `lines`.
fn check<G: ZoneDef>(position: &str, horizon: i32, lines: &[&str]) {
    let pos = G::parse_position(position).expect("a valid position");
    let built = build(&G::zone_game(), &pos, horizon);
    let text = G::zones_text(&pos, &built, horizon);
    for line in lines {
        assert!(
            text.contains(line),
            "{} {position}: no {line:?} in\n{text}",
            G::ID
        );
    }
}

#[test]
fn jungle_in_its_words() {
    check::<JungleGame>(
        "7/5c1/7/3W3/7/7/7/7/7 w",
        5,
        &[
            "White to move; horizon 5 half-moves; 1 zones, 0 complexes\n",
            "Zone 0 (den, White): wolf d6 -> den d9 in 3 (d6-d7-d8-d9; 1 of 1 shortest): STOPPED\n  outcome: 0; with Black to move 0\n  (+, 0.0) wolf d6  root  d6-d7-d8-d9\n  (-, 0.1) cat f8  control of d8  f8-e8 (1 move, budget 1)\n",
        ],
    );
    check::<JungleGame>(
        "7/2p4/7/7/1r5/7/2L4/7/7 b",
        4,
        &[
            "Zone 0 (capture, White): lion c3 -> leopard c8 in 2 (c3-c7-c8; 1 of 1 shortest): STOPPED\n",
            "  (-, 0.1) rat b5  jump block of c7  b5-c5 (1 move, budget 1)\n  (-, 0.1) leopard c8  retreat of c8  c8-c7 (1 move, budget 2)\n",
        ],
    );
}

#[test]
fn hnefatafl_in_its_words() {
    check::<HnefataflGame>(
        "9/9/9/9/4k4/9/7a1/9/9 d seed",
        3,
        &[
            "Defenders to move; horizon 3 half-moves; 4 zones, 0 complexes\n",
            "Zone 1 (escape, Defenders): king e5 -> corner i1 in 2 (e5-e1-i1; 1 of 2 shortest): STOPPED\n  outcome: 0; with Attackers to move 0\n",
            "  (-, 1.1) attacker h3  blockade of i1  h3-h1 (1 move, budget 1)\n",
        ],
    );
    check::<HnefataflGame>(
        "9/4a2k1/9/9/9/2ad5/9/9/9 a seed",
        3,
        &[
            "Complex 0 (capture, Attackers): defender d4 by arrivals on e4: zones 0; 1 moves in all: OPEN\n  outcome: +2; with Defenders to move 0\n",
        ],
    );
    check::<HnefataflGame>(
        "9/4a2k1/9/9/9/2ad5/9/9/1d7 d seed",
        3,
        &["  (-) partner attacker c4 taken in time (complex 0)\n"],
    );
    check::<HnefataflGame>(
        "9/9/2a6/1aka5/7a1/9/3d5/9/9 d seed",
        3,
        &[
            "(capture the king, Attackers): king c6 by arrivals on",
            "  (-, 4.1) defender d3  blockade of c5  d3-d5 (1 move, budget 1)\n",
        ],
    );
}

#[test]
fn proryv_in_its_words() {
    check::<ProryvGame>(
        "4r2k/8/8/2rRr3/3K4/8/8/8 b 0:0 0 20",
        2,
        &["Zone 0 (capture, White): King d4 -> rook c5 in 1 (d4-c5; 1 of 1 shortest): STOPPED\n"],
    );
    check::<ProryvGame>(
        "7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30",
        6,
        &["    (+, 1.2) rook e5  blockade of f4  e5-e4 (1 move, budget 2)\n"],
    );
    check::<ProryvGame>(
        "7k/8/8/7r/RR6/R7/8/K7 b 0:0 0 30",
        2,
        &[
            "Complex 0 (immobilise, Black): rook a4 by arrivals on a5: zones 0; 1 moves in all: OPEN\n  outcome: +1 rook; with White to move 0\n",
        ],
    );
}
