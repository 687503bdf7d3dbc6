//! The Tree tab: the search tree of [`crate::present::tree`], laid out in layers, with the
//! boards' camera (zoom, pan, Fit). Clicking a node selects its row, as the tables do; a
//! double click collapses or expands its subtree. Only what is on screen is drawn: nodes in
//! full with their words when there is room, as dots when small, and as one density band per
//! layer when thousands are in view. A step forward or back brings the kept tree and layout up
//! to date in place; another search, other options or a search that cannot (depth-first,
//! iterative deepening) build them anew, so the tree always shows the step the rest of the
//! window shows.

mod marks;
mod words;

use crate::app::boards::camera::{self, Camera};
use crate::app::command::Command;
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use crate::present::tree::shape::{Item, Shape, ShapeOptions};
use crate::present::tree::{Growing, Update};
use eframe::egui;
use egui::{Color32, Id, Pos2, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

/// Map units between layers (a slot is one unit wide), so a node's words fit under its box.
const LAYER: f32 = 1.6;
/// Points per unit from which nodes are drawn one by one (below it: density bands).
const DOT: f32 = 3.0;
/// Points per unit from which nodes are clickable widgets (with a hover text).
const CLICKABLE: f32 = 14.0;
/// Points per unit from which nodes show their state (or its start) and f, at a size a
/// projector's back row can read; g, h and the row number follow once there is room.
const WORDS: f32 = 30.0;
/// Most nodes drawn one by one in a frame; more in view are summarised.
const MOST_DRAWN: usize = 3000;

/// What the Tree tab keeps between frames.
#[derive(Default)]
pub struct TreePanel {
    /// The Tree tab is chosen (else the tables show).
    chosen: bool,
    options: ShapeOptions,
    follow: bool,
    built: Option<Built>,
}

/// The tree and its shape for one step of one search.
struct Built {
    key: (u64, u64, usize, ShapeOptions),
    tree: Growing,
    shape: Shape,
    /// The Fit scale last frame, to keep the zoom when the tree grows.
    fit: f32,
    /// The step the view last followed the pick at.
    followed: u64,
}

/// What the panel needs from the app.
pub struct TreeInput<'a> {
    pub search: &'a dyn ShownSearch,
    pub selected: Option<NodeId>,
    /// Counts the app's searches, to tell a new search from a step of the same one.
    pub generation: u64,
}

