//! Book notation (spec §9.2). (in progress)
