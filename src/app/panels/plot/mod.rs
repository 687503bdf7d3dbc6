//! The plot: the f of each expanded state against the step (one expansion per step), with the
//! current step marked, and the open-list size below on the same x axis where there is room
//! for both. Hovering names the state; clicking selects it.

use crate::app::boards::palette::{CURRENT, OPEN};
use crate::app::command::Command;
use crate::engine::notebook::NodeId;
use crate::engine::settings::Algorithm;
use crate::present::ShownSearch;
use eframe::egui;
use egui::{Color32, Id, Ui};
use egui_plot::{
    GridInput, GridMark, HoverPosition, Line, MarkerShape, Plot, PlotPoints, Points, VLine,
};

/// Most points drawn per series; longer histories are thinned evenly.
const MAX_POINTS: usize = 1500;

/// What one step picked.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    step: u64,
    f: f64,
    id: NodeId,
    open: u64,
}

/// Every step's pick, kept by the app as it steps (the engine keeps only ids).
#[derive(Debug, Default)]
pub struct History {
    samples: Vec<Sample>,
}

impl History {
    pub fn clear(&mut self) {
        self.samples.clear();
    }

    /// Records the session's last step, if it picked something.
    pub fn record(&mut self, session: &dyn ShownSearch) {
        self.forget_after(session.steps().saturating_sub(1));
        let event = session.last_event();
        if let Some(pick) = &event.pick {
            self.samples.push(Sample {
                step: event.step,
                f: pick.f.as_f64(),
                id: pick.id,
                open: session.counts().open,
            });
        }
    }

    /// Forgets the samples of steps after `steps` (the search went back in time).
    pub fn forget_after(&mut self, steps: u64) {
        while self.samples.last().is_some_and(|s| s.step > steps) {
            self.samples.pop();
        }
    }

    /// Every `stride`-th sample (and the last), so at most about [`MAX_POINTS`] are drawn.
    fn thinned(&self) -> Vec<&Sample> {
        let stride = self.samples.len().div_ceil(MAX_POINTS).max(1);
        let mut picked: Vec<&Sample> = self.samples.iter().step_by(stride).collect();
        if let Some(last) = self.samples.last()
            && picked.last().is_none_or(|p| p.step != last.step)
        {
            picked.push(last);
        }
        picked
    }

    /// The sample nearest to step `x`.
    fn nearest(&self, x: f64) -> Option<&Sample> {
        let at = self.samples.partition_point(|s| (s.step as f64) < x);
        [at.checked_sub(1), Some(at)]
            .into_iter()
            .flatten()
            .filter_map(|i| self.samples.get(i))
            .min_by(|a, b| {
                (a.step as f64 - x)
                    .abs()
                    .total_cmp(&(b.step as f64 - x).abs())
            })
    }
}

/// The f axis's name, saying what f is for `algorithm` (depth, g, h, g + h…).
fn f_axis_label(algorithm: Algorithm) -> String {
    format!("f of each pick ({})", algorithm.priority_formula())
}

/// The shortest plot drawn with the open-list plot below it: with less room (a short screen,
/// the step log dragged up), the f plot takes all of it alone, since two plots each too short
/// for their axis labels and ticks help nobody (the open size is in the status line too).
const TWO_PLOTS_FROM: f32 = 110.0;

/// The gap between the two plots.
const GAP: f32 = 8.0;

/// How `room` points of height are shared: the height of each plot, and whether the open-list
/// plot is drawn below the f plot.
fn plot_heights(room: f32) -> (f32, bool) {
    let half = room / 2.0 - GAP;
    if half >= TWO_PLOTS_FROM {
        (half, true)
    } else {
        (room.max(60.0), false)
    }
}

/// An axis's name as it fits along an axis `length` points long: `long` when its text
/// (`long_width` points wide) fits with room for the ends of the axis, else `short`. The name
/// is drawn turned along the y axis; longer than the plot, it ran into the plot below.
fn axis_name(long: String, long_width: f32, short: &str, length: f32) -> String {
    if long_width + 24.0 <= length {
        long
    } else {
        short.to_owned()
    }
}

/// [`axis_name`] with `long`'s width measured in the font the plot writes it in.
fn fitting_axis_name(ui: &Ui, long: String, short: &str, length: f32) -> String {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = ui
        .painter()
        .layout_no_wrap(long.clone(), font, Color32::WHITE)
        .size()
        .x;
    axis_name(long, width, short, length)
}

