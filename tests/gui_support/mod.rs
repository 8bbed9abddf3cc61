//! Helpers for the GUI tests: building the real app in an egui_kittest harness, waiting
//! for the runner thread, and finding out whether a graphics adapter exists.
#![allow(dead_code)]

use egui_kittest::Harness;
use lurobotsim::app::{AppConfig, LuApp};
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
