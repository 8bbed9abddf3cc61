//! `lurobotsim lasm asm|dis|check` as a user runs them.

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(args)
        .output()
        .unwrap()
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rcx-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

const MOTOR: &str =
    "task 0\n  tmrz 3\n  out 2,1\n  wait 2,200\n  out 1,1\nendt\nsub 1\n  plays 0\nends\n";

#[test]
fn asm_prints_each_task_and_sub_in_hex() {
    let f = temp("motor.lasm", MOTOR.as_bytes());
    let o = bin(&["lasm", "asm", f.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "task 0 (10 bytes): a1 03 21 81 43 02 c8 00 21 41\nsub 1 (2 bytes): 51 00\n"
    );
}

#[test]
fn asm_writes_an_image_that_dis_turns_back_into_the_same_program() {
    let f = temp("motor2.lasm", MOTOR.as_bytes());
    let rcx = f.with_extension("rcx");
    let o = bin(&[
        "lasm",
        "asm",
        f.to_str().unwrap(),
        "-o",
        rcx.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    assert!(std::fs::read(&rcx).unwrap().starts_with(b"RCXI"));
    let d = bin(&["lasm", "dis", rcx.to_str().unwrap()]);
    assert!(d.status.success(), "{d:?}");
    let text = String::from_utf8(d.stdout).unwrap();
    assert!(text.contains("\tout\t2, 1\n\twait\t2, 200\n"), "{text}");
    let back = temp("back.lasm", text.as_bytes());
    let a = bin(&["lasm", "asm", back.to_str().unwrap()]);
    let b = bin(&["lasm", "asm", f.to_str().unwrap()]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn check_reports_every_error_as_file_line_col_and_exits_1() {
    let f = temp(
        "bad.lasm",
        b"task 0\n  out 2,1\n  wiat 2,100\n  jmp nowhere\nendt\n",
    );
    let o = bin(&["lasm", "check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    let name = f.display().to_string();
    assert!(
        err.contains(&format!("{name}:3:3: unknown mnemonic 'wiat'")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:4:7: undefined label 'nowhere'")),
        "{err}"
    );
    let ok = temp("good.lasm", MOTOR.as_bytes());
    let o = bin(&["lasm", "check", ok.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn a_missing_file_is_a_user_error() {
    let o = bin(&["lasm", "dis", "/nonexistent/x.rcx"]);
    assert_eq!(o.status.code(), Some(1));
}
