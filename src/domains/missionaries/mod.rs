//! Missionaries and cannibals, the textbook's river crossing: everyone starts on one bank with
//! a boat; the boat carries one to its capacity across, and on no bank may cannibals outnumber
//! the missionaries there (a bank with no missionary is safe whatever its cannibals).
//!
//! A state is who is still on the start bank and the boat's side (the far bank holds the rest).
//! Every crossing costs 1. Successors come in a fixed order of loads: by missionaries aboard,
//! then cannibals (0 and 1, 0 and 2, 1 and 0, …), only loads the boat's bank can fill. A
//! crossing that leaves a bank unsafe is pruned at generation, with its reason in words.

mod shown;

pub use shown::MissionariesView;

use super::Instance;
use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::{Heuristic, Settings};
use crate::present::ShownSession;
use serde::{Deserialize, Serialize};

/// The most missionaries, and the most cannibals, an instance may have; also the largest boat.
pub const MAX_PEOPLE: usize = 50;

/// The instance as a scenario writes it: `Missionaries(missionaries: 3, cannibals: 3, boat: 2)`,
/// every field 3, 3 and 2 when left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Spec {
    pub missionaries: usize,
    pub cannibals: usize,
    /// How many people the boat carries at most.
    pub boat: usize,
}

impl Default for Spec {
    fn default() -> Spec {
        Spec {
            missionaries: 3,
            cannibals: 3,
            boat: 2,
        }
    }
}

impl Instance for Spec {
    fn search(&self, resolve: &dyn Fn(Heuristic) -> Settings) -> Box<dyn ShownSession> {
        super::search_of(Missionaries::new(*self), resolve)
    }
}

/// Which bank the boat is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Start,
    Far,
}

/// Who is still on the start bank, and where the boat is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Banks {
    pub missionaries: u8,
    pub cannibals: u8,
    pub boat: Side,
}

/// Copied as cheaply as it is compared.
impl crate::engine::notebook::Filed for Banks {
    const HELD: bool = true;
}

/// One crossing: who is aboard (the boat goes from its bank to the other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    pub missionaries: u8,
    pub cannibals: u8,
}

/// One instance.
#[derive(Clone, Debug)]
pub struct Missionaries {
    spec: Spec,
}

impl Missionaries {
    /// An instance; it is checked by [`Problem::validate`], not here, so that a refused one can
    /// still be shown.
    #[must_use]
    pub fn new(spec: Spec) -> Missionaries {
        Missionaries { spec }
    }

    /// The people of each kind, within what a state holds.
    fn everyone(&self) -> (u8, u8) {
        let clamp = |n: usize| u8::try_from(n.min(MAX_PEOPLE)).expect("MAX_PEOPLE fits");
        (clamp(self.spec.missionaries), clamp(self.spec.cannibals))
    }

    /// The boat's capacity, within what a state holds.
    fn boat(&self) -> u8 {
        u8::try_from(self.spec.boat.min(MAX_PEOPLE)).expect("MAX_PEOPLE fits")
    }

    /// Who is on the far bank in `banks`.
    fn far(&self, banks: &Banks) -> (u8, u8) {
        let (m, c) = self.everyone();
        (m - banks.missionaries, c - banks.cannibals)
    }

    /// The state `crossing` leads to from `banks`, if the boat's bank holds the people aboard.
    fn after(&self, banks: &Banks, crossing: Crossing) -> Option<Banks> {
        let Crossing {
            missionaries: m,
            cannibals: c,
        } = crossing;
        Some(match banks.boat {
            Side::Start => Banks {
                missionaries: banks.missionaries.checked_sub(m)?,
                cannibals: banks.cannibals.checked_sub(c)?,
                boat: Side::Far,
            },
            Side::Far => {
                let (far_m, far_c) = self.far(banks);
                if m > far_m || c > far_c {
                    return None;
                }
                Banks {
                    missionaries: banks.missionaries + m,
                    cannibals: banks.cannibals + c,
                    boat: Side::Start,
                }
            }
        })
    }

    /// The bank of `banks` where cannibals outnumber missionaries, if one does: which side and
    /// its missionaries and cannibals.
    fn unsafe_bank(&self, banks: &Banks) -> Option<(Side, u8, u8)> {
        let outnumbered = |m: u8, c: u8| m > 0 && c > m;
        let (far_m, far_c) = self.far(banks);
        if outnumbered(banks.missionaries, banks.cannibals) {
            Some((Side::Start, banks.missionaries, banks.cannibals))
        } else if outnumbered(far_m, far_c) {
            Some((Side::Far, far_m, far_c))
        } else {
            None
        }
    }

