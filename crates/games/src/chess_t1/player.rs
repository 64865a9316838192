//! chess-t1's built-in players: a configuration of the one engine ([`chess_t1::search::Engine`]
//! over chess-t1's hooks) or of its baseline configuration ([`chess_t1::search::baseline`]),
//! written as a short text so that `zonal match`, `zonal engine` and the command line can name
//! them (the game's keys of [`zonal_play::spec`]).
//!
//! The text is `key=value` pairs separated by commas, every key optional:
//! `engine=new|baseline`, `mode=zones|full`, `eval=full|material`, `depth=D`, `hash=MB`,
//! `horizon=H`, `style=order|steer|cut`, `zone_plies=N`, `extend=1|0`, `contempt=CP`, `qs_prune=1|0`,
//! `weights=FILE`. For example `mode=full,eval=material,depth=4,engine=baseline`
//! is the behaviour before the engine existed; `mode=zones` is today's default.

use chess_t1::Position;
use chess_t1::eval::{Evaluation, Weights};
use chess_t1::search::baseline::{self, BaselineConfig};
use chess_t1::search::{Engine, EngineConfig, Mode, SearchReport, ZoneStyle};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use zonal_core::Limits;
use zonal_core::excerpt::excerpt;

/// Which search a built-in player runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The engine of [`chess_t1::search::Engine`].
    New,
    /// The fixed-depth, material-only search that preceded it.
    Baseline,
}

/// A built-in player's configuration.
#[derive(Clone, Debug)]
pub struct ChessConfig {
    /// Engine or baseline.
    pub kind: Kind,
    /// The engine's settings (for the baseline: mode and horizon are used).
    pub config: EngineConfig,
    /// A fixed depth, overriding the limits' depth (required in effect by the baseline, which
    /// has no time control: default 4).
    pub depth: Option<u32>,
    /// The file the weights were read from, if not the defaults (shown in the spec's text).
    pub weights_file: Option<String>,
    /// Baseline zone mode: reuse zones across nodes
    /// ([`chess_t1::search::baseline::BaselineConfig::reuse_zones`]).
    pub reuse_zones: bool,
}

impl Default for ChessConfig {
    fn default() -> Self {
        ChessConfig {
            kind: Kind::New,
            config: EngineConfig::default(),
            depth: None,
            weights_file: None,
            reuse_zones: false,
        }
    }
}

/// Why a player text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// An entry is not `key=value`.
    #[error("player entry {0:?} is not KEY=VALUE (e.g. mode=full)")]
    Malformed(String),
    /// Unknown key.
    #[error(
        "unknown player key {0:?} (keys: engine, mode, eval, depth, hash, horizon, style, zone_plies, extend, reduce_named, contempt, qs_prune, weights)"
    )]
    UnknownKey(String),
    /// A value out of range or of the wrong kind.
    #[error("player {}={:?}: expected {expected}", excerpt(.key), excerpt(.value))]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: String,
    },
}

impl FromStr for ChessConfig {
    type Err = PlayerError;

