//! Built-in players named by a short text, `key=value` pairs separated by commas, for every
//! game: `depth`, `nodes` and `movetime` limit each move (over the match's own limits); every
//! other key goes to the game's [`Settings`]. The games on the core's engine take
//! [`CoreSettings`]'s keys: `mode=zones|full`, `horizon`, `plies`, `extend=on|off`,
//! `sides=root|both`, `engine=engine|plain` and the engine's techniques by name
//! ([`Techniques::set`]).

use crate::game::{PlayGame, Settings};
use std::fmt::Write as _;
use zonal_core::excerpt::excerpt;
use zonal_core::{Limits, Techniques, ZoneStyle};

/// A built-in player: its limits and the game's settings.
#[derive(Clone, Debug)]
pub struct PlayerSpec<G: PlayGame> {
    /// The limits of each of its moves.
    pub limits: Limits,
    /// The rest of its configuration.
    pub settings: G::Settings,
}

impl<G: PlayGame> PlayerSpec<G> {
    /// Reads `key=value,...` over the limits `base` (the match's).
    pub fn parse(text: &str, base: &Limits) -> Result<PlayerSpec<G>, String> {
        let mut spec: PlayerSpec<G> = PlayerSpec {
            limits: *base,
            settings: G::settings(),
        };
        let keys = spec.settings.keys();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let bad = |why: &str| -> String {
                format!(
                    "{}: player {:?}: {why} (keys: depth, nodes, movetime, {}; e.g. mode=full,depth=4)",
                    G::NAME,
                    excerpt(text),
                    keys
                )
            };
            let (key, value) = entry
                .split_once('=')
                .ok_or_else(|| bad(&format!("{:?} is not KEY=VALUE", excerpt(entry))))?;
            let (key, value) = (key.trim(), value.trim());
            let number = |lo: u64, hi: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| {
                        bad(&format!(
                            "{key}={:?}: a whole number {lo}..={hi}",
                            excerpt(value)
                        ))
                    })
            };
            match key {
                "depth" => spec.limits.depth = Some(number(1, 64)? as u32),
                "nodes" => spec.limits.nodes = Some(number(1, u64::MAX)?),
                "movetime" => spec.limits.movetime_ms = Some(number(1, u64::MAX)?),
                _ => match spec.settings.set(key, value) {
                    Ok(true) => {}
                    Ok(false) => return Err(bad(&format!("unknown key {:?}", excerpt(key)))),
                    Err(why) => return Err(bad(&why)),
                },
            }
        }
        Ok(spec)
    }

    /// Whether the player has a limit of its own (depth, nodes or time).
    pub fn limited(&self) -> bool {
        self.limits != Limits::default()
    }

    /// The spec as text (records and reports name players so).
    pub fn describe(&self) -> String {
        self.settings.describe(&self.limits)
    }
}

/// How a game on the core's engine ([`zonal_core::Engine`]) plays: the engine's techniques,
/// and zone-guided (the projection at `horizon`, at nodes fewer than `plies` from the root)
/// unless `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoreSettings {
    /// The engine's techniques ([`Techniques::ENGINE`] by default; [`Techniques::PLAIN`] is the
    /// plain alpha-beta of the figures before the one engine).
    pub techniques: Techniques,
    /// Every move alike (no zones).
    pub full: bool,
    /// The zones' horizon, half-moves.
    pub horizon: i32,
    /// Nodes this many plies from the root and deeper search every move.
    pub plies: usize,
    /// Whether the named moves that advance an open root trajectory or make an urgent
    /// negation are searched one ply deeper (`extend=on`).
    pub extend: bool,
    /// Whether the root opponent's nodes fewer than `plies` from the root are ordered (or
    /// steered) by their own projections too (`sides=both`; `sides=root` by default).
    pub both_sides: bool,
    /// The game's horizon by default (what `uci` lists).
    pub default_horizon: i32,
    /// The game's engine (`engine=engine`): [`Techniques::ENGINE`] with the game's own
    /// defaults (its contempt).
    pub default_techniques: Techniques,
}

impl CoreSettings {
    /// Play: the engine full-width unless the game's own settings say otherwise
    /// ([`CoreSettings::play_with`]); zone-guided (`mode=zones`), the projection at the root
    /// orders its moves and every move is searched and reduced like the others
    /// (`style=order-reduced`, `plies=1`: the variant that measured best at equal time, NOTES.md
    /// "The zones earn their place").
    pub fn play(horizon: i32) -> CoreSettings {
        let techniques = Techniques {
            zone_style: ZoneStyle::OrderReduced,
            ..Techniques::ENGINE
        };
        CoreSettings {
            techniques,
            full: true,
            horizon,
            plies: 1,
            extend: false,
            both_sides: false,
            default_horizon: horizon,
            default_techniques: techniques,
        }
    }

