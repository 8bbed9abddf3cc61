//! `run --gif`: the 3D view rendered headless (no display; lavapipe is enough) into an
//! animated GIF, decoded here frame by frame; and `render::gif::write_gif`, the function the
//! app's "Save as GIF" calls. Without a graphics adapter the rendering tests skip with a
//! printed reason, but fail under `CI=true` (CI installs lavapipe: a skip would hide a gap).
#![cfg(all(feature = "gui", feature = "desktop"))]

use crate::gui_support::{no_adapter_reason, root};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// True when the GPU tests cannot run here (and may skip: not in CI).
fn skip() -> bool {
    let Some(why) = no_adapter_reason() else {
        return false;
    };
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI must have a graphics adapter (mesa-vulkan-drivers): {why}"
    );
    eprintln!("skipping GIF test: {why}");
    true
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lurobotsim-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `lurobotsim run` of the line follower on E3 with extra arguments, as on a machine
/// without a desktop session (no XDG_RUNTIME_DIR, no Wayland).
fn run_line_follower(seconds: &str, extra: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .current_dir(root())
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("WAYLAND_DISPLAY")
        .args(["run", "--robot", "M5", "--env", "E3"])
        .args(["--program", "assets/examples/line_follower.lasm"])
        .args(["--seconds", seconds])
        .args(extra)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

/// A decoded GIF: its size, repeat, and each frame's delay (cs) and RGBA pixels.
struct Decoded {
    size: (u16, u16),
    repeat: gif::Repeat,
    frames: Vec<(u16, Vec<u8>)>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let size = (d.width(), d.height());
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().expect("frames decode") {
        assert_eq!((f.width, f.height), size, "whole frames");
        frames.push((f.delay, f.buffer.to_vec()));
    }
    Decoded {
        size,
        repeat: d.repeat(),
        frames,
    }
}

/// Pixels of the RCX's yellow in RGBA bytes.
fn yellow(rgba: &[u8]) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| p[0] > 150 && p[1] > 110 && (p[2] as i32) < (p[1] as i32) - 60)
        .count()
}

fn distinct_colours(rgba: &[u8]) -> usize {
    let mut c: Vec<&[u8]> = rgba.chunks_exact(4).collect();
    c.sort_unstable();
    c.dedup();
    c.len()
}

