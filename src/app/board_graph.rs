//! The graph board: nodes at their drawing positions scaled to fit, with names and h values,
//! edges with their costs (arrows when directed), the start and goal marked, the nodes coloured
//! by where the search stands (open, closed, the state shown), and a route picked out.

use crate::engine::store::Status;
use crate::engine::view::{GraphEdgeView, GraphNodeView};
use eframe::egui;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, vec2};

const EDGE: Color32 = Color32::from_rgb(0x80, 0x80, 0x88);
const ROUTE: Color32 = Color32::from_rgb(0xc0, 0x70, 0xff);
const UNSEEN: Color32 = Color32::from_rgb(0xd8, 0xd8, 0xd8);
const OPEN: Color32 = Color32::from_rgb(0x60, 0xb0, 0xf0);
const CLOSED: Color32 = Color32::from_rgb(0x70, 0x70, 0x78);
const CURRENT: Color32 = Color32::from_rgb(0xf0, 0x60, 0x30);
const START: Color32 = Color32::from_rgb(0x40, 0xc0, 0x50);
const GOAL: Color32 = Color32::from_rgb(0xe0, 0x40, 0x40);

/// The parts of [`crate::engine::view::BoardView::Graph`] a drawing needs, and the search's
/// marks on it.
pub struct GraphBoard<'a> {
    pub nodes: &'a [GraphNodeView],
    pub edges: &'a [GraphEdgeView],
    pub directed: bool,
    pub start: usize,
    pub goal: usize,
    /// The node of the state shown.
    pub at: usize,
    /// The status of each node some row stands on (see [`super::marks::PlaceMarks`]).
    pub marks: &'a [(usize, Status)],
    /// Nodes along the route to highlight, in order.
    pub route: &'a [usize],
}

/// Maps the nodes' own coordinates into `rect`, stretching each axis to fill it (a narrow
/// panel would otherwise crowd the names together).
struct Fit {
    min: (f64, f64),
    scale: (f64, f64),
    origin: Pos2,
}

impl Fit {
    fn new(nodes: &[GraphNodeView], rect: Rect) -> Fit {
        let (mut min, mut max) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        for n in nodes {
            min = (min.0.min(n.x), min.1.min(n.y));
            max = (max.0.max(n.x), max.1.max(n.y));
        }
        let span = ((max.0 - min.0).max(1e-9), (max.1 - min.1).max(1e-9));
        let scale = (
            f64::from(rect.width()) / span.0,
            f64::from(rect.height()) / span.1,
        );
        // A single node, or nodes in one line, sit in the middle of the flat axis.
        let used = vec2(
            if max.0 > min.0 { rect.width() } else { 0.0 },
            if max.1 > min.1 { rect.height() } else { 0.0 },
        );
        Fit {
            min,
            scale,
            origin: rect.center() - used / 2.0,
        }
    }

    #[expect(clippy::cast_possible_truncation, reason = "screen coordinates")]
    fn at(&self, n: &GraphNodeView) -> Pos2 {
        self.origin
            + vec2(
                ((n.x - self.min.0) * self.scale.0) as f32,
                ((n.y - self.min.1) * self.scale.1) as f32,
            )
    }
}

