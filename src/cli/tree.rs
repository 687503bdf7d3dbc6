//! `frontier tree`: the search tree the app's Tree tab draws, as indented text or JSON, at
//! any step: the same tree data and layout, so tests and scripts can read it.

use super::{OpenAt, SearchArgs, cost_json};
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use crate::present::tree::shape::{EdgeKind, Item, Shape, ShapeOptions};
use crate::present::tree::{OldEdge, Tree};
use crate::scenario::{Scenario, ScenarioError};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TreeArgs {
    /// The scenario file (RON); the built-in puzzle (the A* chapter's 542703816) when left out.
    pub scenario: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Shows the tree after this many steps (a number, or `end`; default: the end).
    #[arg(long, value_name = "STEP", value_parser = OpenAt::parse)]
    pub at: Option<OpenAt>,
    /// Folds rows holding the same state into one node (a DAG).
    #[arg(long)]
    pub fold: bool,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `frontier tree`; returns the exit status.
#[must_use]
pub fn tree(args: &TreeArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(tree_inner(args, out).map(|()| 0))
}

fn tree_inner(args: &TreeArgs, out: &mut dyn Write) -> Result<(), ScenarioError> {
    let scenario = match &args.scenario {
        Some(path) => super::load_scenario(path)?,
        None => Scenario::built_in(),
    };
    let mut session = scenario.session(&args.search.spec())?;
    let target = args.at.map_or(u64::MAX, OpenAt::target);
    while session.shown().outcome().is_none() && session.shown().steps() < target {
        session.step();
    }
    let search = session.shown();
    let tree = Tree::of(search);
    let options = ShapeOptions {
        fold: args.fold,
        ..ShapeOptions::default()
    };
    let shape = Shape::of(&tree, &options, &|id| search.state_text(id));
    let text = if args.json {
        format!("{}\n", json(search, &tree, &shape))
    } else {
        text(search, &tree, &shape)
    };
    out.write_all(text.as_bytes())
        .map_err(|e| ScenarioError::Write {
            path: "standard output".into(),
            message: e.to_string(),
        })
}

/// The tree as indented lines, a node's children two spaces in: nodes as
/// `#id [mark] g h f  state`, stubs as `~ reason`, other edges as `(also from #p …)`.
fn text(search: &dyn ShownSearch, tree: &Tree, shape: &Shape) -> String {
    let mut lines = vec![tree.caption()];
    let mut stack: Vec<(u32, usize)> = shape.forest.roots.iter().rev().map(|&r| (r, 0)).collect();
    while let Some((at, depth)) = stack.pop() {
        let indent = "  ".repeat(depth);
        match shape.items[at as usize] {
            Item::Row(id) => {
                let node = &tree.nodes[id as usize];
                let mut line = format!(
                    "{indent}#{id} [{}] g {} h {} f {}  {}",
                    node.mark.words(),
                    node.g,
                    node.h,
                    node.f,
                    search.state_text(id)
                );
                for &(from, to, kind) in &shape.extra {
                    if to == at
                        && let Item::Row(p) = shape.items[from as usize]
                    {
                        line.push_str(&match kind {
                            EdgeKind::Replaced => format!("  (parent was #{p}, replaced)"),
                            EdgeKind::Folded => format!("  (also from #{p})"),
                        });
                    }
                }
                if let Some(n) = shape.hidden.get(&id) {
                    line.push_str(&format!("  (+{n} hidden)"));
                }
                lines.push(line);
            }
            Item::Stub(i) => lines.push(format!("{indent}~ {}", tree.stubs[i].reason)),
        }
        for &child in shape.forest.children(at).iter().rev() {
            stack.push((child, depth + 1));
        }
    }
    lines.join("\n") + "\n"
}

/// The tree as JSON: every node with its mark, values, state and place in the layout (`x` in
/// slots, `layer` its depth in the drawing), the stubs and the replaced edges.
fn json(search: &dyn ShownSearch, tree: &Tree, shape: &Shape) -> serde_json::Value {
    let place = |id: NodeId| shape.visible(id).map(|i| i as usize);
    let nodes: Vec<_> = tree
        .nodes
        .iter()
        .map(|n| {
            let at = place(n.row);
            serde_json::json!({
                "row": n.row,
                "parent": n.parent,
                "mark": n.mark,
                "g": cost_json(Some(n.g)),
                "h": cost_json(Some(n.h)),
                "f": cost_json(Some(n.f)),
                "depth": n.depth,
                "state": search.state_text(n.row),
                "x": at.map(|i| shape.layout.x[i]),
                "layer": at.map(|i| shape.layout.layer[i]),
            })
        })
        .collect();
    let stubs: Vec<_> = tree
        .stubs
        .iter()
        .map(|s| serde_json::json!({"parent": s.parent, "reason": s.reason.to_string()}))
        .collect();
    let old: Vec<_> = tree
        .old_edges
        .iter()
        .map(
            |&OldEdge { from, to, step }| serde_json::json!({"from": from, "to": to, "step": step}),
        )
        .collect();
    serde_json::json!({
        "step": tree.step,
        "iteration": tree.iteration,
        "threshold": tree.bound,
        "nodes": nodes,
        "stubs": stubs,
        "replaced_edges": old,
    })
}
