//! The canvas's drawing buffer kept at the page's size in device pixels.
//!
//! eframe sizes the buffer from the browser's `devicePixelContentBoxSize` and then divides it by
//! the device pixel ratio to get egui's points. The two numbers come from different places, and
//! an emulated phone (Chromium's device emulation: DevTools' device mode, headless tests) reports
//! the box in CSS pixels while the ratio says 3. egui then believes the page is a third of its
//! width, draws a third of the app three times too large and maps every touch to the wrong
//! place. Where the buffer and the page disagree by more than rounding, the buffer is set to the
//! page's size times the ratio (what a real phone reports), and egui is told the page's size in
//! points. Where they agree, as on real screens, nothing changes.

use eframe::egui;

/// Sets the buffer of `canvas` to its size on the page times the device pixel ratio when the
/// browser made it something else; returns the page's size in egui points (at `zoom`) then,
/// `None` when the buffer was right.
pub fn fit(canvas: &web_sys::HtmlCanvasElement, zoom: f32) -> Option<egui::Vec2> {
    let ratio = web_sys::window()?.device_pixel_ratio();
    if !(ratio.is_finite() && ratio > 0.0) {
        return None;
    }
    let page = canvas.get_bounding_client_rect();
    let wanted = (
        device_pixels(page.width(), ratio),
        device_pixels(page.height(), ratio),
    );
    if !differs(canvas.width(), wanted.0) && !differs(canvas.height(), wanted.1) {
        return None;
    }
    canvas.set_width(wanted.0);
    canvas.set_height(wanted.1);
    #[expect(clippy::cast_possible_truncation, reason = "a ratio and a page size")]
    let per_point = (ratio as f32) * zoom;
    #[expect(clippy::cast_precision_loss, reason = "a canvas's size in pixels")]
    Some(egui::vec2(wanted.0 as f32, wanted.1 as f32) / per_point)
}

/// `css` CSS pixels in device pixels at `ratio`, rounded as eframe rounds them.
fn device_pixels(css: f64, ratio: f64) -> u32 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a page's size, clamped to what a canvas holds"
    )]
    let pixels = (css * ratio).round().clamp(0.0, f64::from(u32::MAX)) as u32;
    pixels
}

/// Whether a buffer of `have` pixels is more than rounding away from `want`: the browser snaps
/// a device-pixel box to whole pixels, a pixel or two either way, never by a third.
fn differs(have: u32, want: u32) -> bool {
    have.abs_diff(want) > 2 + want / 50
}
