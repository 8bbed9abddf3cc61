//! Against the real NQC compiler, when it is installed: for each program in
//! tests/data/nqc/programs, `nqc -TRCX2 -O` writes an image and `nqc -TRCX2 -L -c` a LASM
//! listing; our image reader, disassembler and assembler must agree with both byte for byte.
//! Skips (with a printed reason) when `nqc` is not on PATH.

use lurobotsim::rcx::{image, lasm};
use std::path::{Path, PathBuf};
use std::process::Command;

fn nqc_available() -> bool {
    Command::new("nqc").arg("-help").output().is_ok()
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nqc/programs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "nqc"))
        .collect();
    v.sort();
    v
}

#[test]
fn nqc_compiled_images_round_trip_through_our_reader_disassembler_and_assembler() {
    if !nqc_available() {
        println!("skipped: nqc is not installed (apt-get install nqc)");
        return;
    }
    let out = std::env::temp_dir().join(format!("lurobotsim-rcx-nqc-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let mut n = 0;
    for src in programs() {
        let name = src.file_stem().unwrap().to_string_lossy().to_string();
        let rcx = out.join(format!("{name}.rcx"));
        let st = Command::new("nqc")
            .arg("-TRCX2")
            .arg(format!("-O{}", rcx.display()))
            .arg(&src)
            .output()
            .unwrap();
        assert!(st.status.success(), "nqc failed on {name}: {st:?}");
        let listing = Command::new("nqc")
            .args(["-TRCX2", "-L", "-c"])
            .arg(&src)
            .output()
            .unwrap();
        assert!(listing.status.success(), "nqc -L -c failed on {name}");
        let listing = String::from_utf8(listing.stdout).unwrap();

        let bytes = std::fs::read(&rcx).unwrap();
        let img = image::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!img.program.is_empty(), "{name}");
        assert_eq!(img.to_bytes(), bytes, "{name}: image rewrite");

        // NQC's own LASM listing assembles to the image's bytes.
        assert!(lasm::is_nqc_listing(&listing), "{name}");
        let from_listing = lasm::assemble(&listing, &name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(from_listing.tasks, img.program.tasks, "{name}: listing");
        assert_eq!(from_listing.subs, img.program.subs, "{name}: listing");

        // Our disassembly of the image re-assembles to the same bytes without raw escapes.
        let text = lasm::disassemble_named(&img.program, &img.symbols);
        assert!(!text.contains("\traw\t"), "{name}:\n{text}");
        let again = lasm::assemble(&text, &name).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.tasks, img.program.tasks, "{name}: dis/asm");
        assert_eq!(again.subs, img.program.subs, "{name}: dis/asm");
        n += 1;
    }
    assert_eq!(n, 4);
}
