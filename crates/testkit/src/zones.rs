//! The projection's checks over [`ZoneDef`]: the incremental projection equals one built from
//! scratch along random games, and the zone-guided search never reports a win or loss the
//! full-width search refutes.

use zonal_analysis::ZoneDef;
use zonal_core::guided::ZoneNarrowing;
use zonal_core::rng::Rng;
use zonal_core::zone::{Built, IncrementalProjection};
use zonal_core::{Limits, Rules, WIN_BOUND, search, search_narrowed};

/// The starts of `G` by name (`startpos` only where it is the only one: elsewhere it is one of
/// the named starts again).
fn starts<G: ZoneDef>() -> Result<Vec<(&'static str, G::Position)>, String> {
    let several = G::STARTS.len() > 1;
    G::STARTS
        .iter()
        .filter(|(n, _)| !(several && *n == "startpos"))
        .map(|&(name, _)| {
            G::start(name)
                .map(|p| (name, p))
                .ok_or_else(|| format!("{}: start {name:?} is listed but not known", G::NAME))
        })
        .collect()
}

/// What the incremental-projection check went over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZoneTally {
    /// Positions projected both ways.
    pub positions: usize,
    /// Of them, positions with a complex zone.
    pub with_complexes: usize,
    /// Distance maps the incremental projections built.
    pub built: usize,
    /// Distance maps they found in their caches.
    pub reused: usize,
    /// Distance maps the projections from scratch built.
    pub fresh_built: usize,
}

