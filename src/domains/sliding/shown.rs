//! How a sliding puzzle is shown: a slide in words, a board in a line, and its drawing.

use super::{Packed, Slide, SlidingPuzzle};
use crate::present::{BoardView, Presentation};

/// What the board view draws for one state: the tiles in reading order, 0 for the blank.
#[derive(Clone, Debug, PartialEq)]
pub struct SlidingView {
    pub width: usize,
    pub height: usize,
    pub tiles: Vec<u8>,
}

impl<B: Packed> Presentation for SlidingPuzzle<B> {
    fn describe_move(&self, from: &B, slot: Slide) -> String {
        let slot = usize::from(slot);
        let blank = self.blank(*from);
        let direction = match blank.cmp(&slot) {
            std::cmp::Ordering::Greater if blank - slot == self.width => "down",
            std::cmp::Ordering::Greater => "right",
            std::cmp::Ordering::Less if slot - blank == self.width => "up",
            _ => "left",
        };
        format!("tile {} {direction}", from.get(slot))
    }

    fn compact(&self, state: &B) -> String {
        let tiles = self.unpack(*state);
        if self.slots() <= 10 && tiles.iter().all(|&t| t < 10) {
            return tiles.iter().map(ToString::to_string).collect();
        }
        tiles
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" / ")
    }

    fn board(&self, state: &B) -> BoardView {
        BoardView::new(SlidingView {
            width: self.width,
            height: self.height,
            tiles: self.unpack(*state),
        })
    }
}
