use super::*;
use crate::engine::cost::Cost;
use crate::engine::event::{Pick, SuccessorEvent};
use crate::engine::open_list::TieLevels;
use proptest::prelude::*;

fn event(pick: Option<NodeId>, successors: &[(Option<NodeId>, Fate)]) -> StepEvent {
    StepEvent {
        pick: pick.map(|id| Pick {
            id,
            g: Cost::ZERO,
            h: Cost::ZERO,
            f: Cost::ZERO,
            ties: TieLevels::default(),
        }),
        successors: successors
            .iter()
            .enumerate()
            .map(|(index, &(id, fate))| SuccessorEvent {
                id,
                index: u32::try_from(index).unwrap(),
                fate,
            })
            .collect(),
        ..StepEvent::default()
    }
}

/// What a step reads back as: its pick, (target, fate) per successor, its rise.
type Plain = (Option<NodeId>, Vec<(u32, Fate)>, u32);

fn plain(e: &StepEvent, rise: u32) -> Plain {
    (
        e.pick.as_ref().map(|p| p.id),
        e.successors
            .iter()
            .map(|s| (s.id.unwrap_or(s.index), s.fate))
            .collect(),
        rise,
    )
}

fn read(log: &StepRecord, i: usize) -> Plain {
    (
        log.pick(i),
        log.successors(i).map(|r| (r.target, r.fate)).collect(),
        log.step(i).max_open_rise,
    )
}

/// Rises of the largest open size for the property test's steps: mostly none.
fn rise(i: usize) -> u32 {
    [0, 0, 1, 0, 3, 0, 70_000][i % 7]
}

#[test]
fn steps_round_trip_through_the_packing() {
    let mut log = StepRecord::default();
    let first = event(
        Some(0),
        &[
            (Some(7), Fate::StoredNew),
            (None, Fate::Pruned),
            (Some(3), Fate::Reopened),
        ],
    );
    log.record(&first, 2);
    log.record(&StepEvent::default(), 0);
    assert_eq!(log.len(), 2);
    assert_eq!(read(&log, 0), plain(&first, 2));
    assert_eq!(read(&log, 1), (None, vec![], 0));
    for fate in FATES {
        assert_eq!(
            FATES[usize::from(code(fate))],
            fate,
            "{fate} packs to its own code"
        );
    }
    log.truncate(1);
    assert_eq!(log.len(), 1);
}

#[test]
fn a_depth_first_step_takes_a_byte_and_a_quarter_per_successor() {
    // 8 queens: row 0 expands into rows 1..=8 with two columns pruned; row 1 is picked next
    // (the top of the stack) and is a dead end with all 8 pruned.
    let mut log = StepRecord::default();
    let mut successors: Vec<_> = (1..=6).map(|id| (Some(id), Fate::StoredNew)).collect();
    successors.insert(2, (None, Fate::Pruned));
    successors.push((None, Fate::Pruned));
    log.record(&event(Some(0), &successors), 7);
    let after_first = log.bytes.len();
    log.record(&event(Some(1), &[(None, Fate::Pruned); 8]), 0);
    assert_eq!(
        log.bytes.len() - after_first,
        1 + 2,
        "header and two class bytes"
    );
    // A cycle to a near ancestor costs one escape byte.
    log.record(&event(Some(2), &[(Some(0), Fate::Kept)]), 0);
    assert_eq!(log.bytes.len() - after_first, 3 + 3);
    assert_eq!(read(&log, 2), (Some(2), vec![(0, Fate::Kept)], 0));
}

#[test]
fn a_breadth_first_step_takes_a_byte_and_a_class_byte() {
    // A queue picks rows in storing order: step i picks row i and stores rows 2i+1 and 2i+2,
    // far from the first row the step before stored (a stack's guess).
    let mut log = StepRecord::default();
    let mut sizes = Vec::new();
    for i in 0..BLOCK as NodeId {
        let before = log.bytes.len();
        let children = [
            (Some(2 * i + 1), Fate::StoredNew),
            (Some(2 * i + 2), Fate::StoredNew),
        ];
        log.record(&event(Some(i), &children), 0);
        sizes.push(log.bytes.len() - before);
    }
    assert!(
        sizes[2..].iter().all(|&n| n == 2),
        "past the first steps, each pick is guessed: {sizes:?}"
    );
    for i in 0..BLOCK {
        assert_eq!(log.pick(i), Some(i as NodeId));
    }
}

#[test]
fn a_step_that_raises_the_largest_open_size_takes_a_byte_for_the_rise() {
    // Two grid steps: row 0 stores rows 1 to 3; then row 1, the pick guessed, stores
    // rows 4 to 6, as guessed, and raises the largest open size by 2: a header byte, the
    // count, the rise and one class byte.
    let mut log = StepRecord::default();
    log.record(
        &event(Some(0), &[1, 2, 3].map(|id| (Some(id), Fate::StoredNew))),
        3,
    );
    let stored = [4, 5, 6].map(|id| (Some(id), Fate::StoredNew));
    let before = log.bytes.len();
    log.record(&event(Some(1), &stored), 2);
    assert_eq!(log.bytes.len() - before, 4);
    assert_eq!(read(&log, 1), plain(&event(Some(1), &stored), 2));
    // A rise past a byte's 7 bits takes the varint's second byte.
    let before = log.bytes.len();
    log.record(&event(Some(2), &[]), 200);
    assert_eq!(log.bytes.len() - before, 4);
    assert_eq!(read(&log, 2), (Some(2), vec![], 200));
}

fn fate() -> impl Strategy<Value = Fate> {
    prop::sample::select(FATES.to_vec())
}