impl TreePanel {
    /// The "Tables" and "Tree" tabs: what the middle of the window shows, as a row at its top
    /// (a row, so the table or tree below starts under it whatever the window's width).
    pub fn tabs(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.chosen, false, "Tables");
            ui.selectable_value(&mut self.chosen, true, "Tree")
                .on_hover_text("The search tree: every stored state under its parent");
        });
    }

    /// Whether the Tree tab is chosen (else the tables show).
    #[must_use]
    pub fn chosen(&self) -> bool {
        self.chosen
    }

    /// The tree and shape for `input`, brought up to date if the search moved since last
    /// frame: grown or taken back in place when a best-first search went forward or back (see
    /// [`Growing`], [`Shape::grow`] and [`Shape::shrink`]), else built anew. Once per frame
    /// however many steps ran, so the tree always shows the step the rest of the window shows;
    /// what the update costs a running frame counts in the run's step budget (see
    /// [`crate::app::playback::RunBudget`]), so a run steps less while the tree is shown.
    fn built(&mut self, input: &TreeInput<'_>) -> &mut Built {
        let search = input.search;
        // Row ids of another search mean nothing here.
        if self
            .built
            .as_ref()
            .is_some_and(|b| b.key.0 != input.generation)
        {
            self.options.collapsed.clear();
        }
        let key = (
            input.generation,
            search.steps(),
            search.rows(),
            self.options.clone(),
        );
        match &mut self.built {
            Some(b) if b.key == key => {}
            Some(b) if b.key.0 == key.0 && b.key.3 == key.3 => {
                let grown = match b.tree.update(search) {
                    Update::Same => true,
                    Update::Rebuilt => false,
                    Update::Grew { .. } => b.shape.grow(b.tree.tree()),
                    Update::Shrank { .. } => b.shape.shrink(b.tree.tree()),
                };
                if !grown {
                    b.shape = shape_of(&b.tree, &self.options, search);
                }
                b.key = key;
            }
            _ => {
                let (fit, followed) = self
                    .built
                    .as_ref()
                    .map_or((0.0, u64::MAX), |b| (b.fit, b.followed));
                let tree = Growing::new(search);
                self.built = Some(Built {
                    key,
                    shape: shape_of(&tree, &self.options, search),
                    tree,
                    fit,
                    followed,
                });
            }
        }
        self.built.as_mut().expect("just built")
    }

    /// Draws the tab; returns the commands its clicks give.
    pub fn show(&mut self, ui: &mut Ui, input: &TreeInput<'_>) -> Vec<Command> {
        let mut commands = Vec::new();
        let (follow, selected) = (self.follow, input.selected);
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.follow, "Follow the pick")
                .on_hover_text("Keep the next pick in view while stepping");
            ui.checkbox(&mut self.options.fold, "Fold repeated states")
                .on_hover_text("One node per state: routes that meet again share it (a DAG)");
            if let Some(id) = selected {
                let collapsed = self.options.collapsed.contains(&id);
                let words = if collapsed { "Expand #" } else { "Collapse #" };
                if ui.button(format!("{words}{id}")).clicked() {
                    toggle(&mut self.options, id);
                }
            }
            if !self.options.collapsed.is_empty() && ui.button("Expand all").clicked() {
                self.options.collapsed.clear();
            }
        });
        marks::show(ui, self.options.fold);
        let built = self.built(input);
        ui.label(built.tree.tree().caption());
        let id = Id::unique("search tree");
        let size = vec2(
            built.shape.layout.width.max(1.0),
            LAYER * built.shape.layout.layers.len().max(1) as f32,
        );
        let mut camera = Camera::load(ui, id, input.generation, size);
        camera.zoom_up_to(size.x.max(size.y) * 2.0);
        ui.horizontal(|ui| {
            camera.buttons(ui, size);
            ui.weak(format!(
                "zoom {:.0}% · double-click a node to collapse it (+N: the nodes it hides)",
                camera.zoom() * 100.0
            ));
        });
        let (rect, response) = ui.allocate_exact_size(
            ui.available_size().max(vec2(120.0, 120.0)),
            Sense::click_and_drag(),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "search tree"));
        // Fit fits the part in sight, not the part a panel covers.
        let rect = rect.intersect(ui.clip_rect());
        let fit = camera::fit(size, rect, true);
        if built.fit > 0.0 && (built.fit - fit.x).abs() > f32::EPSILON {
            camera.keep_scale(built.fit, fit.x, size);
        }
        built.fit = fit.x;
        let pick = input.search.next_pick().map(|p| p.id);
        if follow
            && built.followed != built.tree.tree().step
            && let Some(at) = pick.and_then(|p| built.shape.visible(p))
        {
            camera.look_at(centre_of(&built.shape, at));
            built.followed = built.tree.tree().step;
        }
        let place = camera.navigate(ui, &response, rect, (size, fit), true);
        camera.store(ui, id);
        let view = View {
            search: input.search,
            place,
            rect,
            selected,
        };
        let clicked = view.draw(ui, built, id);
        let under = |p: Pos2| view.node_at(&built.shape, p);
        let hit = clicked.or_else(|| {
            (response.clicked() || response.double_clicked())
                .then(|| response.interact_pointer_pos().and_then(under))
                .flatten()
        });
        if let Some((row, double)) = hit {
            commands.push(Command::Select(Some(row)));
            if double {
                toggle(&mut self.options, row);
            }
        }
        commands
    }
}

