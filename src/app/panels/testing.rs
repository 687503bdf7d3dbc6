//! What the panels' unit tests share: the built-in scenario's search, stepped.

use crate::present::ShownSession;
use crate::scenario::{Scenario, SearchSpec};

/// The built-in scenario's default search after `steps` steps.
pub fn built_in_after(steps: usize) -> Box<dyn ShownSession> {
    let mut session = Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..steps {
        session.step();
    }
    session
}