/// Along `games` random games of at most `plies` plies from each start of `G` (tactical moves,
/// such as captures, half the time, so that the pieces meet), the zones of the core's
/// [`IncrementalProjection`], carried from each position to the next, equal the zones built
/// from scratch; game `i` projects at `horizons[i % len]`. `each` sees every position and its
/// zones (for a game's own coverage counts).
pub fn incremental_equals_rebuild<G: ZoneDef>(
    seed: u64,
    games: usize,
    plies: usize,
    horizons: &[i32],
    each: &mut dyn FnMut(&G::Position, &Built),
) -> Result<ZoneTally, String> {
    let mut rng = Rng::new(seed);
    let zones = G::zone_game();
    let mut tally = ZoneTally::default();
    let mut tactical = Vec::new();
    for (name, start) in starts::<G>()? {
        for game in 0..games {
            let h = horizons[game % horizons.len()];
            let mut projection = IncrementalProjection::new();
            let (mut pos, mut previous) = (start, start);
            for ply in 0..plies {
                let incremental =
                    projection.project(&zones, &pos, h, G::changed_squares(&previous, &pos));
                let mut fresh = IncrementalProjection::new();
                if incremental != fresh.project(&zones, &pos, h, Default::default()) {
                    return Err(format!(
                        "{}: start {name}, game {game}, ply {ply}, H = {h}: the incremental \
                         projection differs from one built from scratch at {pos}",
                        G::NAME
                    ));
                }
                tally.positions += 1;
                tally.fresh_built += fresh.stats.built;
                tally.with_complexes += usize::from(!incremental.complexes.is_empty());
                each(&pos, &incremental);
                let moves = G::legal_moves(&pos);
                if moves.is_empty() || G::outcome(&pos).is_some() {
                    break;
                }
                let rules = G::rules(&pos);
                tactical.clear();
                rules.tactical_moves(&pos, &mut tactical);
                let mv = if !tactical.is_empty() && rng.below(2) == 0 {
                    tactical[rng.below(tactical.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                previous = pos;
                pos = rules.play(&pos, mv);
            }
            tally.reused += projection.stats.reused;
            tally.built += projection.stats.built;
        }
    }
    Ok(tally)
}

/// The positions after each `bm` of the game's suite ([`ZoneDef::SUITE`]) and those of `games`
/// random games from each start (every `every`-th ply from the 20th on, at most `plies` plies).
fn positions_to_check<G: ZoneDef>(
    seed: u64,
    games: usize,
    plies: usize,
    every: usize,
) -> Result<Vec<G::Position>, String> {
    let (source, text) = G::SUITE;
    let mut positions = Vec::new();
    for record in G::parse_file(text, source)? {
        if let Some(bm) = record.operands("bm").and_then(<[String]>::first) {
            let mut game = G::new_game(record.position);
            G::play_text(&mut game, bm).map_err(|e| format!("{source}:{}: {e}", record.line))?;
            positions.push(G::current(&game));
        }
    }
    let mut rng = Rng::new(seed);
    for (_, start) in starts::<G>()? {
        for _ in 0..games {
            let mut pos = start;
            for ply in 0..plies {
                let moves = G::legal_moves(&pos);
                if moves.is_empty() || G::outcome(&pos).is_some() {
                    break;
                }
                pos = G::rules(&pos).play(&pos, moves[rng.below(moves.len())]);
                if ply >= 20 && ply % every == 0 {
                    positions.push(pos);
                }
            }
        }
    }
    Ok(positions)
}

/// With [`ZoneNarrowing::extend`], a move of a root narrowed at ply 0 is extended exactly when
/// a step of the projection at the game's horizon names it and that step advances an open
/// root trajectory or is an urgent negation (the projection rebuilt and read here, apart from
/// the narrowing's memory); without it, none is. On the positions of
/// [`narrowed_never_refuted`]; returns the positions and the moves extended.
pub fn extends_the_pressing_steps<G: ZoneDef>(
    seed: u64,
    games: usize,
    plies: usize,
    every: usize,
) -> Result<(usize, usize), String> {
    use zonal_core::Narrowing;
    use zonal_core::guided::MoveSquares;
    use zonal_core::motive::{Purpose, motives};
    use zonal_core::zone::{ZoneGame, build};
    let zones = G::zone_game();
    let (mut positions, mut extended) = (0, 0);
    for pos in positions_to_check::<G>(seed, games, plies, every)? {
        let rules = G::rules(&pos);
        let all = G::legal_moves(&pos);
        let plain = ZoneNarrowing::new(&zones, G::HORIZON, usize::MAX);
        let guide = ZoneNarrowing::new(&zones, G::HORIZON, usize::MAX).extending(true);
        plain.narrow(&rules, &pos, 0, &mut all.clone());
        guide.narrow(&rules, &pos, 0, &mut all.clone());
        let pressing: Vec<_> = if all.len() > 1 && zones.has_zones(&pos) {
            motives(&zones, &pos, &build(&zones, &pos, G::HORIZON))
                .into_iter()
                .filter(|m| match m.purpose {
                    Purpose::Root { open, .. } => open,
                    Purpose::Negation { urgent, .. } => urgent,
                    Purpose::Answer { .. } | Purpose::Retreat { .. } => false,
                })
                .collect()
        } else {
            Vec::new()
        };
        positions += 1;
        for &mv in &all {
            let (from, to) = rules.move_squares(mv);
            let expected = from.is_some_and(|f| pressing.iter().any(|m| m.names(f, to)));
            if guide.extends(&rules, &pos, mv) != expected || plain.extends(&rules, &pos, mv) {
                return Err(format!(
                    "{}: at {pos} the move {mv:?} is extended: {}, expected {expected}",
                    G::NAME,
                    guide.extends(&rules, &pos, mv)
                ));
            }
            extended += usize::from(expected);
        }
    }
    Ok((positions, extended))
}

/// What the narrowed-search check went over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NarrowedTally {
    /// Positions searched both ways.
    pub positions: usize,
    /// Of them, positions the narrowed search scored as lost for the side to move.
    pub lost: usize,
    /// And as won.
    pub won: usize,
}

/// The zone-guided search ([`ZoneNarrowing`] at the game's horizon, narrowing at every ply)
/// never reports a forced win or loss that the full-width search of the same `depth` refutes:
/// checked on the positions after each `bm` of the game's suite ([`ZoneDef::SUITE`]) and on
/// positions of `games` random games from each start (every `every`-th ply from the 20th on,
/// at most `plies` plies).
pub fn narrowed_never_refuted<G: ZoneDef>(
    seed: u64,
    games: usize,
    plies: usize,
    every: usize,
    depth: u32,
) -> Result<NarrowedTally, String> {
    let positions = positions_to_check::<G>(seed, games, plies, every)?;
    let zones = G::zone_game();
    let guide = ZoneNarrowing::new(&zones, G::HORIZON, usize::MAX);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut tally = NarrowedTally::default();
    for pos in positions.into_iter().filter(|p| G::outcome(p).is_none()) {
        let rules = G::rules(&pos);
        let narrowed = search_narrowed(&rules, &guide, &pos, &[], &limits);
        let full = search(&rules, &pos, &[], &limits);
        tally.positions += 1;
        let refuted = if narrowed.score < -WIN_BOUND {
            tally.lost += 1;
            full.score >= -WIN_BOUND
        } else if narrowed.score > WIN_BOUND {
            tally.won += 1;
            full.score <= WIN_BOUND
        } else {
            false
        };
        if refuted {
            return Err(format!(
                "{}: at {pos} the narrowed search scores {} and the full-width one {} \
                 (depth {depth})",
                G::NAME,
                narrowed.score,
                full.score
            ));
        }
    }
    Ok(tally)
}

/// A game's evaluation features with the projection's last (`zone_at` is the first of them):
/// along a random game from `start` (`next` plays a random legal move, `None` at the end), the
/// features with the projection (`all`) carry the projection's own columns (`projected`, turned
/// to the evaluation's side), the features of an evaluation that gives them no weight
/// (`without`) leave them at 0 and the rest unchanged, and more than 5 positions have one.
pub fn zone_feature_columns<P: std::fmt::Display>(
    start: P,
    zone_at: usize,
    mut next: impl FnMut(&P, &mut Rng) -> Option<P>,
    all: impl Fn(&P) -> Vec<i32>,
    without: impl Fn(&P) -> Vec<i32>,
    projected: impl Fn(&P) -> Vec<i32>,
) -> Result<(), String> {
    let mut rng = Rng::new(9);
    let mut pos = start;
    let mut with_zones = 0;
    for _ in 0..40 {
        let (all, without) = (all(&pos), without(&pos));
        if without[..zone_at] != all[..zone_at] || without[zone_at..].iter().any(|&f| f != 0) {
            return Err(format!(
                "{pos}: without the projection {without:?}, with {all:?}"
            ));
        }
        if all[zone_at..] != projected(&pos)[..] {
            return Err(format!(
                "{pos}: zone features {:?}, the projection's {:?}",
                &all[zone_at..],
                projected(&pos)
            ));
        }
        with_zones += usize::from(all[zone_at..].iter().any(|&f| f != 0));
        match next(&pos, &mut rng) {
            Some(p) => pos = p,
            None => break,
        }
    }
    if with_zones <= 5 {
        return Err(format!("{with_zones} positions with zone features"));
    }
    Ok(())
}
