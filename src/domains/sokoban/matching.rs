//! The matching heuristic: a least-cost assignment of boxes to goals (the Hungarian method),
//! kept between calls and repaired when a child moves one box, instead of solved afresh.

use crate::engine::cost::Cost;
use std::sync::{Mutex, PoisonError};

/// Pushes needed to bring a box from each cell to each goal, alone on the board (`u16::MAX`:
/// never): the assignment's costs. A cell's pushes to every goal sit together, one row of the
/// assignment.
#[derive(Clone, Debug, Default)]
pub(super) struct GoalPushes {
    goals: usize,
    pushes: Vec<u16>,
}

impl GoalPushes {
    /// The table from each goal's pushes to every cell (`per_goal[g][cell]`).
    pub fn new(cells: usize, per_goal: &[Vec<u16>]) -> GoalPushes {
        GoalPushes {
            goals: per_goal.len(),
            pushes: (0..cells)
                .flat_map(|i| per_goal.iter().map(move |d| d[i]))
                .collect(),
        }
    }

    /// The pushes from `cell` to each goal.
    pub fn to_goals(&self, cell: usize) -> &[u16] {
        let n = self.goals;
        &self.pushes[cell * n..(cell + 1) * n]
    }

    /// The least total pushes of giving each box its own goal: repaired from the last
    /// assignment when `boxes` differ from it (or from the parent whose successors were
    /// generated last) in a few boxes, solved afresh otherwise.
    pub fn matching(&self, cache: &MatchCache, boxes: &[u16]) -> i64 {
        let mut cache = cache.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(parent) = cache.parent.take()
            && cache.base.as_ref().is_none_or(|b| b.boxes != parent)
        {
            cache.base = Some(self.assign(cache.base.as_ref(), &parent).0);
        }
        let (matched, fresh) = self.assign(cache.base.as_ref(), boxes);
        let total = matched.assignment.total();
        if fresh {
            cache.base = Some(matched);
        }
        total
    }

    /// The assignment for `boxes`, repaired from `base` when they differ in at most half the
    /// boxes; `true` when it was solved afresh instead.
    fn assign(&self, base: Option<&Matched>, boxes: &[u16]) -> (Matched, bool) {
        if let Some(repaired) = base.and_then(|b| self.repair(b, boxes)) {
            return (repaired, false);
        }
        let mut matched = Matched {
            boxes: boxes.into(),
            rows: std::iter::once(0).chain(boxes.iter().copied()).collect(),
            assignment: Assignment::empty(boxes.len()),
        };
        for row in 1..=boxes.len() {
            matched
                .assignment
                .place(row, |r, g| self.goal_cost(&matched.rows, r, g));
        }
        (matched, true)
    }

    /// `base` with the rows of the boxes that moved placed again, if few moved.
    fn repair(&self, base: &Matched, boxes: &[u16]) -> Option<Matched> {
        let (gone, came) = differences(&base.boxes, boxes);
        if gone.len() * 2 > boxes.len() || gone.len() != came.len() {
            return None;
        }
        let mut matched = base.clone();
        matched.boxes = boxes.into();
        let mut changed = Vec::with_capacity(gone.len());
        for (&from, &to) in gone.iter().zip(&came) {
            let row = matched.rows.iter().skip(1).position(|&c| c == from)? + 1;
            matched.rows[row] = to;
            matched.assignment.release(row);
            changed.push(row);
        }
        for row in changed {
            let rows = &matched.rows;
            matched
                .assignment
                .place(row, |r, g| self.goal_cost(rows, r, g));
        }
        Some(matched)
    }

    /// The pushes from the box of row `row` to goal `goal` (both 1-based), [`UNREACHABLE`] for
    /// never.
    fn goal_cost(&self, rows: &[u16], row: usize, goal: usize) -> i64 {
        match self.to_goals(usize::from(rows[row]))[goal - 1] {
            u16::MAX => UNREACHABLE,
            k => i64::from(k),
        }
    }
}

