//! Where a graph's labels go: each node's name-and-h block beside its disc, each edge's cost
//! on or beside its line, so that no two labels overlap, none covers a node (or the goal's
//! ring) and all stay inside the drawing where there is room. Greedy over a few candidate
//! spots per label, best first, then a few rounds in which each label moves to its best spot
//! given all the others. Pure geometry, in screen points; the same input gives the same layout.

use eframe::egui;
use egui::{Pos2, Rect, Vec2, vec2};

/// Points kept clear around every label.
pub const MARGIN: f32 = 1.5;
/// The nearest a node's label comes to its node's ring.
const GAP: f32 = 2.0;
/// How many times every label is placed again given all the others.
const ROUNDS: usize = 8;
/// How many moves the annealing tries when labels still collide after the rounds.
const MOVES: usize = 30_000;
/// The weight of a point of overlap (with a label, a node or the drawing's edge) against the
/// other faults: large enough that no amount of them is worth a label cut or covered.
const COLLISION: f32 = 10_000.0;

/// What the labels must fit around.
pub struct Scene<'a> {
    /// The drawing; a label past its edge is clipped.
    pub bounds: Rect,
    /// Each node's centre and the radius it covers (its ring included).
    pub discs: &'a [(Pos2, f32)],
    /// Each edge as its two node indices.
    pub edges: &'a [(usize, usize)],
}

/// The rects of the node labels (one per disc) and of the edge labels (one per edge), given
/// their sizes.
pub fn place(
    scene: &Scene<'_>,
    node_sizes: &[Vec2],
    edge_sizes: &[Vec2],
    thorough: bool,
) -> (Vec<Rect>, Vec<Rect>) {
    let mut candidates: Vec<Vec<Rect>> = node_sizes
        .iter()
        .zip(scene.discs)
        .map(|(&size, &(centre, radius))| around_node(centre, radius, size))
        .collect();
    candidates.extend(
        edge_sizes
            .iter()
            .zip(scene.edges)
            .map(|(&size, &(a, b))| along_edge(scene.discs[a].0, scene.discs[b].0, size)),
    );
    let nodes = node_sizes.len();
    let mut picked: Vec<Option<usize>> = vec![None; candidates.len()];
    rounds(scene, &candidates, &mut picked, nodes);
    let before = collisions(scene, &candidates, &picked);
    if thorough && before > 0.0 {
        // Some labels still collide: the rounds only ever move one label to its best spot, and
        // two labels that block each other stay stuck. Annealing lets them trade places.
        let kept = picked.clone();
        anneal(scene, &candidates, &mut picked, nodes);
        rounds(scene, &candidates, &mut picked, nodes);
        if collisions(scene, &candidates, &picked) > before {
            picked = kept;
        }
    }
    let rects: Vec<Rect> = picked
        .iter()
        .enumerate()
        .map(|(i, k)| k.map_or(Rect::NOTHING, |k| candidates[i][k]))
        .collect();
    let (nodes, edges) = rects.split_at(nodes);
    (nodes.to_vec(), edges.to_vec())
}

/// The rects of the spots picked so far.
fn spots(candidates: &[Vec<Rect>], picked: &[Option<usize>]) -> Vec<Option<Rect>> {
    picked
        .iter()
        .zip(candidates)
        .map(|(k, c)| k.map(|k| c[k]))
        .collect()
}

/// Places every label at its best spot given the others, again and again.
fn rounds(scene: &Scene<'_>, candidates: &[Vec<Rect>], picked: &mut [Option<usize>], nodes: usize) {
    let mut chosen = spots(candidates, picked);
    for _ in 0..=ROUNDS {
        for i in 0..candidates.len() {
            chosen[i] = None;
            let best = candidates[i]
                .iter()
                .enumerate()
                .map(|(rank, &r)| (penalty(scene, &chosen, i, nodes, r, rank), rank))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, rank)| rank);
            picked[i] = best;
            chosen[i] = best.map(|k| candidates[i][k]);
        }
    }
}

