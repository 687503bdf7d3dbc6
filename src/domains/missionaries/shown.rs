//! How missionaries and cannibals is shown: a crossing in words ("2 cannibals cross →"), why a
//! crossing is pruned, the two banks in a line, and what the board draws.

use super::{Banks, Crossing, Missionaries, Side, people};
use crate::present::{BoardView, Presentation};

/// What the board view draws for one state: who is on each bank, where the boat is and how
/// many it carries.
#[derive(Clone, Debug, PartialEq)]
pub struct MissionariesView {
    /// Missionaries and cannibals on the start (left) bank.
    pub start: (u8, u8),
    /// Missionaries and cannibals on the far (right) bank.
    pub far: (u8, u8),
    pub boat: Side,
    /// The boat's capacity.
    pub capacity: u8,
}

impl Presentation for Missionaries {
    fn describe_move(&self, from: &Banks, mv: Crossing) -> String {
        let arrow = match from.boat {
            Side::Start => '→',
            Side::Far => '←',
        };
        let aboard = u32::from(mv.missionaries) + u32::from(mv.cannibals);
        let verb = if aboard == 1 { "crosses" } else { "cross" };
        format!("{} {verb} {arrow}", people(mv.missionaries, mv.cannibals))
    }

    fn explain_prune(&self, from: &Banks, mv: Crossing) -> String {
        let Some((side, m, c)) = self.after(from, mv).and_then(|to| self.unsafe_bank(&to)) else {
            return format!("{:?} pruned", mv);
        };
        let bank = match side {
            Side::Start => "start",
            Side::Far => "far",
        };
        format!(
            "unsafe: {} would outnumber {} on the {bank} bank",
            people(0, c),
            people(m, 0)
        )
    }

    fn compact(&self, banks: &Banks) -> String {
        let (far_m, far_c) = self.far(banks);
        let (left, right) = match banks.boat {
            Side::Start => (" B", ""),
            Side::Far => ("", "B "),
        };
        format!(
            "{}M {}C{left} | {right}{far_m}M {far_c}C",
            banks.missionaries, banks.cannibals
        )
    }

    fn board(&self, banks: &Banks) -> BoardView {
        BoardView::new(MissionariesView {
            start: (banks.missionaries, banks.cannibals),
            far: self.far(banks),
            boat: banks.boat,
            capacity: self.boat(),
        })
    }
}
