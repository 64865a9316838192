//! chess-t1 on the core's search (`zonal_core::search`, the one every other game uses): the
//! game's moves, ends, evaluation and repetition keys as the core's [`Rules`], and in zone mode the
//! root narrowed to the moves its projection names ([`zone_candidates`]).
//!
//! It is a second, plainer engine beside [`super::Engine`]: iterative deepening, a principal-
//! variation window, a transposition table, killer moves, repetition in the tree and a capture
//! quiescence, without the engine's staged generation, null move, reductions, extensions,
//! aspiration or history. `zonal match --engine1 engine=new --engine2 engine=core` measures what
//! those chess-t1-specific parts are worth (NOTES.md). The tests check that its table changes no
//! score and that a game end it proves, the engine (pruning off) proves at the same distance.
//!
//! ```
//! use chess_t1::search::core_search::{CoreSearch, search};
//! use chess_t1::search::Limits;
//! use chess_t1::Position;
//! use std::sync::atomic::AtomicBool;
//! // docs/chess-t1-rules.md §10 E7: the Scout on b3 takes the Konnet d4.
//! let pos: Position = "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1".parse().unwrap();
//! let result = search(&CoreSearch::default(), &pos, &[], &Limits::depth(3), &AtomicBool::new(false), &mut |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "b3d4");
//! ```

use super::{
    CP_WIN, Info, Limits, Mode, RootMove, SearchResult, cp_to_half_units, zone_candidates,
};
use crate::eval::{self, Evaluation, Weights};
use crate::exchange::Material;
use crate::incremental::UpdateStats;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::position::{Position, Status};
use crate::rules::ChessT1;
use crate::zone::{Projection, ZoneConfig};
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use zonal_core::search::{
    Control, Engine, FullWidth, Limits as CoreLimits, Narrowing, Progress, Rules, Techniques,
    Terminal, WIN, WIN_BOUND,
};

/// chess-t1 as the core's search sees it: the evaluation it scores leaves with.
#[derive(Clone, Debug)]
pub struct CoreSearch {
    /// Material only or the full evaluation.
    pub evaluation: Evaluation,
    /// Weights of the full evaluation.
    pub weights: Weights,
    /// Zone-guided (the root's named moves only; the rest when they all lose) or full-width.
    pub mode: Mode,
    /// Horizon of the root's projection in zone mode.
    pub horizon: i32,
    /// Piece values of the zone candidates.
    pub material: Material,
    /// The one engine's techniques ([`Techniques::PLAIN`]: the core's search before it).
    pub techniques: Techniques,
}

impl Default for CoreSearch {
    /// Full-width with the full evaluation; a root projection of horizon 2 in zone mode.
    fn default() -> Self {
        CoreSearch {
            evaluation: Evaluation::Full,
            weights: Weights::default(),
            mode: Mode::Full,
            horizon: 2,
            material: Material::default(),
            techniques: Techniques {
                contempt: super::DEFAULT_CONTEMPT,
                ..Techniques::ENGINE
            },
        }
    }
}

impl Rules for CoreSearch {
    type Position = Position;
    type Move = Move;

    fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if pos.status() == Status::Ongoing {
            out.extend(pos.legal_moves());
        }
    }

    fn play(&self, pos: &Position, mv: Move) -> Position {
        pos.play(&mv)
    }

    fn terminal(&self, pos: &Position) -> Option<Terminal> {
        match pos.status() {
            Status::Ongoing => None,
            Status::Won { winner, .. } if winner == pos.side_to_move() => Some(Terminal::Win),
            Status::Won { .. } => Some(Terminal::Loss),
            Status::Drawn { .. } => Some(Terminal::Draw),
        }
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        eval::evaluate(pos, self.evaluation, &self.weights)
    }

    fn key(&self, pos: &Position) -> u64 {
        pos.repetition_key()
    }

    fn irreversible(&self, _pos: &Position, mv: Move, _next: &Position) -> bool {
        // Captures and exchanges reset the quiet-move count (docs/chess-t1-rules.md §7): no
        // position before them comes back.
        mv.kind != MoveKind::Quiet
    }

    fn order_hint(&self, _pos: &Position, mv: Move) -> i32 {
        match mv.kind {
            MoveKind::Quiet => 0,
            _ => 1 + self.material.gain(&mv).max(0),
        }
    }

    fn move_code(&self, _pos: &Position, mv: Move) -> u32 {
        mv.code()
    }

    /// A pass while the side to move has a piece that can always move (a Ritter, Scout or
    /// Konnet): chess-t1's zugzwangs are blockades, far from such a side.
    fn null_move(&self, pos: &Position) -> Option<Position> {
        let b = pos.board();
        let us = pos.side_to_move();
        let free = b.pieces(us, PieceKind::Ritter)
            | b.pieces(us, PieceKind::Scout)
            | b.pieces(us, PieceKind::Konnet);
        if free.nonempty() { pos.pass() } else { None }
    }

    /// The King in check.
    fn in_danger(&self, pos: &Position) -> bool {
        pos.in_check(pos.side_to_move())
    }

    fn tactical_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        // The game's own quiescence moves (captures, exchanges, entries into the enemy castle),
        // generated as such rather than picked out of every legal move.
        out.clear();
        if pos.status() == Status::Ongoing {
            out.extend(pos.tactical_moves());
        }
    }
}

