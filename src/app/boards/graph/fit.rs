//! Where Fit puts a graph: the nodes spread as far as the labels beside the outer ones allow.
//! A single margin for the widest label wastes the room of every short name at the edges; here
//! each node keeps clear only the room its own label needs, so a map of short names at its
//! edges is drawn larger. Pure geometry, in screen points.

use eframe::egui;
use egui::{Rect, Vec2};

/// Above this many nodes the pairwise bound costs more than it gains: one margin for all.
const PAIRWISE_UP_TO: usize = 400;

/// The rect the nodes' extent (`points` within `size`, in map units) is stretched to, inside
/// `seen`, each node keeping `room` clear on each side (half its label's width sideways, and
/// its ring or half its label's height up and down).
pub fn node_area(points: &[Vec2], size: Vec2, rooms: &[Vec2], seen: Rect) -> Rect {
    let xs: Vec<f32> = points.iter().map(|p| p.x).collect();
    let ys: Vec<f32> = points.iter().map(|p| p.y).collect();
    let room_x: Vec<f32> = rooms.iter().map(|r| r.x).collect();
    let room_y: Vec<f32> = rooms.iter().map(|r| r.y).collect();
    let (x0, x1) = span(&xs, &room_x, size.x, (seen.left(), seen.right()));
    let (y0, y1) = span(&ys, &room_y, size.y, (seen.top(), seen.bottom()));
    Rect::from_x_y_ranges(x0..=x1, y0..=y1)
}

/// Where `[0, extent]` lands on the axis `lo..hi`: as long as it can be with every coordinate's
/// room inside the axis, centred in what is left over.
fn span(coords: &[f32], rooms: &[f32], extent: f32, (lo, hi): (f32, f32)) -> (f32, f32) {
    let length = hi - lo;
    let most = rooms.iter().copied().fold(0.0_f32, f32::max);
    let mut scale = if extent > 0.0 {
        (length - 2.0 * most) / extent
    } else {
        0.0
    };
    if extent > 0.0 && coords.len() <= PAIRWISE_UP_TO {
        scale = f32::INFINITY;
        for (i, (&a, &ra)) in coords.iter().zip(rooms).enumerate() {
            for (&b, &rb) in coords[i + 1..].iter().zip(&rooms[i + 1..]) {
                let apart = (b - a).abs();
                if apart > 0.0 {
                    scale = scale.min((length - ra - rb) / apart);
                }
            }
        }
        if !scale.is_finite() {
            scale = (length - 2.0 * most) / extent;
        }
    }
    let scale = scale.max(0.0);
    // The origin's bounds: no coordinate's room past either end.
    let low = coords
        .iter()
        .zip(rooms)
        .map(|(&c, &r)| lo + r - scale * c)
        .fold(f32::MIN, f32::max);
    let high = coords
        .iter()
        .zip(rooms)
        .map(|(&c, &r)| hi - r - scale * c)
        .fold(f32::MAX, f32::min);
    let origin = if low <= high {
        (low + high) / 2.0
    } else {
        (lo + hi - scale * extent) / 2.0
    };
    (origin, origin + scale * extent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_rooms_at_the_ends_leave_more_length_than_one_margin_for_the_widest() {
        // Two end nodes that need 10 points, one in the middle that needs 40.
        let (a, b) = span(
            &[0.0, 50.0, 100.0],
            &[10.0, 40.0, 10.0],
            100.0,
            (0.0, 200.0),
        );
        assert!(
            (a - 10.0).abs() < 1e-3 && (b - 190.0).abs() < 1e-3,
            "{a} {b}"
        );
        // Every node's room is inside the axis.
        let scale = (b - a) / 100.0;
        for (c, r) in [(0.0, 10.0), (50.0, 40.0), (100.0, 10.0)] {
            let at = a + scale * c;
            assert!(at - r >= -1e-3 && at + r <= 200.0 + 1e-3, "{at} {r}");
        }
    }

    #[test]
    fn a_flat_axis_puts_its_nodes_in_the_middle() {
        let (a, b) = span(&[0.0, 0.0], &[10.0, 10.0], 0.0, (0.0, 100.0));
        assert!(
            (a - 50.0).abs() < 1e-3 && (b - 50.0).abs() < 1e-3,
            "{a} {b}"
        );
    }
}
