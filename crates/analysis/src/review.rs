//! Game review: every position of a game searched (in parallel, one search a position), each
//! move's evaluation before and after, the engine's best move where it differs, the loss of
//! each move classed as an inaccuracy, a mistake or a blunder, and for each of these **why in
//! zones**: what the played move serves, the other side's zones it lets through that the better
//! move would have stopped, and what the better move serves.
//!
//! Scores are in the game's units (cp, 100 = a unit of material), integers. The loss of a move
//! is the mover's score before it less the mover's score after it, both clamped to
//! ±[`CLAMP`] (a won position stays won: losing 1,500 cp of a 3,000 cp lead is no blunder), and
//! 0 when the move is the engine's best. Thresholds: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`].
//! A move that walks into a forced loss, or lets a forced win go, is a blunder whatever its
//! clamped loss (its loss is then at least [`BLUNDER`]).

use crate::game::{GameOf, ZoneDef};
use crate::play::Searching;
use crate::reason::{Explainer, Words};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use zonal_board::Side;
use zonal_core::record::{Operation, Record, write_record};
use zonal_core::zone::{Built, ZoneGame, build};
use zonal_core::{Control, Limits, Rules, WIN, WIN_BOUND};

/// A loss of at least this much (cp) is an inaccuracy.
pub const INACCURACY: i32 = 50;
/// A loss of at least this much (cp) is a mistake.
pub const MISTAKE: i32 = 150;
/// A loss of at least this much (cp) is a blunder.
pub const BLUNDER: i32 = 300;
/// Scores are clamped to ±this (cp) before a loss is taken.
pub const CLAMP: i32 = 1000;
/// The version of the review's JSON (`schema/review.schema.json`).
pub const REVIEW_SCHEMA_VERSION: u32 = 1;

/// How a move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The engine's best move.
    Best,
    /// Another move losing less than [`INACCURACY`].
    Good,
    /// A loss of [`INACCURACY`] or more.
    Inaccuracy,
    /// A loss of [`MISTAKE`] or more.
    Mistake,
    /// A loss of [`BLUNDER`] or more.
    Blunder,
}

impl Judgement {
    /// The judgement of a move losing `loss` cp; `best` when it is the engine's best move.
    pub fn of(loss: i32, best: bool) -> Judgement {
        match loss {
            _ if best => Judgement::Best,
            l if l >= BLUNDER => Judgement::Blunder,
            l if l >= MISTAKE => Judgement::Mistake,
            l if l >= INACCURACY => Judgement::Inaccuracy,
            _ => Judgement::Good,
        }
    }

    /// `??`, `?`, `?!` or nothing, as annotated records write it.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Blunder => "??",
            Judgement::Mistake => "?",
            Judgement::Inaccuracy => "?!",
            Judgement::Best | Judgement::Good => "",
        }
    }

    /// Whether the review explains the move (an inaccuracy, a mistake or a blunder).
    pub fn is_error(self) -> bool {
        matches!(
            self,
            Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder
        )
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReview {
    /// 1-based ply.
    pub ply: usize,
    /// The mover's side, as the game names it.
    pub side: String,
    /// The move in coordinate form.
    pub played: String,
    /// The move in the game's record form.
    pub record: String,
    /// The evaluation before the move, from the first side's view (White; Hnefatafl: the
    /// defenders), cp ([`zonal_core::WIN`] less the plies for a forced end).
    pub before: i32,
    /// The evaluation after the move, from the same view.
    pub after: i32,
    /// The engine's best move before this one, in coordinate form, if it differs.
    pub best: Option<String>,
    /// What the move cost the mover, cp (clamped scores; 0 for the best move).
    pub loss: i32,
    /// The judgement.
    pub judgement: Judgement,
    /// Why, in zones, for an inaccuracy, a mistake or a blunder.
    pub why: Option<String>,
    /// The depth the search before the move reached.
    pub depth: u32,
}

/// One side's tally.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSummary {
    /// The side, as the game names it.
    pub side: String,
    /// Its moves reviewed.
    pub moves: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
    /// The average loss of its moves, cp (rounded down).
    pub average_loss: i32,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// `REVIEW_SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The game's id (`--game`).
    pub game: String,
    /// The start position.
    pub start: String,
    /// The side the scores are seen from.
    pub view: String,
    /// The search of each position: its limits in words.
    pub search: String,
    /// The horizon of the zones the reasons name.
    pub horizon: i32,
    /// The thresholds, cp: inaccuracy, mistake, blunder, and the clamp.
    pub thresholds: [i32; 4],
    /// Every move.
    pub moves: Vec<MoveReview>,
    /// The tally of each side, the first side first.
    pub summary: Vec<SideSummary>,
    /// How the game ended, if it did.
    pub end: Option<String>,
}

