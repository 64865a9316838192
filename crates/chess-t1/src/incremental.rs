//! Not recomputing what was computed (docs/zones.md §5): the mathematical projection kept up to date
//! move by move, rebuilding only the zones a move can change.
//!
//! A [`ZoneCache`] keeps every zone it has built with what the build read: the squares it
//! observed (the searched regions of the pieces whose trajectories it took, the target's
//! surroundings, the lines of force onto every square it weighed) and every answer its scans
//! found, piece by piece, together with the position it was built in. To project a new position
//! it computes the distance maps and the root trajectories (cheap), and for each root it looks
//! for a zone built for the same root trajectory, side to move and horizon (the budgets depend on
//! who moves, so zones are kept per side: "budgets shifted by one half-move") in a position that
//! differs from this one on a few squares; it takes that zone over unless a square the build
//! observed differs, or a piece whose search now meets such a square would answer differently.
//! Everything else is rebuilt; linked zones and complexes are always recomputed. The result is
//! always exactly what [`Projection::build`](crate::zone::Projection) gives, which the tests check after every move of
//! thousands of random games. Because the cache compares positions square by square, it serves
//! any position: the previous move's, a sibling in a search tree, a transposition.
//!
//! A [`Tracker`] is a cache following one line of play, with undo. A [`FootprintIndex`] maps
//! each square to the zones that depend on it ([`ForceZone::dependency_squares`](crate::zone::ForceZone)): the zones
//! docs/zones.md §5's rule would rebuild after a move.
//!
//! ```
//! use chess_t1::incremental::Tracker;
//! use chess_t1::rules::ChessT1;
//! use chess_t1::zone::{Projection, ZoneConfig};
//! use chess_t1::Position;
//! let start: Position = "8/4n3/6k1/8/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let config = ZoneConfig::default();
//! let mut tracker = Tracker::new(&ChessT1, start, config.clone());
//! let mv = start.parse_uci("e3e4").unwrap();
//! tracker.play(&mv);
//! let fresh = Projection::build(&ChessT1, tracker.position(), &config);
//! assert_eq!(format!("{:?}", tracker.projection()), format!("{fresh:?}"));
//! tracker.undo();
//! assert_eq!(tracker.position(), &start);
//! ```
//!
//! The cache and the tracker are the core's (`zonal_core::force::incremental`).
//!
//! A [`FootprintIndex`] of a chess-t1 projection:
//!
//! ```
//! use chess_t1::incremental::FootprintIndex;
//! use chess_t1::rules::ChessT1;
//! use chess_t1::zone::{Projection, ZoneConfig};
//! use chess_t1::{Position, Square};
//! let pos: Position = "8/4n3/6k1/8/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let mp = Projection::build(&ChessT1, &pos, &ZoneConfig::default());
//! let index = FootprintIndex::new(&mp);
//! let e3: Square = "e3".parse().unwrap();
//! // Every zone of the Ritter on e3 depends on its square.
//! assert!(mp.zones_of(e3).count() > 0);
//! for zone in mp.zones_of(e3) {
//!     assert!(index.zones_at(e3).contains(&zone.index));
//! }
//! ```

pub use zonal_core::force::incremental::{FootprintIndex, Tracker, UpdateStats, ZoneCache};