/// Simulated annealing over the spots: a label moves to a spot drawn at random, taken when it
/// is better, and when worse with a chance that shrinks as the run cools. The draws come from
/// a fixed seed, so the same scene gives the same layout.
fn anneal(scene: &Scene<'_>, candidates: &[Vec<Rect>], picked: &mut [Option<usize>], nodes: usize) {
    let mut chosen = spots(candidates, picked);
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut draw = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (hot, cold) = (COLLISION * 40.0, COLLISION * 0.2);
    #[expect(clippy::cast_precision_loss, reason = "a few thousand moves")]
    let cool = (cold / hot).powf(1.0 / MOVES as f32);
    let mut heat = hot;
    for _ in 0..MOVES {
        #[expect(clippy::cast_possible_truncation, reason = "an index below the length")]
        let i = (draw() % candidates.len() as u64) as usize;
        #[expect(clippy::cast_possible_truncation, reason = "an index below the length")]
        let k = (draw() % candidates[i].len() as u64) as usize;
        let Some(now) = picked[i] else {
            continue;
        };
        chosen[i] = None;
        let old = penalty(scene, &chosen, i, nodes, candidates[i][now], now);
        // Most moves go to the labels in a collision: the others are where they belong.
        if old < COLLISION && draw() % 8 != 0 {
            chosen[i] = Some(candidates[i][now]);
            continue;
        }
        let new = penalty(scene, &chosen, i, nodes, candidates[i][k], k);
        #[expect(clippy::cast_precision_loss, reason = "a uniform draw")]
        let chance = (draw() >> 11) as f32 / (1_u64 << 53) as f32;
        if new <= old || chance < ((old - new) / heat).exp() {
            picked[i] = Some(k);
        }
        chosen[i] = picked[i].map(|k| candidates[i][k]);
        heat *= cool;
    }
}

/// The area of every overlap among the labels, of labels over nodes and of labels outside.
fn collisions(scene: &Scene<'_>, candidates: &[Vec<Rect>], picked: &[Option<usize>]) -> f32 {
    let chosen = spots(candidates, picked);
    let rects: Vec<Rect> = chosen.iter().flatten().copied().collect();
    let overlap = |a: Rect, b: Rect| {
        let x = a.intersect(b);
        if x.is_positive() { x.area() } else { 0.0 }
    };
    let mut sum = 0.0;
    for (k, &a) in rects.iter().enumerate() {
        sum += rects[k + 1..].iter().map(|&b| overlap(a, b)).sum::<f32>();
        sum += scene
            .discs
            .iter()
            .map(|&(c, radius)| overlap(a, Rect::from_center_size(c, Vec2::splat(2.0 * radius))))
            .sum::<f32>();
        sum += a.area() - overlap(a, scene.bounds);
    }
    sum
}

/// Spots beside a node: above, below, right, left, the diagonals, then above and below
/// shifted half a label sideways, each at distances from touching the ring to a label's
/// height or two away (a crowded corner of a map needs the farther ones).
fn around_node(centre: Pos2, radius: f32, size: Vec2) -> Vec<Rect> {
    let half = size / 2.0;
    let mut spots = Vec::new();
    for gap in [GAP, 6.0, 11.0, 17.0, 24.0, 32.0, 42.0] {
        let (r, d) = (radius + gap, radius * 0.7 + gap);
        for offset in [
            vec2(0.0, -(r + half.y)),
            vec2(0.0, r + half.y),
            vec2(r + half.x, 0.0),
            vec2(-(r + half.x), 0.0),
            vec2(d + half.x, -(d + half.y)),
            vec2(-(d + half.x), -(d + half.y)),
            vec2(d + half.x, d + half.y),
            vec2(-(d + half.x), d + half.y),
            vec2(half.x, -(r + half.y)),
            vec2(-half.x, -(r + half.y)),
            vec2(half.x, r + half.y),
            vec2(-half.x, r + half.y),
            vec2(r + half.x, -half.y),
            vec2(r + half.x, half.y),
            vec2(-(r + half.x), -half.y),
            vec2(-(r + half.x), half.y),
        ] {
            spots.push(Rect::from_center_size(centre + offset, size));
        }
    }
    spots
}

/// Spots along an edge, middle first, each on the line and to either side of it.
fn along_edge(a: Pos2, b: Pos2, size: Vec2) -> Vec<Rect> {
    let along = b - a;
    let normal = vec2(-along.y, along.x).normalized();
    // How far the label's half-extent reaches across the line.
    let across = (normal.x * size.x).abs() / 2.0 + (normal.y * size.y).abs() / 2.0 + 2.0;
    let mut spots = Vec::new();
    for t in [
        0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8,
    ] {
        let at = a + along * t;
        for side in [0.0, 1.0, -1.0, 2.0, -2.0] {
            spots.push(Rect::from_center_size(at + normal * across * side, size));
        }
    }
    spots
}