/// The search of one position of a game under review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched<M> {
    /// Its score for the side to move, cp.
    pub score: i32,
    /// The engine's best move, if the side to move has one.
    pub best: Option<M>,
    /// The depth the search reached.
    pub depth: u32,
}

/// A game replayed and searched, as [`judge`] takes it from any game (the games on the
/// core's search through [`review`], chess-t1 through its own engine).
pub struct GameSearched<'a, M> {
    /// The game's id (`--game`).
    pub game: &'a str,
    /// The start position's string.
    pub start: String,
    /// The sides' names, the first side (the one the scores are seen from) first.
    pub sides: [&'a str; 2],
    /// For each position, the start first: whether the first side is to move.
    pub first_to_move: Vec<bool>,
    /// For each position, its search; `None` for the final position of a finished game.
    pub searched: Vec<Option<Searched<M>>>,
    /// The moves played.
    pub played: Vec<M>,
    /// The moves in the game's record form.
    pub records: Vec<String>,
    /// How the game ended, if it did: whether the first side won (`None`: a draw), in words.
    pub end: Option<(Option<bool>, String)>,
}

/// Reviews the game of `moves` (the game's move text) from `start`: each position searched
/// within `limits` by the game's default engine, all at once on the cores rayon has;
/// `progress` is called once a position is done. Refuses a move that is not legal, naming it.
pub fn review<G: ZoneDef>(
    start: G::Position,
    moves: &[String],
    limits: &Limits,
    horizon: i32,
    progress: &(dyn Fn() + Sync),
) -> Result<Review, String> {
    // The game replayed: each position and the move that left it.
    let mut positions = vec![start];
    let mut played = Vec::new();
    let mut missing = None;
    let game: GameOf<G> = crate::game::replay::<G>(start, moves, |before, after, _| {
        match crate::game::move_between::<G>(before, after) {
            Some(mv) => played.push(mv),
            None => missing = missing.or(Some(positions.len())),
        }
        positions.push(*after);
    })?;
    if let Some(i) = missing {
        return Err(format!("{} {i}: no legal move reaches it", G::MOVE_WORD));
    }
    let end = G::end(&game);
    let records = G::record(&game);
    let keys: Vec<u64> = positions.iter().map(|p| G::rules(p).key(p)).collect();
    let last = positions.len() - 1;
    let searching = Searching::engine(G::HORIZON);
    let searched: Vec<Option<Searched<G::Move>>> = (0..positions.len())
        .into_par_iter()
        .map(|i| {
            let pos = &positions[i];
            // The final position of a game that ended is not searched: its end scores it.
            if i == last && end.is_some() {
                progress();
                return None;
            }
            let rules = G::rules(pos);
            let (r, _) = searching.run::<G>(&rules, pos, &keys[..i], limits, &Control::default());
            progress();
            Some(Searched {
                score: r.score,
                best: r.best,
                depth: r.depth,
            })
        })
        .collect();
    let zones = G::zone_game();
    let first = Side::White;
    let game = GameSearched {
        game: G::ID,
        start: start.to_string(),
        sides: [G::side_name(first), G::side_name(first.other())],
        first_to_move: positions.iter().map(|p| G::side(p) == first).collect(),
        searched,
        records,
        end: end.map(|e| (e.winner.map(|w| w == first), e.text)),
        played,
    };
    Ok(judge(game, limits, horizon, |i, mv, best, _, _| {
        why::<G>(&zones, &positions[i], mv, best, horizon)
    }))
}

