//! Property tests: random operations against a plain model, and random filing with time travel.

use super::*;

/// What a notebook is to its users: rows in order, each with its status and reopenings.
#[derive(Debug, Clone, Copy)]
enum Op {
    Insert(u64),
    Close(usize),
    Reopen(usize),
    Truncate(usize),
    ForgetNewest(usize),
}

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        4 => (0..300u64).prop_map(Op::Insert),
        2 => any::<usize>().prop_map(Op::Close),
        1 => any::<usize>().prop_map(Op::Reopen),
        1 => any::<usize>().prop_map(Op::Truncate),
        1 => any::<usize>().prop_map(Op::ForgetNewest),
    ]
}

proptest::proptest! {
    #[test]
    fn filed_and_unfiled_notebooks_hold_what_a_plain_list_holds(
        ops in proptest::collection::vec(op(), 0..400),
        filed in proptest::bool::ANY,
    ) {
        let mut store = if filed { Notebook::default() } else { Notebook::unfiled() };
        // (state, open, times reopened) per row.
        let mut model: Vec<(u64, bool, u32)> = Vec::new();
        for op in ops {
            let len = model.len();
            match op {
                Op::Insert(state) => {
                    let parent = len.checked_sub(1).map(|p| p as NodeId);
                    store.insert(node(state, parent));
                    model.push((state, true, 0));
                }
                Op::Close(i) if len > 0 => {
                    store.set_status((i % len) as NodeId, Status::Closed);
                    model[i % len].1 = false;
                }
                Op::Reopen(i) if len > 0 => {
                    store.count_reopening((i % len) as NodeId);
                    model[i % len].2 += 1;
                }
                Op::Truncate(i) => {
                    store.truncate(i % (len + 1));
                    model.truncate(i % (len + 1));
                }
                Op::ForgetNewest(i) => {
                    store.forget_newest(i % (len + 1));
                    model.truncate(i % (len + 1));
                }
                _ => {}
            }
        }
        proptest::prop_assert_eq!(store.len(), model.len());
        for (id, &(state, open, reopened)) in model.iter().enumerate() {
            let id = id as NodeId;
            proptest::prop_assert_eq!(*store.node(id).state, state);
            proptest::prop_assert_eq!(store.status(id) == Status::Open, open);
            proptest::prop_assert_eq!(store.times_reopened(id), reopened);
        }
    }
}

/// A step of a search as the notebook sees it.
#[derive(Debug, Clone, Copy)]
enum Filing {
    /// Looks the state up and stores it if new.
    Store(u32),
    /// Stores the state through [`Notebook::insert`], unchecked: a tree search may store a
    /// state again on another branch.
    Insert(u32),
    /// Forgets rows for good, as backtracking does.
    Truncate(usize),
}

/// How time travel moves through the steps.
#[derive(Debug, Clone, Copy)]
enum Travel {
    Forward(usize),
    /// Back through the latest keyframe at or before the step, then forward again.
    Back(usize),
    /// Undoes the last step if it stored a row, as a graph search undoes a step.
    Undo,
}

fn filing() -> impl proptest::strategy::Strategy<Value = Filing> {
    use proptest::prelude::*;
    prop_oneof![
        8 => (0..3_000u32).prop_map(Filing::Store),
        2 => (0..3_000u32).prop_map(Filing::Insert),
        1 => any::<usize>().prop_map(Filing::Truncate),
    ]
}

fn travel() -> impl proptest::strategy::Strategy<Value = Travel> {
    use proptest::prelude::*;
    prop_oneof![
        3 => (0..40usize).prop_map(Travel::Forward),
        2 => (0..40usize).prop_map(Travel::Back),
        2 => Just(Travel::Undo),
    ]
}

/// The rows after each prefix of `steps`, stored in a plain list.
fn rows_after(steps: &[Filing]) -> Vec<Vec<u32>> {
    let mut rows = vec![Vec::new()];
    for step in steps {
        let mut now: Vec<u32> = rows.last().expect("one per prefix").clone();
        match *step {
            Filing::Store(state) => {
                if !now.contains(&state) {
                    now.push(state);
                }
            }
            Filing::Insert(state) => now.push(state),
            Filing::Truncate(i) => now.truncate(i % (now.len() + 1)),
        }
        rows.push(now);
    }
    rows
}

