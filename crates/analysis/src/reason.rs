//! Why a recommended move of a game on the core's search (Прорыв, Hnefatafl, Jungle) is
//! played, in words: what it takes, and the zones it serves by the projection of the position
//! ([`zonal_core::motive`]): the root it advances, the other side's zone it negates, the
//! negation of its own zone it answers, the complex it steps out of. `zonal analyse` and the
//! analysis board (`zonal serve`) show it beside the score.

use zonal_board::{Shape, SquareSet};
use zonal_core::guided::MoveSquares;
use zonal_core::motive::{Motive, Purpose, motives};
use zonal_core::zone::{AimKind, Built, Gain, ZoneGame, build};
use zonal_core::{Rules, Terminal};

/// At most this many zones are named in one reason.
const MOST_MOTIVES: usize = 3;
/// The longest horizon a reason looks for a plan at.
const LONGEST_HORIZON: i32 = 12;

/// A longer projection: its horizon, the zones, the steps they name.
type Longer<S> = (i32, Option<Built>, Vec<Motive<S>>);

/// The reasons of the moves of one position: its projection, built once.
pub struct Explainer<'a, R: Rules, Z: ZoneGame> {
    rules: &'a R,
    zones: &'a Z,
    pos: &'a R::Position,
    horizon: i32,
    built: Option<Built>,
    named: Vec<Motive<Z::Set>>,
    longer: std::cell::OnceCell<Longer<Z::Set>>,
    words: Words<R::Position>,
}

