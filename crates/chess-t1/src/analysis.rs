//! The main job: analyse a position the way PIONEER did (docs/zones.md §4).
//!
//! [`analyse`] builds the mathematical projection, weighs each zone's outcome for both sides to
//! move, gathers the moves the zones name, ranks them with the zone-guided search and explains
//! them: which zone each move serves and what the exchange on its square yields.
//!
//! ```
//! use chess_t1::analysis::{analyse, AnalysisConfig};
//! use chess_t1::Position;
//! // docs/chess-t1-rules.md §10 E8 (a fragment without Kings): the Prince e2 walks to b5 and then into the empty
//! // black castle on e8, which wins; taking the Knecht b7 with the Ver Knecht wins too, later.
//! let pos: Position = "8/1n6/1V4r1/8/6N1/8/4P3/8 w - 0 1".parse().unwrap();
//! let a = analyse(&pos, &AnalysisConfig { horizon: 2, ..AnalysisConfig::default() });
//! assert_eq!(a.recommended[0].mv.uci(), "e2b5");
//! assert_eq!(a.recommended[0].outcome, Some("win"));
//! assert!(a.recommended.iter().any(|r| r.mv.uci() == "b6b7"));
//! ```

use crate::exchange::{self, DECISIVE, Material};
use crate::force::ForceMap;
use crate::force::units;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::{Position, Status};
use crate::rules::{Aim, ChessT1};
use crate::search::baseline::{self, BaselineConfig};
use crate::search::{self, Engine, EngineConfig, Mode, Motive, ZoneStyle, proven};
use crate::square::{Color, Square};
use crate::zone::{ForceZone, Projection, Role, ZoneConfig, ZoneKind};
use std::time::Instant;
use zonal_core::Limits;

/// Settings of an analysis.
#[derive(Clone, Debug)]
pub struct AnalysisConfig {
    /// Horizon in half-moves of the zones.
    pub horizon: i32,
    /// Search depth in half-moves (default [`DEFAULT_DEPTH`] unless `limits` bounds the search
    /// otherwise).
    pub depth: Option<u32>,
    /// Time and node limits of the search (its depth is `depth`).
    pub limits: Limits,
    /// Zone-guided search (the method) or full-width (the yardstick).
    pub mode: Mode,
    /// Piece values.
    pub material: Material,
    /// How many recommended moves to report (their scores are exact).
    pub top: usize,
    /// The engine's settings; `mode`, `material` and `horizon` above take precedence over its
    /// own.
    pub engine: EngineConfig,
    /// The baseline configuration of the engine ([`baseline`]) searches instead when given
    /// (its depth, mode, horizon and material are the analysis's).
    pub baseline: Option<BaselineConfig>,
}

/// Search depth of an analysis when none is given.
pub const DEFAULT_DEPTH: u32 = 6;

/// How the zones shape an analysis's tree when no style is given: the named moves first and
/// never pruned, the others reduced one ply more (the ranked moves get exact scores either
/// way). On `positions/tactics.t1` it finds as many `bm` as the full-width search with fewer
/// nodes (NOTES.md, issue 31).
pub const DEFAULT_STYLE: ZoneStyle = ZoneStyle::Steer;

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            horizon: 4,
            depth: None,
            mode: Mode::Zones,
            material: Material::default(),
            top: 5,
            limits: Limits::default(),
            engine: EngineConfig {
                zone_style: DEFAULT_STYLE,
                ..EngineConfig::default()
            },
            baseline: None,
        }
    }
}

/// A square where a piece can be taken now, or where the force is evenly balanced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HotSpot {
    /// The square.
    pub square: Square,
    /// The piece on it.
    pub piece: Option<Piece>,
    /// Effective force of White and Black there (half-units).
    pub sums: [i32; 2],
    /// Whether the piece on it could be taken by the other side now.
    pub attacked: bool,
}

