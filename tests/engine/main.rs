//! The engine's behaviour on real domains and scenarios, end to end: the engine's own unit
//! tests use no domain (it imports nothing above it), so what needs a real problem is here.

mod breakpoints;
mod compare;
mod depth_first;
mod exports;
mod search;
mod timeline;
