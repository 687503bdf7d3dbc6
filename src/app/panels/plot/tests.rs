use super::*;
use crate::app::panels::testing::built_in_after;

#[test]
fn history_follows_the_picks_and_thins_long_runs() {
    let mut session = built_in_after(0);
    let mut history = History::default();
    for _ in 0..21 {
        session.step();
        history.record(session.shown());
    }
    assert_eq!(history.samples.len(), 21);
    // The built-in puzzle: every expanded state scores f = 12.
    assert!(history.samples.iter().all(|s| (s.f - 12.0).abs() < 1e-9));
    assert_eq!(history.nearest(7.4).map(|s| s.step), Some(7));
    assert_eq!(history.nearest(99.0).map(|s| s.step), Some(21));
    history.forget_after(10);
    assert_eq!(history.samples.last().map(|s| s.step), Some(10));

    let long = History {
        samples: (1..=10_001)
            .map(|step| Sample {
                step,
                f: 0.0,
                id: 0,
                open: 0,
            })
            .collect(),
    };
    let thinned = long.thinned();
    assert!(thinned.len() <= MAX_POINTS + 1);
    assert_eq!(thinned.last().map(|s| s.step), Some(10_001));
}

#[test]
fn the_open_list_plot_is_drawn_only_where_both_plots_have_room() {
    // A tall column: two plots, each half of it less the gap.
    assert_eq!(plot_heights(400.0), (192.0, true));
    assert_eq!(
        plot_heights(2.0 * (TWO_PLOTS_FROM + GAP)),
        (TWO_PLOTS_FROM, true)
    );
    // A short one: the f plot alone, in all of it.
    assert_eq!(
        plot_heights(2.0 * (TWO_PLOTS_FROM + GAP) - 1.0),
        (235.0, false)
    );
    assert_eq!(plot_heights(150.0), (150.0, false));
    assert_eq!(plot_heights(20.0), (60.0, false));
}

#[test]
fn an_axis_name_longer_than_its_axis_gives_way_to_the_short_one() {
    let name = |length| {
        axis_name(
            "f of each pick (f = g + h)".into(),
            170.0,
            "f = g + h",
            length,
        )
    };
    assert_eq!(name(194.0), "f of each pick (f = g + h)");
    assert_eq!(name(193.0), "f = g + h");
    assert_eq!(name(90.0), "f = g + h");
}

#[test]
fn nice_steps_are_one_two_or_five_times_a_power_of_ten() {
    assert_eq!(nice_step(0.3), 1.0);
    assert_eq!(nice_step(1.0), 1.0);
    assert_eq!(nice_step(1.85), 2.0);
    assert_eq!(nice_step(2.5), 5.0);
    assert_eq!(nice_step(6.0), 10.0);
    assert_eq!(nice_step(670.0), 1000.0);
}

#[test]
fn the_step_axis_has_labels_far_enough_apart_on_short_and_long_runs() {
    for (bounds, width) in [
        ((0.5, 6.5), 260.0),
        ((-0.3, 8.4), 210.0),
        ((0.0, 2178.0), 260.0),
    ] {
        let marks = step_marks(bounds, width);
        let points_per_step = f64::from(width) / (bounds.1 - bounds.0);
        let labelled: Vec<f64> = marks
            .iter()
            .filter(|m| m.step_size * points_per_step >= LABEL_GAP)
            .map(|m| m.value)
            .collect();
        assert!(labelled.len() >= 2, "{bounds:?}: labels at {labelled:?}");
        for pair in labelled.windows(2) {
            assert!(
                (pair[1] - pair[0]) * points_per_step >= LABEL_GAP,
                "{pair:?}"
            );
        }
        for m in &marks {
            assert!(
                m.value >= bounds.0 && m.value <= bounds.1,
                "{m:?} off {bounds:?}"
            );
            assert_eq!(m.value.fract(), 0.0, "{m:?}: steps are whole");
            assert_eq!((m.value / m.step_size).fract(), 0.0, "{m:?}");
        }
        let mut values: Vec<f64> = marks.iter().map(|m| m.value).collect();
        values.dedup();
        assert_eq!(values.len(), marks.len(), "each value once");
    }
    // Six steps on 260 points: labels every second step, lines at every step.
    let marks = step_marks((0.5, 6.5), 260.0);
    assert!(marks.iter().any(|m| m.value == 3.0 && m.step_size == 1.0));
    assert!(marks.iter().any(|m| m.value == 4.0 && m.step_size == 2.0));
    assert!(step_marks((3.0, 3.0), 260.0).is_empty());
}