/// How far apart the step axis's labels are, at least, in points: egui_plot paints a tick label
/// only from 60 points apart, fully from 80.
const LABEL_GAP: f64 = 80.0;

/// The smallest of 1, 2 and 5 times a power of ten that is at least `at_least` (and at least 1:
/// steps are whole).
fn nice_step(at_least: f64) -> f64 {
    let at_least = at_least.max(1.0);
    let power = 10f64.powf(at_least.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= at_least)
        .unwrap_or(10.0 * power)
}

/// The step axis's grid over `bounds`, on a plot `width` points wide: labelled lines at whole
/// steps of 1, 2 or 5 times a power of ten, [`LABEL_GAP`] points apart or more, with finer
/// unlabelled lines between where whole steps allow and thicker ones every ten labels.
/// egui_plot's own grid steps by powers of ten only, so a run of under ten steps (the Romania
/// map's six, a Sokoban level's eight) had lines at every step, too close for labels, and its
/// next labels, 0 and 10, off the plot: no step numbers at all.
fn step_marks(bounds: (f64, f64), width: f32) -> Vec<GridMark> {
    let (low, high) = bounds;
    if high.partial_cmp(&low) != Some(std::cmp::Ordering::Greater) || width <= 0.0 {
        return Vec::new();
    }
    let labelled = nice_step(LABEL_GAP * (high - low) / f64::from(width));
    let finer = [5.0, 2.0]
        .into_iter()
        .map(|parts| labelled / parts)
        .find(|&step| step >= 1.0 && step.fract() == 0.0);
    let steps: Vec<f64> = finer
        .into_iter()
        .chain([labelled, 10.0 * labelled])
        .collect();
    let finest = steps[0];
    let (first, last) = ((low / finest).ceil() as i64, (high / finest).floor() as i64);
    (first..=last)
        .map(|k| {
            let value = k as f64 * finest;
            // Marked once, by the largest step it is a multiple of.
            let step_size = steps
                .iter()
                .rev()
                .copied()
                .find(|step| (value / step).fract() == 0.0)
                .unwrap_or(finest);
            GridMark { value, step_size }
        })
        .collect()
}

/// How far apart the value axis's labels are, at least, in points: egui_plot paints a y tick
/// label from 20 points apart, fully from 30.
const Y_LABEL_GAP: f64 = 30.0;

/// The value axis's grid over `bounds`, on a plot `height` points tall: at least three labelled
/// lines where the height allows, at 1, 2 or 5 times a power of ten (fractions too, since f
/// and costs need not be whole). egui_plot's own grid steps by powers of ten, so a plot whose
/// values sit close together (every f = 12) showed a single number on its axis. `least`: the
/// finest step allowed (1 for counts, which have no halves; 0 for values that may be fractions).
fn value_marks(bounds: (f64, f64), height: f32, least: f64) -> Vec<GridMark> {
    let (low, high) = bounds;
    if high.partial_cmp(&low) != Some(std::cmp::Ordering::Greater) || height <= 0.0 {
        return Vec::new();
    }
    let per_point = (high - low) / f64::from(height);
    let count =
        |step: f64| ((high / step + 1e-9).floor() - (low / step - 1e-9).ceil() + 1.0).max(0.0);
    // The smallest nice step at least Y_LABEL_GAP apart, then finer while fewer than three
    // fit, as long as labels stay at least 20 points apart (egui_plot's least).
    let mut step = nice_at_least((Y_LABEL_GAP * per_point).max(least));
    while count(step) < 3.0 {
        let finer = nice_below(step);
        if finer / per_point < 20.0 || finer < least {
            break;
        }
        step = finer;
    }
    let first = (low / step - 1e-9).ceil() as i64;
    let last = (high / step + 1e-9).floor() as i64;
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step,
            step_size: step,
        })
        .collect()
}

/// The span a plot of counts shows: one more than the values on each side, so its axis has at
/// least three whole numbers to label even when the count barely moves (marks between whole
/// numbers would mean half a state).
fn count_span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), v| {
        (low.min(v), high.max(v))
    });
    if low > high {
        return (0.0, 2.0);
    }
    ((low - 1.0).max(0.0), (high + 1.0).max(2.0))
}