/// One zone in a line, with its outcome.
#[derive(Clone, Debug)]
pub struct ZoneSummary {
    /// The zone's index in the projection.
    pub index: usize,
    /// Attack or linked zone.
    pub kind: ZoneKind,
    /// The (+) side.
    pub side: Color,
    /// The root piece and its square.
    pub root: (Square, Piece),
    /// The target square, what stands there and what it is aimed at.
    pub target: (Square, Option<Piece>, Aim),
    /// The root trajectory's length in moves.
    pub length: usize,
    /// Whether nothing stops the root in time.
    pub open: bool,
    /// Outcome for (+), in half-units, with the actual side to move.
    pub outcome: i32,
    /// Outcome for (+) were the other side to move (`None` if the zone does not exist then).
    pub outcome_other: Option<i32>,
    /// One readable line.
    pub text: String,
}

/// A recommended move.
#[derive(Clone, Debug)]
pub struct Recommendation {
    /// The move.
    pub mv: Move,
    /// In the books' notation.
    pub book: String,
    /// Score for the side to move, in half-units.
    pub score: i32,
    /// The same score in cp (1 unit = 100 cp; game ends ±(10,000,000 − plies)).
    pub score_cp: i32,
    /// Whether the score is exact (otherwise an upper bound: the move was refuted).
    pub exact: bool,
    /// The game result the search proves, if any.
    pub outcome: Option<&'static str>,
    /// Why.
    pub reason: String,
    /// The principal line, in coordinate form.
    pub line: Vec<Move>,
}

/// Everything `zonal analyse` reports about one position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The position.
    pub position: Position,
    /// Game status.
    pub status: Status,
    /// Whether each side's King is in check.
    pub in_check: [bool; 2],
    /// Material of White and Black (half-units).
    pub material: [i32; 2],
    /// Pieces en prise and balanced squares.
    pub hot_spots: Vec<HotSpot>,
    /// Horizon used.
    pub horizon: i32,
    /// Every zone with its outcome.
    pub zones: Vec<ZoneSummary>,
    /// Recommended moves, best first.
    pub recommended: Vec<Recommendation>,
    /// Search mode, depth and nodes.
    pub search_mode: Mode,
    /// Search depth.
    pub depth: u32,
    /// Nodes the search visited.
    pub nodes: u64,
    /// Wall-clock time of the whole analysis, in microseconds.
    pub micros: u128,
}

/// The position with the other side to move (for the outcome "were the other side to move").
fn flipped(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.side = setup.side.other();
    Position::from_setup(setup).ok()
}

/// Value of `aim` / `target` for (+) once the root is next to it, in half-units.
fn zone_outcome(pos: &Position, zone: &ForceZone, material: &Material) -> i32 {
    if zone.kind != ZoneKind::Attack {
        return 0;
    }
    let root = &zone.root().trajectory;
    if !zone.is_open() {
        // Caught on its way: a holding control or capture takes the root.
        let caught = zone.holding.iter().any(|&t| {
            matches!(zone.trajectories[t].role, Role::Control | Role::Capture)
                && zone.trajectories[t]
                    .attached
                    .is_some_and(|a| a.index < root.len())
        });
        return if caught {
            -material.value(root.piece.kind)
        } else {
            0
        };
    }
    if matches!(zone.target.aim, Aim::King | Aim::Castle) {
        return DECISIVE;
    }
    // The exchange on the target with the root one step away and (+) to move.
    let mut setup = pos.to_setup();
    let k = root.len();
    if k >= 2 {
        let piece = setup.board.take(root.squares[0]);
        if let Some(p) = piece {
            setup.board.put(root.squares[k - 1], p);
        }
    }
    setup.side = zone.side;
    match Position::from_setup(setup) {
        Ok(p) => exchange::exchange(&p, zone.target.square, material).value,
        Err(_) => zone.target.piece.map_or(0, |p| material.value(p.kind)),
    }
}

