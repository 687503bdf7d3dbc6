//! The graph board: nodes at their drawing positions scaled to fit, with names and h values,
//! edges with their costs on plates (arrows when directed), the start and goal marked, the
//! nodes coloured by where the search stands (open, closed, the state shown), and a route
//! picked out. Labels are laid out so none overlaps another or a node ([`labels`]); the view
//! zooms and pans like a grid's (the shared [`camera`]).

mod fit;
mod labels;

use crate::app::boards::camera::{self, Camera};
use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::boards::palette::{CLOSED, CURRENT, GOAL, MARKS, OPEN, ROUTE, START};
use crate::app::command::Command;
use crate::domains::graph::{GraphEdgeView, GraphNodeView, GraphView};
use crate::engine::notebook::Status;
use eframe::egui;
use egui::{Color32, FontId, Id, PointerButton, Pos2, Sense, Stroke, Ui, Vec2, vec2};
use std::hash::BuildHasher;

const EDGE: Color32 = Color32::from_rgb(0x80, 0x80, 0x88);
/// Nodes no row stands on yet.
const UNSEEN: Color32 = Color32::from_rgb(0xd8, 0xd8, 0xd8);
/// Edge costs: dark ink on a light plate, readable on either theme.
const INK: Color32 = Color32::from_rgb(0x20, 0x20, 0x28);
/// The costs of the route's edges: a dark shade of [`ROUTE`].
const ROUTE_INK: Color32 = Color32::from_rgb(0x8a, 0x50, 0x00);
const PLATE_FILL: Color32 = Color32::from_rgb(0xfa, 0xf7, 0xee);
/// The plate's padding around a cost.
const PLATE: Vec2 = vec2(3.0, 1.0);
const RADIUS: f32 = 7.0;
/// The room a node covers with its ring (the start's is the widest), for its labels to keep
/// clear of.
const RING: f32 = RADIUS + 3.0;

/// The parts of a [`GraphView`] a drawing needs, and the search's marks on it.
struct GraphBoard<'a> {
    pub nodes: &'a [GraphNodeView],
    pub edges: &'a [GraphEdgeView],
    pub directed: bool,
    pub start: usize,
    pub goal: usize,
    /// The node of the state shown.
    pub at: usize,
    /// The status of each node some row stands on (see [`crate::app::boards::marks::PlaceMarks`]).
    pub marks: &'a [(usize, Status)],
    /// Nodes along the route to highlight, in order.
    pub route: &'a [usize],
}

/// The nodes' own coordinates as map points (relative to the top-left node corner) and the
/// map's extent.
#[expect(clippy::cast_possible_truncation, reason = "drawing coordinates")]
fn map_points(nodes: &[GraphNodeView]) -> (Vec<Vec2>, Vec2) {
    let (mut min, mut max) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for n in nodes {
        min = (min.0.min(n.x), min.1.min(n.y));
        max = (max.0.max(n.x), max.1.max(n.y));
    }
    let points = nodes
        .iter()
        .map(|n| vec2((n.x - min.0) as f32, (n.y - min.1) as f32))
        .collect();
    (points, vec2((max.0 - min.0) as f32, (max.1 - min.1) as f32))
}

/// The height the drawing takes for `width`, from the map's aspect ratio (within reason).
fn height_for(size: Vec2, width: f32) -> f32 {
    let ratio = (size.y / size.x.max(1e-9)).clamp(0.4, 1.5);
    // Taller than wide on a narrow panel: the labels need the rows.
    (width * ratio)
        .max(width.min(420.0) * 1.4)
        .clamp(200.0, 700.0)
}

fn fill(board: &GraphBoard<'_>, node: usize) -> Color32 {
    if node == board.at {
        return CURRENT;
    }
    match board.marks.binary_search_by_key(&node, |&(p, _)| p) {
        Ok(i) if board.marks[i].1 == Status::Open => OPEN,
        Ok(_) => CLOSED,
        Err(_) => UNSEEN,
    }
}

/// Draws the graph with the search's marks on it; nothing on it is edited.
pub fn show(ui: &mut Ui, view: &GraphView, input: &BoardInput<'_>) -> Option<Command> {
    let board = GraphBoard {
        nodes: &view.nodes,
        edges: &view.edges,
        directed: view.directed,
        start: view.start,
        goal: view.goal,
        at: view.at,
        marks: input.marks,
        route: input.route,
    };
    draw(ui, &board, input.id);
    None
}

