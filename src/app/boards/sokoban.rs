//! The Sokoban board: walls, floor, goals, boxes (on a goal in another colour), the player and
//! the dead squares. Once a goal is accepted (and no row is selected) the board becomes a route
//! player: ◀ ▶ and a slider walk through the solution move by move, the player's walk included
//! (frames from the domain's [`Route`]).

use crate::app::boards::input::BoardInput;
use crate::app::boards::legend::{self, Swatch};
use crate::app::command::Command;
use crate::app::words::counted;
use crate::domains::sokoban::SokobanView;
use crate::domains::sokoban::route::{Frame, Route, RouteError};
use crate::present::{BoardView, ShownSearch};
use eframe::egui;
use egui::{Color32, Rect, Sense, Slider, Stroke, Ui, Vec2, pos2, vec2};

const WALL: Color32 = Color32::from_rgb(0x5a, 0x4c, 0x40);
const FLOOR: Color32 = Color32::from_rgb(0xdc, 0xd4, 0xc4);
const DEAD: Color32 = Color32::from_rgb(0xc0, 0x50, 0x48);
const GOAL: Color32 = Color32::from_rgb(0xd8, 0x9c, 0x20);
const BOX: Color32 = Color32::from_rgb(0xa8, 0x70, 0x38);
const BOX_ON_GOAL: Color32 = Color32::from_rgb(0x38, 0x9c, 0x50);
const PLAYER: Color32 = Color32::from_rgb(0x28, 0x58, 0xd0);
const INK: Color32 = Color32::from_rgb(0x30, 0x28, 0x20);

/// How long "Copied" shows after the solution was copied, in seconds.
const COPIED_FOR: f64 = 2.0;

/// The played route of one search: its frames (or why it cannot be played), the frame shown,
/// the whole solution in LURD and when it was last copied (the app's clock, in seconds).
#[derive(Clone)]
struct Player {
    generation: u64,
    frames: Result<Vec<Frame>, RouteError>,
    at: usize,
    lurd: Option<String>,
    copied_at: Option<f64>,
}

/// Draws a Sokoban level, or the route player once the search has accepted a goal.
pub fn show(ui: &mut Ui, view: &SokobanView, input: &BoardInput<'_>) -> Option<Command> {
    let solved = input
        .session
        .filter(|_| input.selected.is_none())
        .and_then(|s| s.solution().map(|route| (s, route)));
    let Some((session, route)) = solved else {
        board(ui, view, None);
        show_legend(ui);
        return None;
    };
    let id = input.id.with("sokoban_route");
    let mut player = ui
        .data(|d| d.get_temp::<Player>(id))
        .filter(|p| p.generation == input.generation)
        .unwrap_or_else(|| Player {
            generation: input.generation,
            frames: frames(session, &route),
            at: 0,
            lurd: session.played(&route).map(|p| p.lurd),
            copied_at: None,
        });
    match &player.frames {
        Ok(frames) => {
            let last = frames.len() - 1;
            ui.horizontal(|ui| {
                ui.strong("Route player");
                if ui.button("◀").on_hover_text("One move back").clicked() {
                    player.at = player.at.saturating_sub(1);
                }
                if ui.button("▶").on_hover_text("One move on").clicked() {
                    player.at = (player.at + 1).min(last);
                }
                ui.add(Slider::new(&mut player.at, 0..=last).text("move"));
            });
            let frame = &frames[player.at];
            let pushes = frames[last].pushes;
            ui.label(cost_words(session, &route, (last, pushes)));
            ui.label(format!(
                "Move {} of {last} · push {} of {pushes}",
                player.at, frame.pushes
            ));
            let played: String = frames[1..=player.at]
                .iter()
                .filter_map(|f| f.letter)
                .collect();
            ui.monospace(if played.is_empty() {
                "(the start)".to_string()
            } else {
                played
            });
            copy_button(ui, player.lurd.as_deref(), &mut player.copied_at);
            board(ui, view, Some(frame));
        }
        Err(why) => {
            ui.label(format!("The route cannot be played: {why}"));
            board(ui, view, None);
        }
    }
    show_legend(ui);
    ui.data_mut(|d| d.insert_temp(id, player));
    None
}

/// "Copy solution": puts the whole solution in LURD on the clipboard, then says "Copied" for a
/// moment, so a player can paste it into another Sokoban program.
fn copy_button(ui: &mut Ui, lurd: Option<&str>, copied_at: &mut Option<f64>) {
    let Some(lurd) = lurd else {
        return;
    };
    let now = ui.input(|i| i.time);
    ui.horizontal(|ui| {
        if ui
            .button("Copy solution")
            .on_hover_text("Copy the whole solution in LURD (lowercase walks, uppercase pushes)")
            .clicked()
        {
            ui.ctx().copy_text(lurd.to_string());
            *copied_at = Some(now);
        }
        match copied_at.map(|t| now - t) {
            Some(ago) if ago < COPIED_FOR => {
                ui.label("Copied");
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(COPIED_FOR - ago));
            }
            _ => *copied_at = None,
        }
    });
}

