//! The real binary in a real window under Xvfb: `--screenshot PNG --screenshot-at S` runs
//! the loaded program to S seconds, saves the window and exits 0; the picture has the app's
//! size and is not blank. Also: without any display the app says so plainly and exits 1.
//! Skips with a printed reason where xvfb-run is missing.
#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn have_xvfb() -> bool {
    Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_window_screenshot_of_a_running_line_follower_is_saved_and_not_blank() {
    if !have_xvfb() {
        eprintln!("skipping: xvfb-run is not installed (apt-get install xvfb xauth)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("lurobotsim-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let runtime = dir.join("xdg");
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700));
    }
    let png = dir.join("shot.png");
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["--robot", "M5", "--env", "E3", "--listen", "127.0.0.1:0"])
        .arg("--program")
        .arg(root().join("assets/examples/line_follower.lasm"))
        .arg("--screenshot")
        .arg(&png)
        .args(["--screenshot-at", "3"])
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_RUNTIME_DIR", &runtime)
        .output()
        .expect("xvfb-run starts");
    assert!(
        out.status.success(),
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&png).expect("a PNG was written").to_rgba8();
    assert!(
        img.width() >= 800 && img.height() >= 560,
        "{}x{}",
        img.width(),
        img.height()
    );
    // Not blank: many distinct colours, including the RCX yellow of the robot.
    let mut colours = std::collections::HashSet::new();
    let mut yellow = 0;
    for p in img.pixels() {
        colours.insert([p[0] >> 3, p[1] >> 3, p[2] >> 3]);
        if p[0] > 180 && p[1] > 140 && p[2] < 80 {
            yellow += 1;
        }
    }
    assert!(colours.len() > 200, "only {} colours", colours.len());
    assert!(
        yellow > 200,
        "robot (and lit icon) visible: {yellow} yellow pixels"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_display_the_app_says_so_and_exits_1() {
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(["--listen", "127.0.0.1:0"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no display"), "{err}");
    assert!(err.contains("xvfb-run"), "{err}");
}
