//! Coordinate moves: the first line is a position, the rest moves played in turn; an accepted
//! move is one of the legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chess_t1::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let mut pos = match lines.next().map(str::parse::<Position>) {
        Some(Ok(pos)) => pos,
        _ => Position::startpos(),
    };
    for line in lines.take(64) {
        match pos.parse_uci(line) {
            Ok(mv) => {
                assert!(pos.legal_moves().contains(&mv), "{line} accepted but not legal");
                pos = pos.play(&mv);
            }
            Err(_) => continue,
        }
    }
});