/// The review of a game searched: each move's evaluation before and after from the first
/// side's view, its loss, its judgement and, for an error, `why(i, played, best, played_score,
/// best_score)` (the `i`-th position, the move played there, the engine's better one, and the
/// mover's scores after each), with each side's tally.
pub fn judge<M: Copy + PartialEq + std::fmt::Display>(
    game: GameSearched<'_, M>,
    limits: &Limits,
    horizon: i32,
    why: impl Fn(usize, M, M, i32, i32) -> String,
) -> Review {
    let first = &game.first_to_move;
    let view = |i: usize, score: i32| if first[i] { score } else { -score };
    let side_name = |i: usize| game.sides[usize::from(!first[i])];
    // The final position's score for its side to move, from the game's end.
    let final_score = |i: usize| match &game.end {
        Some((Some(first_won), _)) if *first_won == first[i] => WIN,
        Some((Some(_), _)) => -WIN,
        _ => 0,
    };
    let mut out = Vec::new();
    for (i, &mv) in game.played.iter().enumerate() {
        let Some(here) = &game.searched[i] else {
            continue;
        };
        let after_score = game.searched[i + 1]
            .as_ref()
            .map_or_else(|| final_score(i + 1), |s| s.score);
        let best = here.best.filter(|&b| b != mv);
        let loss = if best.is_none() {
            0
        } else {
            (here.score.clamp(-CLAMP, CLAMP) - (-after_score).clamp(-CLAMP, CLAMP)).max(0)
        };
        // A forced result the move throws away is a blunder, whatever the clamped scores say.
        let mover_after = -after_score;
        let forced = if best.is_none() {
            None
        } else if mover_after < -WIN_BOUND && here.score >= -WIN_BOUND {
            Some("it walks into a forced loss")
        } else if here.score > WIN_BOUND && mover_after <= WIN_BOUND {
            Some("it lets a forced win go")
        } else {
            None
        };
        let (loss, judgement) = match forced {
            Some(_) => (loss.max(BLUNDER), Judgement::Blunder),
            None => (loss, Judgement::of(loss, here.best == Some(mv))),
        };
        let why = match best {
            Some(b) if judgement.is_error() => {
                let text = why(i, mv, b, mover_after, here.score);
                Some(match forced {
                    Some(f) => format!("{f}; {text}"),
                    None => text,
                })
            }
            _ => None,
        };
        out.push(MoveReview {
            ply: i + 1,
            side: side_name(i).to_string(),
            played: mv.to_string(),
            record: game
                .records
                .get(i)
                .cloned()
                .unwrap_or_else(|| mv.to_string()),
            before: view(i, here.score),
            after: view(i + 1, after_score),
            best: best.map(|b| b.to_string()),
            loss,
            judgement,
            why,
            depth: here.depth,
        });
    }
    let summary = game
        .sides
        .iter()
        .map(|&name| {
            let mine: Vec<&MoveReview> = out.iter().filter(|m| m.side == name).collect();
            let count = |j: Judgement| mine.iter().filter(|m| m.judgement == j).count();
            let total: i64 = mine.iter().map(|m| i64::from(m.loss)).sum();
            SideSummary {
                side: name.to_string(),
                moves: mine.len(),
                inaccuracies: count(Judgement::Inaccuracy),
                mistakes: count(Judgement::Mistake),
                blunders: count(Judgement::Blunder),
                average_loss: i32::try_from(total / mine.len().max(1) as i64).unwrap_or(i32::MAX),
            }
        })
        .collect();
    Review {
        schema_version: REVIEW_SCHEMA_VERSION,
        game: game.game.to_string(),
        start: game.start,
        view: game.sides[0].to_string(),
        search: limits_words(limits),
        horizon,
        thresholds: [INACCURACY, MISTAKE, BLUNDER, CLAMP],
        moves: out,
        summary,
        end: game.end.map(|(_, text)| text),
    }
}

/// `depth 6`, `movetime 500 ms`, `nodes 100000`, joined by commas.
fn limits_words(limits: &Limits) -> String {
    let mut words = Vec::new();
    if let Some(d) = limits.depth {
        words.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        words.push(format!("nodes {n}"));
    }
    if let Some(ms) = limits.movetime_ms {
        words.push(format!("movetime {ms} ms"));
    }
    words.join(", ")
}

/// Why `played` was worse than `best` in `pos`, in zones: what it serves, the other side's
/// zones open after it that are not open after the better move (it let them through), and what
/// the better move serves.
fn why<G: ZoneDef>(
    zones: &G::Zones,
    pos: &G::Position,
    played: G::Move,
    best: G::Move,
    horizon: i32,
) -> String {
    let rules = G::rules(pos);
    let words = || Words {
        piece: G::piece_name,
        terms: G::eval_terms,
    };
    let explainer = Explainer::new(&rules, zones, pos, horizon, words());
    let mut parts = vec![explainer.explain(played)];
    let after_played = rules.play(pos, played);
    let after_best = rules.play(pos, best);
    if zones.has_zones(&after_played) {
        let opened = build(zones, &after_played, horizon);
        let kept_shut = zones
            .has_zones(&after_best)
            .then(|| build(zones, &after_best, horizon));
        let through = let_through::<G>(&after_played, &opened, kept_shut.as_ref(), zones);
        if !through.is_empty() {
            parts.push(format!(
                "it lets through {} (horizon {horizon}, the projection after the move), which {} stops",
                through.join(" and "),
                best
            ));
        }
    }
    parts.push(format!("better {best}: {}", explainer.explain(best)));
    parts.join("; ")
}

