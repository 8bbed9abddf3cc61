//! The simulation core: the tick, the state object, odometry, reset, determinism.

use crate::rust_files;
use lurobotsim::rcx::load_program_file;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::Simulation;
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use std::path::Path;

fn sim(robot: &str, env: &str, program: &str) -> Simulation {
    let mut s = Simulation::create(&SimDef::one(
        RobotSpec::load(robot).unwrap(),
        EnvSpec::load(env).unwrap(),
    ))
    .unwrap();
    let p = load_program_file(&Path::new("tests/programs").join(program)).unwrap();
    s.robot_mut(0).unwrap().load_program(p);
    s
}

#[test]
fn state_json_has_every_key_of_the_cli_contract() {
    let mut s = sim("M4", "E1", "sim_m4_forward_5.lasm");
    s.robot_mut(0).unwrap().start();
    s.run_ticks(500);
    let j = s.robot(0).unwrap().state_json();
    for key in [
        "sim_time_s",
        "robot",
        "environment",
        "pose",
        "start_pose",
        "displacement_m",
        "path_length_m",
        "yaw_total_deg",
        "outputs",
        "sensors",
        "variables",
        "timers",
        "program_slot",
        "tasks",
        "faults",
        "sounds",
        "trace",
    ] {
        assert!(j.get(key).is_some(), "missing {key} in {j}");
    }
    for key in ["x", "y", "z", "yaw_deg"] {
        assert!(j["pose"][key].is_number(), "pose.{key}");
        assert!(j["start_pose"][key].is_number(), "start_pose.{key}");
    }
    assert_eq!(j["sim_time_s"], 0.5);
    assert_eq!(j["robot"], "M4");
    assert_eq!(j["environment"], "E1");
    assert!(j["trace"]["vis"].is_array() && j["trace"]["events"].is_array());
    assert_eq!(j["variables"].as_array().unwrap().len(), 32);
    assert_eq!(j["timers"].as_array().unwrap().len(), 4);
    // Half a second at full power: clearly moving forward along +X.
    assert!(j["pose"]["x"].as_f64().unwrap() > 0.1, "{}", j["pose"]);
    assert_eq!(j["outputs"]["A"]["mode"], "on");
}

#[test]
fn the_clock_counts_whole_milliseconds_and_the_vm_clock_agrees() {
    let mut s = sim("M1", "E1", "sim_m4_forward_5.lasm");
    assert_eq!(s.time_ms(), 0);
    s.run_ticks(1234);
    assert_eq!(s.time_ms(), 1234);
    assert_eq!(s.robot(0).unwrap().vm().now_ms(), 1234);
}

#[test]
fn odometry_follows_a_straight_drive() {
    let mut s = sim("M4", "E1", "sim_m4_forward_5.lasm");
    s.robot_mut(0).unwrap().start();
    s.run_ticks(3000);
    let d = s.robot(0).unwrap().displacement_m();
    assert!(d > 0.9, "{d}");
    // A straight drive: the path is barely longer than the displacement.
    assert!(
        s.robot(0).unwrap().path_length_m() >= d - 1e-9
            && s.robot(0).unwrap().path_length_m() < d * 1.01
    );
    assert!(
        s.robot(0).unwrap().yaw_total_deg().abs() < 2.0,
        "{}",
        s.robot(0).unwrap().yaw_total_deg()
    );
}

