//! `zonal render`: the board as an SVG picture, with force sums and zones on request.

use crate::args::{GameName, PosArg, RenderArgs, SideArg, position};
use crate::cmd::game_name;
use crate::output::CliError;
use zonal_analysis::GameDef;
use zonal_games::hnefatafl::Hnefatafl;
use zonal_games::jungle::Jungle;
use zonal_games::proryv::Proryv;

/// `render` for chess-t1.
pub(crate) mod chess {
    use crate::args::parse_square;
    use crate::output::CliError;
    use crate::output::write_stdout;
    use chess_t1::position::Position;
    use chess_t1::rules::ChessT1;
    use chess_t1::zone::{Projection, ZoneConfig};

    /// A move to highlight, `e2e4` or `e2-e4` (a promotion letter after it is ignored); it must be
    /// legal in `pos`.
    pub(crate) fn parse_highlight(
        pos: &Position,
        text: &str,
    ) -> Result<chess_t1::report::svg::Highlight, CliError> {
        let plain: String = text.chars().filter(|&c| c != '-').collect();
        let tail_ok = plain.get(4..).is_some_and(|t| {
            t.is_empty() || (t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()))
        });
        let (Some(from), Some(to), true) = (plain.get(0..2), plain.get(2..4), tail_ok) else {
            return Err(CliError::input(format!(
                "--highlight: {:?} is not a move (expected e.g. e2e4)",
                chess_t1::excerpt::excerpt(text)
            )));
        };
        let (from, to) = (
            parse_square(from, "--highlight")?,
            parse_square(to, "--highlight")?,
        );
        if !pos
            .legal_moves()
            .iter()
            .any(|m| m.from == from && m.to == to)
        {
            return Err(CliError::input(format!(
                "--highlight: {from}-{to} is not a legal move in {pos}"
            )));
        }
        Ok(chess_t1::report::svg::Highlight::new(from, to))
    }

    pub(crate) fn render_cmd(
        pos: &Position,
        horizon: i32,
        opts: &chess_t1::report::svg::SvgOptions,
        output: Option<&std::path::Path>,
    ) -> Result<(), CliError> {
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
                            return Err(CliError::input(format!(
                                "--zone {n}: this position has no zones at horizon {horizon}"
                            )));
                        }
                        None => {
                            return Err(CliError::input(format!(
                                "--zone {n}: no such zone; this position has zones 0 to {} at horizon {horizon}",
                                mp.zones.len() - 1
                            )));
                        }
                        Some(z) if filter.side.is_some_and(|s| s != z.side) => {
                            return Err(CliError::input(format!(
                                "--zone {n} is a {} zone, but --side asks for {} ones",
                                z.side,
                                z.side.other()
                            )));
                        }
                        Some(_) => {}
                    }
                }
                Some(mp)
            }
            None => None,
        };
        let picture = chess_t1::report::svg::render(pos, mp.as_ref(), opts);
        match output {
            Some(path) => std::fs::write(path, picture).map_err(|e| CliError {
                message: format!("cannot write {}: {e}", path.display()),
                code: 1,
            }),
            None => write_stdout(&picture),
        }
    }
}

/// Runs `zonal render` for `game`.
pub fn run(game: GameName, args: RenderArgs) -> Result<(), CliError> {
    let RenderArgs {
        pos,
        zones,
        force,
        zone,
        side,
        horizon,
        highlight,
        output,
    } = args;
    let show_zones = zones || zone.is_some() || side.is_some();
    if game != GameName::ChessT1 && (force || highlight.is_some()) {
        return Err(CliError::input(format!(
            "{}: --force and --highlight are chess-t1's (force sums, a move arrow)",
            game_name(game)
        )));
    }
    let svg = match game {
        GameName::ChessT1 => {
            let position = pos.resolve()?;
            let side = side.and_then(SideArg::color);
            let opts = chess_t1::report::svg::SvgOptions {
                force,
                zones: show_zones.then_some(chess_t1::report::svg::ZoneFilter { zone, side }),
                highlight: highlight
                    .as_deref()
                    .map(|h| chess::parse_highlight(&position, h))
                    .transpose()?,
                title: None,
            };
            return chess::render_cmd(&position, horizon, &opts, output.as_deref());
        }
        GameName::Proryv => core::<Proryv>(&pos, show_zones, zone, side, horizon)?,
        GameName::Hnefatafl => core::<Hnefatafl>(&pos, show_zones, zone, side, horizon)?,
        GameName::Jungle => core::<Jungle>(&pos, show_zones, zone, side, horizon)?,
    };
    match output {
        Some(path) => std::fs::write(&path, svg).map_err(|e| CliError {
            message: format!("cannot write {}: {e}", path.display()),
            code: 1,
        }),
        None => {
            out!("{svg}");
            Ok(())
        }
    }
}

/// Keeps zone `zone` only, and only the zones of `side`; an error names a zone that is not there.
pub(crate) fn select<Z>(
    shown: &mut Vec<Z>,
    zone: Option<usize>,
    side: Option<SideArg>,
    horizon: i32,
    of: impl Fn(&Z) -> (usize, zonal_board::Side),
) -> Result<(), CliError> {
    if let Some(n) = zone {
        if !shown.iter().any(|z| of(z).0 == n) {
            return Err(CliError::input(format!(
                "--zone {n}: no such zone ({} zones at horizon {horizon})",
                shown.len()
            )));
        }
        shown.retain(|z| of(z).0 == n);
    }
    if let Some(s) = side {
        let want = match s {
            SideArg::White => Some(zonal_board::Side::White),
            SideArg::Black => Some(zonal_board::Side::Black),
            SideArg::Both => None,
        };
        shown.retain(|z| want.is_none_or(|w| of(z).1 == w));
    }
    Ok(())
}

/// The picture of a game of the core's search.
pub(crate) fn core<G: GameDef>(
    pos: &PosArg,
    show_zones: bool,
    zone: Option<usize>,
    side: Option<SideArg>,
    horizon: i32,
) -> Result<String, CliError> {
    let p = position::<G>(pos)?;
    let mut picture = G::board_picture(&p);
    if show_zones {
        let game = G::zone_game();
        let mut shown = zonal_core::zone::build(&game, &p, horizon).zones;
        select(&mut shown, zone, side, horizon, |z| (z.index, z.side))?;
        let shape = zonal_core::zone::ZoneGame::shape(&game, &p);
        picture.arrows = zonal_core::picture::zone_arrows(
            &shown,
            |sq| shape.name(sq),
            |sq| G::piece_name(&p, sq),
        );
    }
    Ok(picture.to_svg())
}
