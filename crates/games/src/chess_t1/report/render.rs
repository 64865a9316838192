//! `zonal render` for chess-t1: the move to highlight and the picture with its zones checked.

use super::svg::{Highlight, SvgOptions, render};
use ::chess_t1::position::Position;
use ::chess_t1::rules::ChessT1;
use ::chess_t1::square::Square;
use ::chess_t1::zone::{Projection, ZoneConfig};

/// A square of `--highlight`.
fn square(text: &str) -> Result<Square, String> {
    text.parse().map_err(|e| format!("--highlight: {e}"))
}

/// A move to highlight (`--highlight`), `e2e4` or `e2-e4` (a promotion letter after it is ignored); it must be
/// legal in `pos`.
pub fn parse_highlight(pos: &Position, text: &str) -> Result<Highlight, String> {
    let plain: String = text.chars().filter(|&c| c != '-').collect();
    let tail_ok = plain.get(4..).is_some_and(|t| {
        t.is_empty() || (t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()))
    });
    let (Some(from), Some(to), true) = (plain.get(0..2), plain.get(2..4), tail_ok) else {
        return Err(format!(
            "--highlight: {:?} is not a move (expected e.g. e2e4)",
            ::chess_t1::excerpt::excerpt(text)
        ));
    };
    let (from, to) = (square(from)?, square(to)?);
    if !pos
        .legal_moves()
        .iter()
        .any(|m| m.from == from && m.to == to)
    {
        return Err(format!(
            "--highlight: {from}-{to} is not a legal move in {pos}"
        ));
    }
    Ok(Highlight::new(from, to))
}

/// The picture of `pos` with `opts`, its zones built at `horizon` when shown; an error names a
/// zone `opts` asks for that is not there.
pub fn picture(pos: &Position, horizon: i32, opts: &SvgOptions) -> Result<String, String> {
    let mp = match opts.zones {
        Some(filter) => {
            let config = ZoneConfig {
                horizon,
                ..ZoneConfig::default()
            };
            let mp = Projection::build(&ChessT1, pos, &config);
            if let Some(n) = filter.zone {
                match mp.zones.iter().find(|z| z.index == n) {
                    None if mp.zones.is_empty() => {
                        return Err(format!(
                            "--zone {n}: this position has no zones at horizon {horizon}"
                        ));
                    }
                    None => {
                        return Err(format!(
                            "--zone {n}: no such zone; this position has zones 0 to {} at horizon {horizon}",
                            mp.zones.len() - 1
                        ));
                    }
                    Some(z) if filter.side.is_some_and(|s| s != z.side) => {
                        return Err(format!(
                            "--zone {n} is a {} zone, but --side asks for {} ones",
                            z.side,
                            z.side.other()
                        ));
                    }
                    Some(_) => {}
                }
            }
            Some(mp)
        }
        None => None,
    };
    Ok(render(pos, mp.as_ref(), opts))
}
