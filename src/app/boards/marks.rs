//! Where the open and closed rows stand on a map board (graph nodes, grid cells), gathered
//! once per step rather than once per frame: [`SearchView::places`] walks every row.

use crate::engine::notebook::{NodeId, Status};
use crate::present::ShownSearch;
use std::collections::BTreeMap;

/// The status of each place some row stands on, for the step it was gathered at.
#[derive(Debug, Default)]
pub struct PlaceMarks {
    /// (steps, rows) of the session when gathered.
    stamp: Option<(u64, usize)>,
    places: Vec<Option<usize>>,
    marks: Vec<(usize, Status)>,
}

impl PlaceMarks {
    /// Gathers the marks again if the search moved since the last time. A place with an open
    /// row is open (it is still to be expanded there), else closed.
    pub fn refresh(&mut self, session: &dyn ShownSearch) {
        let stamp = (session.steps(), session.rows());
        if self.stamp == Some(stamp) {
            return;
        }
        self.stamp = Some(stamp);
        self.places = session.places();
        let mut by_place = BTreeMap::new();
        for (i, place) in self.places.iter().enumerate() {
            let Some(place) = *place else { continue };
            let id = NodeId::try_from(i).expect("ids fit in u32");
            let status = session.row(id).status;
            by_place
                .entry(place)
                .and_modify(|s| {
                    if status == Status::Open {
                        *s = Status::Open;
                    }
                })
                .or_insert(status);
        }
        self.marks = by_place.into_iter().collect();
    }

    /// Forgets everything (a new search may have the same step and row counts).
    pub fn clear(&mut self) {
        *self = PlaceMarks::default();
    }

    /// One `(place, status)` per place with a row, in place order.
    #[must_use]
    pub fn marks(&self) -> &[(usize, Status)] {
        &self.marks
    }

    /// The places along the route from the start to row `id` (empty when unknown).
    #[must_use]
    pub fn route(&self, session: &dyn ShownSearch, id: NodeId) -> Vec<usize> {
        if self.places.is_empty() {
            // Not a map board (or nothing gathered): no need to walk the route every frame.
            return Vec::new();
        }
        session
            .route(id)
            .into_iter()
            .filter_map(|r| self.places.get(r as usize).copied().flatten())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{LIBRARY, Scenario};
    use std::path::Path;

    #[test]
    fn romania_after_two_steps_marks_arad_and_sibiu_closed_and_their_children_open() {
        let (_, text) = LIBRARY.iter().find(|(n, _)| *n == "romania.ron").unwrap();
        let scenario = Scenario::parse(text, "romania.ron", Path::new("scenarios")).unwrap();
        let mut session = scenario.session(&Default::default()).unwrap();
        let mut marks = PlaceMarks::default();
        marks.refresh(session.shown());
        assert!(marks.marks().is_empty());
        session.step();
        session.step();
        marks.refresh(session.shown());
        // Node indices in the file's order: Arad 0, Oradea 12, Sibiu 15, Timisoara 16,
        // Zerind 19, Fagaras 5, Rimnicu Vilcea 14.
        let places = |status: Status| -> Vec<usize> {
            let marked = marks.marks().iter().filter(|(_, s)| *s == status);
            marked.map(|(p, _)| *p).collect()
        };
        assert_eq!(places(Status::Closed), vec![0, 15]);
        assert_eq!(places(Status::Open), vec![5, 12, 14, 16, 19]);
        // Sibiu's route: Arad then Sibiu.
        let sibiu = (0..session.shown().rows() as u32)
            .find(|&id| session.shown().places()[id as usize] == Some(15))
            .unwrap();
        assert_eq!(marks.route(session.shown(), sibiu), vec![0, 15]);
    }
}
