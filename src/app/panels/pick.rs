//! "Why it wins": the next pick in words, with the rows it is tied with and the runner-up.

use crate::app::playback::Fine;
use crate::engine::event::Pick;
use crate::engine::notebook::NodeId;
use crate::engine::tie::TieKey;
use crate::engine::view::Row;
use crate::present::ShownSearch;
use eframe::egui;
use egui::{RichText, Ui};

/// How many of the pick's numeric levels (f, then the tie key) `row` matches, in order, with
/// their names: "f", then "h" or "g".
fn tied_levels(pick: &Pick, row: &Row) -> Vec<&'static str> {
    let mut names = Vec::new();
    for level in &pick.ties {
        let (same, name) = match level.key {
            None => (row.f == pick.f, "f"),
            Some(key) => match (key.compared(row.g, row.h), key.compared(pick.g, pick.h)) {
                (Some((name, value)), Some((_, picked))) => (value == picked, name),
                _ => break,
            },
        };
        if !same {
            break;
        }
        names.push(name);
    }
    names
}

/// The tie mark of an open row: "= f" when it has the pick's f, "= f, h" when its h ties too.
#[must_use]
pub fn tie_marks(pick: &Pick, row: &Row) -> String {
    let names = tied_levels(pick, row);
    if names.is_empty() {
        String::new()
    } else {
        format!("= {}", names.join(", "))
    }
}

/// The numeric levels a rival must match to be decided by storing order alone.
fn numeric_levels(pick: &Pick) -> usize {
    pick.ties
        .iter()
        .filter(|l| !l.key.is_some_and(TieKey::is_order))
        .count()
}

/// Longest open list scanned for a runner-up when the list is not in pick order.
const SCAN_LIMIT: usize = 100_000;

/// The open row that would win if the pick were gone, among those tied with it on every
/// numeric level; `None` when the pick wins outright. `open` may be in any order; when it is in
/// pick order its second row is checked first, so the usual case costs one lookup. Otherwise
/// lists longer than [`SCAN_LIMIT`] are not scanned (and `None` is returned).
#[must_use]
pub fn runner_up(session: &dyn ShownSearch, pick: &Pick, open: &[NodeId]) -> Option<NodeId> {
    let levels = numeric_levels(pick);
    let tied_on_all = pick
        .ties
        .get(levels.checked_sub(1)?)
        .is_some_and(|l| l.tied > 1);
    if !tied_on_all {
        return None;
    }
    let rival =
        |id: &NodeId| *id != pick.id && tied_levels(pick, &session.row(*id)).len() == levels;
    let last_stored = pick
        .ties
        .iter()
        .any(|l| l.key.is_some_and(TieKey::latest_first));
    if open.first() == Some(&pick.id)
        && let Some(second) = open.get(1).filter(|id| rival(id))
    {
        return Some(*second);
    }
    if open.len() > SCAN_LIMIT {
        return None;
    }
    let rivals = open.iter().filter(|id| rival(id)).copied();
    if last_stored {
        rivals.max()
    } else {
        rivals.min()
    }
}

/// The pick's reason, with the runner-up named at the storing-order level.
#[must_use]
pub fn why(pick: &Pick, runner_up: Option<NodeId>) -> String {
    let words = pick.explain();
    let Some(other) = runner_up else {
        return words;
    };
    let tail = format!("(#{})", pick.id);
    match words.strip_suffix(&tail) {
        Some(head) => format!("{head}(#{} before #{other})", pick.id),
        None => format!("{words}; next in line #{other}"),
    }
}

/// The pick panel's text for one step, computed once per step (the runner-up may scan rows).
#[derive(Debug, Default)]
pub struct PickText {
    built_for: Option<(u64, usize)>,
    lines: Vec<String>,
}

impl PickText {
    /// Rebuilds the words when the open list was brought up to date (`stamp`), so a running
    /// search recomputes them only as often as the tables.
    pub fn refresh(
        &mut self,
        session: &dyn ShownSearch,
        open: &[NodeId],
        stamp: Option<(u64, usize)>,
    ) {
        if stamp.is_none() || self.built_for == stamp {
            return;
        }
        self.built_for = stamp;
        self.build(session, open);
    }

    pub fn clear(&mut self) {
        *self = PickText::default();
    }

    fn build(&mut self, session: &dyn ShownSearch, open: &[NodeId]) {
        self.lines.clear();
        if let Some(status) = session.strategy_status() {
            self.lines.push(status);
        }
        match session.next_pick() {
            Some(pick) => {
                let row = session.row(pick.id);
                self.lines.push(format!(
                    "Next pick: #{} {} (f {}, g {}, h {}, depth {})",
                    pick.id,
                    session.state_text(pick.id),
                    pick.f,
                    pick.g,
                    pick.h,
                    row.depth
                ));
                let runner = runner_up(session, &pick, open);
                self.lines.push(format!("Why: {}", why(&pick, runner)));
            }
            None if session.outcome().is_none() && session.steps() == 0 => {
                self.lines
                    .push("Step 1 stores the start state and expands it.".into());
            }
            None => self.lines.push("Nothing left to pick.".into()),
        }
    }
}

/// Draws the pick panel, and the revealed part of a fine step.
pub fn show(ui: &mut Ui, text: &PickText, session: &dyn ShownSearch, fine: Fine) {
    ui.strong("The next pick and why");
    for line in &text.lines {
        ui.label(line);
    }
    let shown = match fine {
        Fine::Off => return,
        Fine::Announced => {
            ui.label(
                RichText::new("Fine step: the pick above comes next (Shift+Space to take it).")
                    .italics(),
            );
            return;
        }
        Fine::Revealing { shown } => shown,
    };
    ui.separator();
    ui.strong("Fine step");
    let lines = session.event_lines(session.last_event());
    // The part just revealed stands out: it is the one the tables and the board now show.
    for (k, line) in lines.iter().take(shown).enumerate() {
        let text = RichText::new(line).monospace();
        ui.label(if k + 1 == shown { text.strong() } else { text });
    }
    if shown < lines.len() {
        ui.label(RichText::new(format!("{} more (Shift+Space)", lines.len() - shown)).italics());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::panels::testing::built_in_after;

    #[test]
    fn the_built_in_puzzles_second_step_names_the_tie_and_the_runner_up() {
        // The scenario notes: on step 2, tile 4's board and tile 1's both score 12 with h = 11;
        // tile 4's was stored first and wins.
        let session = built_in_after(1);
        let pick = session.shown().next_pick().unwrap();
        let open = session.shown().open_order();
        let runner = runner_up(session.shown(), &pick, &open).expect("a tie on f and h");
        assert!(runner > pick.id, "stored later");
        assert_eq!(session.shown().row(runner).h, pick.h);
        assert_eq!(session.shown().row(runner).f, pick.f);
        let words = why(&pick, Some(runner));
        assert!(
            words.ends_with(&format!("(#{} before #{runner})", pick.id)),
            "{words}"
        );
        // The scan finds the same runner-up in any order.
        let mut shuffled = open.clone();
        shuffled.reverse();
        assert_eq!(runner_up(session.shown(), &pick, &shuffled), Some(runner));
        assert_eq!(tie_marks(&pick, &session.shown().row(runner)), "= f, h");
    }
}
