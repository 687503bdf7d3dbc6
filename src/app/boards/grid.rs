//! The grid board: the whole map as ONE texture (one pixel per cell), updated only when the
//! search, the shown state or the selection changes, so a 1024×1024 map costs one textured
//! rectangle a frame. Every stored state is coloured open or closed; the current cell, the
//! selected (or solution) route, start and goal on top. After a few steps only the tiles
//! holding the cells they touched are sent again ([`super::grid_canvas`]). Scroll or the
//! buttons zoom, a drag pans; while the start is shown, clicks and drags paint walls and move
//! the start and goal (edits applied by `Scenario::edit_grid`).

use crate::app::boards::camera::{self, Camera};
use crate::app::boards::grid_canvas::{self, Canvas, Changed, HEAVY, Overlay, Stamp, WALL};
use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::boards::palette::{CURRENT, GOAL, MARKS, ROUTE, START};
use crate::app::command::Command;
use crate::domains::grid::Cell;
use crate::domains::grid::GridEdit;
use crate::domains::grid::GridView;
use crate::engine::notebook::NodeId;
use crate::engine::view::SearchView;
use eframe::egui;
use egui::{
    Color32, ColorImage, Id, PointerButton, Pos2, Rect, Sense, Stroke, TextureHandle,
    TextureOptions, Ui, Vec2, pos2, vec2,
};

/// The map as it was last drawn into the texture, and for what.
#[derive(Clone, Default)]
struct Drawn {
    key: Option<Key>,
    texture: Option<TextureHandle>,
    /// When it was built (egui seconds) and how long it took, to pace rebuilds on big maps.
    built_at: f64,
    cost: f64,
    /// The pixels as sent to the texture.
    canvas: Canvas,
    /// The coloured route's cells, drawn again as a line when cells are too small to see.
    route: Vec<usize>,
}

/// Everything the texture depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    generation: u64,
    steps: u64,
    rows: usize,
    selected: Option<NodeId>,
    at: (usize, usize),
}

/// What a primary drag on an editable map does, fixed where it started.
#[derive(Clone, Copy, PartialEq)]
enum Drag {
    Paint { wall: bool, last: Pos2 },
    MoveStart,
    MoveGoal,
}

