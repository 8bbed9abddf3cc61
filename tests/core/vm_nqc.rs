//! NQC conformance: each tests/programs/vm_*.nqc is compiled with the installed `nqc`
//! (`-TRCX2`) into an .rcx image, run on a bare brick, and its header's expectations — the
//! results the standard firmware gives — are checked. Skips with a reason without nqc.

use crate::vm_support;
use vm_support::*;

fn nqc_available() -> bool {
    std::process::Command::new("nqc")
        .arg("-help")
        .output()
        .is_ok()
}

#[test]
fn nqc_conformance_programs_give_the_firmware_results() {
    if !nqc_available() {
        eprintln!("SKIPPED: nqc is not installed (apt-get install nqc)");
        return;
    }
    let files = programs(".nqc");
    assert!(files.len() >= 6, "conformance programs missing: {files:?}");
    let tmp = std::env::temp_dir().join(format!("lurobotsim-vm-nqc-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let out = tmp.join(name.replace(".nqc", ".rcx"));
        let status = std::process::Command::new("nqc")
            .arg("-TRCX2")
            .arg(format!("-O{}", out.display()))
            .arg(&f)
            .status()
            .unwrap();
        assert!(status.success(), "nqc failed on {name}");
        let image = std::fs::read(&out).unwrap();
        let src = std::fs::read_to_string(&f).unwrap();
        let expect = parse_expect(&src);
        assert!(!expect.vars.is_empty(), "{name} expects nothing");
        check_program(&name, parse_rcx_image(&image), &expect);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
