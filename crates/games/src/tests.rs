//! Checks every game of the command line shares.

use zonal_analysis::ZoneDef;

/// Every weight a match player may name is one the game sets; other names are refused.
pub(crate) fn weights_are_the_games<G: ZoneDef>() {
    let start = G::STARTS
        .first()
        .and_then(|s| G::start(s.0))
        .expect("a start");
    for key in G::WEIGHTS {
        assert!(
            G::set_weight(&mut G::rules(&start), key, 7),
            "{}: {key}",
            G::ID
        );
    }
    assert!(!G::set_weight(&mut G::rules(&start), "colour", 7));
}

#[test]
fn match_players_set_the_games_own_weights() {
    weights_are_the_games::<crate::proryv::ProryvGame>();
    weights_are_the_games::<crate::hnefatafl::HnefataflGame>();
    weights_are_the_games::<crate::jungle::JungleGame>();
    assert_eq!(crate::proryv::ProryvGame::WEIGHTS.len(), 4);
}

/// Each game's own engine defaults are techniques the engine knows, and they reach its players.
#[test]
fn the_games_play_techniques_reach_their_players() {
    fn check<G: ZoneDef>() -> zonal_core::Techniques {
        zonal_play::spec::CoreSettings::play_with(G::HORIZON, G::PLAY_SETTINGS)
            .unwrap_or_else(|e| panic!("{}: {e}", G::ID));
        let settings = <zonal_analysis::Zoned<G> as zonal_play::PlayGame>::settings();
        settings.core.techniques
    }
    assert!(!check::<crate::proryv::ProryvGame>().null_move);
    assert!(check::<crate::hnefatafl::HnefataflGame>().null_move);
    assert!(!check::<crate::hnefatafl::HnefataflGame>().extensions);
    assert!(check::<crate::jungle::JungleGame>().extensions);
    assert!(check::<crate::jungle::JungleGame>().null_move);
}

#[test]
fn chess_t1s_horizon_is_its_analysis_default() {
    use zonal_analysis::GameDef;
    assert_eq!(
        crate::chess_t1::ChessT1Game::HORIZON,
        chess_t1::analysis::AnalysisConfig::default().horizon
    );
}