#[test]
fn reset_goes_back_to_the_start_with_the_program_kept_and_stopped() {
    let mut fresh = sim("M4", "E1", "sim_m4_forward_3.lasm");
    let mut s = fresh.clone();
    s.robot_mut(0).unwrap().start();
    s.run_ticks(1500);
    assert!(s.robot(0).unwrap().displacement_m() > 0.3);
    s.reset();
    assert_eq!(s.time_ms(), 0);
    assert_eq!(s.robot(0).unwrap().displacement_m(), 0.0);
    assert_eq!(s.robot(0).unwrap().pose(), fresh.robot(0).unwrap().pose());
    assert_eq!(
        s.robot(0).unwrap().program(),
        fresh.robot(0).unwrap().program()
    );
    assert!(s
        .robot(0)
        .unwrap()
        .vm()
        .tasks()
        .iter()
        .all(|t| t.state == lurobotsim::vm::TaskState::Stopped));
    // And it runs exactly as a fresh simulation does.
    s.robot_mut(0).unwrap().start();
    fresh.robot_mut(0).unwrap().start();
    s.run_ticks(1000);
    fresh.run_ticks(1000);
    assert_eq!(
        s.robot(0).unwrap().state_json(),
        fresh.robot(0).unwrap().state_json()
    );
    assert_eq!(s.robot(0).unwrap().pose(), fresh.robot(0).unwrap().pose());
}

#[test]
fn a_clone_continues_bit_identically() {
    let mut a = sim("M4", "E1", "sim_m4_forward_4.lasm");
    a.robot_mut(0).unwrap().start();
    a.run_ticks(700);
    let mut b = a.clone();
    a.run_ticks(1300);
    b.run_ticks(1300);
    assert_eq!(a.robot(0).unwrap().pose(), b.robot(0).unwrap().pose());
    assert_eq!(
        a.robot(0).unwrap().state_json(),
        b.robot(0).unwrap().state_json()
    );
}

/// Forbidden names in the deterministic core's code (comments are not code).
const CORE_FORBIDDEN: [&str; 7] = [
    "tokio",
    "wgpu",
    "egui",
    "eframe",
    "winit",
    "Instant",
    "SystemTime",
];

/// The forbidden names a line of Rust uses outside its `//` comment.
fn forbidden_in(line: &str) -> Vec<&'static str> {
    let code = line.split("//").next().unwrap_or("");
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    CORE_FORBIDDEN
        .iter()
        .copied()
        .filter(|f| words.contains(f))
        .collect()
}

#[test]
fn the_core_never_uses_tokio_the_gui_stack_or_the_wall_clock() {
    // The scanner itself: it sees uses, not comments.
    assert_eq!(forbidden_in("use tokio::net::TcpStream;"), vec!["tokio"]);
    assert_eq!(
        forbidden_in("    let t = std::time::Instant::now();"),
        vec!["Instant"]
    );
    assert!(forbidden_in("//! never touches tokio, wgpu or egui").is_empty());
    assert!(forbidden_in("let x = 1; // not egui").is_empty());
    assert!(forbidden_in("fn tokio_like_name() {}").is_empty());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for layer in ["rcx", "vm", "trace", "world", "sim"] {
        rust_files(&root.join("src").join(layer), &mut files);
    }
    assert!(files.len() > 20, "{} core files found", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for name in forbidden_in(line) {
                found.push(format!("{}:{}: {name}", f.display(), i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the core must not use these:\n{}",
        found.join("\n")
    );
}

/// A file's code: its lines with their `//` comments cut.
fn code_text(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many `super::` reach the crate root from a file under `src/`: 0 for `lib.rs`, 1 for
/// `x.rs` and `x/mod.rs`, 2 for `x/y.rs` (inline modules are not counted).
fn depth_of(rel: &Path) -> usize {
    let parts = rel.components().count();
    if rel
        .file_name()
        .is_some_and(|f| f == "mod.rs" || f == "lib.rs")
    {
        parts - 1
    } else {
        parts
    }
}

/// The crate's top-level modules a file's code names: `crate::m`, `super::…::m` reaching the
/// root, and every item of `crate::{a, b::c}`.
fn top_modules_named(code: &str, depth: usize) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut roots = vec!["crate::".to_string()];
    if depth > 0 {
        roots.push("super::".repeat(depth));
    }
    let mut named = Vec::new();
    for root in &roots {
        for (at, _) in code.match_indices(root.as_str()) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue; // `mycrate::`, or `super::` inside a longer chain
            }
            let rest = &code[at + root.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let mut level = 0;
                let mut item_start = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => level += 1,
                        '}' if level == 0 => break,
                        '}' => level -= 1,
                        ',' if level == 0 => {
                            item_start = true;
                            continue;
                        }
                        c if c.is_whitespace() => continue,
                        _ => {}
                    }
                    if item_start && level == 0 {
                        named.push(ident(&group[i..]));
                        item_start = false;
                    }
                }
            } else {
                named.push(ident(rest));
            }
        }
    }
    named.retain(|n| !n.is_empty());
    named
}