/// The zones of the side to move in `after` (the played move's opponent) that are open there
/// and not open after the better move (`other`), at most three, in words.
fn let_through<G: ZoneDef>(
    after: &G::Position,
    built: &Built,
    other: Option<&Built>,
    zones: &G::Zones,
) -> Vec<String> {
    let side = G::side(after);
    let shape = zones.shape(after);
    let open_after_best = |z: &zonal_core::zone::Zone| {
        other.is_some_and(|o| {
            o.zones.iter().any(|y| {
                y.is_open()
                    && y.side == z.side
                    && y.aim == z.aim
                    && y.root.first() == z.root.first()
            })
        })
    };
    let mut seen = Vec::new();
    built
        .zones
        .iter()
        .filter(|z| z.side == side && z.is_open() && !open_after_best(z))
        // One zone a root and target (a capture and an occupation of one square read alike).
        .filter(|z| {
            let key = (z.root.first().copied(), z.aim.target);
            let new = !seen.contains(&key);
            seen.push(key);
            new
        })
        .take(3)
        .map(|z| {
            let root = z.root.first().map_or_else(String::new, |&r| {
                format!("{} {}", G::piece_name(after, r), shape.name(r))
            });
            let target = shape.name(z.aim.target);
            let aim = match z.aim.kind {
                zonal_core::zone::AimKind::Capture => {
                    format!("the {} {target}", G::piece_name(after, z.aim.target))
                }
                _ => target,
            };
            let moves = z.length();
            format!(
                "zone {}: {root} -> {aim} ({moves} {})",
                z.index,
                if moves == 1 { "move" } else { "moves" }
            )
        })
        .collect()
}