    fn from_str(text: &str) -> Result<ChessConfig, PlayerError> {
        let mut spec = ChessConfig::default();
        let mut eval_given = false;
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (key, value) = entry
                .split_once('=')
                .ok_or_else(|| PlayerError::Malformed(entry.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            let bad = |expected: &str| PlayerError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                expected: expected.to_string(),
            };
            match key {
                "engine" => {
                    spec.kind = match value {
                        "new" => Kind::New,
                        "baseline" => Kind::Baseline,
                        _ => return Err(bad("new or baseline")),
                    }
                }
                "mode" => {
                    spec.config.mode = Mode::parse(value).ok_or_else(|| bad("zones or full"))?
                }
                "eval" => {
                    spec.config.evaluation =
                        Evaluation::parse(value).ok_or_else(|| bad("full or material"))?;
                    eval_given = true;
                }
                "depth" => {
                    spec.depth = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|d| (1..=64).contains(d))
                            .ok_or_else(|| bad("a depth 1-64"))?,
                    )
                }
                "hash" => {
                    let max = zonal_core::search::max_hash_mb();
                    spec.config.hash_mb = value
                        .parse::<usize>()
                        .ok()
                        .filter(|m| *m <= max)
                        .ok_or_else(|| {
                            bad(&format!("MiB 0-{max} (a quarter of this machine's memory)"))
                        })?
                }
                "horizon" => {
                    spec.config.horizon = value
                        .parse::<i32>()
                        .ok()
                        .filter(|h| (1..=12).contains(h))
                        .ok_or_else(|| bad("a horizon 1-12"))?
                }
                "style" => {
                    spec.config.zone_style =
                        ZoneStyle::parse(value).ok_or_else(|| bad("order, steer or cut"))?
                }
                "extend" => {
                    spec.config.zone_extend = match value {
                        "1" | "on" | "true" => true,
                        "0" | "off" | "false" => false,
                        _ => return Err(bad("1 or 0")),
                    }
                }
                "reduce_named" => {
                    spec.config.zone_reduce_named = match value {
                        "1" | "on" | "true" => true,
                        "0" | "off" | "false" => false,
                        _ => return Err(bad("1 or 0")),
                    }
                }
                "zone_plies" => {
                    spec.config.zone_plies = value
                        .parse::<u32>()
                        .ok()
                        .filter(|p| *p <= 8)
                        .ok_or_else(|| bad("plies 0-8"))?
                }
                "contempt" => {
                    spec.config.contempt = value
                        .parse::<i32>()
                        .ok()
                        .filter(|c| c.abs() <= 1_000)
                        .ok_or_else(|| bad("cp -1000 to 1000"))?
                }
                "qs_prune" => {
                    spec.config.quiescence_pruning = match value {
                        "1" => true,
                        "0" => false,
                        _ => return Err(bad("1 or 0")),
                    }
                }
                "weights" => {
                    let text = std::fs::read_to_string(value)
                        .map_err(|_| bad("a readable file of NAME=VALUE weights"))?;
                    // `name=value` entries, or a weights file of `zonal fit` (`name value`
                    // lines, every term).
                    spec.config.weights = Weights::parse(&text)
                        .or_else(|_| Weights::read_file(&text))
                        .map_err(|_| {
                            bad("a file of NAME=VALUE weights or a weights file of `zonal fit`")
                        })?;
                    spec.weights_file = Some(value.to_string());
                }
                _ => return Err(PlayerError::UnknownKey(key.to_string())),
            }
        }
        if spec.kind == Kind::Baseline && !eval_given {
            spec.config.evaluation = Evaluation::Material;
        }
        if spec.kind == Kind::Baseline && spec.config.evaluation != Evaluation::Material {
            return Err(PlayerError::BadValue {
                key: "eval".into(),
                value: spec.config.evaluation.name().into(),
                expected: "material (the baseline has no other evaluation)".into(),
            });
        }
        Ok(spec)
    }
}

impl fmt::Display for ChessConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        match self.kind {
            Kind::Baseline => write!(
                f,
                "engine=baseline,mode={},eval={}",
                c.mode.name(),
                c.evaluation.name()
            )?,
            Kind::New => {
                write!(
                    f,
                    "engine=new,mode={},eval={}",
                    c.mode.name(),
                    c.evaluation.name()
                )?;
                if c.mode == Mode::Zones {
                    write!(
                        f,
                        ",style={},horizon={},zone_plies={},extend={},reduce_named={}",
                        c.zone_style.name(),
                        c.horizon,
                        c.zone_plies,
                        u8::from(c.zone_extend),
                        u8::from(c.zone_reduce_named)
                    )?;
                }
            }
        }
        if self.kind == Kind::New && c.contempt != chess_t1::search::DEFAULT_CONTEMPT {
            write!(f, ",contempt={}", c.contempt)?;
        }
        if self.kind == Kind::New && !c.quiescence_pruning {
            write!(f, ",qs_prune=0")?;
        }
        if let Some(d) = self.depth {
            write!(f, ",depth={d}")?;
        }
        if let Some(w) = &self.weights_file {
            write!(f, ",weights={w}")?;
        }
        Ok(())
    }
}

/// A built-in player ready to play: the spec and, for the engine, its table kept between moves.
pub struct Player {
    spec: ChessConfig,
    engine: Option<Engine>,
}

