//! The 3D view drawn by our wgpu pipeline inside the real app (egui_kittest with wgpu):
//! pixel checks that the robot, its shadow, the floor picture and the second view are
//! there, and image snapshots compared with a tolerance (software rasterisers differ by a
//! few pixels). Skips with a printed reason where no graphics adapter exists.
#![cfg(feature = "gui")]

use crate::gui_support;

use egui_kittest::SnapshotOptions;
use gui_support::*;
use image::RgbaImage;
use lurobotsim::app::AppConfig;
use lurobotsim::render::ViewPreset;

fn skip() -> bool {
    if let Some(why) = no_adapter_reason() {
        eprintln!("skipping GPU test: {why}");
        return true;
    }
    false
}

/// Renders the app (paused at t = 0) after the scene and floor picture have arrived.
fn rendered(
    config: AppConfig,
    setup: impl Fn(&mut lurobotsim::app::LuApp),
) -> (AppHarness, RgbaImage) {
    let mut h = gpu_harness(config, egui::vec2(1280.0, 800.0));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    setup(h.state_mut());
    // egui sizes panels during its first few frames.
    h.run_steps(10);
    let img = h.render().expect("renders");
    (h, img)
}

/// Pixels in a rectangle (points = pixels at scale 1) that satisfy `f`.
fn count(
    img: &RgbaImage,
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
    f: impl Fn([u8; 4]) -> bool,
) -> usize {
    let mut n = 0;
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            if f(img.get_pixel(x, y).0) {
                n += 1;
            }
        }
    }
    n
}

fn yellow(p: [u8; 4]) -> bool {
    p[0] > 150 && p[1] > 110 && (p[2] as i32) < (p[1] as i32) - 60
}

fn dark(p: [u8; 4]) -> bool {
    p[0] < 50 && p[1] < 50 && p[2] < 50
}

#[test]
fn the_3d_view_shows_the_yellow_rcx_on_black_wheels() {
    if skip() {
        return;
    }
    let (h, img) = rendered(
        AppConfig {
            robot: "M4".into(),
            ..AppConfig::quiet()
        },
        |a| {
            a.view.billboard = false;
            a.view.follow = false;
            a.view.cameras[0].preset(ViewPreset::Front, glam::Vec3::ZERO);
        },
    );
    assert!(h.state().view.gpu, "the app found the wgpu render state");
    // The central view spans roughly x 280–950, y 100–600 in this layout.
    let yellow_px = count(&img, 280, 100, 950, 600, yellow);
    let dark_px = count(&img, 280, 100, 950, 600, dark);
    assert!(
        yellow_px > 2000,
        "RCX brick visible: {yellow_px} yellow pixels"
    );
    assert!(dark_px > 300, "wheels visible: {dark_px} black pixels");
}

/// Sum of darkness (255 − green) over a rectangle.
fn darkness(img: &RgbaImage, x0: u32, y0: u32, x1: u32, y1: u32) -> u64 {
    let mut d = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            d += 255 - img.get_pixel(x, y).0[1] as u64;
        }
    }
    d
}

#[test]
fn the_e3_floor_shows_its_black_line_and_a_shadow_under_the_robot() {
    if skip() {
        return;
    }
    let view = |shadows: bool| {
        rendered(
            AppConfig {
                robot: "M5".into(),
                env: "E3".into(),
                ..AppConfig::quiet()
            },
            move |a| {
                a.view.billboard = false;
                a.view.follow = false;
                a.view.grid = false;
                a.view.shadows = shadows;
                a.view.cameras[0].preset(ViewPreset::Top, glam::Vec3::ZERO);
                a.view.cameras[0].distance = 3.2;
            },
        )
        .1
    };
    let (with, without) = (view(true), view(false));
    // From above, the 2 m square line: dark pixels in the view far from the robot.
    let line = count(&with, 280, 100, 500, 600, dark) + count(&with, 730, 100, 950, 600, dark);
    assert!(line > 200, "the black line is drawn: {line}");
    // Around the robot (the view's centre) the floor is darker with shadows than without.
    let (a, b) = (
        darkness(&with, 560, 300, 680, 420),
        darkness(&without, 560, 300, 680, 420),
    );
    assert!(a > b + 2000, "contact shadow darkens the floor: {a} vs {b}");
}

#[test]
fn the_second_view_draws_the_scene_from_above_beside_the_first() {
    if skip() {
        return;
    }
    let (_h, img) = rendered(AppConfig::quiet(), |a| {
        a.view.second_view = true;
        a.view.billboard = false;
    });
    // Right part of the central area (the top view) shows the yellow brick too.
    let right = count(&img, 700, 100, 950, 600, yellow);
    assert!(right > 100, "robot in the top view: {right}");
}

#[test]
fn the_app_window_matches_its_snapshot() {
    if skip() {
        return;
    }
    let (mut h, _) = rendered(
        AppConfig {
            robot: "M5".into(),
            env: "E3".into(),
            program: Some(root().join("assets/examples/line_follower.lasm")),
            ..AppConfig::quiet()
        },
        |_| {},
    );
    assert!(wait_for(&mut h, |a| a.view.floor_image.is_some()
        && a.program.is_some()));
    h.run_steps(3);
    // Lavapipe and llvmpipe differ in a few edge pixels; allow 0.5 % of the window.
    h.snapshot_options(
        "gui_window_m5_e3",
        &SnapshotOptions::new()
            .threshold(2.0)
            .max_failed_pixels(5000),
    );
}

#[test]
fn a_screenshot_is_taken_at_once_then_saved_under_the_chosen_name() {
    if skip() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("lurobotsim-{}-shot-as", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = gpu_harness(AppConfig::quiet(), egui::vec2(1280.0, 800.0));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.state_mut().dialogs.file_dir = dir.clone();
    h.run_steps(5);
    let ctx = h.ctx.clone();
    h.state_mut().request_user_screenshot(&ctx);
    assert!(
        wait_for(&mut h, |a| a.dialogs.save_as.is_some()),
        "the picture arrived and the Save-as window opened"
    );
    let req = h.state_mut().dialogs.save_as.as_mut().unwrap();
    assert_eq!(req.kind, lurobotsim::app::SaveKind::Screenshot);
    req.name = "class photo".into();
    h.state_mut().confirm_save(false);
    let saved = dir.join("class photo.png");
    let img = image::open(&saved).expect("a PNG under the chosen name");
    assert_eq!((img.width(), img.height()), (1280, 800));
    let _ = std::fs::remove_dir_all(&dir);
}