impl Review {
    /// The review as text: one line a move (errors with their reasons), then the tally.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} review: {} (scores in cp, + favours the {}; search {}; zones at horizon {})\n",
            self.game, self.start, self.view, self.search, self.horizon
        );
        for m in &self.moves {
            let best = m
                .best
                .as_ref()
                .map_or_else(String::new, |b| format!(", best {b}"));
            out.push_str(&format!(
                "{:>3}. {:<6} {:<14} {:>8} -> {:<8} {}{}{}\n",
                m.ply,
                m.side,
                format!("{}{}", m.record, m.judgement.mark()),
                score_words(m.before),
                score_words(m.after),
                serde_json::to_value(m.judgement)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                if m.loss > 0 {
                    format!(" (loss {})", m.loss)
                } else {
                    String::new()
                },
                best
            ));
            if let Some(why) = &m.why {
                out.push_str(&format!("       why: {why}\n"));
            }
        }
        for s in &self.summary {
            out.push_str(&format!(
                "{}: {} moves, {} inaccuracies, {} mistakes, {} blunders, average loss {} cp\n",
                s.side, s.moves, s.inaccuracies, s.mistakes, s.blunders, s.average_loss
            ));
        }
        if let Some(end) = &self.end {
            out.push_str(&format!("end: {end}\n"));
        }
        out
    }

    /// The game as a position-file record that `zonal play` reads back (its `moves`), each
    /// move's judgement and reason on a comment line above it.
    pub fn annotated_record<P: std::fmt::Display>(&self, start: P) -> String {
        let mut out = format!(
            "# zonal review: {} (search {}; thresholds {} / {} / {} cp)\n",
            self.game, self.search, INACCURACY, MISTAKE, BLUNDER
        );
        for m in self.moves.iter().filter(|m| m.judgement.is_error()) {
            out.push_str(&format!(
                "# {}. {}{} loss {}{}: {}\n",
                m.ply,
                m.record,
                m.judgement.mark(),
                m.loss,
                m.best
                    .as_ref()
                    .map_or_else(String::new, |b| format!(", best {b}")),
                m.why.as_deref().unwrap_or_default()
            ));
        }
        let summary: Vec<String> = self
            .summary
            .iter()
            .map(|s| {
                format!(
                    "{} {}?! {}? {}??",
                    s.side, s.inaccuracies, s.mistakes, s.blunders
                )
            })
            .collect();
        let record = Record {
            line: 0,
            position: start,
            ops: vec![
                Operation {
                    opcode: "id".to_string(),
                    operands: vec!["review".to_string()],
                },
                Operation {
                    opcode: "moves".to_string(),
                    operands: self.moves.iter().map(|m| m.record.clone()).collect(),
                },
                Operation {
                    opcode: "c0".to_string(),
                    operands: vec![summary.join(", ")],
                },
            ],
        };
        out.push_str(&write_record(&record));
        out.push('\n');
        out
    }

    /// The evaluation graph as SVG: the first side's score by ply (clamped to ±[`CLAMP`]),
    /// each move a point with its ply (`data-ply`), errors marked by colour.
    pub fn graph_svg(&self) -> String {
        const W: i32 = 640;
        const H: i32 = 200;
        const PAD: i32 = 20;
        let n = i32::try_from(self.moves.len().max(1)).unwrap_or(i32::MAX);
        let x = |ply: i32| PAD + (W - 2 * PAD) * ply / n;
        let y = |score: i32| H / 2 - score.clamp(-CLAMP, CLAMP) * (H / 2 - PAD) / CLAMP;
        let mut points = vec![format!(
            "{},{}",
            x(0),
            y(self.moves.first().map_or(0, |m| m.before))
        )];
        let mut marks = String::new();
        for m in &self.moves {
            let ply = i32::try_from(m.ply).unwrap_or(i32::MAX);
            points.push(format!("{},{}", x(ply), y(m.after)));
            let colour = match m.judgement {
                Judgement::Blunder => "#c0392b",
                Judgement::Mistake => "#e67e22",
                Judgement::Inaccuracy => "#f1c40f",
                Judgement::Best | Judgement::Good => "#7f8c8d",
            };
            let r = if m.judgement.is_error() { 4 } else { 2 };
            marks.push_str(&format!(
                "<circle class=\"ply\" data-ply=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"{colour}\"><title>{}. {}{} {}</title></circle>\n",
                m.ply,
                x(ply),
                y(m.after),
                m.ply,
                escape(&m.record),
                m.judgement.mark(),
                score_words(m.after)
            ));
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"review-graph\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\">\n\
             <title>{} review: evaluation by ply from {}'s view (cp, clamped to ±{CLAMP})</title>\n\
             <rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{H}\" fill=\"#fafafa\"/>\n\
             <line x1=\"{PAD}\" y1=\"{mid}\" x2=\"{}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"4\" y=\"14\" font-size=\"11\">{} +{CLAMP}</text>\n\
             <text x=\"4\" y=\"{}\" font-size=\"11\">{} +{CLAMP}</text>\n\
             <polyline fill=\"none\" stroke=\"#2c3e50\" stroke-width=\"1.5\" points=\"{}\"/>\n{marks}</svg>\n",
            escape(&self.game),
            escape(&self.view),
            W - PAD,
            escape(&self.view),
            H - 4,
            escape(
                &self
                    .summary
                    .get(1)
                    .map_or_else(String::new, |s| s.side.clone())
            ),
            points.join(" "),
            mid = H / 2,
        )
    }
}

/// `+35`, `-120`, a forced end in moves (`mate 3`), or the game's end (`won`, `lost`: the
/// first side's).
fn score_words(score: i32) -> String {
    let plies = WIN - score.abs();
    if plies == 0 {
        (if score > 0 { "won" } else { "lost" }).to_string()
    } else if score.abs() > WIN_BOUND {
        let moves = (plies + 1) / 2;
        format!("mate {}{moves}", if score > 0 { "" } else { "-" })
    } else {
        format!("{score:+}")
    }
}

/// Text for SVG: `&`, `<`, `>`, `"` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judgements_follow_the_thresholds() {
        assert_eq!(Judgement::of(500, true), Judgement::Best);
        assert_eq!(Judgement::of(0, false), Judgement::Good);
        assert_eq!(Judgement::of(INACCURACY - 1, false), Judgement::Good);
        assert_eq!(Judgement::of(INACCURACY, false), Judgement::Inaccuracy);
        assert_eq!(Judgement::of(MISTAKE, false), Judgement::Mistake);
        assert_eq!(Judgement::of(BLUNDER, false), Judgement::Blunder);
        assert_eq!(
            [
                Judgement::Blunder,
                Judgement::Mistake,
                Judgement::Inaccuracy,
                Judgement::Good
            ]
            .map(Judgement::mark),
            ["??", "?", "?!", ""]
        );
    }
}
