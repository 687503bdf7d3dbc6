//! Zoom, pan and Fit for the map boards (grids and graphs): one piece of code for both. Each
//! board view keeps its own camera in egui's memory; a camera opens fitted (the whole map in
//! its panel) and fits again when the map it shows changes, but keeps the teacher's zoom when
//! a search restarts on the same map.

use eframe::egui;
use egui::{Id, Pos2, Rect, Response, Ui, Vec2, vec2};

/// The most a view zooms in and out, relative to Fit.
const ZOOM: (f32, f32) = (0.5, 256.0);

/// Where a map's own coordinates land in the view: `screen = origin + map × scale`.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub origin: Pos2,
    /// Points per map unit on each axis.
    pub scale: Vec2,
}

impl Placement {
    /// The screen point of map point `p`.
    pub fn screen(&self, p: Vec2) -> Pos2 {
        self.origin + p * self.scale
    }

    /// The map point under screen point `p`.
    pub fn map(&self, p: Pos2) -> Vec2 {
        (p - self.origin) / self.scale
    }
}

/// Zoom (1 = Fit) and the map point at the view's centre, for the map it was made for.
#[derive(Clone, Copy, Debug)]
pub struct Camera {
    zoom: f32,
    centre: Vec2,
    map: u64,
    /// The most this view zooms in ([`ZOOM`]'s unless [`Camera::zoom_up_to`] raised it).
    most: f32,
}

impl Camera {
    /// The camera kept at `id`, or a fitted one when none is kept or it was for another map
    /// (`map` identifies the map; `size` is its extent in map units).
    pub fn load(ui: &Ui, id: Id, map: u64, size: Vec2) -> Camera {
        ui.data(|d| d.get_temp::<Camera>(id))
            .filter(|c| c.map == map)
            .unwrap_or_else(|| Camera::fitted(map, size))
    }

    fn fitted(map: u64, size: Vec2) -> Camera {
        Camera {
            zoom: 1.0,
            centre: size / 2.0,
            map,
            most: ZOOM.1,
        }
    }

    /// Keeps the camera at `id` for the next frame.
    pub fn store(self, ui: &Ui, id: Id) {
        ui.data_mut(|d| d.insert_temp(id, self));
    }

    /// The zoom relative to Fit (1 = the whole map fits).
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// Lets the view zoom in up to `most` times Fit: a tree thousands of nodes wide needs far
    /// more than a map to show one node's words.
    pub fn zoom_up_to(&mut self, most: f32) {
        self.most = most.max(ZOOM.1);
    }

    /// Centres the view on map point `p` (a tree view following the pick).
    pub fn look_at(&mut self, p: Vec2) {
        self.centre = p;
    }

    /// Keeps the points per map unit when the Fit scale changes from `old` to `new` (a growing
    /// tree), unless the view is fitted: then it stays fitted to the map's new extent `size`.
    pub fn keep_scale(&mut self, old: f32, new: f32, size: Vec2) {
        if (self.zoom - 1.0).abs() > f32::EPSILON && new > 0.0 {
            self.zoom = (self.zoom * old / new).clamp(ZOOM.0, self.most);
        } else {
            self.centre = size / 2.0;
        }
    }

    /// The "+", "−" and "Fit" buttons, on the current line.
    pub fn buttons(&mut self, ui: &mut Ui, size: Vec2) {
        if ui.small_button("+").on_hover_text("Zoom in").clicked() {
            self.zoom = (self.zoom * 1.5).min(self.most);
        }
        if ui.small_button("−").on_hover_text("Zoom out").clicked() {
            self.zoom = (self.zoom / 1.5).max(ZOOM.0);
        }
        if ui
            .small_button("Fit")
            .on_hover_text("Show the whole map")
            .clicked()
        {
            *self = Camera::fitted(self.map, size);
        }
    }

    /// Scrolling over `response` zooms about the pointer; a drag pans when `pans`. `fit` is
    /// the points per map unit that show the whole map (of extent `size`) in `rect`.
    /// Returns where the map lands this frame.
    pub fn navigate(
        &mut self,
        ui: &Ui,
        response: &Response,
        rect: Rect,
        (size, fit): (Vec2, Vec2),
        pans: bool,
    ) -> Placement {
        if self.centre.x > size.x || self.centre.y > size.y {
            self.centre = size / 2.0;
        }
        if let Some(pointer) = response.hover_pos() {
            let scroll = ui.input_mut(|i| std::mem::take(&mut i.smooth_scroll_delta).y);
            if scroll != 0.0 {
                let under = self.placement(rect, fit).map(pointer);
                self.zoom = (self.zoom * (scroll * 0.004).exp()).clamp(ZOOM.0, self.most);
                self.centre = under - (pointer - rect.center()) / (fit * self.zoom);
            }
        }
        if pans {
            self.centre -= response.drag_delta() / (fit * self.zoom);
        }
        self.placement(rect, fit)
    }

    fn placement(&self, rect: Rect, fit: Vec2) -> Placement {
        let scale = fit * self.zoom;
        Placement {
            origin: rect.center() - self.centre * scale,
            scale,
        }
    }
}

/// The points per map unit that fit a map of extent `size` into `rect`: the same on both
/// axes when `uniform` (cells stay square), else each axis stretched to fill. A flat axis
/// (extent 0) takes the other's scale.
pub fn fit(size: Vec2, rect: Rect, uniform: bool) -> Vec2 {
    let per = |extent: f32, room: f32| (extent > 0.0).then(|| room / extent);
    match (per(size.x, rect.width()), per(size.y, rect.height())) {
        (Some(x), Some(y)) if uniform => Vec2::splat(x.min(y)),
        (Some(x), Some(y)) => vec2(x, y),
        (Some(s), None) | (None, Some(s)) => Vec2::splat(s),
        (None, None) => Vec2::splat(1.0),
    }
}