fn zone_text(zone: &ForceZone, outcome: i32) -> String {
    let root = &zone.root().trajectory;
    let path: Vec<String> = root.squares.iter().map(Square::to_string).collect();
    let target = match (zone.target.piece, zone.target.aim) {
        (Some(p), _) => format!("{} {}", p.kind.name(), zone.target.square),
        (None, Aim::Castle) => format!("castle square {}", zone.target.square),
        (None, _) => format!("square {}", zone.target.square),
    };
    let status = if zone.is_open() {
        "open".to_string()
    } else if zone.target_defended {
        "defended".to_string()
    } else {
        let labels: Vec<String> = zone
            .holding
            .iter()
            .take(3)
            .map(|&t| {
                let zt = &zone.trajectories[t];
                let path = &zt.trajectory;
                format!(
                    "{} {} {} {} to {}",
                    zone.label(t),
                    path.piece.kind.name(),
                    path.start(),
                    Role::describe(zt.role),
                    path.goal()
                )
            })
            .collect();
        format!("stopped by {}", labels.join(", "))
    };
    let value = if outcome >= search::PROVEN {
        "wins the game".to_string()
    } else if outcome > 0 {
        format!("+{}", units(outcome))
    } else {
        units(outcome)
    };
    format!(
        "{} {} {} -> {} in {} ({}): {}, outcome {}",
        zone.label(0),
        root.piece.color.name_capitalized(),
        root.piece.kind.name(),
        target,
        root.len(),
        path.join("-"),
        status,
        value
    )
}

/// The reasons of a position's root moves: the zones of the analysis's horizon name each
/// move's motives; a quiet move none names may serve a plan of a longer horizon (the projection
/// two half-moves further, built once, only if needed).
pub struct Reasons<'a> {
    pos: &'a Position,
    material: Material,
    horizon: i32,
    named: Vec<(Move, Vec<Motive>)>,
    longer: std::cell::OnceCell<Vec<(Move, Vec<Motive>)>>,
}

impl<'a> Reasons<'a> {
    /// The reasons from the projection `mp` of `pos` at `horizon`.
    pub fn new(pos: &'a Position, mp: &Projection, horizon: i32, material: Material) -> Self {
        Reasons {
            pos,
            material,
            horizon,
            named: search::zone_candidates(pos, mp, &material),
            longer: std::cell::OnceCell::new(),
        }
    }

    /// The same, building the projection of `pos` at `horizon` itself.
    pub fn of(pos: &'a Position, horizon: i32, material: Material) -> Self {
        let config = ZoneConfig {
            horizon,
            ..ZoneConfig::default()
        };
        Reasons::new(
            pos,
            &Projection::build(&ChessT1, pos, &config),
            horizon,
            material,
        )
    }

    /// Why `mv` is played, with its score (cp, `exact` or an upper bound); `motives` are the
    /// search's own (zone mode), if any, else the zones' are looked up.
    pub fn explain(&self, mv: &Move, motives: &[Motive], score_cp: i32, exact: bool) -> String {
        let motives_of = |candidates: &[(Move, Vec<Motive>)]| {
            candidates
                .iter()
                .find(|(m, _)| m == mv)
                .map(|(_, m)| m.clone())
                .unwrap_or_default()
        };
        let mut motives = if motives.is_empty() {
            motives_of(&self.named)
        } else {
            motives.to_vec()
        };
        let longer_horizon = (self.horizon + 2).min(8);
        let mut found_longer = None;
        if motives.is_empty() && longer_horizon > self.horizon {
            let candidates = self.longer.get_or_init(|| {
                let config = ZoneConfig {
                    horizon: longer_horizon,
                    ..ZoneConfig::default()
                };
                let mp = Projection::build(&ChessT1, self.pos, &config);
                search::zone_candidates(self.pos, &mp, &self.material)
            });
            motives = motives_of(candidates);
            if !motives.is_empty() {
                found_longer = Some(longer_horizon);
            }
        }
        reason(
            self.pos,
            mv,
            &motives,
            &self.material,
            score_cp,
            exact,
            found_longer,
        )
    }
}