/// Every `FILE: module` where a file below `src/<layer>` names one of `banned`.
fn names_banned(layers: &[&str], banned: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for layer in layers {
        let dir = src.join(layer);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        } else {
            files.push(src.join(format!("{layer}.rs")));
        }
    }
    assert!(!files.is_empty());
    let mut found = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let code = code_text(&std::fs::read_to_string(f).unwrap());
        for m in top_modules_named(&code, depth_of(rel)) {
            if banned.contains(&m.as_str()) {
                found.push(format!("src/{}: names crate::{m}", rel.display()));
            }
        }
    }
    found
}

#[test]
fn names_point_down_the_core_names_no_frontend_and_the_app_never_names_ui() {
    // The scanner itself.
    let named = |code: &str, depth| top_modules_named(&code_text(code), depth);
    assert_eq!(named("use crate::ui::panel;", 2), ["ui"]);
    assert_eq!(
        named("use crate::{\n    sim::Snapshot,\n    ui,\n};", 2),
        ["sim", "ui"]
    );
    assert_eq!(
        named("let x = super::super::runner::Command::Stop;", 2),
        ["runner"]
    );
    assert_eq!(named("use super::runner;", 1), ["runner"]);
    assert!(
        named("use super::brick;", 2).is_empty(),
        "a sibling, not the root"
    );
    assert!(named("// see crate::ui::shell", 2).is_empty());
    assert!(named("let g = egui::Ui::default();", 2).is_empty());
    // The rules (ARCHITECTURE.md, "Names point down only").
    let frontends = [
        "runner", "link", "brick", "cli", "grade", "nqc", "app", "ui", "render",
    ];
    let core = ["rcx", "vm", "trace", "world", "sim"];
    let found = names_banned(&core, &frontends);
    assert!(
        found.is_empty(),
        "the core names a frontend:\n{}",
        found.join("\n")
    );
    let found = names_banned(&["app"], &["ui"]);
    assert!(
        found.is_empty(),
        "the app names the ui:\n{}",
        found.join("\n")
    );
}

/// Whether a line of code holds a platform `cfg` (`cfg(unix)`, `cfg!(windows)`,
/// `cfg_attr(not(target_os = …))`).
fn platform_cfg_in(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    let platform = [
        "unix",
        "windows",
        "target_os",
        "target_family",
        "target_vendor",
    ];
    (words.contains(&"cfg") || words.contains(&"cfg_attr"))
        && platform.iter().any(|p| words.contains(p))
}

#[test]
fn platform_cfgs_stand_only_in_the_files_architecture_md_lists_as_platform_specific() {
    assert!(platform_cfg_in("#[cfg(unix)]"));
    assert!(platform_cfg_in("    if cfg!(windows) {"));
    assert!(platform_cfg_in(
        "#[cfg_attr(not(any(target_os = \"linux\", windows)), allow(dead_code))]"
    ));
    assert!(!platform_cfg_in("#[cfg(feature = \"gui\")]"));
    assert!(!platform_cfg_in("// #[cfg(unix)] is for the pty"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut with_cfg = std::collections::BTreeSet::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        if text.lines().any(platform_cfg_in) {
            let rel = f.strip_prefix(root).unwrap();
            with_cfg.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    let arch = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let section = arch
        .split("\n## ")
        .find(|s| s.starts_with("Platforms"))
        .expect("ARCHITECTURE.md has a Platforms section");
    let listed: std::collections::BTreeSet<String> = section
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .filter(|p| p.starts_with("src/"))
        .map(String::from)
        .collect();
    assert!(listed.len() >= 2, "Platforms lists {listed:?}");
    let unlisted: Vec<_> = with_cfg.difference(&listed).collect();
    assert!(
        unlisted.is_empty(),
        "platform cfgs in files ARCHITECTURE.md's Platforms does not list: {unlisted:?}"
    );
    let stale: Vec<_> = listed.difference(&with_cfg).collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md's Platforms lists files without a platform cfg: {stale:?}"
    );
}

#[test]
fn every_path_architecture_md_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut named = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code spans: every second piece between backticks.
        for span in line.split('`').skip(1).step_by(2) {
            let path_like =
                span.contains('/') && !span.contains(char::is_whitespace) && !span.contains("::");
            if path_like {
                named.push(span.to_string());
            }
        }
    }
    assert!(named.len() > 15, "only {} paths found", named.len());
    let missing: Vec<&String> = named
        .iter()
        .filter(|p| !root.join(p.trim_end_matches('/')).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names missing paths: {missing:?}"
    );
}

