//! Copy link: a share link ([`crate::share`]) to what is on screen, for the clipboard.

use crate::app::{FrontierApp, io};
use crate::scenario::ScenarioError;

impl FrontierApp {
    /// A share link to what is on screen: the scenario as set, at the step shown.
    ///
    /// # Errors
    /// A map or level file the scenario names cannot be read.
    pub fn share_link(&self) -> Result<String, ScenarioError> {
        let (address, at) = (io::page_address(), self.view().steps());
        crate::share::link(&address, &self.scenario_as_set(), at)
    }

    /// Copy link: the link on the clipboard of the context the app draws into, its confirmation
    /// beside the menu for a moment, and a note in the log.
    pub(super) fn copy_link(&mut self) {
        match self.share_link() {
            Ok(link) => {
                self.ctx.copy_text(link);
                self.notices.copied(self.ctx.input(|i| i.time));
                let step = self.view().steps();
                self.log.note(format!("copied a link to step {step}"));
            }
            Err(e) => self.error = Some(format!("cannot make a link: {e}")),
        }
    }
}
