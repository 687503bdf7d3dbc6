//! How the Tree tab paints a node's mark and the edges that are not tree edges, and the legend
//! that explains them. The marks take the colours every panel gives them (the boards'
//! palette), so open, closed, the next pick and the goal read the same here as on the boards;
//! one table of colours feeds both the drawing and the legend, so they cannot disagree.

use crate::app::boards::legend::{self, Swatch};
use crate::app::boards::palette;
use crate::present::tree::Mark;
use crate::present::tree::shape::EdgeKind;
use eframe::egui::{Color32, Ui};

/// A row picked and closed without expanding it (cut off, at the depth limit, no successors):
/// darker than the expanded rows' [`palette::CLOSED`], since nothing grew under it.
const SHUT: Color32 = Color32::from_rgb(0x55, 0x55, 0x55);
/// A stub: a successor that got no row of its own.
pub const STUB: Color32 = Color32::from_gray(110);
/// The dashed edge from a parent a cheaper route replaced.
const REPLACED: Color32 = Color32::from_rgb(0xd0, 0x90, 0x40);
/// The dashed edge of a further route to a folded state.
const FOLDED: Color32 = Color32::from_rgb(0x60, 0x90, 0xd0);

/// The fill of a node with `mark`.
#[must_use]
pub fn fill(mark: Mark) -> Color32 {
    match mark {
        Mark::Open => palette::OPEN,
        Mark::NextPick => palette::PICK,
        Mark::Expanded => palette::CLOSED,
        Mark::Goal => palette::GOAL,
        Mark::CutOff | Mark::DepthLimit | Mark::NotExpanded => SHUT,
    }
}

/// The words' colour on a node with `mark` (white on the dark fills, as the tables do).
#[must_use]
pub fn text(mark: Mark) -> Color32 {
    match mark {
        Mark::NextPick | Mark::Goal | Mark::CutOff | Mark::DepthLimit | Mark::NotExpanded => {
            Color32::WHITE
        }
        Mark::Open | Mark::Expanded => Color32::BLACK,
    }
}

/// The colour of a dashed edge of `kind`.
#[must_use]
pub fn edge(kind: EdgeKind) -> Color32 {
    match kind {
        EdgeKind::Replaced => REPLACED,
        EdgeKind::Folded => FOLDED,
    }
}

/// The legend: each mark's colour, the stubs, the selection ring and the dashed edges (the
/// folded routes' only while folding, when they can appear).
pub fn show(ui: &mut Ui, folding: bool) {
    let selected = ui.visuals().strong_text_color();
    let marks = [
        (Swatch::Square(fill(Mark::Open)), "open"),
        (Swatch::Square(fill(Mark::NextPick)), "next pick"),
        (Swatch::Square(fill(Mark::Expanded)), "expanded"),
        (Swatch::Square(fill(Mark::Goal)), "goal"),
        (
            Swatch::Square(SHUT),
            "closed, not expanded (cut off, depth limit, no successors)",
        ),
        (Swatch::Frame(selected), "selected"),
        (
            Swatch::Square(STUB),
            "stub: a successor with no row (hover it for why)",
        ),
        (
            Swatch::Dashed(edge(EdgeKind::Replaced)),
            "old parent, replaced by a cheaper route",
        ),
    ];
    let folded = folding.then_some((
        Swatch::Dashed(edge(EdgeKind::Folded)),
        "another route to a folded state",
    ));
    legend::show(ui, marks.into_iter().chain(folded));
}