#[test]
fn run_on_a_switched_off_brick_switches_it_on_and_the_program_runs() {
    // Regression: the toolbar's Run started task 0 on a brick switched off with On-Off:
    // the LCD stayed blank while the robot drove away.
    use lurobotsim::vm::Button;
    let mut s = sim("M4", "E1", "sim_m4_forward_3.lasm");
    s.robot_mut(0).unwrap().press(Button::OnOff);
    assert!(s.robot(0).unwrap().vm().is_off());
    s.robot_mut(0).unwrap().start();
    s.run_to(500);
    assert!(
        !s.robot(0).unwrap().vm().is_off(),
        "Run switched the brick on"
    );
    let l = s.robot(0).unwrap().vm().lcd();
    assert!(l.on && l.running, "{l:?}");
    assert!(
        s.robot(0).unwrap().snapshot().displacement_m > 0.05,
        "the program drives"
    );
}

/// Issue 24: `run --json` writes the state object straight to its output, one trace event
/// and one sound at a time (a `Value` tree of a full event log took 130 MB). The text must be
/// exactly what printing the `Value` gave.
#[test]
fn the_streamed_state_object_is_the_same_text_as_the_printed_value() {
    let program = lurobotsim::rcx::load_program_bytes(
        b"task 0
    out 2,5
Loop:
    plays 1
    playt 440,2
    sumv 0,2,1
    jmpl Loop
endt
",
        "streamed.lasm",
    )
    .unwrap();
    let mut s = Simulation::create(&SimDef::one(
        RobotSpec::load("M4").unwrap(),
        EnvSpec::load("E1").unwrap(),
    ))
    .unwrap();
    s.robot_mut(0).unwrap().load_program(program);
    s.robot_mut(0).unwrap().start();
    s.run_ticks(300);
    let value = s.robot(0).unwrap().state_json();
    assert!(value["trace"]["events"].as_array().unwrap().len() > 100);
    assert!(value["sounds"].as_array().unwrap().len() > 10);
    assert_eq!(value["trace"]["events_dropped"], 0);
    let mut streamed = Vec::new();
    s.robot(0).unwrap().write_state_json(&mut streamed).unwrap();
    assert_eq!(
        String::from_utf8(streamed).unwrap(),
        serde_json::to_string_pretty(&value).unwrap()
    );
}

#[test]
fn the_streamed_scene_object_is_the_same_text_as_the_printed_value() {
    let scene =
        lurobotsim::sim::scene::Scene::load(Path::new("assets/examples/ir_master_slave.toml"))
            .unwrap();
    let mut s = Simulation::create(&scene.clone().into_def()).unwrap();
    s.run_ticks(300);
    let value = s.scene_json();
    assert_eq!(value["robots"].as_array().unwrap().len(), 2);
    let mut streamed = Vec::new();
    s.write_scene_json(&mut streamed).unwrap();
    assert_eq!(
        String::from_utf8(streamed).unwrap(),
        serde_json::to_string_pretty(&value).unwrap()
    );
}