/// Draws the graph with zoom, pan and Fit (see [`camera`]); hovering a node names it with its
/// h and status.
fn draw(ui: &mut Ui, board: &GraphBoard<'_>, id: Id) {
    if board.nodes.is_empty() {
        ui.weak("An empty graph.");
        return;
    }
    let (points, size) = map_points(board.nodes);
    let camera_id = id.with("graph camera");
    let map = Id::unique(board.nodes.iter().map(|n| &n.name).collect::<Vec<_>>());
    let mut camera = Camera::load(ui, camera_id, map.value(), size);
    ui.horizontal(|ui| {
        camera.buttons(ui, size);
        ui.weak(format!("zoom {:.0}%", camera.zoom() * 100.0));
    });
    let width = ui.available_width().max(200.0);
    let (rect, response) =
        ui.allocate_exact_size(vec2(width, height_for(size, width)), Sense::drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "graph map"));
    let names: Vec<NodeLabel> = board
        .nodes
        .iter()
        .map(|n| NodeLabel::new(ui.painter(), ui, n))
        .collect();
    let node_sizes: Vec<Vec2> = names.iter().map(NodeLabel::size).collect();
    // Fit fits the part of the drawing in sight (a panel or the scroll area may cover the
    // rest), less the room each node's label needs beside it: half its width sideways (a
    // label above or below its node), half its height up and down (a label beside it).
    let seen = rect.intersect(ui.clip_rect());
    let rooms: Vec<Vec2> = node_sizes
        .iter()
        .map(|s| (*s / 2.0).max(Vec2::splat(RING)) + Vec2::splat(labels::MARGIN + 1.0))
        .collect();
    let area = fit::node_area(&points, size, &rooms, seen);
    let fit = camera::fit(size, area, false);
    let pans = response.dragged_by(PointerButton::Primary)
        || response.dragged_by(PointerButton::Secondary)
        || response.dragged_by(PointerButton::Middle);
    // Placing the labels well takes longer than a frame: it is done again only when the
    // drawing moves, and roughly while it is being dragged or zoomed.
    let moving = pans || response.hovered() && ui.input(|i| i.smooth_scroll_delta.y != 0.0);
    let place = camera.navigate(ui, &response, area, (size, fit), pans);
    camera.store(ui, camera_id);
    let pos: Vec<Pos2> = points.iter().map(|&p| place.screen(p)).collect();
    let painter = ui.painter_at(rect);
    let edges: Vec<(usize, usize)> = board
        .edges
        .iter()
        .filter(|e| e.from < pos.len() && e.to < pos.len())
        .map(|e| (e.from, e.to))
        .collect();
    let routed: Vec<bool> = edges.iter().map(|&(a, b)| on_route(board, a, b)).collect();
    for (&(a, b), &routed) in edges.iter().zip(&routed) {
        line(&painter, board, (a, b), (pos[a], pos[b]), routed);
    }
    let costs: Vec<_> = board
        .edges
        .iter()
        .filter(|e| e.from < pos.len() && e.to < pos.len())
        .zip(&routed)
        .map(|(e, &routed)| {
            let color = if routed { ROUTE_INK } else { INK };
            painter.layout_no_wrap(e.cost.to_string(), FontId::proportional(13.0), color)
        })
        .collect();
    // The room each node covers: its ring, and the goal's outer ring.
    let discs: Vec<(Pos2, f32)> = pos
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, if i == board.goal { RADIUS + 6.0 } else { RING }))
        .collect();
    let scene = labels::Scene {
        bounds: seen,
        discs: &discs,
        edges: &edges,
    };
    let cost_sizes: Vec<Vec2> = costs.iter().map(|g| g.size() + 2.0 * PLATE).collect();
    let (node_spots, cost_spots) = placed(ui, id, &scene, (&node_sizes, &cost_sizes), moving);
    for ((galley, spot), &routed) in costs.into_iter().zip(cost_spots).zip(&routed) {
        let border = if routed { ROUTE } else { EDGE };
        painter.rect(
            spot,
            3.0,
            PLATE_FILL,
            Stroke::new(1.0, border),
            egui::StrokeKind::Inside,
        );
        painter.galley(spot.min + PLATE, galley, INK);
    }
    for (i, &p) in pos.iter().enumerate() {
        let ring = if i == board.start {
            Stroke::new(3.0, START)
        } else if i == board.goal {
            Stroke::new(3.0, GOAL)
        } else if board.route.contains(&i) {
            Stroke::new(2.5, ROUTE)
        } else {
            Stroke::new(1.0, Color32::BLACK)
        };
        painter.circle(p, RADIUS, fill(board, i), ring);
        if i == board.goal {
            painter.circle_stroke(p, RADIUS + 4.0, Stroke::new(1.5, GOAL));
        }
    }
    for (label, spot) in names.into_iter().zip(node_spots) {
        label.paint(&painter, spot);
    }
    if let Some(hover) = response.hover_pos()
        && let Some(i) = (0..pos.len()).find(|&i| pos[i].distance(hover) <= RADIUS + 2.0)
    {
        let status = match board.marks.binary_search_by_key(&i, |&(p, _)| p) {
            Ok(k) => format!("{:?}", board.marks[k].1).to_lowercase(),
            Err(_) => "not reached".to_string(),
        };
        response.on_hover_text(format!(
            "{}: h {}, {status}",
            board.nodes[i].name, board.nodes[i].h
        ));
    }
    show_legend(ui);
    ui.weak("Scroll to zoom, drag to pan.");
}

