//! The map boards as a class sees them, read from what the real app paints: the grid images
//! egui is asked to upload (recorded by a plugin, as a renderer would receive them) and the
//! shapes of the graph drawing.

use eframe::egui;
use egui::epaint::{ClippedShape, Shape};
use egui::{ColorImage, FullOutput, Pos2, Rect, TextureId};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use std::collections::HashMap;
use std::sync::Arc;

use crate::common;
use common::{built_in, press, run_to_end};

/// The last full image egui sent for each texture.
#[derive(Default)]
struct Uploads {
    images: HashMap<TextureId, Arc<ColorImage>>,
}

impl egui::Plugin for Uploads {
    fn debug_name(&self) -> &'static str {
        "uploads"
    }

    fn output_hook(&mut self, _ctx: &egui::Context, output: &mut FullOutput) {
        for (id, deltas) in &output.textures_delta.set {
            for delta in deltas.iter().filter(|d| d.pos.is_none()) {
                let egui::ImageData::Color(image) = &delta.image;
                self.images.insert(*id, image.clone());
            }
        }
    }
}

/// The app on a built-in scenario in a window tall enough to show every board, uploads recorded.
fn harness(name: &str) -> Harness<'static, FrontierApp> {
    let scenario = built_in(name);
    Harness::builder()
        .with_max_steps(common::MAX_SETTLE_FRAMES)
        .with_size(egui::vec2(1500.0, 2400.0))
        .with_context_setup(|ctx| ctx.add_plugin(Uploads::default()))
        .build_eframe(move |cc| {
            FrontierApp::new(&cc.egui_ctx, scenario.clone(), Layout::default()).unwrap()
        })
}

/// Every painted shape, flattened out of nested lists.
fn shapes(h: &Harness<'_, FrontierApp>) -> Vec<Shape> {
    clipped_shapes(h, |_| true)
}

/// The painted shapes whose clip rect passes `keep`, flattened out of nested lists.
fn clipped_shapes(h: &Harness<'_, FrontierApp>, keep: impl Fn(Rect) -> bool) -> Vec<Shape> {
    fn flat(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| flat(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for ClippedShape {
        shape, clip_rect, ..
    } in &h.output().shapes
    {
        if keep(*clip_rect) {
            flat(shape, &mut out);
        }
    }
    out
}

/// The image each "grid map" shows, top board first: the texture painted inside its rect.
fn grid_images(h: &Harness<'_, FrontierApp>) -> Vec<(TextureId, Arc<ColorImage>)> {
    let mut maps: Vec<Rect> = h.get_all_by_label("grid map").map(|n| n.rect()).collect();
    maps.sort_by(|a, b| a.top().total_cmp(&b.top()));
    let painted: Vec<(TextureId, Pos2)> = shapes(h)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Mesh(m) if m.texture_id != TextureId::default() => {
                Some((m.texture_id, m.calc_bounds().center()))
            }
            _ => None,
        })
        .collect();
    let uploads = h.ctx.plugin::<Uploads>();
    let uploads = uploads.lock();
    maps.iter()
        .map(|map| {
            let (id, _) = painted
                .iter()
                .find(|(_, c)| map.contains(*c))
                .expect("each grid map paints its image");
            (*id, uploads.images[id].clone())
        })
        .collect()
}

/// How many pixels of `image` differ from `before`.
fn changed(image: &ColorImage, before: &ColorImage) -> usize {
    assert_eq!(image.size, before.size);
    image
        .pixels
        .iter()
        .zip(&before.pixels)
        .filter(|(a, b)| a != b)
        .count()
}

/// The number after `word` in the map's caption ("… open cells 171 · closed cells 47").
fn caption_number(h: &Harness<'_, FrontierApp>, word: &str) -> usize {
    // Other words on screen (the Lesson panel's notes: "its closed cells grow…") may mention
    // closed cells too: the caption is the node whose value has a count after the word.
    h.get_all_by_label_contains("closed cells")
        .filter_map(|node| node.accesskit_node().value())
        .find_map(|value| {
            let after = value.split(word).nth(1)?;
            after.split_whitespace().next()?.parse().ok()
        })
        .expect("a map caption with a count after the word")
}

