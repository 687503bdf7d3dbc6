//! Fit on a projector: each board opens fitted to the part of its panel in sight, so the whole
//! map, level or tree is on screen at 1024×768 with the Lesson open, and a graph's labels (its
//! names, h values and costs) are fitted with it, whole, apart and beside their nodes.

use crate::common;
use crate::projector::{painted, projector, whole};

use common::{MAX_SETTLE_FRAMES, built_in, press, press_step};
use eframe::egui::{self, Rect, Shape, TextureId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::scenario::Scenario;

/// The app on `scenario` in a window of `size` points, the default layout.
fn sized(scenario: Scenario, size: egui::Vec2) -> Harness<'static, FrontierApp> {
    Harness::builder()
        .with_max_steps(MAX_SETTLE_FRAMES)
        .with_size(size)
        .build_eframe(move |cc| {
            FrontierApp::new(&cc.egui_ctx, scenario.clone(), Layout::default()).unwrap()
        })
}

/// Every word a graph map paints (its node names, h values and edge costs), with its rect and
/// clip.
fn graph_words(h: &Harness<'_, FrontierApp>) -> Vec<(String, Rect, Rect)> {
    let map = h.get_by_label("graph map").rect();
    painted(h)
        .into_iter()
        .filter_map(|(clip, s)| match s {
            Shape::Text(t) if map.expand(0.5).contains_rect(clip) => {
                let rect = t.galley.rect.translate(t.pos.to_vec2());
                Some((t.galley.text().to_owned(), rect, clip))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn fit_shows_every_graph_label_whole_and_apart_at_both_screen_sizes() {
    for size in [egui::vec2(1024.0, 768.0), egui::vec2(1600.0, 1000.0)] {
        for (name, nodes) in [
            ("graph_overestimate.ron", ["B", "G"]),
            ("romania.ron", ["Timisoara", "Bucharest"]),
        ] {
            let h = sized(built_in(name), size);
            let words = graph_words(&h);
            for node in nodes {
                assert!(
                    words.iter().any(|(w, _, _)| w == node),
                    "{size:?} {name}: {node} is painted"
                );
            }
            for (k, (word, rect, clip)) in words.iter().enumerate() {
                assert!(
                    clip.expand(0.5).contains_rect(*rect),
                    "{size:?} {name}: {word} at {rect:?} is cut by {clip:?}"
                );
                for (other, rect_b, _) in &words[k + 1..] {
                    assert!(
                        !rect.intersect(*rect_b).is_positive(),
                        "{size:?} {name}: {word:?} overlaps {other:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn fit_shows_den101d_whole_with_its_goal() {
    let h = projector(built_in("grid_den101d.ron"));
    let (clip, image) = painted(&h)
        .into_iter()
        .find_map(|(clip, s)| match s {
            Shape::Mesh(m) if m.texture_id != TextureId::default() => Some((clip, m.calc_bounds())),
            _ => None,
        })
        .expect("the map's image");
    // The whole map (its goal in the far corner with it) is inside what the panel shows.
    assert!(
        clip.expand(0.5).contains_rect(image),
        "{image:?} is cut by {clip:?}"
    );
    assert!(
        image.width() > 100.0,
        "{image:?} is drawn at a readable size"
    );
}

#[test]
fn microban_fives_level_shows_its_bottom_row() {
    let h = projector(built_in("sokoban_microban_005.ron"));
    let level = h.get_by_label("sokoban level").rect();
    assert!(whole(&h, level), "{level:?} is cut");
}

#[test]
fn the_tree_at_fit_ends_left_of_the_plot() {
    let mut h = projector(Scenario::built_in());
    press_step(&mut h, 12);
    press(&mut h, "Tree", 1);
    let nodes: Vec<Rect> = h
        .query_all_by_label_contains("tree node #")
        .map(|n| n.rect())
        .collect();
    assert!(nodes.len() > 12, "{}", nodes.len());
    // A node under the plot's panel is painted with the tables' clip, which cuts it.
    for node in nodes {
        assert!(whole(&h, node), "{node:?} is cut");
    }
}
