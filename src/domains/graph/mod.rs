//! Explicit weighted graphs written in the scenario: named nodes with a drawing position and an
//! h value, directed or undirected edges with costs.
//!
//! A state is a node's index (its place in the scenario's list). Successors come in the order
//! the edges are written; an undirected edge is walked both ways, from whichever end is
//! expanded. The `Given` heuristic is each node's written h; the graph checks it against the
//! true distances to the goal, so the CLI can refuse an h that overestimates.

mod shown;

pub use shown::{GraphEdgeView, GraphNodeView, GraphView};

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A node as written in a scenario: `(name: "Arad", x: 91, y: 108, h: 366)`. `x` and `y` place
/// it for drawing (y grows downwards, as on screen).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphNode {
    pub name: String,
    #[serde(default)]
    pub x: f64,
    #[serde(default)]
    pub y: f64,
    #[serde(default)]
    pub h: f64,
}

/// An edge as written in a scenario: `("Arad", "Sibiu", 140)`. A cost that is not a number
/// from 0 to [`MAX_COST`] is refused while reading the file, so the error has its line and column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphEdge(pub String, pub String, pub f64);

impl<'de> Deserialize<'de> for GraphEdge {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The edge as written (`("A", "B", 1)` or, as the app saves it, `GraphEdge("A", "B", 1.0)`).
        #[derive(Deserialize)]
        #[serde(rename = "GraphEdge")]
        struct Written(String, String, f64);
        let Written(a, b, cost) = Written::deserialize(deserializer)?;
        check_cost(&format!("edge {a}–{b} costs"), cost).map_err(serde::de::Error::custom)?;
        Ok(GraphEdge(a, b, cost))
    }
}

/// The largest edge cost or h a graph takes: costs are exact billionths in 64 bits (up to about
/// 9.2 × 10⁹), and a bound well below that keeps the sums along a route exact too.
pub const MAX_COST: f64 = 1e9;

/// Checks a written cost or h: a number from 0 to [`MAX_COST`]. `what` starts the message
/// ("edge A–B costs").
fn check_cost(what: &str, value: f64) -> Result<(), String> {
    if value.is_finite() && (0.0..=MAX_COST).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{what} {value}; costs and h must be numbers from 0 to {MAX_COST:e} (one billion)"
        ))
    }
}

/// One graph search instance.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    nodes: Vec<GraphNodeView>,
    edges: Vec<GraphEdgeView>,
    /// `out[node]`: (edge index, neighbour) in writing order.
    out: Vec<Vec<(u32, u32)>>,
    directed: bool,
    start: usize,
    goal: usize,
    /// Whether every written h is at most the node's true distance to the goal.
    given_admissible: bool,
    /// Why the graph is unusable, found while building it (reported by `validate`).
    defect: Option<Refusal>,
}

/// Follows an edge, named by its index in the scenario's list.
pub type EdgeStep = u32;

impl Graph {
    /// Builds the graph; a malformed one (unknown names, negative costs…) is kept with its
    /// defect so that it is refused with the reason rather than failing to load.
    #[must_use]
    pub fn new(
        nodes: &[GraphNode],
        edges: &[GraphEdge],
        directed: bool,
        start: &str,
        goal: &str,
    ) -> Graph {
        Graph::build(nodes, edges, directed, start, goal).unwrap_or_else(|why| Graph {
            defect: Some(why),
            ..Graph::default()
        })
    }

    fn build(
        nodes: &[GraphNode],
        edges: &[GraphEdge],
        directed: bool,
        start: &str,
        goal: &str,
    ) -> Result<Graph, Refusal> {
        if nodes.is_empty() {
            return Err(Refusal("the graph has no nodes".into()));
        }
        let mut views = Vec::with_capacity(nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            if nodes[..i].iter().any(|m| m.name == n.name) {
                return Err(Refusal(format!("node '{}' is written twice", n.name)));
            }
            check_cost(&format!("node '{}' has h =", n.name), n.h).map_err(Refusal)?;
            views.push(GraphNodeView {
                name: n.name.clone(),
                x: n.x,
                y: n.y,
                h: Cost::from_f64(n.h),
            });
        }
        let find = |name: &str, what: &str| {
            nodes
                .iter()
                .position(|n| n.name == name)
                .ok_or_else(|| Refusal(format!("{what} '{name}' is not a node of the graph")))
        };
        let mut out = vec![Vec::new(); nodes.len()];
        let mut edge_views = Vec::with_capacity(edges.len());
        for (i, GraphEdge(a, b, cost)) in edges.iter().enumerate() {
            let (from, to) = (
                find(a, &format!("edge {a}–{b} starts at"))?,
                find(b, &format!("edge {a}–{b} ends at"))?,
            );
            check_cost(&format!("edge {a}–{b} costs"), *cost).map_err(Refusal)?;
            let e = u32::try_from(i).map_err(|_| Refusal("too many edges".into()))?;
            let node = |i: usize| u32::try_from(i).expect("fewer nodes than edges fit");
            out[from].push((e, node(to)));
            if !directed && from != to {
                out[to].push((e, node(from)));
            }
            edge_views.push(GraphEdgeView {
                from,
                to,
                cost: Cost::from_f64(*cost),
            });
        }
        let mut graph = Graph {
            nodes: views,
            edges: edge_views,
            out,
            directed,
            start: find(start, "the start")?,
            goal: find(goal, "the goal")?,
            given_admissible: true,
            defect: None,
        };
        graph.given_admissible = graph
            .distances_to_goal()
            .iter()
            .zip(&graph.nodes)
            .all(|(d, n)| d.is_none_or(|d| n.h <= d));
        Ok(graph)
    }