/// Explains a root move from its motives and the exchange it starts.
fn reason(
    pos: &Position,
    mv: &Move,
    motives: &[Motive],
    material: &Material,
    score_cp: i32,
    exact: bool,
    longer: Option<i32>,
) -> String {
    let mut parts = Vec::new();
    let piece = mv.piece.name();
    if mv.is_capture() {
        let gain = exchange::exchange_after(pos, mv, material).value;
        let victim = mv.captured.map_or("piece", |k| k.name());
        parts.push(if gain >= search::PROVEN {
            format!(
                "{piece} takes the {victim} on {}: that wins the game",
                mv.to
            )
        } else if gain > 0 {
            format!(
                "{piece} takes the {victim} on {}: the exchange there wins {}",
                mv.to,
                units(gain)
            )
        } else {
            format!(
                "{piece} takes the {victim} on {} (the exchange there is even at best)",
                mv.to
            )
        });
    }
    let mut seen = std::collections::BTreeSet::new();
    for m in motives.iter().take(3) {
        // The zone named by its index in the report, or by the longer horizon it was found at.
        let (zone, label) = match longer {
            None => (format!("zone {}", m.zone), format!(" {}", m.label)),
            Some(h) => (format!("a zone of horizon {h}"), String::new()),
        };
        let what = if m.defends {
            match m.role {
                Role::Retreat => format!("retreats from the attack of {zone}"),
                Role::Blockade => format!("blocks the root of {zone}"),
                Role::Reinforcement => format!("defends {} ({zone})", m.target),
                _ => format!(
                    "meets the attack on {} ({zone}, {})",
                    m.target,
                    Role::describe(m.role)
                ),
            }
        } else {
            match m.role {
                Role::Root => format!("goes for {} ({zone}{label})", m.target),
                Role::Support => format!("supports the attack on {} ({zone})", m.target),
                _ => format!(
                    "{} for the attack on {} ({zone})",
                    Role::describe(m.role),
                    m.target
                ),
            }
        };
        if seen.insert(what.clone()) {
            parts.push(what);
        }
    }
    if motives.is_empty() || longer.is_some() {
        // No zone of this horizon names the move: say what it changes in the evaluation (the
        // control it gains, the castle it guards, the piece it activates).
        let plan = crate::eval::explain_move(pos, mv, &crate::eval::Weights::default());
        if !plan.is_empty() {
            parts.push(plan);
        }
    }
    if parts.is_empty() {
        parts.push(format!("{piece} {}{}: best by search", mv.from, mv.to));
    }
    let text = crate::search::cp_text(score_cp);
    let verdict = match search::proven(search::cp_to_half_units(score_cp)) {
        Some(true) => format!("forces a win ({text})"),
        Some(false) => format!("loses by force ({text})"),
        None if exact => format!("score {text}"),
        None => format!("score at most {text}"),
    };
    format!("{}; {verdict}", parts.join("; "))
}

