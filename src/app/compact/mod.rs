//! The layout of a narrow window: a phone in the browser, or the desktop window made narrow.
//! Below [`COMPACT_BELOW`] points of width the projector layout ([`super::layout`]) has no room
//! for its side panels, so the window is one column instead:
//!
//! - a bar with the scenario's title and one Settings button, which swaps the column for the
//!   toolbar and the time-travel bar (scenario, algorithm, heuristic, tie-break, max states,
//!   speed, traces…), each wrapped to the width;
//! - the board, whole, with the pick and why (and the quiz's question, the goal's route) beside
//!   it;
//! - tabs for the tables, the tree, the plot, the lesson and the step log, the chosen one
//!   filling the rest of the height and scrolling by touch;
//! - at the bottom, the step and the outcome over Step, Back, Run and Reset as large buttons,
//!   within reach of a thumb.
//!
//! It draws the same panels as the wide layout and returns the same commands.

mod board;
mod controls;

use crate::app::FrontierApp;
use crate::app::command::Command;
use crate::app::panels::{lesson, plot, steplog, tree};
use crate::app::{notice, window_title};
use eframe::egui::{self, CentralPanel, Panel, RichText, ScrollArea, Ui};

/// Narrower than this (in points, CSS pixels in the browser) the window gets the compact
/// layout: a phone held upright (360–430) or on its side (up to 700 or so on most). The wide
/// layout needs about 900.
pub const COMPACT_BELOW: f32 = 700.0;

/// The board's share of the height, at most (the tabs keep the rest).
const BOARD_SHARE: f32 = 0.36;

/// The height of the tab buttons, and of the Settings button: a finger's width.
const TAB_HEIGHT: f32 = 36.0;

/// Whether the window is narrow enough for the compact layout.
#[must_use]
pub fn wanted(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() < COMPACT_BELOW
}

/// What fills the column under the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Tables,
    Tree,
    Plot,
    Lesson,
    Log,
}

impl Tab {
    const ALL: [Tab; 5] = [Tab::Tables, Tab::Tree, Tab::Plot, Tab::Lesson, Tab::Log];

    fn label(self) -> &'static str {
        match self {
            Tab::Tables => "Tables",
            Tab::Tree => "Tree",
            Tab::Plot => "Plot",
            Tab::Lesson => "Lesson",
            Tab::Log => "Log",
        }
    }

    fn tip(self) -> &'static str {
        match self {
            Tab::Tables => "The open list and the closed list",
            Tab::Tree => "The search tree: every stored state under its parent",
            Tab::Plot => "f of each pick and the open list's size, step by step",
            Tab::Lesson => "The scenario's notes and what to watch",
            Tab::Log => "What each step did",
        }
    }
}

/// The compact layout's own state (not remembered between runs).
#[derive(Debug, Default)]
pub struct Compact {
    tab: Tab,
    /// The settings sheet replaces the column.
    settings: bool,
}

impl FrontierApp {
    /// Draws the compact layout; returns the commands its widgets gave.
    pub(super) fn compact_panels(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        commands.extend(self.notices.panel(ui));
        Panel::top("compact_bar").show(ui, |ui| self.compact_bar(ui));
        if self.compact.settings {
            CentralPanel::default().show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("compact_settings")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        commands.extend(self.toolbar(ui));
                        ui.separator();
                        commands.extend(self.travel_bar(ui));
                    });
            });
        } else {
            Panel::bottom("compact_controls").show(ui, |ui| {
                commands.extend(self.compact_controls(ui));
            });
            let height = ui.available_height() * BOARD_SHARE;
            Panel::top("compact_board")
                .exact_size(height)
                .resizable(false)
                .show(ui, |ui| commands.extend(self.compact_board(ui)));
            Panel::top("compact_tabs").show(ui, |ui| self.compact_tabs(ui));
            CentralPanel::default().show(ui, |ui| {
                commands.extend(notice::error_line(ui, self.error.as_deref()));
                commands.extend(self.compact_tab(ui));
            });
        }
        let ctx = ui.ctx().clone();
        self.travel_windows(&ctx);
        if let Some(ask) = &self.asking {
            commands.extend(crate::app::panels::ask::show(&ctx, ask));
        }
        commands
    }

    /// The top bar: the scenario's title, and Settings (Done while the settings show).
    fn compact_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = if self.compact.settings {
                "Done"
            } else {
                "Settings"
            };
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let button = egui::Button::new(RichText::new(label).strong())
                    .min_size(egui::vec2(0.0, TAB_HEIGHT));
                if ui
                    .add(button)
                    .on_hover_text("Scenario, algorithm, heuristic, tie-break, speed, traces")
                    .clicked()
                {
                    self.compact.settings = !self.compact.settings;
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    let title = window_title(&self.scenario);
                    ui.add(egui::Label::new(RichText::new(title).strong()).truncate());
                });
            });
        });
    }

    /// One button a tab, sharing the width.
    fn compact_tabs(&mut self, ui: &mut Ui) {
        let gap = ui.spacing().item_spacing.x;
        #[expect(clippy::cast_precision_loss, reason = "a handful of tabs")]
        let count = Tab::ALL.len() as f32;
        let width = ((ui.available_width() - gap * (count - 1.0)) / count).max(0.0);
        ui.horizontal(|ui| {
            for tab in Tab::ALL {
                let button = egui::Button::selectable(self.compact.tab == tab, tab.label())
                    .min_size(egui::vec2(width, TAB_HEIGHT));
                if ui.add(button).on_hover_text(tab.tip()).clicked() {
                    self.compact.tab = tab;
                }
            }
        });
    }

    /// The chosen tab, filling the rest of the column.
    fn compact_tab(&mut self, ui: &mut Ui) -> Vec<Command> {
        match self.compact.tab {
            Tab::Tables => self.tables(ui),
            Tab::Tree => {
                let input = tree::TreeInput {
                    search: self.timeline.view(),
                    selected: self.selected,
                    generation: self.generation,
                };
                self.tree.show(ui, &input)
            }
            Tab::Plot => plot::show(ui, &self.history, self.timeline.view())
                .into_iter()
                .collect(),
            Tab::Lesson => {
                ScrollArea::vertical()
                    .id_salt("compact_lesson")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        lesson::contents(ui, &mut self.lesson, &self.scenario, &self.overrides)
                    })
                    .inner
            }
            Tab::Log => {
                steplog::show(ui, &mut self.log);
                Vec::new()
            }
        }
    }
}
