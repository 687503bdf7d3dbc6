//! Small input widgets shared by the bars and menus: number fields that read as fields (not as
//! buttons), and menus that stay open while their fields are edited.

use eframe::egui;
use egui::{DragValue, Response, TextEdit, Ui, emath::Numeric};
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// A number field with its `label` written beside it (see [`like_fields`]).
pub fn number<T: Numeric>(
    ui: &mut Ui,
    label: &str,
    value: &mut T,
    range: RangeInclusive<T>,
) -> Response {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        like_fields(ui, |ui| {
            ui.add(DragValue::new(value).range(range))
                .labelled_by(label.id)
                .on_hover_text("drag, or click and type a number")
        })
    })
    .inner
}

/// A one-line field for a file's path (`hint` shows while it is empty): the field, and the path
/// typed, trimmed (`None` while there is none, so the buttons that need one can be greyed).
pub fn path(ui: &mut Ui, text: &mut String, hint: &str) -> (Response, Option<PathBuf>) {
    let field = ui.add(
        TextEdit::singleline(text)
            .desired_width(220.0)
            .hint_text(hint),
    );
    let typed = text.trim();
    (field, (!typed.is_empty()).then(|| PathBuf::from(typed)))
}

/// Adds widgets whose number boxes (a `DragValue`, a slider's value) read as fields: egui
/// draws them like buttons, so here they get the sunken fill of a text field, and nobody
/// clicks one expecting an action.
pub fn like_fields<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    ui.scope(|ui| {
        let visuals = ui.visuals_mut();
        let well = visuals.text_edit_bg_color();
        for state in [
            &mut visuals.widgets.inactive,
            &mut visuals.widgets.hovered,
            &mut visuals.widgets.active,
        ] {
            state.weak_bg_fill = well;
        }
        add(ui)
    })
    .inner
}

/// A menu button whose menu stays open while its check boxes and fields are used: a click
/// outside it, or a button inside it that calls `ui.close()`, closes it.
pub fn form_menu<R>(ui: &mut Ui, label: &str, content: impl FnOnce(&mut Ui) -> R) -> Option<R> {
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    egui::containers::menu::MenuButton::new(label)
        .config(config)
        .ui(ui, content)
        .1
        .map(|inner| inner.inner)
}