/// The zone mode's narrowing: at the root, the moves the projection names.
struct RootZones<'a> {
    search: &'a CoreSearch,
}

impl Narrowing<CoreSearch> for RootZones<'_> {
    fn narrow(&self, _: &CoreSearch, pos: &Position, ply: usize, moves: &mut Vec<Move>) {
        if ply > 0 {
            return;
        }
        let config = ZoneConfig {
            horizon: self.search.horizon,
            parallel: false,
            ..ZoneConfig::default()
        };
        let mp = Projection::build(&ChessT1, pos, &config);
        let named: Vec<Move> = zone_candidates(pos, &mp, &self.search.material)
            .into_iter()
            .map(|(mv, _)| mv)
            .collect();
        // A narrowing that would keep no move keeps them all.
        if moves.iter().any(|mv| named.contains(mv)) {
            moves.retain(|mv| named.contains(mv));
        }
    }
}

/// A core score (cp, game ends `±(WIN - plies)`) in the engine's cp (game ends
/// `±(CP_WIN - plies)`).
fn to_cp(score: i32) -> i32 {
    if score > WIN_BOUND {
        CP_WIN - (WIN - score)
    } else if score < -WIN_BOUND {
        -(CP_WIN - (WIN + score))
    } else {
        score
    }
}

/// Searches `pos` (with the game's earlier repetition keys `history`) on the core's search within
/// `limits`, stopped by `stop`, telling `on_info` of every finished iteration.
pub fn search(
    rules: &CoreSearch,
    pos: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let start = Instant::now();
    let (soft, hard) = limits.budget(pos.side_to_move()).unzip();
    let core_limits = CoreLimits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime_ms: hard,
    };
    let info = RefCell::new(on_info);
    let progress = |p: &Progress<'_, Move>| {
        (info.borrow_mut())(&Info {
            depth: p.depth,
            seldepth: p.depth,
            score_cp: to_cp(p.score),
            nodes: p.nodes,
            time_ms: p.millis,
            pv: p.line.to_vec(),
            hashfull: 0,
        })
    };
    let control = Control {
        stop: Some(stop),
        progress: Some(&progress),
        soft_ms: soft,
    };
    let mut engine = Engine::new(rules.techniques);
    let found = match rules.mode {
        Mode::Full => engine.search(rules, &FullWidth, pos, history, &core_limits, &control),
        Mode::Zones => engine.search_narrowed(
            rules,
            &RootZones { search: rules },
            pos,
            history,
            &core_limits,
            &control,
        ),
    };
    let score_cp = to_cp(found.score);
    let root = found
        .root
        .iter()
        .map(|r| (r.mv, r.score))
        .map(|(mv, score)| RootMove {
            mv,
            score: cp_to_half_units(to_cp(score)),
            score_cp: to_cp(score),
            line: if Some(mv) == found.best {
                found.line.clone()
            } else {
                vec![mv]
            },
            motives: Vec::new(),
            exact: Some(mv) == found.best,
            depth: found.depth,
        })
        .collect();
    SearchResult {
        mode: rules.mode,
        depth: found.depth,
        seldepth: found.depth,
        best: found.best,
        score: cp_to_half_units(score_cp),
        score_cp,
        line: found.line,
        nodes: found.nodes,
        time_ms: start.elapsed().as_millis() as u64,
        zone_stats: UpdateStats::default(),
        projections: usize::from(rules.mode == Mode::Zones),
        projection_ms: 0,
        root,
    }
}
