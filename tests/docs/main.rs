//! The documents: every example runs, every link resolves.
//! One test binary for the whole group: each file is a module, so the group links once.

mod docs_examples;
mod docs_links;
