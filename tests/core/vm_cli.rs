//! `lurobotsim lasm run`: a program file on a bare brick, printed as a summary or as the
//! state object.

use std::process::Command;

fn program(name: &str) -> String {
    format!("{}/tests/programs/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn lasm_run_json_prints_the_state_object_with_sim_time() {
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args([
            "lasm",
            "run",
            &program("vm_robolab.lasm"),
            "--ms",
            "1000",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["sim_time_s"], 1.0);
    assert_eq!(j["outputs"]["A"]["mode"], "on", "A still on at 1 s");
    assert_eq!(j["outputs"]["A"]["percent"], 100);
    assert_eq!(j["tasks"][0]["state"], "waiting");
    assert_eq!(j["variables"].as_array().unwrap().len(), 32);
    assert!(j.get("pose").is_none(), "no pose on a bare brick");
}

#[test]
fn lasm_run_prints_a_human_summary() {
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["lasm", "run", &program("vm_arith.lasm"), "--ms", "200"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("var[0]=15"), "{text}");
    assert!(text.contains("division by zero"), "{text}");
}

#[test]
fn lasm_run_of_a_missing_file_exits_1_naming_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["lasm", "run", "/nonexistent/x.lasm"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/x.lasm"));
}