/// The labels' spots for `scene`, kept in egui's memory under `id` with the scene they were
/// placed for, so a drawing that does not move places them once; `rough` places them with
/// the quick rounds only.
fn placed(
    ui: &Ui,
    id: Id,
    scene: &labels::Scene<'_>,
    (nodes, costs): (&[Vec2], &[Vec2]),
    rough: bool,
) -> (Vec<egui::Rect>, Vec<egui::Rect>) {
    type Kept = (u64, Vec<egui::Rect>, Vec<egui::Rect>);
    let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
    let key = rustc_hash::FxBuildHasher.hash_one((
        bits(scene.bounds.min.to_vec2()),
        bits(scene.bounds.max.to_vec2()),
        scene
            .discs
            .iter()
            .map(|&(p, r)| (bits(p.to_vec2()), r.to_bits()))
            .collect::<Vec<_>>(),
        scene.edges,
        nodes
            .iter()
            .chain(costs)
            .map(|&v| bits(v))
            .collect::<Vec<_>>(),
        rough,
    ));
    let memory = id.with("graph labels");
    if let Some((kept, n, c)) = ui.data(|d| d.get_temp::<Kept>(memory))
        && kept == key
    {
        return (n, c);
    }
    let (n, c) = labels::place(scene, nodes, costs, !rough);
    ui.data_mut(|d| d.insert_temp::<Kept>(memory, (key, n.clone(), c.clone())));
    (n, c)
}

/// Whether the edge `a`–`b` is a step of the route (either way round when undirected).
fn on_route(board: &GraphBoard<'_>, a: usize, b: usize) -> bool {
    board
        .route
        .windows(2)
        .any(|w| (w[0], w[1]) == (a, b) || (!board.directed && (w[1], w[0]) == (a, b)))
}

/// One edge's line, with an arrowhead clear of the node (and the goal's outer ring) when
/// directed.
fn line(
    painter: &egui::Painter,
    board: &GraphBoard<'_>,
    (from, to): (usize, usize),
    (a, b): (Pos2, Pos2),
    routed: bool,
) {
    let stroke = if routed {
        Stroke::new(4.0, ROUTE)
    } else {
        Stroke::new(1.5, EDGE)
    };
    if !board.directed {
        painter.line_segment([a, b], stroke);
        return;
    }
    let dir = (b - a).normalized();
    let tip = b - dir
        * if to == board.goal {
            RADIUS + 5.0
        } else {
            RADIUS
        };
    let tail = a + dir
        * if from == board.goal {
            RADIUS + 5.0
        } else {
            RADIUS
        };
    painter.line_segment([tail, tip], stroke);
    let side = vec2(-dir.y, dir.x) * 4.5;
    let back = tip - dir * 10.0;
    painter.add(egui::Shape::convex_polygon(
        vec![tip, back + side, back - side],
        stroke.color,
        Stroke::NONE,
    ));
}

/// A node's label: its name over its h, each line centred in the block.
struct NodeLabel {
    name: std::sync::Arc<egui::Galley>,
    h: std::sync::Arc<egui::Galley>,
}

impl NodeLabel {
    fn new(painter: &egui::Painter, ui: &Ui, node: &GraphNodeView) -> NodeLabel {
        let visuals = ui.visuals();
        NodeLabel {
            name: painter.layout_no_wrap(
                node.name.clone(),
                FontId::proportional(12.0),
                visuals.text_color(),
            ),
            h: painter.layout_no_wrap(
                format!("h {}", node.h),
                FontId::proportional(10.5),
                visuals.weak_text_color(),
            ),
        }
    }

    /// The block's size: the lines stacked, a point apart.
    fn size(&self) -> Vec2 {
        let (a, b) = (self.name.size(), self.h.size());
        vec2(a.x.max(b.x), a.y + 1.0 + b.y)
    }

    fn paint(self, painter: &egui::Painter, spot: egui::Rect) {
        let top = spot.center_top();
        let h_top = top.y + self.name.size().y + 1.0;
        let name_at = egui::pos2(top.x - self.name.size().x / 2.0, top.y);
        let h_at = egui::pos2(top.x - self.h.size().x / 2.0, h_top);
        painter.galley(name_at, self.name, Color32::PLACEHOLDER);
        painter.galley(h_at, self.h, Color32::PLACEHOLDER);
    }
}

/// What the colours mean.
fn show_legend(ui: &mut Ui) {
    // Start, goal and route ring a node; the search's other marks fill it.
    let swatch = |color| match color {
        START | GOAL | ROUTE => Swatch::Ring(color),
        _ => Swatch::Disc(color),
    };
    let entries = MARKS.into_iter().chain([(UNSEEN, "not reached")]);
    legend::show(ui, entries.map(|(color, words)| (swatch(color), words)));
}