/// The route's length in moves and pushes and what its cost counts: moves (each move costs 1)
/// or pushes (walking is free), whichever the cost equals.
fn cost_words(session: &dyn ShownSearch, route: &[u32], (moves, pushes): (usize, usize)) -> String {
    let g = route.last().map(|&goal| session.row(goal).g);
    let whole = g.and_then(crate::engine::cost::Cost::as_whole);
    let unit = if whole == i64::try_from(moves).ok() {
        ": each move costs 1"
    } else if whole == i64::try_from(pushes).ok() {
        ": each push costs 1, walking is free"
    } else {
        ""
    };
    format!(
        "{}, {} · cost {}{unit}",
        counted(moves as u64, "move"),
        counted(pushes as u64, "push"),
        g.map(|g| g.to_string()).unwrap_or_default()
    )
}

/// The frames of the accepted route, from the boards of its states.
fn frames(session: &dyn ShownSearch, route: &[u32]) -> Result<Vec<Frame>, RouteError> {
    let boards: Vec<BoardView> = route.iter().map(|&id| session.board(id)).collect();
    Route::through(&boards).map(|r| r.frames())
}

/// Draws the level; `frame` (a step of the route player) replaces the view's boxes and player.
#[expect(clippy::cast_precision_loss, reason = "levels are small")]
fn board(ui: &mut Ui, view: &SokobanView, frame: Option<&Frame>) {
    let SokobanView {
        width,
        height,
        walls,
        goals,
        boxes,
        player,
        dead,
        ..
    } = view;
    let (w, h) = (*width, *height);
    if w == 0 || h == 0 || walls.len() != w * h {
        ui.weak("(no level to draw)");
        return;
    }
    let (boxes, player) = frame.map_or((boxes.as_slice(), *player), |f| (&f.boxes, f.player));
    // The level fits the room left below as well as the width, so its bottom row is not cut.
    let room = ui
        .available_width()
        .min(ui.available_height().max(10.0 * h as f32) * w as f32 / h as f32);
    let side = (room / w as f32).clamp(10.0, 40.0);
    let (rect, response) =
        ui.allocate_exact_size(vec2(side * w as f32, side * h as f32), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "sokoban level"));
    let painter = ui.painter_at(rect);
    let cell_rect = |c: usize| {
        Rect::from_min_size(
            rect.min + vec2((c % w) as f32 * side, (c / w) as f32 * side),
            Vec2::splat(side),
        )
    };
    // A blocked cell is drawn as wall only beside floor, so the outside of the level stays empty.
    let beside_floor = |c: usize| {
        let (x, y) = ((c % w) as isize, (c / w) as isize);
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                let (nx, ny) = (x + dx, y + dy);
                nx >= 0
                    && ny >= 0
                    && (nx as usize) < w
                    && (ny as usize) < h
                    && !walls[ny as usize * w + nx as usize]
            })
        })
    };
    for (c, &wall) in walls.iter().enumerate() {
        let r = cell_rect(c);
        if wall {
            if beside_floor(c) {
                painter.rect_filled(r.shrink(0.5), 2.0, WALL);
            }
            continue;
        }
        painter.rect_filled(r, 0.0, FLOOR);
        if dead.contains(&c) {
            let r = r.shrink(side * 0.3);
            let stroke = Stroke::new(1.5, DEAD);
            painter.line_segment([r.left_top(), r.right_bottom()], stroke);
            painter.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
        if goals.contains(&c) {
            painter.circle_filled(r.center(), side * 0.22, GOAL);
        }
    }
    for &b in boxes {
        let fill = if goals.contains(&b) { BOX_ON_GOAL } else { BOX };
        painter.rect(
            cell_rect(b).shrink(side * 0.1),
            3.0,
            fill,
            Stroke::new(1.5, INK),
            egui::StrokeKind::Inside,
        );
    }
    let p = cell_rect(player).center();
    painter.circle(p, side * 0.32, PLAYER, Stroke::new(1.5, INK));
    painter.circle_filled(pos2(p.x, p.y - side * 0.08), side * 0.08, Color32::WHITE);
}

/// The colours' meanings, in one line.
fn show_legend(ui: &mut Ui) {
    legend::show(
        ui,
        [
            (Swatch::Disc(PLAYER), "player"),
            (Swatch::Square(BOX), "box"),
            (Swatch::Square(BOX_ON_GOAL), "box on goal"),
            (Swatch::Disc(GOAL), "goal"),
            (Swatch::Cross(DEAD), "dead square"),
            (Swatch::Square(WALL), "wall"),
        ],
    );
}
