//! The baseline of `zonal match` (`engine=baseline`) and `--baseline`: the search before the
//! engine, kept as a configuration of the one engine. A plain alpha-beta
//! (`zonal_core::Techniques::PLAIN` without a table: killers only, no pruning, no extensions)
//! to a fixed depth, with a capture quiescence, material only.
//!
//! In **zone mode** ("deep and narrow") every node keeps only the first moves its projection
//! names ([`BaselineConfig::root_width`] at the root, [`BaselineConfig::width`] below it, the
//! projections below the root at the depth left), and every root candidate is scored exactly;
//! a node whose kept moves all lose is searched again over all of them. **Full mode** is a
//! plain alpha-beta over all legal moves, where only the best root move's score is exact.
//!
//! Before the one engine the baseline was a search of its own; as a configuration its scores
//! are those of the same minimax, but two of its refinements are gone: its zone mode no longer
//! plays out only the captures that win their exchange in the quiescence, nor credits a node
//! with a stand-pat less the opponent's threats (NOTES.md, "One engine for every game").

use super::hooks::{Node, SearchRules, ZoneMoves};
use super::{Mode, SearchReport};
use crate::eval::{Evaluation, Weights};
use crate::exchange::Material;
use crate::position::Position;
use zonal_core::search::{Control, Engine, FullWidth, Limits, Techniques};

/// Settings of a search.
#[derive(Clone, Debug)]
pub struct BaselineConfig {
    /// Depth in half-moves.
    pub depth: u32,
    /// Zone-guided or full-width.
    pub mode: Mode,
    /// Horizon of the zones at the root (deeper nodes use the remaining depth, at least 2).
    pub horizon: i32,
    /// Most candidate moves at the root (zone mode).
    pub root_width: usize,
    /// Most candidate moves below the root (zone mode).
    pub width: usize,
    /// Deepest capture sequence in the quiescence search.
    pub quiescence_depth: u32,
    /// Piece values.
    pub material: Material,
    /// Zone mode: take zones over from the projections of nearby nodes (docs/zones.md §5, one
    /// [`crate::incremental::ZoneCache`] per ply) instead of building every node's projection
    /// from scratch. The projections, and so the search, are exactly the same either way. Off
    /// by default: the zones a search can take over are few and the cheap ones, so it does not
    /// pay (NOTES.md).
    pub reuse_zones: bool,
}

impl Default for BaselineConfig {
    fn default() -> Self {
        BaselineConfig {
            depth: 4,
            mode: Mode::Zones,
            horizon: 4,
            root_width: 16,
            width: 6,
            quiescence_depth: 6,
            material: Material::default(),
            reuse_zones: false,
        }
    }
}

impl BaselineConfig {
    /// The one engine's techniques of the baseline.
    pub fn techniques(&self) -> Techniques {
        Techniques {
            table_mb: 0,
            multipv: if self.mode == Mode::Zones {
                usize::MAX
            } else {
                1
            },
            quiescence_depth: Some(self.quiescence_depth),
            ..Techniques::PLAIN
        }
    }
}

/// Searches `pos` to the configured depth (see the module's documentation).
pub fn search(pos: &Position, cfg: &BaselineConfig) -> SearchReport {
    let mode = cfg.mode;
    let rules = SearchRules {
        evaluation: Evaluation::Material,
        weights: Weights::default(),
        material: cfg.material,
    };
    if super::engine::nothing_to_search(pos) {
        return super::engine::no_move(mode, cfg.depth.max(1));
    }
    let start = std::time::Instant::now();
    let node = Node::new(pos);
    let limits = Limits {
        depth: Some(cfg.depth.max(1)),
        ..Limits::default()
    };
    let mut zones = ZoneMoves::new(cfg.horizon, usize::MAX, 1, cfg.material);
    zones.widths = Some((cfg.root_width, cfg.width));
    zones.reuse = cfg.reuse_zones;
    let mut engine = Engine::new(cfg.techniques());
    let control = Control::default();
    let found = match mode {
        Mode::Full => engine.search(&rules, &FullWidth, &node, &[], &limits, &control),
        Mode::Zones => engine.search_narrowed(&rules, &zones, &node, &[], &limits, &control),
    };
    super::engine::from_core(mode, found, zones.work.into_inner(), start)
}