/// The cells only in `before` and the cells only in `after` (both sorted).
fn differences(before: &[u16], after: &[u16]) -> (Vec<u16>, Vec<u16>) {
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                gone.push(a);
                i += 1;
            }
            (Some(&a), None) => {
                gone.push(a);
                i += 1;
            }
            (_, Some(&b)) => {
                came.push(b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    (gone, came)
}

/// An optimal assignment for one set of boxes: row `r` (from 1) is the box on `rows[r]`.
#[derive(Clone, Debug)]
struct Matched {
    /// The boxes, sorted as in the state.
    boxes: Box<[u16]>,
    /// Each row's box cell (index 0 unused); a repaired row keeps its place, so not sorted.
    rows: Vec<u16>,
    assignment: Assignment,
}

/// What [`GoalPushes::matching`] keeps between calls: the last assignment solved, and the state
/// whose successors were generated last (their estimates follow, each one box away from it).
#[derive(Debug, Default)]
struct Cached {
    base: Option<Matched>,
    parent: Option<Box<[u16]>>,
}

/// The cache behind a lock (estimates take `&self`). Only the work depends on it, never a
/// value, so a copy of the instance starts empty.
#[derive(Debug, Default)]
pub(super) struct MatchCache(Mutex<Cached>);

impl Clone for MatchCache {
    fn clone(&self) -> MatchCache {
        MatchCache::default()
    }
}

impl MatchCache {
    /// Notes the state whose successors are being generated.
    pub fn expanding(&self, boxes: &[u16]) {
        let mut cache = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.parent.as_deref() != Some(boxes) {
            cache.parent = Some(boxes.into());
        }
    }
}

/// Pushes as an estimate; a total of [`UNREACHABLE`] or more means no assignment of boxes to
/// goals they can reach exists, so no push sequence solves the state: infinite.
pub(super) fn estimate_of(pushes: i64) -> Cost {
    if pushes >= UNREACHABLE {
        Cost::INFINITE
    } else {
        Cost::units(pushes)
    }
}

/// A stand-in for "this box can never reach this goal" in the assignment: larger than any real
/// total, small enough not to overflow.
pub(super) const UNREACHABLE: i64 = 1 << 32;

/// A least-cost assignment of rows to columns with its dual potentials, by the Hungarian method
/// (successive shortest augmenting paths; 1-based, column 0 the virtual start). Invariants: for
/// every placed row `r` and every column `c`, `u[r] + v[c] ≤ cost(r, c)`, with equality where
/// `r` owns `c`; so once every row is placed the assignment is optimal. Column potentials only
/// fall from 0 and costs are ≥ 0, so a row with `u = 0` may be placed at any time: a changed row
/// is released and placed again, one augmenting path instead of a new solve.
#[derive(Clone, Debug, Default)]
struct Assignment {
    u: Vec<i64>,
    v: Vec<i64>,
    /// The row owning each column (0: none).
    owner: Vec<usize>,
}

impl Assignment {
    /// `n` rows and columns, none placed.
    fn empty(n: usize) -> Assignment {
        Assignment {
            u: vec![0; n + 1],
            v: vec![0; n + 1],
            owner: vec![0; n + 1],
        }
    }

    /// Gives unplaced `row` a column along the cheapest augmenting path, moving other rows
    /// along it. O(n) per column the path visits, O(n²) at worst.
    fn place(&mut self, row: usize, cost: impl Fn(usize, usize) -> i64) {
        let n = self.owner.len() - 1;
        let (u, v, owner) = (&mut self.u, &mut self.v, &mut self.owner);
        let mut way = vec![0usize; n + 1];
        let mut minv = vec![i64::MAX; n + 1];
        let mut used = vec![false; n + 1];
        owner[0] = row;
        let mut col0 = 0;
        loop {
            used[col0] = true;
            let r = owner[col0];
            let mut delta = i64::MAX;
            let mut next = 0;
            for col in 1..=n {
                if !used[col] {
                    let reduced = cost(r, col) - u[r] - v[col];
                    if reduced < minv[col] {
                        minv[col] = reduced;
                        way[col] = col0;
                    }
                    // At a tie a free column ends the path at once: fewer columns visited.
                    if minv[col] < delta || (minv[col] == delta && owner[col] == 0) {
                        delta = minv[col];
                        next = col;
                    }
                }
            }
            for col in 0..=n {
                if used[col] {
                    u[owner[col]] += delta;
                    v[col] -= delta;
                } else {
                    minv[col] -= delta;
                }
            }
            col0 = next;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let prev = way[col0];
            owner[col0] = owner[prev];
            col0 = prev;
            if col0 == 0 {
                break;
            }
        }
    }

    /// Takes `row`'s column away and resets its potential, so it can be placed again.
    fn release(&mut self, row: usize) {
        if let Some(col) = self.owner.iter().skip(1).position(|&r| r == row) {
            self.owner[col + 1] = 0;
        }
        self.u[row] = 0;
    }

    /// The cost of the assignment (every row placed): the potentials' sum, since each row and
    /// column is in one tight pair (the virtual column 0 aside).
    fn total(&self) -> i64 {
        self.u[1..].iter().chain(&self.v[1..]).sum()
    }
}

/// The least total cost of giving each row its own column (square `costs`), O(n³).
#[cfg(test)]
pub(super) fn min_cost_assignment(costs: &[Vec<i64>]) -> i64 {
    let mut a = Assignment::empty(costs.len());
    let cost = |r: usize, c: usize| costs[r - 1][c - 1];
    for row in 1..=costs.len() {
        a.place(row, cost);
    }
    let total = a.total();
    let direct: i64 = (1..=costs.len()).map(|c| cost(a.owner[c], c)).sum();
    assert_eq!(total, direct, "the potentials sum to the assignment's cost");
    total
}