impl Player {
    /// A player of `spec`.
    pub fn new(spec: ChessConfig) -> Player {
        let engine = (spec.kind == Kind::New).then(|| Engine::new(spec.config.clone()));
        Player { spec, engine }
    }

    /// A new game begins.
    pub fn new_game(&mut self) {
        if let Some(e) = &mut self.engine {
            e.new_game();
        }
    }

    /// Searches `pos` (with the game's earlier repetition keys `history`) within `limits` and
    /// the soft time limit `soft_ms` (a game clock's); the spec's depth, if any, replaces the
    /// limits' depth.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        soft_ms: Option<u64>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&chess_t1::search::Info),
    ) -> SearchReport {
        let mut limits = *limits;
        if self.spec.depth.is_some() {
            limits.depth = self.spec.depth;
        }
        match &mut self.engine {
            Some(engine) => engine.search_with(pos, history, &limits, soft_ms, stop, on_info),
            None => {
                let start = std::time::Instant::now();
                let cfg = BaselineConfig {
                    depth: limits.depth.unwrap_or(4).min(12),
                    ..self.spec.baseline_config()
                };
                let mut r = baseline::search(pos, &cfg);
                r.time_ms = start.elapsed().as_millis() as u64;
                r
            }
        }
    }
}

impl ChessConfig {
    /// The baseline's configuration of this spec (its depth is the spec's, 4 by default).
    pub fn baseline_config(&self) -> BaselineConfig {
        BaselineConfig {
            depth: self.depth.unwrap_or(4).min(12),
            mode: self.config.mode,
            horizon: self.config.horizon,
            material: self.config.material,
            reuse_zones: self.reuse_zones && self.config.mode == Mode::Zones,
            ..BaselineConfig::default()
        }
    }
}

impl ChessConfig {
    /// The player the command line's engine settings describe: in `mode` at `horizon`, to
    /// `depth` if given (the baseline's depth, 4 by default), in `style` unless `keys` names
    /// another.
    pub fn from_keys(
        keys: &zonal_analysis::analyse::EngineKeys,
        mode: Mode,
        horizon: i32,
        depth: Option<u32>,
        style: ZoneStyle,
    ) -> ChessConfig {
        let mut spec = ChessConfig::default();
        let c = &mut spec.config;
        c.mode = mode;
        // The command line admits only the listed values, which these parsers all know.
        c.evaluation = Evaluation::parse(&keys.eval).unwrap_or(Evaluation::Full);
        c.hash_mb = keys.hash_mb;
        c.horizon = horizon;
        spec.reuse_zones = keys.reuse_zones;
        c.zone_style = keys
            .style
            .as_deref()
            .and_then(ZoneStyle::parse)
            .unwrap_or(style);
        if keys.baseline {
            c.evaluation = Evaluation::Material;
            spec.kind = Kind::Baseline;
            spec.depth = Some(depth.unwrap_or(4).min(12));
        }
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write_back() {
        let p: ChessConfig = "engine=baseline,mode=full,depth=4"
            .parse()
            .expect("a valid spec");
        assert_eq!(
            p.to_string(),
            "engine=baseline,mode=full,eval=material,depth=4"
        );
        assert!("mode=sideways".parse::<ChessConfig>().is_err());
    }

    #[test]
    fn zone_keys_are_read_and_written_back() {
        let spec: ChessConfig = "mode=zones,reduce_named=0,extend=1,horizon=3"
            .parse()
            .expect("a valid spec");
        assert!(!spec.config.zone_reduce_named);
        assert!(spec.config.zone_extend);
        assert_eq!(spec.config.horizon, 3);
        let written = spec.to_string();
        assert!(written.contains("reduce_named=0"), "{written}");
        let again: ChessConfig = written.parse().expect("the written spec reads back");
        assert!(!again.config.zone_reduce_named);
        assert_eq!(again.config.horizon, 3);
        // In play the root's named moves are reduced like the others by default.
        let default: ChessConfig = "mode=zones".parse().expect("a valid spec");
        assert!(default.config.zone_reduce_named);
        assert!(default.to_string().contains("reduce_named=1"));
        assert!("mode=zones,reduce_named=2".parse::<ChessConfig>().is_err());
    }
}
