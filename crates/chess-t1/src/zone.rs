//! Zones (docs/zones.md §3): the mathematical projection (MP) of a position as a set of zone graphs.
//!
//! An **attack zone** (zone 0 of its complex) is a root piece of camp (+) on a trajectory of at most
//! k_max moves to a target (an enemy piece, the enemy King, or a square whose occupation captures
//! the enemy castle), together with every trajectory that can change its outcome in time:
//!
//! - **first negations** (camp (-), level 1), each within its time budget: *control* of an
//!   alpha-square a(i) (force brought there so that (-) can take the root when it arrives; a piece
//!   whose captures are never gated, the Scout, takes it whatever the sums), *blockade* of a
//!   beta-square (occupying it before the root passes), *reinforcement* of the target (defending
//!   force on ak so that (+) loses superiority), *retreat* of the target (one move to a square where
//!   (+) has no superiority), and capture of the root on its way (control of a(i), or of a0 when (-)
//!   is to move);
//! - **second and further negations** (alternating camps, levels 2, 3, ...): pieces that control a
//!   square of a negation trajectory before the negating piece gets there, attack the negating
//!   piece where it stands, or add force to their camp on the contested square;
//! - **linked zones** when a single negation holds and nothing in the zone answers it (answering
//!   it would open the zone): the nearest other (+) piece aimed at the negation's first square
//!   (control zone), at the blockade square (deblockade zone) or at the target's flight square
//!   (retreat zone).
//!
//! Time budgets follow [`crate::horizon`]: the root of k moves has TIME(a_i) = i + \[(-) moves
//! first\] at its i-th square, a trajectory of length l ending on a square with TIME t is in time
//! iff l <= t (l < t for a blockade, which must occupy before the root passes), and the j-th square
//! of an admitted trajectory gets TIME t - l + j + \[the answering side moves first\]
//! ([`crate::horizon::counter_time`]).
//!
//! Zones are built on the [`ForceGame`](crate::rules::ForceGame) interface only. Independent zones are built in parallel with
//! rayon; the result does not depend on the number of threads.
//!
//! ```
//! use chess_t1::rules::ChessT1;
//! use chess_t1::zone::{Projection, ZoneConfig};
//! use chess_t1::Position;
//! // A White Ritter two moves from a Black Knecht; nothing Black can do in time.
//! let pos: Position = "8/8/8/4n3/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let mp = Projection::build(&ChessT1, &pos, &ZoneConfig::default());
//! let zone = mp.zones.iter().find(|z| z.root_square().to_string() == "e3").unwrap();
//! assert_eq!(zone.target.square.to_string(), "e5");
//! assert!(zone.is_open());
//! ```
//!
//! The builder is the core's (`zonal_core::force::zone`), written against
//! [`ForceGame`](crate::rules::ForceGame) only; this module names its types for chess-t1.

use crate::rules::ChessT1;

pub use zonal_core::force::zone::{Camp, Edge, Role, ZoneConfig, ZoneKind};

/// Where a trajectory is attached to the trajectory it negates.
pub type Attachment = zonal_core::force::zone::Attachment<ChessT1>;
/// One piece's trajectory inside a zone, with Botvinnik's label.
pub type ZoneTrajectory = zonal_core::force::zone::ZoneTrajectory<ChessT1>;
/// The target of a zone.
pub type Target = zonal_core::force::zone::Target<ChessT1>;
/// Force on one contested square of a zone once the pieces in time have arrived.
pub type Contest = zonal_core::force::zone::Contest<ChessT1>;
/// A node of a zone graph.
pub type Node = zonal_core::force::zone::Node<ChessT1>;
/// One zone of a chess-t1 position.
pub type ForceZone = zonal_core::force::zone::ForceZone<ChessT1>;
/// A complex zone.
pub type ForceComplex = zonal_core::force::zone::ForceComplex<ChessT1>;
/// The mathematical projection of a chess-t1 position.
pub type Projection = zonal_core::force::zone::Projection<ChessT1>;
