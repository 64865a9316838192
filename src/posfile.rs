//! Position files (spec §9.3). (in progress)