/// Draws a grid map; returns an edit of the start when the map is editable.
#[expect(
    clippy::cast_precision_loss,
    reason = "maps are far below 2^23 cells a side"
)]
pub fn show(ui: &mut Ui, view: &GridView, input: &BoardInput<'_>) -> Option<Command> {
    let GridView {
        width,
        height,
        cells,
        start,
        goal,
        at,
    } = view;
    let (w, h) = (*width, *height);
    if w == 0 || h == 0 || cells.len() != w * h {
        ui.weak("(no map to draw)");
        return None;
    }
    let id = input.id.with("grid");
    let key = Key {
        generation: input.generation,
        steps: input.session.map_or(0, SearchView::steps),
        rows: input.session.map_or(0, SearchView::rows),
        selected: input.selected,
        at: *at,
    };
    let now = ui.input(|i| i.time);
    // Taken out and put back (not cloned): the canvas holds every pixel.
    let mut drawn: Drawn = ui.data_mut(|d| d.remove_temp(id)).unwrap_or_default();
    let due = drawn.texture.is_none()
        || drawn.key.is_some_and(|k| k.generation != key.generation)
        || now - drawn.built_at >= 10.0 * drawn.cost;
    if drawn.key != Some(key) {
        if due {
            let started = web_time::Instant::now();
            drawn.route = route(input, w * h);
            let overlay = Overlay {
                route: &drawn.route,
                solid: [(*at, CURRENT), (*start, START), (*goal, GOAL)],
            };
            let stamp = Stamp {
                generation: key.generation,
                steps: key.steps,
                rows: key.rows,
            };
            let changed = drawn
                .canvas
                .draw((w, h), cells, input.session, stamp, &overlay);
            send(ui, &mut drawn, (w, h), changed);
            drawn.key = Some(key);
            drawn.built_at = now;
            drawn.cost = started.elapsed().as_secs_f64();
        } else {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(10.0 * drawn.cost));
        }
    }
    let (open, closed) = drawn.canvas.counts();
    let texture = drawn.texture.clone();
    let route = std::mem::take(&mut drawn.route);
    ui.data_mut(|d| d.insert_temp(id, drawn));

    let map_size = vec2(w as f32, h as f32);
    let camera_id = id.with("camera");
    let mut camera = Camera::load(ui, camera_id, input.map, map_size);
    ui.horizontal(|ui| {
        camera.buttons(ui, map_size);
        let zoom = format!("{w}×{h} · zoom {:.0}%", camera.zoom() * 100.0);
        // A board without a search (the route player's) has no open or closed cells to count.
        ui.weak(match input.session {
            Some(_) => format!("{zoom} · open cells {open} · closed cells {closed}"),
            None => zoom,
        });
    });

    let side = ui.available_width().max(120.0);
    let tall = (side * map_size.y / map_size.x).clamp(120.0, 520.0);
    let (rect, response) = ui.allocate_exact_size(vec2(side, tall), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "grid map"));
    let pans = response.dragged_by(PointerButton::Secondary)
        || response.dragged_by(PointerButton::Middle)
        || (!input.editable && response.dragged_by(PointerButton::Primary));
    // Fit fits the part of the map's rect that is in sight, not the part a panel covers.
    let seen = rect.intersect(ui.clip_rect());
    let fit = camera::fit(map_size, seen, true);
    let place = camera.navigate(ui, &response, seen, (map_size, fit), pans);
    camera.store(ui, camera_id);
    let scale = place.scale.x;

    let origin = place.origin;
    let cell_at = |p: Pos2| -> Option<Cell> {
        let c = place.map(p);
        (c.x >= 0.0 && c.y >= 0.0 && c.x < map_size.x && c.y < map_size.y).then_some(Cell {
            x: c.x as usize,
            y: c.y as usize,
        })
    };
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
    if let Some(texture) = &texture {
        painter.image(
            texture.id(),
            Rect::from_min_size(origin, map_size * scale),
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            Color32::WHITE,
        );
    }
    // Rings keep start, goal and the current cell visible when a cell is under a pixel.
    let ring = |cell: (usize, usize), color: Color32| {
        let centre = origin + (vec2(cell.0 as f32, cell.1 as f32) + Vec2::splat(0.5)) * scale;
        painter.circle_stroke(centre, (scale * 0.7).max(4.0), Stroke::new(2.0, color));
    };
    if scale < 4.0 && route.len() > 1 {
        let points = route
            .iter()
            .map(|&c| origin + (vec2((c % w) as f32, (c / w) as f32) + Vec2::splat(0.5)) * scale)
            .collect();
        painter.add(egui::Shape::line(points, Stroke::new(2.0, ROUTE)));
    }
    ring(*start, START);
    ring(*goal, GOAL);
    if input.session.is_some_and(|s| s.steps() > 0) {
        ring(*at, CURRENT);
    }

    let edit = if input.editable {
        edit(ui, &response, id, &cell_at, cells, w, (*start, *goal))
    } else {
        None
    };
    if let Some(Drag::MoveStart | Drag::MoveGoal) = ui.data(|d| d.get_temp::<Drag>(id.with("drag")))
        && let Some(c) = response.hover_pos().and_then(cell_at)
    {
        ring((c.x, c.y), CURRENT);
    }
    let terrain = [(HEAVY, "terrain cost"), (WALL, "wall")];
    let entries = MARKS.into_iter().chain(terrain);
    legend::show(
        ui,
        entries.map(|(color, words)| (Swatch::Square(color), words)),
    );
    if input.editable {
        ui.weak(
            "Click or drag to paint walls (or floor); drag S or G to move them; \
             right-drag pans. Edits restart the search.",
        );
    } else {
        ui.weak("Scroll to zoom, drag to pan.");
    }
    edit.map(Command::EditGrid)
}

