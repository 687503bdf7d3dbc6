//! The boards' legends: one line of small swatches, each drawn like the mark it explains, with
//! its words. Every board explains its colours through [`show`], so legends look alike.

use eframe::egui;
use egui::{Color32, Sense, Stroke, StrokeKind, Ui, Vec2};

/// How a swatch is drawn: like the mark on the board that it explains.
#[derive(Clone, Copy, Debug)]
pub enum Swatch {
    /// A filled square (a cell, a tile, a shade).
    Square(Color32),
    /// A filled disc (a node, a piece).
    Disc(Color32),
    /// A ring (a graph's start and goal rings).
    Ring(Color32),
    /// A square's frame (the square a queen is tried on).
    Frame(Color32),
    /// A cross (a dead or pruned square).
    Cross(Color32),
    /// A dashed line (an edge drawn dashed).
    Dashed(Color32),
}

/// The side of a swatch, in points.
const SIDE: f32 = 10.0;

/// Draws the legend: each swatch followed by its words, wrapped to the panel's width.
pub fn show<'a>(ui: &mut Ui, entries: impl IntoIterator<Item = (Swatch, &'a str)>) {
    ui.horizontal_wrapped(|ui| {
        for (swatch, words) in entries {
            let (r, _) = ui.allocate_exact_size(Vec2::splat(SIDE), Sense::hover());
            let painter = ui.painter();
            match swatch {
                Swatch::Square(color) => {
                    painter.rect_filled(r, 2.0, color);
                }
                Swatch::Disc(color) => {
                    painter.circle_filled(r.center(), SIDE / 2.0, color);
                }
                Swatch::Ring(color) => {
                    painter.circle_stroke(r.center(), SIDE / 2.0 - 1.0, Stroke::new(2.0, color));
                }
                Swatch::Frame(color) => {
                    painter.rect_stroke(r, 1.0, Stroke::new(2.0, color), StrokeKind::Inside);
                }
                Swatch::Cross(color) => {
                    let (r, stroke) = (r.shrink(1.0), Stroke::new(1.5, color));
                    painter.line_segment([r.left_top(), r.right_bottom()], stroke);
                    painter.line_segment([r.right_top(), r.left_bottom()], stroke);
                }
                Swatch::Dashed(color) => {
                    let line = [r.left_center(), r.right_center()];
                    painter.extend(egui::Shape::dashed_line(
                        &line,
                        Stroke::new(1.5, color),
                        3.0,
                        2.0,
                    ));
                }
            }
            ui.weak(words);
        }
    });
}