    /// Every load the boat could carry, in the fixed order of successors.
    fn loads(&self) -> impl Iterator<Item = Crossing> + '_ {
        let boat = self.boat();
        (0..=boat).flat_map(move |m| {
            (0..=boat - m)
                .filter(move |&c| m + c > 0)
                .map(move |c| Crossing {
                    missionaries: m,
                    cannibals: c,
                })
        })
    }

    /// Crossings at least, from `n` people on the start bank with the boat there: each round
    /// trip gains at most `boat − 1` people on the far bank (one rows back), the last crossing
    /// `boat`. So `f` forward crossings move at most `f·(boat − 1) + 1` people, and the
    /// crossings are `2f − 1`.
    fn crossings_from_start(&self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let gain = u32::from(self.boat()).saturating_sub(1);
        let forward = if gain == 0 {
            // A boat for one never gains anyone: more than one person never gets across, and
            // any estimate is a lower bound of a cost that does not exist.
            n
        } else {
            (n - 1).div_ceil(gain).max(1)
        };
        2 * forward - 1
    }
}

impl Problem for Missionaries {
    type State = Banks;
    type Move = Crossing;

    fn validate(&self) -> Result<(), Refusal> {
        let Spec {
            missionaries,
            cannibals,
            boat,
        } = self.spec;
        if missionaries > MAX_PEOPLE || cannibals > MAX_PEOPLE {
            return Err(Refusal(format!(
                "{missionaries} missionaries and {cannibals} cannibals: at most {MAX_PEOPLE} of \
                 each"
            )));
        }
        if !(1..=MAX_PEOPLE).contains(&boat) {
            return Err(Refusal(format!(
                "a boat for {boat}: the boat carries from 1 to {MAX_PEOPLE} people"
            )));
        }
        if let Some((_, m, c)) = self.unsafe_bank(&self.start()) {
            return Err(Refusal(format!(
                "the start is already unsafe: {} outnumber {} on the start bank",
                people(0, c),
                people(m, 0)
            )));
        }
        Ok(())
    }

    fn start(&self) -> Banks {
        let (missionaries, cannibals) = self.everyone();
        Banks {
            missionaries,
            cannibals,
            boat: Side::Start,
        }
    }

    fn is_goal(&self, banks: &Banks) -> bool {
        banks.missionaries == 0 && banks.cannibals == 0 && banks.boat == Side::Far
    }

    fn successors(&self, banks: &Banks, out: &mut Vec<Successor<Banks, Crossing>>) {
        for mv in self.loads() {
            let Some(state) = self.after(banks, mv) else {
                continue;
            };
            out.push(if self.unsafe_bank(&state).is_some() {
                Successor::Pruned { mv }
            } else {
                Successor::Child {
                    state,
                    mv,
                    cost: Cost::ONE,
                }
            });
        }
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        &[Heuristic::BoatTrips, Heuristic::Zero]
    }

    fn estimate(&self, banks: &Banks, heuristic: Heuristic) -> Cost {
        if heuristic != Heuristic::BoatTrips {
            return Cost::ZERO;
        }
        let n = u32::from(banks.missionaries) + u32::from(banks.cannibals);
        let crossings = match banks.boat {
            Side::Start => self.crossings_from_start(n),
            // The boat must come back first, bringing at least one person with it.
            Side::Far if n == 0 => 0,
            Side::Far => 1 + self.crossings_from_start(n + 1),
        };
        Cost::units(i64::from(crossings))
    }

    fn reachable_states(&self) -> Option<u64> {
        let (m, c) = self.everyone();
        Some((u64::from(m) + 1) * (u64::from(c) + 1) * 2)
    }
}

/// "1 missionary", "2 cannibals", "1 missionary and 1 cannibal".
fn people(missionaries: u8, cannibals: u8) -> String {
    let count = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (missionaries, cannibals) {
        (m, 0) => count(m, "missionary", "missionaries"),
        (0, c) => count(c, "cannibal", "cannibals"),
        (m, c) => format!(
            "{} and {}",
            count(m, "missionary", "missionaries"),
            count(c, "cannibal", "cannibals")
        ),
    }
}

#[cfg(test)]
mod tests;