/// What a game tells a reason besides its zones.
pub struct Words<P> {
    /// What stands on a square (`lion`, `attacker`).
    pub piece: fn(&P, u32) -> String,
    /// The evaluation's terms for the side to move, cp, named (they add up to the evaluation).
    pub terms: fn(&P) -> Vec<(&'static str, i32)>,
}

impl<'a, R, Z> Explainer<'a, R, Z>
where
    R: MoveSquares,
    Z: ZoneGame<Position = R::Position>,
{
    /// The projection of `pos` at `horizon`.
    pub fn new(
        rules: &'a R,
        zones: &'a Z,
        pos: &'a R::Position,
        horizon: i32,
        words: Words<R::Position>,
    ) -> Self {
        let built = zones.has_zones(pos).then(|| build(zones, pos, horizon));
        let named = built
            .as_ref()
            .map(|b| motives(zones, pos, b))
            .unwrap_or_default();
        Explainer {
            rules,
            zones,
            pos,
            horizon,
            built,
            named,
            longer: std::cell::OnceCell::new(),
            words,
        }
    }

    fn square(&self, sq: u32) -> String {
        self.shape().name(sq)
    }

    fn shape(&self) -> Shape {
        self.zones.shape(self.pos)
    }

    /// `lion c7`: the piece on `sq` and the square.
    fn piece_on(&self, sq: u32) -> String {
        format!("{} {}", (self.words.piece)(self.pos, sq), self.square(sq))
    }

    /// Why `mv` is played: what it takes or wins at once, then the zones it serves (at most
    /// three), or that no zone names it.
    pub fn explain(&self, mv: R::Move) -> String {
        let (from, to) = self.rules.move_squares(mv);
        let mover = from.map_or_else(
            || format!("a piece entering on {}", self.square(to)),
            |f| self.piece_on(f),
        );
        let mut parts = Vec::new();
        let next = self.rules.play(self.pos, mv);
        if self.rules.terminal(&next) == Some(Terminal::Loss) {
            parts.push("wins the game at once".to_string());
        }
        let before = self.zones.occupied(self.pos);
        let after = self.zones.occupied(&next);
        // What the move removes, and what stood on the square it reaches (every game here
        // takes by moving onto the piece, or removes pieces it leaves behind).
        let taken = (before & !after)
            .with(to)
            .squares()
            .filter(|&sq| Some(sq) != from && before.has(sq));
        let taken: Vec<String> = taken.map(|sq| self.piece_on(sq)).collect();
        if !taken.is_empty() {
            parts.push(format!("takes the {}", taken.join(" and the ")));
        }
        let mut serves = from.map(|f| self.serves(&self.built, &self.named, f, to, None));
        if serves.as_ref().is_some_and(Vec::is_empty)
            && let Some(f) = from
        {
            // A quiet move no zone of the horizon names may serve a plan of a longer one.
            let (longer, built, named) = self.longer.get_or_init(|| {
                let h = (self.horizon + 2).min(LONGEST_HORIZON);
                let built = self
                    .zones
                    .has_zones(self.pos)
                    .then(|| build(self.zones, self.pos, h));
                let named = built
                    .as_ref()
                    .map(|b| motives(self.zones, self.pos, b))
                    .unwrap_or_default();
                (h, built, named)
            });
            if *longer > self.horizon {
                serves = Some(self.serves(built, named, f, to, Some(*longer)));
            }
        }
        parts.extend(serves.unwrap_or_default());
        let first = if parts.is_empty() {
            let looked = self.longer.get().map_or(self.horizon, |l| l.0);
            format!(
                "no zone up to horizon {looked} names it; {}",
                self.gains(&next)
            )
        } else {
            parts.join("; ")
        };
        format!("{mover}: {first}")
    }

    /// What a quiet move gains by the evaluation's terms (at most three, the largest first),
    /// the position after it (`next`) seen from the mover's side.
    fn gains(&self, next: &R::Position) -> String {
        let before = (self.words.terms)(self.pos);
        let after = (self.words.terms)(next);
        // A term missing from either side is 0 there (the fitted evaluations name only the
        // terms that count).
        let value = |terms: &[(&'static str, i32)], name: &str| {
            terms.iter().find(|t| t.0 == name).map_or(0, |t| t.1)
        };
        let mut names: Vec<&'static str> = before.iter().chain(&after).map(|t| t.0).collect();
        names.sort_unstable();
        names.dedup();
        let mut gained: Vec<(&str, i32)> = names
            .into_iter()
            .filter_map(|name| {
                let (was, now) = (value(&before, name), -value(&after, name));
                (now > was).then_some((name, now - was))
            })
            .collect();
        gained.sort_by_key(|&(name, gain)| (-gain, name));
        if gained.is_empty() {
            return "best by search".to_string();
        }
        let list: Vec<String> = gained
            .iter()
            .take(MOST_MOTIVES)
            .map(|(name, gain)| format!("{name} +{gain} cp"))
            .collect();
        format!("best by search; it gains {}", list.join(", "))
    }

    /// The zones the step `from`-`to` serves in one projection, at most [`MOST_MOTIVES`], each
    /// once; `longer` is the projection's horizon when it is not the analysis's own.
    fn serves(
        &self,
        built: &Option<Built>,
        named: &[Motive<Z::Set>],
        from: u32,
        to: u32,
        longer: Option<i32>,
    ) -> Vec<String> {
        let Some(built) = built else {
            return Vec::new();
        };
        let mut texts: Vec<String> = Vec::new();
        let mut serving: Vec<&Motive<Z::Set>> =
            named.iter().filter(|m| m.names(from, to)).collect();
        serving.sort_by_key(|m| urgency(&m.purpose));
        for m in serving {
            let mut text = self.motive_text(built, m);
            if let Some(h) = longer {
                text = format!("{text} at horizon {h}");
            }
            if !texts.contains(&text) {
                texts.push(text);
            }
            if texts.len() == MOST_MOTIVES {
                break;
            }
        }
        texts
    }

    /// One motive in words.
    fn motive_text(&self, built: &Built, m: &Motive<Z::Set>) -> String {
        let zone_words = |index: usize| -> String {
            built.zones.get(index).map_or_else(
                || format!("zone {index}"),
                |z| {
                    let root = z.root.first().map_or(String::new(), |&r| self.piece_on(r));
                    format!(
                        "zone {index}: {root} -> {}",
                        self.aim_words(z.aim.kind, z.aim.target)
                    )
                },
            )
        };
        match m.purpose {
            Purpose::Root {
                zone,
                aim,
                length,
                open,
            } => {
                let state = if open { "open" } else { "stopped" };
                if aim.kind == AimKind::Occupy
                    && let Some(c) = built.complexes.iter().find(|c| c.zones.contains(&zone))
                {
                    return format!(
                        "closes in on the {} via {} (complex {}, zone {zone}, {length} {}, {})",
                        self.piece_on(c.target),
                        self.square(aim.target),
                        c.index,
                        if length == 1 { "move" } else { "moves" },
                        if built.complex_is_open(c) {
                            "open"
                        } else {
                            "stopped"
                        }
                    );
                }
                let gain = match self.zones.gain(self.pos, aim) {
                    Gain::Wins if open => ", wins the game",
                    _ => "",
                };
                format!(
                    "goes for {} (zone {zone}, {length} {}, {state}{gain})",
                    self.aim_words(aim.kind, aim.target),
                    if length == 1 { "move" } else { "moves" }
                )
            }
            Purpose::Negation {
                zone,
                role,
                attached,
                urgent,
                other_way,
            } => format!(
                "stops {}{} by {} of {}{}",
                zone_words(zone),
                if other_way {
                    " (another of its shortest ways)"
                } else {
                    ""
                },
                role.name(),
                self.square(attached),
                if urgent { ", now or never" } else { "" }
            ),
            Purpose::Answer {
                zone,
                negator,
                role,
            } => format!(
                "answers the {} by the {} in zone {zone}",
                role.name(),
                self.piece_on(negator)
            ),
            Purpose::Retreat { complex } => {
                format!("steps out of complex {complex} (the pieces closing on it)")
            }
        }
    }

    /// `the wolf d8`, `d9`, `the square e5 (closing on ...)`.
    fn aim_words(&self, kind: AimKind, target: u32) -> String {
        match kind {
            AimKind::Capture => format!("the {}", self.piece_on(target)),
            AimKind::Goal => self.square(target),
            AimKind::Occupy => format!("{} (to close a complex)", self.square(target)),
        }
    }
}

/// The order motives are told in: open plans of the mover first (the shortest first), then the
/// negations that must be made now, the other negations and retreats, the answers, and last the
/// mover's plans that are stopped.
fn urgency(p: &Purpose) -> (u8, usize) {
    match *p {
        Purpose::Root {
            length, open: true, ..
        } => (0, length),
        Purpose::Negation { urgent: true, .. } => (1, 0),
        Purpose::Negation { .. } | Purpose::Retreat { .. } => (2, 0),
        Purpose::Answer { .. } => (3, 0),
        Purpose::Root { length, .. } => (4, length),
    }
}
