//! The "Run until" menu: breakpoints ([`Breakpoint`]) chosen with check boxes and values; the
//! app watches them while running ([`crate::engine::breakpoint::Watches`]) and stops on the
//! first one hit.

use crate::app::fields;
use crate::engine::breakpoint::Breakpoint;
use eframe::egui;
use egui::Ui;

/// The menu's choices.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakpointForm {
    pub goal: bool,
    pub f_rises: bool,
    pub state: Option<String>,
    pub reopened: bool,
    pub tie: Option<u32>,
    pub open_above: Option<u64>,
    pub step: Option<u64>,
}

impl Default for BreakpointForm {
    fn default() -> Self {
        BreakpointForm {
            goal: true,
            f_rises: false,
            state: None,
            reopened: false,
            tie: None,
            open_above: None,
            step: None,
        }
    }
}

impl BreakpointForm {
    /// The breakpoints chosen, in the menu's order.
    #[must_use]
    pub fn list(&self) -> Vec<Breakpoint> {
        let mut list = Vec::new();
        if self.goal {
            list.push(Breakpoint::Goal);
        }
        if self.f_rises {
            list.push(Breakpoint::FRises);
        }
        if let Some(text) = self.state.as_ref().filter(|t| !t.trim().is_empty()) {
            list.push(Breakpoint::State(text.trim().to_string()));
        }
        if self.reopened {
            list.push(Breakpoint::Reopened);
        }
        list.extend(self.tie.map(Breakpoint::TieAtLeast));
        list.extend(self.open_above.map(Breakpoint::OpenAbove));
        list.extend(self.step.map(Breakpoint::Step));
        list
    }
}

/// A check box that switches an optional value on (with `default`) and edits it in a number
/// field named `name`.
fn optional<T: egui::emath::Numeric>(
    ui: &mut Ui,
    value: &mut Option<T>,
    label: &str,
    name: &str,
    default: T,
) {
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, label);
        if check.changed() {
            *value = on.then_some(default);
        }
        if let Some(v) = value {
            fields::number(ui, name, v, T::from_f64(1.0)..=T::from_f64(1e12));
        }
    });
}

/// Draws the "Run until" menu; returns whether "Run until" was clicked.
pub fn menu(ui: &mut Ui, form: &mut BreakpointForm, can_run: bool) -> bool {
    let mut run = false;
    // Ticking a box must not close the menu; a click outside or "Run" does.
    fields::form_menu(ui, "Run until", |ui| {
        ui.checkbox(&mut form.goal, "the goal is accepted");
        ui.checkbox(&mut form.f_rises, "f rises (the next f-layer)");
        ui.horizontal(|ui| {
            let mut on = form.state.is_some();
            if ui.checkbox(&mut on, "state stored or picked:").changed() {
                form.state = on.then(String::new);
            }
            if let Some(text) = &mut form.state {
                ui.add(
                    egui::TextEdit::singleline(text)
                        .desired_width(120.0)
                        .hint_text("state text"),
                );
            }
        });
        ui.checkbox(&mut form.reopened, "a state is reopened");
        optional(ui, &mut form.tie, "a tie of at least", "k =", 2);
        optional(ui, &mut form.open_above, "open passes", "N =", 100);
        optional(ui, &mut form.step, "step number", "step", 10);
        ui.separator();
        let list = form.list();
        let words: Vec<String> = list.iter().map(ToString::to_string).collect();
        ui.weak(format!(
            "stops at: {}",
            if words.is_empty() {
                "the end".into()
            } else {
                words.join(", ")
            }
        ));
        if ui
            .add_enabled(can_run, egui::Button::new("Run to breakpoint"))
            .clicked()
        {
            run = true;
            ui.close();
        }
    });
    run
}
