//! Engine protocol: every input line is either a command, nothing (a blank line) or a typed
//! error naming what is wrong, never a panic (`zonal_play::command::Command::parse`, the one
//! parser of every game's session; `tests/robustness.rs` feeds the running engines too).
#![no_main]

use libfuzzer_sys::fuzz_target;
use zonal_play::command::Command;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(64) {
        if let Err(e) = Command::parse(line) {
            assert!(!e.to_string().is_empty());
        }
    }
});
