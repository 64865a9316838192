//! Book notation: no panic; an accepted game writes back to text that replays the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chess_t1::{Position, book};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = Position::startpos();
    if let Ok(mv) = book::parse_move(&start, text) {
        assert!(start.legal_moves().contains(&mv));
    }
    if let Ok(moves) = book::parse_game(&start, text) {
        let written = book::write_game(&start, &moves);
        assert_eq!(book::parse_game(&start, &written).ok(), Some(moves), "{written}");
    }
});
