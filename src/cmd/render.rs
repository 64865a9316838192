//! `zonal render`: the board as an SVG picture, with force sums and zones on request.

use crate::args::{GameName, PosArg, RenderArgs, SideArg, position};
use crate::cmd::game_name;
use crate::output::CliError;
use zonal_analysis::ZoneDef;
use zonal_games::chess_t1::report::{render as svg_render, svg};

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
    let svg = with_game!(
        game,
        chess => {
            let position = pos.resolve()?;
            let side = side.and_then(SideArg::color);
            let opts = svg::SvgOptions {
                force,
                zones: show_zones.then_some(svg::ZoneFilter { zone, side }),
                highlight: highlight
                    .as_deref()
                    .map(|h| svg_render::parse_highlight(&position, h))
                    .transpose()
                    .map_err(CliError::input)?,
                title: None,
                only_zones: None,
            };
            svg_render::picture(&position, horizon, &opts).map_err(CliError::input)?
        },
        G => core::<G>(&pos, show_zones, zone, side, horizon)?,
    );
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
pub(crate) fn core<G: ZoneDef>(
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