#[test]
fn each_grid_at_its_goal_draws_its_open_closed_and_route_cells_on_both_boards() {
    for name in [
        "grid_arena.ron",
        "grid_open_room.ron",
        "grid_terrain.ron",
        "grid_den101d.ron",
        "grid_four_connected.ron",
        "grid_trap.ron",
    ] {
        let mut h = harness(name);
        h.run();
        // Before any step: terrain, start and goal only.
        let [(_, start)] = grid_images(&h).try_into().expect("one board at step 0");
        run_to_end(&mut h);
        let images = grid_images(&h);
        assert_eq!(
            images.len(),
            2,
            "{name}: the live board and the route player's"
        );
        let [(live_id, live), (route_id, route)] = images.try_into().unwrap();
        assert_ne!(live_id, route_id, "{name}: each board has its own image");
        // The live board: every open or closed cell coloured, but the start and the goal,
        // which keep their own colours.
        let marked = caption_number(&h, "open cells") + caption_number(&h, "closed cells");
        assert!(marked > 2, "{name}");
        assert_eq!(changed(&live, &start), marked - 2, "{name}: the live board");
        // The route player at its start: the route's cells between start and goal.
        let cells = h.state().view().solution().expect("solved").len();
        assert_eq!(
            changed(&route, &start),
            cells - 2,
            "{name}: the route board"
        );
    }
}

/// The screen rect of the image painted inside the (first) "grid map".
fn painted_map(h: &Harness<'_, FrontierApp>) -> (Rect, Rect) {
    let view = h.get_by_label("grid map").rect();
    let image = shapes(h)
        .into_iter()
        .find_map(|s| match s {
            Shape::Mesh(m) if m.texture_id != TextureId::default() => Some(m.calc_bounds()),
            _ => None,
        })
        .expect("the map's image");
    (view, image)
}

#[test]
fn a_map_opens_fitted_to_its_panel_even_after_another_map_was_shown() {
    // The open room (31×15) first, zoomed in and panned; then the terrain (25×13) and den101d
    // (73×41), which used to open off-centre, partly outside the view, until Fit was pressed.
    let mut h = harness("grid_open_room.ron");
    press(&mut h, "+", 2);
    for next in ["grid_terrain.ron", "grid_den101d.ron", "grid_open_room.ron"] {
        h.state_mut()
            .apply(frontier::app::command::Command::LoadBuiltIn(next));
        h.run();
        h.get_by_label_contains("zoom 100%");
        let (view, image) = painted_map(&h);
        // Inside the view, and touching it on both sides of one axis: the whole map, as large
        // as it fits.
        assert!(
            view.expand(0.5).contains_rect(image),
            "{next}: {image:?} in {view:?}"
        );
        let (dx, dy) = (view.width() - image.width(), view.height() - image.height());
        assert!(dx.min(dy) < 1.0, "{next}: {image:?} fills {view:?}");
        assert!(
            (image.center() - view.center()).length() < 1.0,
            "{next}: centred"
        );
    }
}

/// The graph drawing's texts (with their rects and font sizes), its discs and its plates.
struct GraphPaint {
    texts: Vec<(String, Rect, f32)>,
    discs: Vec<Rect>,
    plates: Vec<Rect>,
}

fn graph_paint(h: &Harness<'_, FrontierApp>) -> GraphPaint {
    let map = h.get_by_label("graph map").rect();
    let mut paint = GraphPaint {
        texts: Vec::new(),
        discs: Vec::new(),
        plates: Vec::new(),
    };
    let inside = |clip: Rect| map.expand(0.5).contains_rect(clip);
    for shape in clipped_shapes(h, inside) {
        match shape {
            Shape::Text(t) => {
                let rect = t.galley.rect.translate(t.pos.to_vec2());
                let size = t.galley.job.sections[0].format.font_id.size;
                paint.texts.push((t.galley.text().to_owned(), rect, size));
            }
            Shape::Circle(c) => {
                paint.discs.push(Rect::from_center_size(
                    c.center,
                    egui::Vec2::splat(2.0 * c.radius + c.stroke.width),
                ));
            }
            Shape::Rect(r) => {
                paint.plates.push(r.rect);
            }
            _ => {}
        }
    }
    paint
}

const GRAPHS: [&str; 3] = ["romania.ron", "tie_graph.ron", "graph_overestimate.ron"];