/// A value axis label with as many decimals as its step needs, so marks half a unit apart read
/// "5.5" and "6" (egui_plot's own labels round the step's decimals, and showed "6" twice).
fn value_label(mark: GridMark, _: &std::ops::RangeInclusive<f64>) -> String {
    let decimals = (-mark.step_size.log10() - 1e-9).ceil().max(0.0) as usize;
    format!("{:.decimals$}", mark.value)
}

/// The smallest of 1, 2 and 5 times a power of ten (any power) that is at least `at_least`.
fn nice_at_least(at_least: f64) -> f64 {
    let power = 10f64.powf(at_least.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= at_least * (1.0 - 1e-9))
        .unwrap_or(10.0 * power)
}

/// The next nice step below `step` (5 → 2 → 1 → 0.5).
fn nice_below(step: f64) -> f64 {
    let power = 10f64.powf(step.log10().floor());
    let leading = (step / power).round();
    if leading >= 5.0 {
        2.0 * power
    } else if leading >= 2.0 {
        power
    } else {
        0.5 * power
    }
}

/// Draws the plots ([`plot_heights`]); a click selects the state picked nearest the pointer's
/// step.
#[expect(clippy::cast_precision_loss, reason = "plot coordinates")]
pub fn show(ui: &mut Ui, history: &History, session: &dyn ShownSearch) -> Option<Command> {
    let thinned = history.thinned();
    let current = session.steps() as f64;
    let link = Id::unique("frontier_plot_x");
    let f_points: Vec<[f64; 2]> = thinned.iter().map(|s| [s.step as f64, s.f]).collect();
    let name_of = |position: &HoverPosition<'_>| match position {
        HoverPosition::NearDataPoint { position, .. } => history.nearest(position.x).map(|s| {
            format!(
                "step {}: #{} {}\nf {}, open {}",
                s.step,
                s.id,
                session.state_text(s.id),
                s.f,
                s.open
            )
        }),
        HoverPosition::Elsewhere { .. } => None,
    };
    let (height, both) = plot_heights(ui.available_height());
    let algorithm = session.settings().algorithm;
    let f_name = fitting_axis_name(
        ui,
        f_axis_label(algorithm),
        algorithm.priority_formula(),
        height,
    );
    // The plot's own width less its y axis, as the step axis's grid is laid out for.
    let axis_width = ui.available_width() - 50.0;
    let response = Plot::new("f_plot")
        .height(height)
        .link_axis(link, [true, false])
        .x_grid_spacer(move |input: GridInput| step_marks(input.bounds, axis_width))
        .x_axis_label("step")
        .y_grid_spacer(move |input: GridInput| value_marks(input.bounds, height - 20.0, 0.0))
        .y_axis_formatter(value_label)
        .y_axis_label(f_name)
        .allow_scroll(false)
        .label_formatter(name_of)
        .show(ui, |plot| {
            plot.points(
                Points::new("f", PlotPoints::from(f_points.clone()))
                    .shape(MarkerShape::Circle)
                    .radius(2.5)
                    .color(Color32::from_rgb(0x40, 0x90, 0xe0)),
            );
            plot.vline(VLine::new("current step", current).color(CURRENT));
            plot.pointer_coordinate()
        });
    let mut command = None;
    if response.response.clicked()
        && let Some(at) = response.inner
        && let Some(sample) = history.nearest(at.x)
    {
        command = Some(Command::Select(Some(sample.id)));
    }
    if both {
        let open_points: Vec<[f64; 2]> = thinned
            .iter()
            .map(|s| [s.step as f64, s.open as f64])
            .collect();
        let open_name = fitting_axis_name(ui, "open list size".into(), "open", height);
        let (low, high) = count_span(open_points.iter().map(|p| p[1]));
        Plot::new("open_plot")
            .height(height)
            .include_y(low)
            .include_y(high)
            .link_axis(link, [true, false])
            .x_grid_spacer(move |input: GridInput| step_marks(input.bounds, axis_width))
            .y_grid_spacer(move |input: GridInput| value_marks(input.bounds, height - 20.0, 1.0))
            .y_axis_formatter(value_label)
            .y_axis_label(open_name)
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.line(Line::new("open", PlotPoints::from(open_points)).color(OPEN));
                plot.vline(VLine::new("current step", current).color(CURRENT));
            });
    }
    command
}

#[cfg(test)]
mod tests;
