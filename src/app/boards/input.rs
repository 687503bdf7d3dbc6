//! What a board is given to draw: the app's board panel and the route player fill it, the
//! dispatch ([`crate::app::boards::show`]) hands it to the view for the domain. It lives apart
//! from the dispatch so the views never import the module that calls them.

use crate::engine::notebook::{NodeId, Status};
use crate::present::BoardView;
use crate::present::ShownSearch;
use eframe::egui::Id;

/// What to draw and whether it may be edited.
pub struct BoardInput<'a> {
    /// The state's drawing.
    pub view: &'a BoardView,
    /// Clicks edit the start (only when the start itself is shown).
    pub editable: bool,
    /// The parent's drawing, to mark what the last move changed.
    pub parent: Option<&'a BoardView>,
    /// Where the open and closed rows stand, one `(place, status)` per place in place order
    /// (map boards; gathered once per step by [`crate::app::boards::marks::PlaceMarks`]).
    pub marks: &'a [(usize, Status)],
    /// The places along the route to the selected (or shown) row, start first.
    pub route: &'a [usize],
    /// The search, for views that colour every stored state (grids) or play a route
    /// (Sokoban); `None` draws the state alone.
    pub session: Option<&'a dyn ShownSearch>,
    /// The selected row, whose route a view may colour.
    pub selected: Option<NodeId>,
    /// Changes whenever the search is rebuilt, so a view's caches can tell searches apart.
    pub generation: u64,
    /// Where this board keeps its caches (a map's texture, its camera): each board on screen
    /// has its own, so the live board and the route player's never draw each other's image.
    pub id: Id,
    /// Identifies the map shown: a map view opens fitted to its panel and fits again when
    /// this changes (another scenario), but keeps its zoom when an edit restarts the search.
    pub map: u64,
}
