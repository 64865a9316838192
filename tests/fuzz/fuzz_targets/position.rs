//! Position strings: no panic; an accepted string prints back to one that reads as the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chess_t1::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = text.parse::<Position>() {
        let printed = pos.to_string();
        let again: Position = printed.parse().expect("a printed position reads back");
        assert_eq!(again.to_string(), printed);
    }
});