#[test]
fn run_gif_writes_a_looping_gif_of_the_line_follower_a_frame_per_100_ms_showing_it_move() {
    if skip() {
        return;
    }
    let d = dir("gif-run");
    let path = d.join("line follower.gif");
    let out = run_line_follower(
        "2",
        &["--gif", path.to_str().unwrap(), "--gif-size", "240x180"],
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Mesa's device-selection layer, left on, made libwayland print two "error:" lines.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("XDG_RUNTIME_DIR"), "{err}");
    let gif = decode(&std::fs::read(&path).expect("the GIF was written"));
    assert_eq!(gif.size, (240, 180));
    assert_eq!(gif.repeat, gif::Repeat::Infinite);
    // t = 0, 0.1, …, 2.0 s: 21 frames, each shown for its 100 ms.
    assert_eq!(gif.frames.len(), 21);
    assert!(gif.frames.iter().all(|(delay, _)| *delay == 10));
    let (first, last) = (&gif.frames[0].1, &gif.frames[20].1);
    assert_eq!(first.len(), 240 * 180 * 4);
    // A real picture: sky, floor, grid and the yellow RCX, not one flat colour.
    assert!(distinct_colours(first) > 16, "{}", distinct_colours(first));
    assert!(yellow(first) > 200, "the RCX shows: {}", yellow(first));
    assert!(yellow(last) > 200, "the RCX still shows: {}", yellow(last));
    // The robot drove 0.9 m: the camera followed it over the floor, so the pictures differ.
    let changed = first
        .chunks_exact(4)
        .zip(last.chunks_exact(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(changed > 240 * 180 / 20, "{changed} pixels changed");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn run_scene_gif_shows_both_robots_of_a_scene() {
    if skip() {
        return;
    }
    let d = dir("gif-scene");
    let path = d.join("scene.gif");
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .current_dir(root())
        .args(["run", "--scene", "tests/data/scenes/two_m4_head_on.toml"])
        .args(["--seconds", "0.5", "--gif", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gif = decode(&std::fs::read(&path).unwrap());
    assert_eq!(gif.size, (480, 360), "the default size");
    assert_eq!(gif.frames.len(), 6);
    // One M4 alone shows about this much yellow from the start view; the scene's second M4,
    // farther from the camera, adds a third or so (1319 and 1784 pixels on lavapipe).
    let one = {
        let solo = d.join("solo.gif");
        let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
            .args(["run", "--robot", "M4", "--program"])
            .arg(root().join("assets/examples/line_follower.lasm"))
            .args(["--seconds", "0", "--gif", solo.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success());
        yellow(&decode(&std::fs::read(&solo).unwrap()).frames[0].1)
    };
    let two = yellow(&gif.frames[0].1);
    assert!(
        one > 200 && two > one + one / 5,
        "one robot {one}, two {two}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// The line follower on M5 and E3, as `run --robot M5 --env E3 --program …` makes it.
fn line_follower_on_e3() -> lurobotsim::sim::scenario::Scenario {
    use lurobotsim::sim::specs::SpecSource;
    let program = root().join("assets/examples/line_follower.lasm");
    let loaded = lurobotsim::nqc::load(&program).unwrap();
    lurobotsim::sim::scenario::Scenario::one(
        SpecSource::robot("M5").unwrap(),
        SpecSource::env("E3").unwrap(),
        Some((program, loaded)),
        None,
    )
    .unwrap()
}

#[test]
fn write_gif_reruns_a_scenario_to_its_end_with_a_last_frame_at_the_end() {
    use lurobotsim::render::gif::{write_gif, GifOptions};
    if skip() {
        return;
    }
    let mut scenario = line_follower_on_e3();
    scenario.end_ms = 250;
    let opts = GifOptions {
        every_ms: 100,
        size: [160, 120],
    };
    let bytes = write_gif(&scenario, opts, Vec::new()).unwrap();
    let gif = decode(&bytes);
    assert_eq!(gif.size, (160, 120));
    // 0, 100, 200 ms and the end at 250 ms; the last frame holds for one interval.
    let delays: Vec<u16> = gif.frames.iter().map(|(d, _)| *d).collect();
    assert_eq!(delays, vec![10, 10, 5, 10]);
}

/// A view whose scene has not changed is not drawn again (a paused run, a tower download,
/// a dialog: on a software rasteriser that pass is most of a frame), yet its picture is
/// the same to the byte; once the robot has moved it is drawn again.
#[test]
fn an_unchanged_scene_is_not_drawn_again_and_its_picture_stays() {
    use lurobotsim::render::offscreen::Offscreen;
    if skip() {
        return;
    }
    let mut scenario = line_follower_on_e3();
    let sim = scenario.build().unwrap();
    let mut view = Offscreen::new([200, 150]).unwrap();
    let first = view.render(&sim).unwrap();
    assert_eq!(view.passes_drawn(), 1);
    assert!(yellow(&first) > 20, "the RCX is in the picture");
    let again = view.render(&sim).unwrap();
    assert_eq!(view.passes_drawn(), 1, "the same scene again is not drawn");
    assert!(again == first, "and its picture is the one drawn before");
    scenario.end_ms = 1500;
    let moved = view.render(&scenario.run(&mut []).unwrap()).unwrap();
    assert_eq!(view.passes_drawn(), 2, "the robot moved: drawn again");
    assert!(moved != first);
}

#[test]
fn a_gif_size_beyond_full_hd_is_refused_naming_the_bounds_and_writes_nothing() {
    let d = dir("gif-size");
    let path = d.join("big.gif");
    for size in ["4000x3000", "480", "0x360"] {
        let out = run_line_follower(
            "1",
            &["--gif", path.to_str().unwrap(), "--gif-size", size],
            &[],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{size}: {err}");
        assert!(err.contains("--gif-size"), "{size}: {err}");
        assert!(
            err.contains("1920×1080") || err.contains("WxH, e.g. 480x360"),
            "{size}: {err}"
        );
    }
    assert!(!path.exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn without_a_graphics_adapter_gif_says_what_to_install_and_makes_no_file() {
    let d = dir("gif-no-gpu");
    let path = d.join("none.gif");
    // Vulkan only, with a driver list that names no driver: no adapter at all.
    let missing = d.join("no-such-driver.json");
    let missing = missing.to_str().unwrap();
    let out = run_line_follower(
        "1",
        &["--gif", path.to_str().unwrap()],
        &[
            ("WGPU_BACKEND", "vulkan"),
            ("VK_ICD_FILENAMES", missing),
            ("VK_DRIVER_FILES", missing),
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "--gif needs a GPU or Mesa's software Vulkan (apt-get install mesa-vulkan-drivers)"
        ),
        "{err}"
    );
    assert!(!Path::new(&path).exists(), "no empty GIF is left behind");
    let _ = std::fs::remove_dir_all(&d);
}