#[test]
fn no_two_graph_labels_overlap_and_none_covers_a_node() {
    for name in GRAPHS {
        let mut h = harness(name);
        h.run();
        let map = h.get_by_label("graph map").rect();
        let paint = graph_paint(&h);
        let nodes = paint.discs.len();
        assert!(nodes >= 4, "{name}");
        // One label per node (name and h) and one per edge (its cost).
        assert!(paint.texts.len() > nodes, "{name}");
        let mut faults = Vec::new();
        for (k, (a, ra, _)) in paint.texts.iter().enumerate() {
            if !map.contains_rect(*ra) {
                faults.push(format!("\"{a}\" is cut off"));
            }
            for (b, rb, _) in &paint.texts[k + 1..] {
                if ra.intersect(*rb).is_positive() {
                    faults.push(format!("\"{a}\" overlaps \"{b}\""));
                }
            }
            if paint.discs.iter().any(|d| ra.intersect(*d).is_positive()) {
                faults.push(format!(
                    "\"{a}\" {ra:?} covers a node {:?}",
                    paint.discs.iter().find(|d| ra.intersect(**d).is_positive())
                ));
            }
        }
        assert!(faults.is_empty(), "{name}: {faults:#?}");
        // "Bucharest" (and every name) is drawn with its h, apart from the rest.
        if name == "romania.ron" {
            for words in ["Bucharest", "h 0"] {
                assert!(paint.texts.iter().any(|(t, _, _)| t == words), "{words}");
            }
        }
    }
}

#[test]
fn edge_costs_are_readable_on_a_plate() {
    for name in GRAPHS {
        let mut h = harness(name);
        h.run();
        let paint = graph_paint(&h);
        let costs: Vec<&(String, Rect, f32)> = paint
            .texts
            .iter()
            .filter(|(t, _, _)| t.chars().all(|c| c.is_ascii_digit()))
            .collect();
        let edges = h.state().scenario().problem.clone();
        let frontier::scenario::ProblemSpec::Graph { edges, .. } = edges else {
            panic!("a graph");
        };
        assert_eq!(costs.len(), edges.len(), "{name}");
        for (text, rect, size) in costs {
            assert!(*size >= 12.0, "{name}: cost {text} at {size} points");
            assert!(
                paint.plates.iter().any(|p| p.contains_rect(*rect)),
                "{name}: cost {text} has no plate"
            );
        }
    }
}

#[test]
fn a_graph_zooms_pans_and_fits_like_a_grid() {
    let mut h = harness("romania.ron");
    h.run();
    let spread = |h: &Harness<'_, FrontierApp>| {
        let discs = graph_paint(h).discs;
        (discs[0].center() - discs[1].center()).length()
    };
    let fitted = spread(&h);
    let centre = graph_paint(&h).discs[0].center();
    h.get_by_label("zoom 100%");
    press(&mut h, "+", 1);
    h.get_by_label("zoom 150%");
    assert!((spread(&h) / fitted - 1.5).abs() < 0.01);
    // A drag pans: every node moves by the drag.
    let map = h.get_by_label("graph map").rect();
    let before = graph_paint(&h).discs[0].center();
    h.hover_at(map.center());
    h.run();
    h.drag_at(map.center());
    h.run();
    h.event(egui::Event::PointerMoved(
        map.center() + egui::vec2(30.0, 20.0),
    ));
    h.run();
    h.drop_at(map.center() + egui::vec2(30.0, 20.0));
    h.run();
    let moved = graph_paint(&h).discs[0].center() - before;
    assert!((moved - egui::vec2(30.0, 20.0)).length() < 1.0, "{moved:?}");
    press(&mut h, "Fit", 1);
    h.get_by_label("zoom 100%");
    assert!((graph_paint(&h).discs[0].center() - centre).length() < 0.5);
}

#[test]
fn a_sokoban_route_names_its_pushes_and_moves_by_what_they_are() {
    // Move mode: the cost counts moves; the route has 8 pushes, played as 33 moves.
    let mut h = harness("sokoban_microban_001.ron");
    run_to_end(&mut h);
    h.get_by_label("Route to the goal: 8 pushes, cost 33");
    h.get_by_label("33 moves, 8 pushes · cost 33: each move costs 1");
    h.get_by_label("Move 0 of 33 · push 0 of 8");
    // Push mode: the cost counts pushes (6), the walk between them is free.
    let mut h = harness("sokoban_microban_005.ron");
    run_to_end(&mut h);
    h.get_by_label("Route to the goal: 6 pushes, cost 6");
    h.get_by_label_contains("6 pushes · cost 6: each push costs 1, walking is free");
}

#[test]
fn a_one_move_route_says_move_not_moves() {
    let h = {
        let mut h = harness("one_move_123456708.ron");
        run_to_end(&mut h);
        h
    };
    h.get_by_label("Route to the goal: 1 move, cost 1");
}