/// Turns clicks and primary drags on an editable map into an edit.
fn edit(
    ui: &Ui,
    response: &egui::Response,
    id: Id,
    cell_at: &impl Fn(Pos2) -> Option<Cell>,
    cells: &[u8],
    width: usize,
    (start, goal): ((usize, usize), (usize, usize)),
) -> Option<GridEdit> {
    let is_wall = |c: Cell| cells[c.y * width + c.x] == 0;
    let drag_id = id.with("drag");
    let is = |c: Cell, p: (usize, usize)| (c.x, c.y) == p;
    if response.clicked() {
        let c = response.interact_pointer_pos().and_then(cell_at)?;
        return Some(GridEdit::Paint {
            wall: !is_wall(c),
            cells: vec![c],
        });
    }
    let pointer = response.interact_pointer_pos();
    if response.drag_started_by(PointerButton::Primary) {
        let origin = ui.input(|i| i.pointer.press_origin()).or(pointer)?;
        let c = cell_at(origin)?;
        let drag = if is(c, start) {
            Drag::MoveStart
        } else if is(c, goal) {
            Drag::MoveGoal
        } else {
            Drag::Paint {
                wall: !is_wall(c),
                last: origin,
            }
        };
        ui.data_mut(|d| d.insert_temp(drag_id, drag));
    }
    let drag: Option<Drag> = ui.data(|d| d.get_temp(drag_id));
    if response.drag_stopped() {
        ui.data_mut(|d| d.remove::<Drag>(drag_id));
        let c = pointer.and_then(cell_at)?;
        return match drag? {
            Drag::MoveStart => Some(GridEdit::MoveStart(c)),
            Drag::MoveGoal => Some(GridEdit::MoveGoal(c)),
            Drag::Paint { .. } => None,
        };
    }
    if let Some(Drag::Paint { wall, last }) = drag
        && response.dragged_by(PointerButton::Primary)
    {
        let now = pointer?;
        ui.data_mut(|d| d.insert_temp(drag_id, Drag::Paint { wall, last: now }));
        // Every cell under the stroke since the last frame, sampled finer than a cell.
        let steps = ((now - last).length() * 2.0).ceil().max(1.0);
        let mut hit: Vec<Cell> = Vec::new();
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a stroke is a few hundred points"
        )]
        #[expect(clippy::cast_sign_loss, reason = "steps ≥ 1")]
        for k in 0..=steps as usize {
            #[expect(clippy::cast_precision_loss, reason = "small")]
            let p = last + (now - last) * (k as f32 / steps);
            if let Some(c) = cell_at(p)
                && is_wall(c) != wall
                && !hit.contains(&c)
            {
                hit.push(c);
            }
        }
        return (!hit.is_empty()).then_some(GridEdit::Paint { cells: hit, wall });
    }
    None
}

/// The cells of the selected row's route (or of the accepted goal's); without a search (the
/// route player's board) the input's route.
fn route(input: &BoardInput<'_>, cells: usize) -> Vec<usize> {
    let route = match input.session {
        None => input.route.to_vec(),
        Some(session) => {
            let rows = match input.selected {
                Some(id) => session.route(id),
                None => session.solution().unwrap_or_default(),
            };
            rows.into_iter()
                .filter_map(|id| session.place(id))
                .collect()
        }
    };
    route.into_iter().filter(|&c| c < cells).collect()
}

/// Sends what the canvas changed to the texture: the changed tiles, or the whole image when
/// there is no texture yet or most of it changed.
fn send(ui: &Ui, drawn: &mut Drawn, (w, h): (usize, usize), changed: Changed) {
    let pixels = drawn.canvas.pixels();
    let tiles = match (&drawn.texture, changed) {
        (Some(_), Changed::Cells(cells)) => Some(grid_canvas::tiles(&cells, (w, h))),
        _ => None,
    }
    .filter(|t| t.len() * grid_canvas::TILE * grid_canvas::TILE < w * h / 2);
    match (&mut drawn.texture, tiles) {
        (Some(texture), Some(tiles)) => {
            for [x, y, tw, th] in grid_canvas::strips(&tiles) {
                let mut part = Vec::with_capacity(tw * th);
                for row in y..y + th {
                    part.extend_from_slice(&pixels[row * w + x..row * w + x + tw]);
                }
                let image = ColorImage::new([tw, th], part);
                texture.set_partial([x, y], image, TextureOptions::NEAREST);
            }
        }
        (Some(texture), None) => {
            texture.set(
                ColorImage::new([w, h], pixels.to_vec()),
                TextureOptions::NEAREST,
            );
        }
        (None, _) => {
            let image = ColorImage::new([w, h], pixels.to_vec());
            drawn.texture = Some(
                ui.ctx()
                    .load_texture("grid map", image, TextureOptions::NEAREST),
            );
        }
    }
}
