//! The rulesets (spec §8, §9): `seed` on 9x9 or 11x11 and `copenhagen` on 11x11. Where they differ
//! the rules read this value: who may stop on the throne, the king's capture next to a corner,
//! shieldwalls, exit forts, encirclement and the 200-ply draw.

use std::fmt;

/// The rules a position is played by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// The engine's default rules, restated from the Russian source (spec §1-§8).
    Seed,
    /// Copenhagen Hnefatafl 11x11 (spec §9).
    Copenhagen,
}

impl Variant {
    /// The name used in position strings: `seed` or `copenhagen`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Seed => "seed",
            Variant::Copenhagen => "copenhagen",
        }
    }

    /// The variant named `text` (`seed` or `copenhagen`).
    pub fn parse(text: &str) -> Option<Variant> {
        match text {
            "seed" => Some(Variant::Seed),
            "copenhagen" => Some(Variant::Copenhagen),
            _ => None,
        }
    }
}

/// A ruleset: the variant and the board size (9 or 11; `copenhagen` is 11 only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ruleset {
    variant: Variant,
    size: u8,
}

/// Plies without a capture after which a `seed` game is drawn (spec §7.2).
pub const SEED_MOVE_LIMIT: u32 = 200;

impl Ruleset {
    /// `seed` on 9x9 (the Tablut layout).
    pub const SEED_9: Ruleset = Ruleset {
        variant: Variant::Seed,
        size: 9,
    };
    /// `seed` on 11x11.
    pub const SEED_11: Ruleset = Ruleset {
        variant: Variant::Seed,
        size: 11,
    };
    /// `copenhagen` (11x11).
    pub const COPENHAGEN: Ruleset = Ruleset {
        variant: Variant::Copenhagen,
        size: 11,
    };
    /// The three rulesets.
    pub const ALL: [Ruleset; 3] = [Ruleset::SEED_9, Ruleset::SEED_11, Ruleset::COPENHAGEN];

    /// The ruleset of `variant` on an `size`x`size` board, if it exists.
    pub const fn new(variant: Variant, size: u32) -> Option<Ruleset> {
        match (variant, size) {
            (Variant::Seed, 9) => Some(Ruleset::SEED_9),
            (_, 11) => Some(Ruleset { variant, size: 11 }),
            _ => None,
        }
    }

    /// The variant.
    #[inline]
    pub const fn variant(self) -> Variant {
        self.variant
    }

    /// Files (= ranks) of the board.
    #[inline]
    pub const fn size(self) -> u32 {
        self.size as u32
    }

    /// Whether this is `copenhagen`.
    #[inline]
    pub const fn is_copenhagen(self) -> bool {
        matches!(self.variant, Variant::Copenhagen)
    }

    /// May a soldier stop on the empty throne? (`seed` yes, `copenhagen` no.)
    #[inline]
    pub const fn soldiers_may_stop_on_throne(self) -> bool {
        !self.is_copenhagen()
    }

    /// Is the king next to a corner captured by two attackers? (`seed` only.)
    #[inline]
    pub const fn king_captured_next_to_corner(self) -> bool {
        !self.is_copenhagen()
    }

    /// Shieldwall captures, exit fort and encirclement (`copenhagen` only).
    #[inline]
    pub const fn has_edge_rules(self) -> bool {
        self.is_copenhagen()
    }

    /// The plies without a capture that draw the game, if the ruleset has a limit (`seed`: 200).
    #[inline]
    pub const fn move_limit(self) -> Option<u32> {
        match self.variant {
            Variant::Seed => Some(SEED_MOVE_LIMIT),
            Variant::Copenhagen => None,
        }
    }

    /// The start position string (spec §3).
    pub const fn start_string(self) -> &'static str {
        match (self.variant, self.size) {
            (Variant::Seed, 9) => "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a seed",
            (Variant::Seed, _) => {
                "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a seed"
            }
            (Variant::Copenhagen, _) => {
                "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a copenhagen"
            }
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}x{}", self.variant.name(), self.size, self.size)
    }
}