    /// The true cost from every node to the goal (`None`: the goal cannot be reached), by
    /// Dijkstra's algorithm over the edges walked backwards.
    #[must_use]
    pub fn distances_to_goal(&self) -> Vec<Option<Cost>> {
        let mut into = vec![Vec::new(); self.nodes.len()];
        for (from, out) in self.out.iter().enumerate() {
            for &(e, to) in out {
                into[to as usize].push((from, self.edges[e as usize].cost));
            }
        }
        let mut dist = vec![None; self.nodes.len()];
        let mut heap = BinaryHeap::from([Reverse((Cost::ZERO, self.goal))]);
        while let Some(Reverse((d, node))) = heap.pop() {
            if dist[node].is_some() {
                continue;
            }
            dist[node] = Some(d);
            for &(from, cost) in &into[node] {
                if dist[from].is_none() {
                    heap.push(Reverse((d + cost, from)));
                }
            }
        }
        dist
    }

    /// The index of the node called `name`.
    #[must_use]
    pub fn node(&self, name: &str) -> Option<u32> {
        self.nodes
            .iter()
            .position(|n| n.name == name)
            .and_then(|i| u32::try_from(i).ok())
    }

    fn name(&self, node: u32) -> &str {
        self.nodes
            .get(node as usize)
            .map_or("?", |n| n.name.as_str())
    }
}

impl Problem for Graph {
    type State = u32;
    type Move = EdgeStep;

    fn validate(&self) -> Result<(), Refusal> {
        self.defect.clone().map_or(Ok(()), Err)
    }

    fn start(&self) -> u32 {
        u32::try_from(self.start).unwrap_or(0)
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state as usize == self.goal
    }

    fn successors(&self, state: &u32, out: &mut Vec<Successor<u32, EdgeStep>>) {
        for &(e, to) in &self.out[*state as usize] {
            out.push(Successor::Child {
                state: to,
                mv: e,
                cost: self.edges[e as usize].cost,
            });
        }
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        &[Heuristic::Given, Heuristic::Zero]
    }

    fn estimate(&self, state: &u32, heuristic: Heuristic) -> Cost {
        match heuristic {
            Heuristic::Given => self.nodes[*state as usize].h,
            _ => Cost::ZERO,
        }
    }

    /// The written h values are admissible when none exceeds the node's true distance to the
    /// goal (checked when the graph is built).
    fn admissible(&self, heuristic: Heuristic) -> bool {
        heuristic != Heuristic::Given || self.given_admissible
    }

    fn numbered_states(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::Presentation;

    fn node(name: &str, h: f64) -> GraphNode {
        GraphNode {
            name: name.into(),
            x: 0.0,
            y: 0.0,
            h,
        }
    }

    fn edge(a: &str, b: &str, cost: f64) -> GraphEdge {
        GraphEdge(a.into(), b.into(), cost)
    }

    #[test]
    fn undirected_edges_are_walked_both_ways_directed_ones_not() {
        let nodes = [node("A", 0.0), node("B", 0.0)];
        let edges = [edge("A", "B", 2.0)];
        let g = Graph::new(&nodes, &edges, false, "B", "A");
        let mut out = Vec::new();
        g.successors(&g.start(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(g.describe_move(&1, 0), "B → A (2)");
        let g = Graph::new(&nodes, &edges, true, "B", "A");
        out.clear();
        g.successors(&g.start(), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn an_h_above_the_true_distance_is_not_admissible() {
        let nodes = [node("S", 4.0), node("M", 1.0), node("G", 0.0)];
        let edges = [edge("S", "M", 2.0), edge("M", "G", 2.0)];
        assert!(Graph::new(&nodes, &edges, false, "S", "G").admissible(Heuristic::Given));
        let nodes = [node("S", 4.0), node("M", 2.5), node("G", 0.0)];
        let g = Graph::new(&nodes, &edges, false, "S", "G");
        assert!(!g.admissible(Heuristic::Given));
        assert!(g.admissible(Heuristic::Zero));
    }

    #[test]
    fn malformed_graphs_are_refused_with_the_reason() {
        let why = |nodes: &[GraphNode], edges: &[GraphEdge], start: &str| {
            Graph::new(nodes, edges, false, start, "A")
                .validate()
                .unwrap_err()
                .0
        };
        let a = || node("A", 0.0);
        assert!(why(&[], &[], "A").contains("no nodes"));
        assert!(why(&[a(), a()], &[], "A").contains("'A' is written twice"));
        assert!(why(&[a()], &[edge("A", "Q", 1.0)], "A").contains("'Q' is not a node"));
        assert!(why(&[a()], &[edge("A", "A", -1.0)], "A").contains("costs -1"));
        assert!(why(&[a()], &[], "Z").contains("the start 'Z'"));
        assert!(why(&[node("A", -2.0)], &[], "A").contains("h = -2"));
    }
}