/// The height the drawing takes for `width`, from the nodes' aspect ratio (within reason).
#[expect(clippy::cast_possible_truncation, reason = "screen sizes")]
fn height_for(nodes: &[GraphNodeView], width: f32) -> f32 {
    let (mut w, mut h) = ((f64::MAX, f64::MIN), (f64::MAX, f64::MIN));
    for n in nodes {
        w = (w.0.min(n.x), w.1.max(n.x));
        h = (h.0.min(n.y), h.1.max(n.y));
    }
    let ratio = ((h.1 - h.0) / (w.1 - w.0).max(1e-9)).clamp(0.4, 1.5);
    // At least as tall as wide on a narrow panel: the names need the rows.
    (width * ratio as f32)
        .max(width.min(420.0))
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

/// Draws the graph; hovering a node names it with its h and status.
pub fn show(ui: &mut Ui, board: &GraphBoard<'_>) {
    if board.nodes.is_empty() {
        ui.weak("An empty graph.");
        return;
    }
    let width = ui.available_width().max(200.0);
    let (rect, response) =
        ui.allocate_exact_size(vec2(width, height_for(board.nodes, width)), Sense::hover());
    let painter = ui.painter_at(rect);
    let radius = 7.0;
    // Room for the names beside the outer nodes.
    let fit = Fit::new(
        board.nodes,
        rect.shrink2(vec2(radius + 28.0, radius + 16.0)),
    );
    let pos: Vec<Pos2> = board.nodes.iter().map(|n| fit.at(n)).collect();
    let on_route = |a: usize, b: usize| {
        board
            .route
            .windows(2)
            .any(|w| (w[0], w[1]) == (a, b) || (!board.directed && (w[1], w[0]) == (a, b)))
    };
    let small = FontId::proportional(11.0);
    for e in board.edges {
        let (Some(&a), Some(&b)) = (pos.get(e.from), pos.get(e.to)) else {
            continue;
        };
        let routed = on_route(e.from, e.to);
        let stroke = if routed {
            Stroke::new(4.0, ROUTE)
        } else {
            Stroke::new(1.5, EDGE)
        };
        let dir = (b - a).normalized();
        if board.directed {
            // Clear of the goal's outer ring.
            let tip = b - dir
                * if e.to == board.goal {
                    radius + 5.0
                } else {
                    radius
                };
            let tail = a + dir * radius;
            painter.line_segment([tail, tip], stroke);
            let side = vec2(-dir.y, dir.x) * 4.5;
            let back = tip - dir * 10.0;
            painter.add(egui::Shape::convex_polygon(
                vec![tip, back + side, back - side],
                stroke.color,
                Stroke::NONE,
            ));
        } else {
            painter.line_segment([a, b], stroke);
        }
        let label = painter.layout_no_wrap(
            e.cost.to_string(),
            FontId::proportional(10.0),
            if routed {
                ROUTE
            } else {
                ui.visuals().weak_text_color()
            },
        );
        let at = Rect::from_center_size(a + (b - a) * 0.5, label.size());
        painter.rect_filled(at.expand(1.0), 2.0, ui.visuals().panel_fill);
        painter.galley(at.min, label, Color32::PLACEHOLDER);
    }
    let text = ui.visuals().text_color();
    for (i, (n, &p)) in board.nodes.iter().zip(&pos).enumerate() {
        let ring = if i == board.start {
            Stroke::new(3.0, START)
        } else if i == board.goal {
            Stroke::new(3.0, GOAL)
        } else if board.route.contains(&i) {
            Stroke::new(2.5, ROUTE)
        } else {
            Stroke::new(1.0, Color32::BLACK)
        };
        painter.circle(p, radius, fill(board, i), ring);
        if i == board.goal {
            painter.circle_stroke(p, radius + 4.0, Stroke::new(1.5, GOAL));
        }
        painter.text(
            p + vec2(0.0, -radius - 2.0),
            Align2::CENTER_BOTTOM,
            &n.name,
            small.clone(),
            text,
        );
        painter.text(
            p + vec2(0.0, radius + 2.0),
            Align2::CENTER_TOP,
            format!("h {}", n.h),
            FontId::proportional(10.0),
            ui.visuals().weak_text_color(),
        );
    }
    if let Some(hover) = response.hover_pos()
        && let Some(i) = (0..pos.len()).find(|&i| pos[i].distance(hover) <= radius + 2.0)
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
    legend(ui);
}

fn swatch(ui: &mut Ui, color: Color32, words: &str) {
    let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), Sense::hover());
    ui.painter().circle_filled(r.center(), 5.0, color);
    ui.weak(words);
}

/// What the colours mean.
fn legend(ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        swatch(ui, CURRENT, "shown");
        swatch(ui, OPEN, "open");
        swatch(ui, CLOSED, "closed");
        swatch(ui, UNSEEN, "not reached");
        swatch(ui, START, "start ring");
        swatch(ui, GOAL, "goal ring");
        swatch(ui, ROUTE, "route");
    });
}