/// Takes `step` on `store`, checking each lookup against `before` (the rows the
/// step starts from), and says what the lookup found.
fn take_step<S: Filed + From<u32>>(
    store: &mut Notebook<S>,
    step: Filing,
    before: &[u32],
) -> Result<Option<Option<NodeId>>, proptest::test_runner::TestCaseError> {
    let len = before.len();
    let parent = len.checked_sub(1).map(|p| p as NodeId);
    let held = |state: u32| before.iter().position(|&s| s == state).map(|i| i as NodeId);
    Ok(match step {
        Filing::Store(state) => {
            let found = match store.lookup(&S::from(state), store.replaying()) {
                Lookup::Stored(id) => Some(id),
                Lookup::Vacant(slot) => {
                    let id = slot.insert(node(S::from(state), parent));
                    proptest::prop_assert_eq!(id as usize, len);
                    None
                }
            };
            proptest::prop_assert_eq!(found, held(state));
            Some(found)
        }
        Filing::Insert(state) => {
            let id = store.insert(node(S::from(state), parent));
            proptest::prop_assert_eq!(id as usize, len);
            None
        }
        Filing::Truncate(i) => {
            store.truncate(i % (len + 1));
            None
        }
    })
}

/// Runs a search of `steps` on a notebook of `S`, moving through it as `travels` say with a
/// keyframe every few steps, and checks every lookup and find against the rows a plain list
/// holds. Returns what each lookup found.
fn file_states<S: Filed + From<u32> + PartialEq + std::fmt::Debug>(
    steps: &[Filing],
    travels: &[Travel],
) -> Result<Vec<Option<NodeId>>, proptest::test_runner::TestCaseError> {
    const EVERY: usize = 5;
    let rows = rows_after(steps);
    let mut store: Notebook<S> = Notebook::default();
    let mut at = 0;
    let mut keyframes: Vec<Notebook<S>> = Vec::new();
    let mut found = Vec::new();
    for &travel in travels {
        let to = match travel {
            Travel::Forward(n) => (at + n).min(steps.len()),
            Travel::Back(n) => at.saturating_sub(n),
            Travel::Undo => at.saturating_sub(1),
        };
        if to < at {
            if matches!(travel, Travel::Undo) && rows[to].len() + 1 == rows[at].len() {
                // The last step stored one row: it stays filed ahead for the replay.
                store.forget_newest(rows[to].len());
                at = to;
            } else {
                let mut copy = keyframes[to / EVERY].clone();
                copy.adopt_index(Some(&mut store));
                store = copy;
                at = to / EVERY * EVERY;
            }
        }
        while at < to {
            if at % EVERY == 0 && keyframes.len() == at / EVERY {
                let index = store.lend_index();
                keyframes.push(store.clone());
                store.put_back_index(index);
            }
            if let Some(lookup) = take_step(&mut store, steps[at], &rows[at])? {
                found.push(lookup);
            }
            at += 1;
        }
        proptest::prop_assert_eq!(store.len(), rows[at].len());
        for (id, &state) in rows[at].iter().enumerate() {
            let first = rows[at]
                .iter()
                .position(|&s| s == state)
                .map(|i| i as NodeId);
            proptest::prop_assert_eq!(store.find(&S::from(state)), first);
            proptest::prop_assert_eq!(store.node(id as NodeId).state, &S::from(state));
        }
        for state in rows.iter().flatten().filter(|s| !rows[at].contains(s)) {
            proptest::prop_assert_eq!(store.find(&S::from(*state)), None);
        }
    }
    Ok(found)
}

proptest::proptest! {
    #[test]
    fn numbered_states_are_filed_as_hashed_ones_are(
        steps in proptest::collection::vec(filing(), 0..200),
        travels in proptest::collection::vec(travel(), 0..40),
    ) {
        let numbered = file_states::<u32>(&steps, &travels)?;
        let hashed = file_states::<u64>(&steps, &travels)?;
        proptest::prop_assert_eq!(numbered, hashed);
    }
}