/// Analyses `pos`.
pub fn analyse(pos: &Position, cfg: &AnalysisConfig) -> Analysis {
    let start = Instant::now();
    let board = pos.board();
    let map = ForceMap::new(board);
    let zone_cfg = ZoneConfig {
        horizon: cfg.horizon,
        ..ZoneConfig::default()
    };
    let mp = Projection::build(&ChessT1, pos, &zone_cfg);
    let other = flipped(pos).map(|p| (Projection::build(&ChessT1, &p, &zone_cfg), p));
    let zones = mp
        .zones
        .iter()
        .map(|z| {
            let outcome = zone_outcome(pos, z, &cfg.material);
            let outcome_other = other.as_ref().and_then(|(omp, opos)| {
                omp.zones
                    .iter()
                    .find(|o| {
                        o.kind == z.kind
                            && o.root().trajectory.squares == z.root().trajectory.squares
                            && o.target.square == z.target.square
                    })
                    .map(|o| zone_outcome(opos, o, &cfg.material))
            });
            let root = &z.root().trajectory;
            ZoneSummary {
                index: z.index,
                kind: z.kind,
                side: z.side,
                root: (root.start(), root.piece),
                target: (z.target.square, z.target.piece, z.target.aim),
                length: root.len(),
                open: z.is_open(),
                outcome,
                outcome_other,
                text: zone_text(z, outcome),
            }
        })
        .collect();
    let mut hot_spots: Vec<HotSpot> = Vec::new();
    for sq in Square::all() {
        let piece = pos.piece_at(sq);
        let sums = [
            map.effective(board, Color::White, sq),
            map.effective(board, Color::Black, sq),
        ];
        let attacked = piece.is_some_and(|p| pos.can_capture_on(p.color.other(), sq));
        let balanced = sums[0] > 0 && sums[1] > 0 && (sums[0] - sums[1]).abs() <= 1;
        if attacked || balanced && piece.is_some() {
            hot_spots.push(HotSpot {
                square: sq,
                piece,
                sums,
                attacked,
            });
        }
    }
    let mut engine = cfg.engine.clone();
    engine.mode = cfg.mode;
    engine.material = cfg.material;
    engine.horizon = cfg.horizon;
    engine.multipv = cfg.top.max(1);
    // An analysis shows a draw as 0.
    engine.contempt = 0;
    // Its ranked moves are not cut short near the leaves either.
    engine.late_move_pruning = false;
    let mut limits = cfg.limits;
    limits.depth = cfg.depth.or(match (limits.movetime_ms, limits.nodes) {
        (None, None) => Some(DEFAULT_DEPTH),
        _ => None,
    });
    // The table need not hold more entries than the search may visit: memory follows the
    // work (a batch with a small node bound runs in a few MB a thread).
    if let Some(nodes) = limits.nodes {
        let needed_mb = nodes.saturating_mul(TABLE_BYTES_PER_NODE).div_ceil(1 << 20);
        engine.hash_mb = engine.hash_mb.min(needed_mb.max(1) as usize);
    }
    let status = pos.status();
    let (recommended, nodes, depth) = if status.is_over() {
        (Vec::new(), 0, limits.depth.unwrap_or(DEFAULT_DEPTH))
    } else {
        let result = match &cfg.baseline {
            Some(b) => {
                let start = Instant::now();
                let b = BaselineConfig {
                    depth: limits.depth.unwrap_or(cfg.horizon.max(1) as u32).min(12),
                    mode: cfg.mode,
                    horizon: cfg.horizon,
                    material: cfg.material,
                    ..b.clone()
                };
                let mut r = baseline::search(pos, &b);
                r.time_ms = start.elapsed().as_millis() as u64;
                r
            }
            None => Engine::new(engine).search(pos, &[], &limits),
        };
        let reasons = Reasons::new(pos, &mp, cfg.horizon, cfg.material);
        // Moves a limit kept from being searched at all have no score to report; if the limit
        // came before any move was searched, the first ones are shown as such.
        let searched = result.root.iter().filter(|r| r.depth > 0).count();
        let recs = result
            .root
            .iter()
            .filter(|r| r.depth > 0 || searched == 0)
            .take(cfg.top)
            .map(|r| Recommendation {
                mv: r.mv,
                book: crate::book::write_move(pos, &r.mv),
                score: r.score,
                score_cp: r.score_cp,
                exact: r.exact,
                outcome: match proven(r.score) {
                    _ if r.depth == 0 => None,
                    Some(true) => Some("win"),
                    Some(false) => Some("loss"),
                    None => None,
                },
                reason: if r.depth == 0 {
                    "not searched: the node or time limit came first (raise --nodes or \
                         --movetime)"
                        .to_string()
                } else {
                    reasons.explain(&r.mv, &r.motives, r.score_cp, r.exact)
                },
                line: r.line.clone(),
            })
            .collect();
        (recs, result.nodes, result.depth)
    };
    Analysis {
        position: *pos,
        status,
        in_check: [pos.in_check(Color::White), pos.in_check(Color::Black)],
        material: [
            cfg.material.total(pos, Color::White),
            cfg.material.total(pos, Color::Black),
        ],
        hot_spots,
        horizon: cfg.horizon,
        zones,
        recommended,
        search_mode: cfg.mode,
        depth,
        nodes,
        micros: start.elapsed().as_micros(),
    }
}

/// Table bytes a searched node may need (an entry is 24 bytes; twice that leaves room).
const TABLE_BYTES_PER_NODE: u64 = 48;

/// Analyses many positions in parallel on `jobs` threads (all cores when `None`), calling
/// `on_done` after each; the results come back in input order and do not depend on `jobs`.
pub fn analyse_all(
    positions: &[Position],
    cfg: &AnalysisConfig,
    jobs: Option<usize>,
    on_done: impl Fn() + Sync,
) -> Vec<Analysis> {
    use rayon::prelude::*;
    let run = || {
        positions
            .par_iter()
            .map(|pos| {
                let a = analyse(pos, cfg);
                on_done();
                a
            })
            .collect()
    };
    match jobs.map(|n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
    }) {
        Some(Ok(pool)) => pool.install(run),
        _ => run(),
    }
}