#[test]
fn the_f_axis_says_what_f_is_for_the_algorithm() {
    for (algorithm, f) in [
        (Algorithm::Backtracking, "f = depth"),
        (Algorithm::BreadthFirst, "f = depth"),
        (Algorithm::Dijkstra, "f = g"),
        (Algorithm::Greedy, "f = h"),
        (Algorithm::AStar, "f = g + h"),
    ] {
        assert_eq!(f_axis_label(algorithm), format!("f of each pick ({f})"));
    }
}

#[test]
fn the_value_axis_labels_at_least_three_values() {
    // Plot heights the column gives, over ranges from all-equal f values to large open lists.
    for height in [90.0, 170.0, 300.0] {
        for (low, high) in [
            (11.8, 12.2),
            (0.0, 14.0),
            (-0.5, 3.5),
            (0.0, 1238.0),
            (2.3, 2.4),
        ] {
            let marks = value_marks((low, high), height, 0.0);
            let labelled: Vec<f64> = marks
                .iter()
                .filter(|m| m.value >= low - 1e-9 && m.value <= high + 1e-9)
                .map(|m| m.value)
                .collect();
            assert!(
                labelled.len() >= 3,
                "{low}..{high} at {height}: {labelled:?}"
            );
            // Far enough apart for egui_plot to paint each label.
            let points = marks[0].step_size * f64::from(height) / (high - low);
            assert!(points >= 20.0, "{points} points apart");
        }
    }
}

#[test]
fn open_list_sizes_are_marked_at_whole_numbers_each_labelled_once() {
    // An open list between 4 and 6 states on a tall plot: halves would fit, but a count has none.
    let marks = value_marks((3.9, 6.1), 170.0, 1.0);
    let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
    assert_eq!(values, [4.0, 5.0, 6.0]);
    let range = 3.9..=6.1;
    let labels: Vec<String> = marks.iter().map(|&m| value_label(m, &range)).collect();
    assert_eq!(labels, ["4", "5", "6"]);
}

#[test]
fn fractional_marks_are_labelled_with_their_decimals() {
    let labels: Vec<String> = value_marks((11.4, 12.6), 170.0, 0.0)
        .into_iter()
        .map(|m| value_label(m, &(11.4..=12.6)))
        .collect();
    let unique: std::collections::BTreeSet<&String> = labels.iter().collect();
    assert_eq!(unique.len(), labels.len(), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains('.')), "{labels:?}");
}

#[test]
fn a_count_that_barely_moves_still_gets_three_whole_labels() {
    // Open lists that stay at one size, move by one, start empty, or grow from the start.
    for sizes in [
        vec![5.0],
        vec![4.0, 5.0, 5.0],
        vec![0.0, 1.0],
        vec![],
        vec![1.0, 1238.0],
    ] {
        let (low, high) = count_span(sizes.iter().copied());
        assert!(sizes.iter().all(|&v| low <= v && v <= high), "{sizes:?}");
        for height in [90.0, 170.0] {
            let whole = value_marks((low, high), height, 1.0)
                .iter()
                .filter(|m| m.value >= low && m.value <= high && m.value.fract() == 0.0)
                .count();
            assert!(whole >= 3, "{sizes:?} at {height}: {whole} whole labels");
        }
    }
}
