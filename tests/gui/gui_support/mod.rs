//! Helpers for the GUI tests: building the real app in an egui_kittest harness, waiting
//! for the runner thread, and finding out whether a graphics adapter exists.
#![allow(dead_code)]

use egui_kittest::Harness;
use lurobotsim::app::{AppConfig, LuApp};
/// The language the tests name English texts in (`tr!(Lang::En, …)`).
pub use lurobotsim::i18n::Lang;
use std::path::PathBuf;

pub type AppHarness = Harness<'static, LuApp>;

/// The repository root (for assets and test data).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The app without a GPU (logic tests): a 1280 × 800 window, no link unless asked.
pub fn harness(config: AppConfig) -> AppHarness {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| LuApp::new(cc, config).expect("the app starts"))
}

/// The app without a GPU on `host` (a tab's kind of host, in memory).
pub fn harness_on(config: AppConfig, host: lurobotsim::host::Host) -> AppHarness {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| LuApp::new_on(cc, config, host).expect("the app starts"))
}

/// The app drawn by wgpu (image tests).
pub fn gpu_harness(config: AppConfig, size: egui::Vec2) -> AppHarness {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .wgpu()
        .build_eframe(move |cc| LuApp::new(cc, config).expect("the app starts"))
}

/// Runs frames until `cond` holds (the runner thread works in real time), at most ~20 s.
/// Returns whether it held — the caller asserts, so a failure names what was awaited.
pub fn wait_for(h: &mut AppHarness, cond: impl Fn(&LuApp) -> bool) -> bool {
    for _ in 0..4000 {
        h.step();
        if cond(h.state()) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// Simulated time on screen, ms.
pub fn time_ms(app: &LuApp) -> u64 {
    app.live.as_ref().map(|s| s.time_ms).unwrap_or(0)
}

/// Blocks on a future with a no-op waker (wgpu's adapter requests complete on native).
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Lavapipe complains on stderr without a private XDG_RUNTIME_DIR: give it one.
fn quiet_lavapipe() {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        let dir = std::env::temp_dir().join(format!("lurobotsim-xdg-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_ok() {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
            }
            std::env::set_var("XDG_RUNTIME_DIR", &dir);
        }
    }
}

/// Why GPU tests cannot run here, or None when an adapter (e.g. lavapipe or llvmpipe) exists.
pub fn no_adapter_reason() -> Option<String> {
    use egui_wgpu::wgpu;
    quiet_lavapipe();
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapters = block_on(instance.enumerate_adapters(wgpu::Backends::all()));
    if adapters.is_empty() {
        Some("no graphics adapter (install mesa-vulkan-drivers for lavapipe)".into())
    } else {
        None
    }
}

// ----- reading what the user sees -----

/// Runs frames until `cond` holds on what the window shows, at most ~20 s.
pub fn until(h: &mut AppHarness, cond: impl Fn(&AppHarness) -> bool) -> bool {
    for _ in 0..4000 {
        h.step();
        if cond(h) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// Some text on screen contains `text`.
pub fn shows(h: &AppHarness, text: &str) -> bool {
    use egui_kittest::kittest::Queryable;
    h.query_all_by_label_contains(text).next().is_some()
}

/// The clock readout as written ("⏱ 4.123 s").
pub fn clock_text(h: &AppHarness) -> String {
    use egui_kittest::kittest::Queryable;
    h.query_all_by_label_contains("⏱ ")
        .next()
        .and_then(|n| n.value())
        .unwrap_or_default()
}

/// The clock readout in seconds (NaN when it is not on screen).
pub fn clock(h: &AppHarness) -> f64 {
    clock_text(h)
        .trim_start_matches("⏱ ")
        .trim_end_matches(" s")
        .parse()
        .unwrap_or(f64::NAN)
}

/// The run-state line under the clock: "running at…", "slow motion…", "paused",
/// "showing…", "replaying…".
pub fn run_state(h: &AppHarness) -> String {
    use egui_kittest::kittest::Queryable;
    for p in [
        "running at",
        "slow motion",
        "paused",
        "showing ",
        "replaying ",
    ] {
        if let Some(n) = h.query_all_by_label_contains(p).next() {
            return n.value().unwrap_or_default();
        }
    }
    String::new()
}

/// The lit icon(s) of the program trace, by their names ("icon Motor A forward: …").
pub fn lit_icons(h: &AppHarness) -> Vec<String> {
    use egui_kittest::kittest::{NodeT, Queryable};
    h.query_all_by_label_contains("icon ")
        .filter(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// The robot's position readout (x, z), metres.
pub fn position(h: &AppHarness) -> (f64, f64) {
    use egui_kittest::kittest::Queryable;
    let text = h
        .query_all_by_label_contains("x ")
        .filter_map(|n| n.value())
        .find(|v| v.starts_with("x ") && v.contains("  z "))
        .unwrap_or_default();
    let mut it = text.split_whitespace();
    let mut num = |key: &str| {
        it.by_ref()
            .skip_while(|w| *w != key)
            .nth(1)
            .and_then(|v| v.parse().ok())
    };
    (num("x").unwrap_or(f64::NAN), num("z").unwrap_or(f64::NAN))
}

/// A label of the speed ladder ("0.2×", "max").
fn is_speed_label(l: &str) -> bool {
    lurobotsim::runner::SPEED_LADDER
        .iter()
        .any(|s| s.label() == l.trim())
}

/// The speed slider of the toolbar (labelled with the speed: "1×", "max").
pub fn speed_slider(h: &AppHarness) -> egui_kittest::Node<'_> {
    use egui_kittest::kittest::{by, NodeT, Queryable};
    h.query_all(by().role(egui::accesskit::Role::Slider))
        .find(|n| is_speed_label(&n.accesskit_node().label().unwrap_or_default()))
        .expect("the speed slider is on screen")
}

/// The timeline slider (the one without a label; its value is in ms).
pub fn timeline_slider(h: &AppHarness) -> egui_kittest::Node<'_> {
    use egui_kittest::kittest::{by, NodeT, Queryable};
    h.query_all(by().role(egui::accesskit::Role::Slider))
        .find(|n| !is_speed_label(&n.accesskit_node().label().unwrap_or_default()))
        .expect("the timeline slider is on screen")
}

/// Clicks the widget labelled `label` and lets the click land.
pub fn click(h: &mut AppHarness, label: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// The speed the toolbar shows ("1×", "0.2×", "max").
pub fn speed_shown(h: &AppHarness) -> String {
    use egui_kittest::kittest::NodeT;
    speed_slider(h)
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Moves the speed slider to the rung labelled `label` ("0.2×", "max"), as a person
/// dragging it would, and waits until the toolbar shows it.
pub fn set_speed(h: &mut AppHarness, label: &str) {
    let i = lurobotsim::runner::SPEED_LADDER
        .iter()
        .position(|s| s.label() == label)
        .expect("a speed of the ladder");
    speed_slider(h).set_value_accesskit(i as f64);
    assert!(
        until(h, |h| speed_shown(h) == label),
        "the toolbar shows {label}, not {}",
        speed_shown(h)
    );
}

/// Opens the Step menu and clicks one of its entries.
pub fn step(h: &mut AppHarness, entry: &str) {
    click(h, "⏭ Step");
    click(h, entry);
}

/// The accessible names of task 0's icons, in order ("Task 0 #1 Motor forward", …).
pub fn icons(h: &AppHarness) -> Vec<String> {
    use egui_kittest::kittest::{NodeT, Queryable};
    let mut v: Vec<(usize, String)> = h
        .query_all_by_label_contains("Task 0 #")
        .filter_map(|n| n.accesskit_node().label())
        .filter_map(|l| {
            let n = l
                .strip_prefix("Task 0 #")?
                .split(' ')
                .next()?
                .parse()
                .ok()?;
            Some((n, l))
        })
        .collect();
    v.sort();
    v.dedup();
    v.into_iter().map(|(_, l)| l).collect()
}
