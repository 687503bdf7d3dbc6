//! A search's steps and moves in words: the label of a move between two rows, the fate of a
//! successor that got no row, and a whole step as the step log and `frontier run --verbose`
//! print it.

use super::Presentation;
use crate::engine::event::{Fate, StepEvent, SuccessorEvent};
use crate::engine::notebook::NodeId;
use crate::engine::problem::Successor;
use crate::engine::search::Search;
use crate::engine::view::SearchView;

/// The move that leads from row `from` to row `to`, found by generating `from`'s successors.
pub(super) fn move_label<P: Presentation>(search: &Search<P>, from: NodeId, to: NodeId) -> String {
    let core = search.core();
    let problem = &core.problem;
    let from_state = core.notebook.node(from).state;
    let to_state = core.notebook.node(to).state;
    let mut out = Vec::new();
    problem.successors(from_state, &mut out);
    out.into_iter()
        .find_map(|s| match s {
            Successor::Child { state, mv, .. } if state == *to_state => {
                Some(problem.describe_move(from_state, mv))
            }
            _ => None,
        })
        .unwrap_or_else(|| "?".into())
}

/// The words for a successor of row `parent` that has no row of its own (pruned, not stored).
fn successor_words<P: Presentation>(
    search: &Search<P>,
    parent: NodeId,
    event: &SuccessorEvent,
) -> String {
    let core = search.core();
    let problem = &core.problem;
    let from = core.notebook.node(parent).state;
    let mut out = Vec::new();
    problem.successors(from, &mut out);
    match (out.get(event.index as usize), event.fate) {
        (Some(Successor::Pruned { mv }), Fate::Pruned) => {
            format!(
                "{}: {}",
                problem.describe_move(from, *mv),
                problem.explain_prune(from, *mv)
            )
        }
        (Some(Successor::Child { mv, .. } | Successor::Pruned { mv }), fate) => {
            format!("{}: {fate}", problem.describe_move(from, *mv))
        }
        (None, fate) => fate.to_string(),
    }
}

/// A step in words: the pick and why, then each successor's fate.
pub(super) fn event_lines<P>(search: &Search<P>, event: &StepEvent) -> Vec<String>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    let core = search.core();
    let text = |id: NodeId| core.problem.compact(core.notebook.node(id).state);
    let mut lines = Vec::new();
    let Some(pick) = &event.pick else {
        lines.push(format!("step {}: nothing left to pick", event.step));
        return lines;
    };
    lines.push(format!(
        "step {}: picked #{} {} (f {}, g {}, h {}) — {}",
        event.step,
        pick.id,
        text(pick.id),
        pick.f,
        pick.g,
        pick.h,
        pick.explain()
    ));
    for s in &event.successors {
        let line = match (s.id, s.fate) {
            (Some(id), fate) if fate != Fate::Pruned => {
                let row = SearchView::row(search, id);
                format!(
                    "  #{id} {} {}: {fate} (f {}, g {}, h {})",
                    text(id),
                    move_label(search, pick.id, id),
                    row.f,
                    row.g,
                    row.h
                )
            }
            _ => format!("  {}", successor_words(search, pick.id, s)),
        };
        lines.push(line);
    }
    if let Some(note) = &event.note {
        lines.push(format!("  {note}"));
    }
    if let Some(outcome) = &event.outcome {
        lines.push(format!("  → {outcome}"));
    }
    lines
}