/// The shape of `tree` drawn with `options`.
fn shape_of(tree: &Growing, options: &ShapeOptions, search: &dyn ShownSearch) -> Shape {
    Shape::of(tree.tree(), options, &|id| search.state_text(id))
}

fn toggle(options: &mut ShapeOptions, id: NodeId) {
    if !options.collapsed.remove(&id) {
        options.collapsed.insert(id);
    }
}

/// The map point of layout node `i`.
fn centre_of(shape: &Shape, i: u32) -> Vec2 {
    let i = i as usize;
    vec2(
        shape.layout.x[i] + 0.5,
        shape.layout.layer[i] as f32 * LAYER + 0.5,
    )
}

/// One frame's drawing of the tree.
struct View<'a> {
    search: &'a dyn ShownSearch,
    place: camera::Placement,
    rect: Rect,
    selected: Option<NodeId>,
}

impl View<'_> {
    fn screen(&self, shape: &Shape, i: u32) -> Pos2 {
        self.place.screen(centre_of(shape, i))
    }

    /// The row node under screen point `p`, with `false` (not a double click).
    fn node_at(&self, shape: &Shape, p: Pos2) -> Option<(NodeId, bool)> {
        let m = self.place.map(p);
        let d = ((m.y - 0.5) / LAYER).round();
        if d < 0.0 {
            return None;
        }
        let near = shape.layout.between(d as usize, m.x - 1.0, m.x);
        near.iter().find_map(|&i| match shape.items[i as usize] {
            Item::Row(row) if (self.screen(shape, i) - p).length() <= self.radius() * 1.5 => {
                Some((row, false))
            }
            _ => None,
        })
    }

    fn scale(&self) -> f32 {
        self.place.scale.x
    }

    fn radius(&self) -> f32 {
        (self.scale() * 0.3).clamp(1.0, 12.0)
    }

    /// Draws what is on screen; returns a node clicked directly (and whether twice).
    fn draw(&self, ui: &mut Ui, built: &Built, id: Id) -> Option<(NodeId, bool)> {
        let shape = &built.shape;
        let painter = ui.painter_at(self.rect);
        painter.rect_filled(self.rect, 0.0, ui.visuals().extreme_bg_color);
        let (lo, hi) = (self.place.map(self.rect.min), self.place.map(self.rect.max));
        let first = (((lo.y - 0.5) / LAYER).floor().max(0.0)) as usize;
        let last = (((hi.y - 0.5) / LAYER).ceil().max(0.0)) as usize;
        let layers = first..=last.min(shape.layout.layers.len().saturating_sub(1));
        let in_view: usize = layers
            .clone()
            .map(|d| shape.layout.between(d, lo.x - 1.0, hi.x).len())
            .sum();
        if self.scale() < DOT || in_view > MOST_DRAWN {
            self.summarise(&painter, shape, layers, (lo.x, hi.x));
            return None;
        }
        let edge = Stroke::new(1.0, ui.visuals().weak_text_color());
        let margin = hi.x - lo.x;
        for d in layers.clone() {
            for &i in shape.layout.between(d + 1, lo.x - margin, hi.x + margin) {
                if let Some(p) = shape.parents[i as usize] {
                    let stroke = if matches!(shape.items[i as usize], Item::Stub(_)) {
                        Stroke::new(1.0, edge.color.gamma_multiply(0.5))
                    } else {
                        edge
                    };
                    painter.line_segment([self.screen(shape, p), self.screen(shape, i)], stroke);
                }
            }
        }
        for &(a, b, kind) in &shape.extra {
            let (pa, pb) = (self.screen(shape, a), self.screen(shape, b));
            if !self.rect.intersects(Rect::from_two_pos(pa, pb)) {
                continue;
            }
            let stroke = Stroke::new(1.0, marks::edge(kind));
            painter.extend(egui::Shape::dashed_line(&[pa, pb], stroke, 5.0, 4.0));
        }
        let mut clicked = None;
        for d in layers {
            for &i in shape.layout.between(d, lo.x - 1.0, hi.x) {
                if let Some(hit) = self.node(ui, &painter, built, i, id) {
                    clicked = Some(hit);
                }
            }
        }
        clicked
    }

    /// Draws layout node `i`; returns its row if it was clicked.
    fn node(
        &self,
        ui: &mut Ui,
        painter: &egui::Painter,
        built: &Built,
        i: u32,
        id: Id,
    ) -> Option<(NodeId, bool)> {
        let (shape, tree) = (&built.shape, built.tree.tree());
        let at = self.screen(shape, i);
        let r = self.radius();
        let row = match shape.items[i as usize] {
            Item::Stub(s) => {
                let dot = Rect::from_center_size(at, Vec2::splat(r));
                painter.rect_filled(dot, 1.0, marks::STUB);
                if self.scale() >= CLICKABLE {
                    ui.interact(dot, id.with(("stub", i)), Sense::hover())
                        .on_hover_text(tree.stubs[s].reason.to_string());
                }
                return None;
            }
            Item::Row(row) => row,
        };
        let node = &tree.nodes[row as usize];
        let fill = marks::fill(node.mark);
        // The words are laid out first and the box is sized to them, so they never spill out.
        let label = (self.scale() >= WORDS)
            .then(|| words::label(painter, self.scale(), self.search, row, node));
        let body = match &label {
            Some(galley) => Rect::from_center_size(
                at,
                (galley.size() + vec2(6.0, 4.0)).max(Vec2::splat(2.0 * r)),
            ),
            None => Rect::from_center_size(at, Vec2::splat(2.0 * r)),
        };
        painter.rect_filled(body, r * 0.5, fill);
        if self.selected == Some(row) {
            painter.rect_stroke(
                body.expand(2.0),
                r * 0.5,
                Stroke::new(2.0, ui.visuals().strong_text_color()),
                egui::StrokeKind::Outside,
            );
        }
        if let Some(n) = shape.hidden.get(&row) {
            painter.text(
                body.center_bottom() + vec2(0.0, 2.0),
                egui::Align2::CENTER_TOP,
                format!("+{n}"),
                egui::FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
        if let Some(galley) = label {
            let color = marks::text(node.mark);
            painter.galley(body.center() - galley.size() / 2.0, galley, color);
        }
        if self.scale() < CLICKABLE {
            return None;
        }
        let response = ui
            .interact(body, id.with(("node", row)), Sense::click())
            .on_hover_text(format!(
                "#{row}: {}, g {} h {} f {}",
                node.mark.words(),
                node.g,
                node.h,
                node.f
            ));
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("tree node #{row}"))
        });
        (response.clicked() || response.double_clicked())
            .then_some((row, response.double_clicked()))
    }

    /// Draws each visible layer as bands whose strength counts the nodes under them.
    fn summarise(
        &self,
        painter: &egui::Painter,
        shape: &Shape,
        layers: std::ops::RangeInclusive<usize>,
        (lo, hi): (f32, f32),
    ) {
        const BAND: f32 = 6.0;
        let per = BAND / self.scale();
        let mut last_y = f32::NEG_INFINITY;
        for d in layers {
            let y = self.place.screen(vec2(0.0, d as f32 * LAYER + 0.5)).y;
            if y - last_y < 3.0 {
                continue;
            }
            last_y = y;
            let mut x = lo.max(0.0);
            while x < hi {
                let n = shape.layout.between(d, x, x + per).len();
                if n > 0 {
                    let left = self.place.screen(vec2(x, 0.0)).x;
                    let band = Rect::from_min_size(pos2(left, y - 1.5), vec2(BAND, 3.0));
                    let strength = (n as f32 * self.scale()).clamp(40.0, 255.0) as u8;
                    painter.rect_filled(
                        band,
                        0.0,
                        Color32::from_rgba_unmultiplied(120, 170, 230, strength),
                    );
                }
                x += per;
            }
        }
    }
}
