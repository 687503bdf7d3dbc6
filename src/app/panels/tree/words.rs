//! A tree node's words: as many as its slot holds, at a size that reads on a projector.

use super::marks;
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use crate::present::tree::TreeNode;
use eframe::egui::{self, Galley};
use std::sync::Arc;

/// Row `row`'s words at `scale` points per slot: its state (cut with "…" when longer) over its
/// f, and with room to spare its row number, g and h too.
pub(super) fn label(
    painter: &egui::Painter,
    scale: f32,
    search: &dyn ShownSearch,
    row: NodeId,
    node: &TreeNode,
) -> Arc<Galley> {
    let size = (scale / 6.0).clamp(9.0, 14.0);
    let fits = ((scale * 0.92 - 6.0) / (size * 0.6)).max(1.0) as usize;
    // A tree kept while the search runs on may name a row it no longer holds.
    let state = if (row as usize) < search.rows() {
        search.state_text(row)
    } else {
        String::new()
    };
    let state = whole(&format!("#{row} {state}"), fits)
        .filter(|_| fits >= 16)
        .unwrap_or_else(|| whole(&state, fits).unwrap_or_else(|| start(&state, fits)));
    let values = format!("g {} h {} f {}", node.g, node.h, node.f);
    let values = whole(&values, fits).unwrap_or_else(|| format!("f {}", node.f));
    painter.layout_no_wrap(
        format!("{state}\n{values}"),
        egui::FontId::monospace(size),
        marks::text(node.mark),
    )
}

/// `text` whole when it fits in `fits` characters.
fn whole(text: &str, fits: usize) -> Option<String> {
    (text.chars().count() <= fits).then(|| text.to_owned())
}

/// The start of `text`, ended with "…", in `fits` characters.
fn start(text: &str, fits: usize) -> String {
    let kept: String = text.chars().take(fits.saturating_sub(1)).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::{start, whole};

    #[test]
    fn words_are_whole_when_they_fit_and_cut_with_an_ellipsis_when_not() {
        assert_eq!(whole("542703816", 9).as_deref(), Some("542703816"));
        assert_eq!(whole("542703816", 8), None);
        assert_eq!(start("542703816", 5), "5427…");
    }
}
