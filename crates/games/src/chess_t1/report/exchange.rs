//! `zonal exchange` for chess-t1: the exchange on a square, step by step.

use crate::chess_t1::report::units;
use crate::json_text;
use chess_t1::book;
use chess_t1::position::Position;
use chess_t1::square::{Color, Square};
use serde::Serialize;

/// The exchange on `sq` with `material`'s values, as text or JSON.
pub fn exchange(
    pos: &Position,
    sq: Square,
    material: &chess_t1::exchange::Material,
    json: bool,
) -> Result<String, String> {
    let mut out = String::new();
    use chess_t1::exchange::{DECISIVE, exchange};
    let x = exchange(pos, sq, material);
    if json {
        #[derive(Serialize)]
        struct Sums {
            white: i32,
            black: i32,
        }
        #[derive(Serialize)]
        struct StepJson {
            uci: String,
            book: String,
            side: &'static str,
            piece: String,
            kind: &'static str,
            captured: Option<String>,
            promotion: Option<String>,
            gain: i32,
            sums_before: Sums,
        }
        #[derive(Serialize)]
        struct Out {
            position: String,
            square: Square,
            side: &'static str,
            target: Option<String>,
            initial: Sums,
            value: i32,
            win: bool,
            outcome: Option<&'static str>,
            line: Vec<StepJson>,
            material: String,
            unit: &'static str,
        }
        let sums = |s: [i32; 2]| Sums {
            white: s[0],
            black: s[1],
        };
        return json_text(&Out {
            position: pos.to_string(),
            square: sq,
            side: x.side.name(),
            target: x.target.map(|p| p.char().to_string()),
            initial: sums(x.initial),
            value: x.value,
            win: x.value >= DECISIVE,
            outcome: x.outcome.map(|(_, r)| r.name()),
            line: x
                .steps
                .iter()
                .map(|s| StepJson {
                    uci: s.mv.uci(),
                    book: book::write_move(&s.before, &s.mv),
                    side: s.side().name(),
                    piece: s.mv.piece.letter().to_string(),
                    kind: s.mv.kind.name(),
                    captured: s.mv.captured.map(|k| k.letter().to_string()),
                    promotion: s.mv.promotion.map(|k| k.letter().to_string()),
                    gain: s.gain,
                    sums_before: sums(s.sums_before),
                })
                .collect(),
            material: material.to_string(),
            unit: "half",
        });
    }
    let side = x.side;
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let target = x.target.map_or("empty".to_string(), |p| {
        format!("{} {}", name(p.color), p.kind)
    });
    wline!(
        out,
        "Exchange on {sq} ({target}), {} to move; sums White:Black {}:{}",
        name(side),
        units(x.initial[0]),
        units(x.initial[1])
    );
    for (i, s) in x.steps.iter().enumerate() {
        let taken = s.mv.captured.map_or(String::new(), |k| k.to_string());
        let verb = if s.mv.kind == chess_t1::moves::MoveKind::Exchange {
            "exchanges"
        } else {
            "takes"
        };
        let result = if i + 1 == x.steps.len() && x.outcome.is_some() {
            "and wins the game".to_string()
        } else {
            format!("{} for {}", GainUnits(s.gain), name(s.side()))
        };
        wline!(
            out,
            "  {}. {} ({})  {} {verb} {taken}, {result}; sums before {}:{}",
            i + 1,
            book::write_move(&s.before, &s.mv),
            s.mv.uci(),
            name(s.side()),
            units(s.sums_before[0]),
            units(s.sums_before[1])
        );
    }
    let summary = |c: Color| {
        let taken: Vec<String> = x
            .steps
            .iter()
            .filter(|s| s.side() == c)
            .filter_map(|s| s.mv.captured.map(|k| k.to_string()))
            .collect();
        if taken.is_empty() {
            "nothing".to_string()
        } else {
            taken.join(", ")
        }
    };
    if let Some((winner, reason)) = x.outcome {
        wline!(out, "{} wins the game ({})", name(winner), reason.name());
    } else if x.value > 0 {
        wline!(
            out,
            "{} wins {} ({} takes {}; {} takes {})",
            name(side),
            units(x.value),
            name(side),
            summary(side),
            name(side.other()),
            summary(side.other())
        );
    } else if x.target.is_none() {
        wline!(out, "{sq} is empty: nothing to win");
    } else if x.target.is_some_and(|p| p.color == side) {
        wline!(out, "{sq} holds {}'s own piece: nothing to win", name(side));
    } else {
        wline!(
            out,
            "{} wins nothing on {sq}: no capture there gains material (value 0)",
            name(side)
        );
    }
    Ok(out)
}

/// Half-units with a sign, written as units (`+1½`, `-2`, `+0`).
pub struct GainUnits(i32);

impl std::fmt::Display for GainUnits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "+" };
        write!(f, "{sign}{}", units(self.0.abs()))
    }
}
