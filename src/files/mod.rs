//! Files the user owns: what may be written over without asking ([`guard`]).

pub mod guard;