/// Steps whose rows are mostly near each other, as a search writes them, with far ones too.
fn steps() -> impl Strategy<Value = Vec<StepEvent>> {
    let id = prop_oneof![0..40u32, any::<u32>()];
    let successor = (prop::option::of(id.clone()), fate());
    prop::collection::vec(
        (
            prop::option::of(id),
            prop::collection::vec(successor, 0..20),
        ),
        0..150,
    )
    .prop_map(|steps| {
        steps
            .into_iter()
            .map(|(pick, successors)| event(pick, &successors))
            .collect()
    })
}

/// `plain(e, rise)` as `log` reads it back: where it finds kept rows by their states,
/// a kept successor is its place, marked found.
fn expected(log: &StepRecord, e: &StepEvent, rise: u32) -> Plain {
    let (pick, successors, rise) = plain(e, rise);
    let successors = (0u32..)
        .zip(successors)
        .map(|(place, (target, fate))| match fate {
            Fate::Kept if log.kept_found => (place, fate),
            _ => (target, fate),
        })
        .collect();
    (pick, successors, rise)
}

fn written(empty: fn() -> StepRecord, steps: &[StepEvent]) -> StepRecord {
    let mut log = empty();
    steps
        .iter()
        .enumerate()
        .for_each(|(i, e)| log.record(e, rise(i)));
    log
}

/// `steps` must read back as written, forwards and backwards (every `back_stride`-th); cut
/// at `cut`, the record must equal one written only that far, and writing `after` on both
/// must give the same record and read back as written.
/// Both kinds of record (`empty` makes one): the plain one, and one that finds kept rows
/// by their states.
fn check_round_trip(
    empty: fn() -> StepRecord,
    steps: &[StepEvent],
    cut: usize,
    back_stride: usize,
    after: &[StepEvent],
) -> Result<(), TestCaseError> {
    let mut log = written(empty, steps);
    prop_assert_eq!(log.len(), steps.len());
    for (i, e) in steps.iter().enumerate() {
        prop_assert_eq!(read(&log, i), expected(&log, e, rise(i)), "step {}", i);
    }
    for (i, e) in steps.iter().enumerate().rev().step_by(back_stride) {
        prop_assert_eq!(
            read(&log, i),
            expected(&log, e, rise(i)),
            "step {} backwards",
            i
        );
    }
    let cut = cut.min(steps.len());
    log.truncate(cut);
    let mut fresh = written(empty, &steps[..cut]);
    prop_assert_eq!(&log, &fresh);
    after.iter().enumerate().for_each(|(i, e)| {
        log.record(e, rise(i));
        fresh.record(e, rise(i));
    });
    prop_assert_eq!(&log, &fresh);
    for (i, e) in after.iter().enumerate() {
        prop_assert_eq!(
            read(&log, cut + i),
            expected(&log, e, rise(i)),
            "step {} after the cut",
            i
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn any_steps_read_back_as_written_and_truncate_cleanly(
        steps in steps(),
        cut in 0..160usize,
    ) {
        // Writing on after a cut goes on as if nothing had been cut.
        let reversed: Vec<_> = steps.iter().rev().cloned().collect();
        for empty in [StepRecord::default, StepRecord::finding_kept] {
            check_round_trip(empty, &steps, cut, 1, &reversed)?;
        }
    }
}

/// Long runs of steps of every size: far rows (escapes with long varints), steps of many
/// successors (more than a step's stack buffer holds at once), and the one-byte steps of
/// a cut-off, so steps straddle the record's chunk boundaries.
fn long_runs() -> impl Strategy<Value = Vec<StepEvent>> {
    fn id() -> impl Strategy<Value = u32> {
        prop_oneof![0..40u32, 1_000_000..1_000_050u32, any::<u32>()]
    }
    let successor = || (prop::option::of(id()), fate());
    let step = prop_oneof![
        3 => Just(Vec::new()),
        3 => prop::collection::vec(successor(), 1..9),
        1 => prop::collection::vec(successor(), 9..60),
    ];
    prop::collection::vec((prop::option::of(id()), step), 500..2500).prop_map(|steps| {
        steps
            .into_iter()
            .map(|(pick, successors)| event(pick, &successors))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn steps_straddling_chunks_read_back_as_written(
        steps in long_runs(),
        cut in 0..2500usize,
    ) {
        prop_assert!(written(StepRecord::default, &steps).shared_bytes() > 0, "the steps fill a chunk");
        for empty in [StepRecord::default, StepRecord::finding_kept] {
            check_round_trip(empty, &steps, cut, 7, &steps)?;
        }
    }
}

#[test]
fn a_long_run_crosses_chunks_and_reads_back_from_a_copy() {
    // 3000 steps of 1 to 20 bytes: the record spans several 4096-byte chunks.
    let steps: Vec<_> = (0..3000u32)
        .map(|i| {
            let far = i.wrapping_mul(2_654_435_761);
            let successors: Vec<_> = (0..i % 7)
                .map(|k| match k % 3 {
                    0 => (Some(far.wrapping_add(k)), Fate::Kept),
                    1 => (Some(i + k), Fate::StoredNew),
                    _ => (None, Fate::Pruned),
                })
                .collect();
            event(Some(far % 1000), &successors)
        })
        .collect();
    let mut log = StepRecord::default();
    steps
        .iter()
        .enumerate()
        .for_each(|(i, e)| log.record(e, rise(i)));
    assert!(
        log.shared_bytes() >= 2 * 4096,
        "{} bytes in full chunks",
        log.shared_bytes()
    );
    let copy = log.clone();
    for (i, e) in steps.iter().enumerate() {
        assert_eq!(read(&copy, i), plain(e, rise(i)), "step {i}");
    }
}