    /// [`CoreSettings::play`] with the game's own play settings, measured per game: the keys
    /// and values of [`CoreSettings::set`] (`("mode", "zones")`, or a technique such as
    /// `("null", "off")`), which become the defaults `engine=engine` returns to. Returns what is
    /// wrong with a pair.
    pub fn play_with(horizon: i32, keys: &[(&str, &str)]) -> Result<CoreSettings, String> {
        let mut settings = CoreSettings::play(horizon);
        for (key, value) in keys {
            if Techniques::KEYS.contains(key) {
                settings.default_techniques.set(key, value)?;
            } else if !settings.set(key, value)? {
                return Err(format!("unknown key {key:?}"));
            }
        }
        settings.techniques = settings.default_techniques;
        settings.default_horizon = settings.horizon;
        Ok(settings)
    }

    /// Sets a spec key: `Ok(false)` for a key of neither the engine nor the zones.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let number = |lo: u64, hi: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("{key}={:?}: a whole number {lo}..={hi}", excerpt(value)))
        };
        match key {
            "horizon" => self.horizon = number(1, 12)? as i32,
            "plies" => self.plies = number(1, 64)? as usize,
            "extend" => {
                self.extend = Techniques::switch(value)
                    .ok_or_else(|| format!("extend {:?}: on or off", excerpt(value)))?
            }
            "sides" => {
                self.both_sides = match value {
                    "root" => false,
                    "both" => true,
                    _ => return Err(format!("sides {:?}: root or both", excerpt(value))),
                }
            }
            "engine" => {
                self.techniques = match value {
                    "engine" => self.default_techniques,
                    "plain" => Techniques::PLAIN,
                    _ => return Err(format!("engine {:?}: engine or plain", excerpt(value))),
                }
            }
            "mode" => {
                self.full = match value {
                    "full" => true,
                    "zones" => false,
                    _ => return Err(format!("mode {:?}: zones or full", excerpt(value))),
                }
            }
            k if Techniques::KEYS.contains(&k) => self.techniques.set(k, value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The keys [`CoreSettings::set`] takes.
    pub fn keys() -> String {
        format!(
            "mode=zones|full, horizon, plies, extend=on|off, sides=root|both, engine=engine|plain, {}",
            Techniques::KEYS.join(", ")
        )
    }

    /// The settings as spec text, then the limits.
    pub fn describe(&self, limits: &Limits) -> String {
        let mut s = String::from(if self.full { "mode=full" } else { "mode=zones" });
        if !self.full {
            let _ = write!(s, ",horizon={}", self.horizon);
            if self.plies != usize::MAX {
                let _ = write!(s, ",plies={}", self.plies);
            }
            if self.extend {
                s.push_str(",extend=on");
            }
            if self.both_sides {
                s.push_str(",sides=both");
            }
        }
        if self.techniques == Techniques::PLAIN {
            s.push_str(",engine=plain");
        } else if self.techniques != self.default_techniques {
            let _ = write!(s, ",techniques={:?}", self.techniques);
        }
        if let Some(d) = limits.depth {
            let _ = write!(s, ",depth={d}");
        }
        if let Some(n) = limits.nodes {
            let _ = write!(s, ",nodes={n}");
        }
        if let Some(ms) = limits.movetime_ms {
            let _ = write!(s, ",movetime={ms}");
        }
        s
    }

    /// The `option` lines of `uci`.
    pub fn options(&self) -> Vec<String> {
        let mut lines = vec![
            format!(
                "option name Mode type combo default {} var zones var full",
                if self.full { "full" } else { "zones" }
            ),
            format!(
                "option name Horizon type spin default {} min 1 max 12",
                self.default_horizon
            ),
            "option name Engine type combo default engine var engine var plain".to_string(),
        ];
        let t = self.default_techniques;
        for (name, on) in [
            ("aspiration", t.aspiration),
            ("history", t.history),
            ("null", t.null_move),
            ("lmr", t.reductions),
            ("lmp", t.late_move_pruning),
            ("extensions", t.extensions),
            ("staged", t.staged),
            ("deeper", t.table_deeper),
        ] {
            lines.push(format!("option name {name} type check default {on}"));
        }
        lines.push(format!(
            "option name hash type spin default {} min 0 max {}",
            t.table_mb,
            zonal_core::search::max_hash_mb()
        ));
        lines.push("option name multipv type spin default 1 min 1 max 256".into());
        lines.push("option name qdepth type spin default 8 min 0 max 64".into());
        lines.push(format!(
            "option name contempt type spin default {} min 0 max 1000",
            t.contempt
        ));
        let styles: Vec<String> = ZoneStyle::ALL
            .iter()
            .map(|z| format!(" var {}", z.name()))
            .collect();
        lines.push(format!(
            "option name style type combo default {}{}",
            t.zone_style.name(),
            styles.concat()
        ));
        lines
    }

    /// `setoption`: `Mode`, `Horizon`, `Engine` and the techniques by key (any case).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let bad = |expected: &str| {
            format!(
                "setoption {name}: value {:?} is not {expected}",
                excerpt(value)
            )
        };
        match name.to_ascii_lowercase().as_str() {
            "mode" => match value.to_ascii_lowercase().as_str() {
                "zones" => Ok(false),
                "full" => Ok(true),
                _ => Err(bad("zones or full")),
            }
            .map(|full| self.full = full),
            "horizon" => value
                .parse::<i32>()
                .ok()
                .filter(|h| (1..=12).contains(h))
                .map(|h| self.horizon = h)
                .ok_or_else(|| bad("a number 1-12")),
            "engine" => match value.to_ascii_lowercase().as_str() {
                "engine" => Ok(self.default_techniques),
                "plain" => Ok(Techniques::PLAIN),
                _ => Err(bad("engine or plain")),
            }
            .map(|t| self.techniques = t),
            other if Techniques::KEYS.contains(&other) => self
                .techniques
                .set(other, &value.to_ascii_lowercase())
                .map_err(|e| format!("setoption {name}: {}", excerpt(&e))),
            _ => Err(format!(
                "setoption: unknown option {:?} (options: Mode, Horizon, Engine, {})",
                excerpt(name),
                Techniques::KEYS.join(", ")
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_own_contempt_is_its_engines_default() {
        let mut s =
            CoreSettings::play_with(5, &[("contempt", "40"), ("null", "off")]).expect("known keys");
        assert!(!s.techniques.null_move);
        assert!(CoreSettings::play_with(5, &[("nul", "off")]).is_err());
        assert_eq!(s.techniques.contempt, 40);
        let limits = Limits::default();
        // The game's default is not written out; another value is.
        assert_eq!(s.describe(&limits), "mode=full");
        assert!(
            s.options()
                .contains(&"option name contempt type spin default 40 min 0 max 1000".to_string())
        );
        assert_eq!(s.set("contempt", "0"), Ok(true));
        assert_eq!(s.techniques.contempt, 0);
        assert!(s.describe(&limits).contains("contempt: 0"));
        // `engine=engine` is the game's engine, with its contempt.
        assert_eq!(s.set("engine", "engine"), Ok(true));
        assert_eq!(s.techniques.contempt, 40);
        assert_eq!(CoreSettings::play(5).techniques.contempt, 0);
    }

    #[test]
    fn core_settings_take_the_engines_switches() {
        let mut s = CoreSettings::play(4);
        assert_eq!(s.set("null", "off"), Ok(true));
        assert!(!s.techniques.null_move);
        assert_eq!(s.set("mode", "zones"), Ok(true));
        assert_eq!(s.set("horizon", "3"), Ok(true));
        assert_eq!(s.set("rook", "60"), Ok(false));
        assert_eq!(
            s.set("mode", "sideways"),
            Err("mode \"sideways\": zones or full".to_string())
        );
        assert_eq!(
            s.set("horizon", "13"),
            Err("horizon=\"13\": a whole number 1..=12".to_string())
        );
        assert!(s.set("lmr", "maybe").is_err());
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        assert!(
            s.describe(&limits)
                .starts_with("mode=zones,horizon=3,plies=1,techniques=")
        );
        assert_eq!(s.set("extend", "on"), Ok(true));
        assert!(s.extend);
        assert!(
            s.describe(&limits)
                .starts_with("mode=zones,horizon=3,plies=1,extend=on,")
        );
        assert_eq!(
            s.set("extend", "twice"),
            Err("extend \"twice\": on or off".to_string())
        );
        assert_eq!(s.set("sides", "both"), Ok(true));
        assert!(s.both_sides);
        assert!(
            s.describe(&limits)
                .starts_with("mode=zones,horizon=3,plies=1,extend=on,sides=both,")
        );
        assert_eq!(
            s.set("sides", "all"),
            Err("sides \"all\": root or both".to_string())
        );
        assert_eq!(s.set("sides", "root"), Ok(true));
        assert!(!s.both_sides);
        let mut plain = CoreSettings::play(4);
        assert_eq!(plain.set("engine", "plain"), Ok(true));
        assert_eq!(plain.describe(&limits), "mode=full,engine=plain,depth=2");
        assert_eq!(plain.set_option("MODE", "Zones"), Ok(()));
        assert!(!plain.full);
        assert_eq!(
            plain.set_option("Colour", "red").unwrap_err(),
            format!(
                "setoption: unknown option \"Colour\" (options: Mode, Horizon, Engine, {})",
                Techniques::KEYS.join(", ")
            )
        );
        assert_eq!(
            plain.set_option("Horizon", "0").unwrap_err(),
            "setoption Horizon: value \"0\" is not a number 1-12"
        );
    }
}
