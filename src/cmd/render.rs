//! `zonal render`: the board as an SVG picture, with force sums and zones on request
//! ([`GameDef::picture_report`]).

use crate::args::{RenderArgs, position};
use crate::output::CliError;
use zonal_analysis::GameDef;
use zonal_analysis::report::PictureRequest;

/// Runs `zonal render` for the game `G`.
pub fn run<G: GameDef>(args: RenderArgs) -> Result<(), CliError> {
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
    let request = PictureRequest {
        zones: zones || zone.is_some() || side.is_some(),
        zone,
        side: side.and_then(|s| s.side()),
        horizon,
        force,
        highlight,
    };
    let svg = G::picture_report(&position::<G>(&pos)?, &request).map_err(CliError::input)?;
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