/// How bad a spot `r` is for label `i` (of rank `rank` among its spots): overlaps with placed
/// labels, discs and the outside outweigh everything else, then a node label nearer another
/// node than its own, lines crossing a node label a little, the rank least (it only breaks
/// ties).
fn penalty(
    scene: &Scene<'_>,
    chosen: &[Option<Rect>],
    i: usize,
    nodes: usize,
    r: Rect,
    rank: usize,
) -> f32 {
    let padded = r.expand(MARGIN);
    let overlap = |other: Rect| {
        let x = padded.intersect(other);
        if x.is_positive() { x.area() } else { 0.0 }
    };
    let labels: f32 = chosen.iter().flatten().map(|&o| overlap(o)).sum();
    let discs: f32 = scene
        .discs
        .iter()
        .map(|&(c, radius)| overlap(Rect::from_center_size(c, Vec2::splat(2.0 * radius))))
        .sum();
    let outside = padded.area() - overlap(scene.bounds);
    // A node's label over a line hides where the line goes; an edge's label over another line
    // is less confusing (it sits on a line anyway).
    let own = (i >= nodes).then(|| scene.edges[i - nodes]);
    let crossing: f32 = scene
        .edges
        .iter()
        .filter(|&&e| Some(e) != own)
        .map(|&(a, b)| crossed(padded, scene.discs[a].0, scene.discs[b].0))
        .sum::<f32>()
        * if i < nodes { 1.0 } else { 0.2 };
    // A node's label nearer another node than its own reads as that node's.
    let misleading = if i < nodes {
        let own = r.distance_to_pos(scene.discs[i].0);
        let nearer = scene
            .discs
            .iter()
            .enumerate()
            .filter(|&(j, &(c, _))| j != i && r.distance_to_pos(c) < own)
            .count();
        #[expect(clippy::cast_precision_loss, reason = "a few dozen nodes")]
        let nearer = nearer as f32;
        200.0 * nearer
    } else {
        0.0
    };
    #[expect(clippy::cast_precision_loss, reason = "a few dozen spots")]
    let rank = rank as f32;
    COLLISION * (labels + discs + outside) + misleading + crossing + 0.01 * rank
}

/// How long the part of segment `a`–`b` inside `r` is, in points (Liang–Barsky clipping).
fn crossed(r: Rect, a: Pos2, b: Pos2) -> f32 {
    let d = b - a;
    let (mut enter, mut leave) = (0.0_f32, 1.0_f32);
    for (p, q) in [
        (-d.x, a.x - r.min.x),
        (d.x, r.max.x - a.x),
        (-d.y, a.y - r.min.y),
        (d.y, r.max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return 0.0;
            }
        } else if p < 0.0 {
            enter = enter.max(q / p);
        } else {
            leave = leave.min(q / p);
        }
    }
    (leave - enter).max(0.0) * d.length()
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn a_segment_crossing_a_rect_counts_only_the_part_inside() {
        let r = Rect::from_min_max(pos2(10.0, 10.0), pos2(20.0, 20.0));
        assert!((crossed(r, pos2(0.0, 15.0), pos2(40.0, 15.0)) - 10.0).abs() < 1e-4);
        assert!(crossed(r, pos2(0.0, 0.0), pos2(40.0, 0.0)).abs() < 1e-4);
        assert!((crossed(r, pos2(15.0, 15.0), pos2(15.0, 40.0)) - 5.0).abs() < 1e-4);
    }

    #[test]
    fn two_crowded_nodes_get_labels_that_neither_overlap_nor_cover_a_node() {
        let discs = [(pos2(100.0, 100.0), 12.0), (pos2(130.0, 100.0), 12.0)];
        let scene = Scene {
            bounds: Rect::from_min_size(Pos2::ZERO, vec2(300.0, 200.0)),
            discs: &discs,
            edges: &[(0, 1)],
        };
        let (nodes, edges) = place(&scene, &[vec2(60.0, 28.0); 2], &[vec2(24.0, 16.0)], true);
        let all: Vec<Rect> = nodes.iter().chain(&edges).copied().collect();
        for (k, a) in all.iter().enumerate() {
            for b in &all[k + 1..] {
                assert!(!a.intersect(*b).is_positive(), "{a:?} overlaps {b:?}");
            }
            for &(c, radius) in &discs {
                let disc = Rect::from_center_size(c, Vec2::splat(2.0 * radius));
                assert!(!a.intersect(disc).is_positive(), "{a:?} covers a node");
            }
            assert!(scene.bounds.contains_rect(*a));
        }
    }
}
