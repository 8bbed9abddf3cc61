//! NQC `.rcx` images: reading NQC's own files, writing them back byte for byte, rejecting
//! malformed ones, and telling images from LASM text when loading a program file.

use lurobotsim::rcx::image::{self, ImageError, Symbol, SymbolKind};
use lurobotsim::rcx::{lasm, load_program_file, LoadError, Program};
use proptest::prelude::*;
use std::path::PathBuf;

const CAPTURE_RCX: &[u8] = include_bytes!("../data/nqc/nqc_capture_prog.rcx");
const CAPTURE_LASM: &str = include_str!("../data/nqc/nqc_capture_prog.lasm");
const GLOBALS_RCX: &[u8] = include_bytes!("../data/nqc/globals.rcx");
const GLOBALS_LASM: &str = include_str!("../data/nqc/globals.lasm");

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rcx-image-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn nqc_image_holds_the_same_code_as_nqc_listing() {
    let img = image::read(CAPTURE_RCX).unwrap();
    let p = lasm::assemble(CAPTURE_LASM, "x").unwrap();
    assert_eq!(img.program.tasks, p.tasks);
    assert_eq!(img.program.subs, p.subs);
    assert_eq!(img.target, image::TARGET_RCX2);
    assert_eq!(img.name_of(SymbolKind::Task, 0), Some("main"));
    assert_eq!(img.name_of(SymbolKind::Task, 1), Some("second"));
    assert_eq!(img.name_of(SymbolKind::Sub, 0), Some("helper"));
    assert_eq!(img.name_of(SymbolKind::Var, 0), Some("x"));
    let g = image::read(GLOBALS_RCX).unwrap();
    assert_eq!(
        g.program.tasks,
        lasm::assemble(GLOBALS_LASM, "g").unwrap().tasks
    );
}

#[test]
fn nqc_images_are_written_back_byte_for_byte() {
    for bytes in [CAPTURE_RCX, GLOBALS_RCX] {
        let img = image::read(bytes).unwrap();
        assert_eq!(img.to_bytes(), bytes);
        assert_eq!(image::write(&img.program, &img.symbols), bytes);
    }
}

#[test]
fn written_images_read_back_to_the_same_program() {
    let mut p = Program::default();
    p.tasks[9] = Some(vec![0x51, 0x01, 0x50]);
    p.tasks[0] = Some(vec![]);
    p.subs[7] = Some(vec![0xf6]);
    let syms = vec![Symbol {
        kind: SymbolKind::Sub,
        index: 7,
        name: "ünïcode".into(),
    }];
    let img = image::read(&image::write(&p, &syms)).unwrap();
    assert_eq!(img.program, p);
    assert_eq!(img.symbols, syms);
}

#[test]
fn every_truncation_of_an_image_is_an_error() {
    for n in 0..CAPTURE_RCX.len() {
        let r = image::read(&CAPTURE_RCX[..n]);
        assert!(r.is_err(), "{n} bytes read as an image");
    }
}

#[test]
fn malformed_headers_and_tables_are_named() {
    assert_eq!(image::read(b"RCX"), Err(ImageError::BadMagic));
    assert_eq!(image::read(b"LASM task 0"), Err(ImageError::BadMagic));
    let mut v = CAPTURE_RCX.to_vec();
    v[4] = 3;
    assert_eq!(image::read(&v), Err(ImageError::Version(0x0103)));
    let mut v = CAPTURE_RCX.to_vec();
    v[12] = 7; // first fragment type
    assert!(matches!(
        image::read(&v),
        Err(ImageError::FragmentType { ty: 7, .. })
    ));
    let mut v = CAPTURE_RCX.to_vec();
    v[13] = 8; // sub 8 does not exist
    assert!(matches!(
        image::read(&v),
        Err(ImageError::FragmentIndex { index: 8, .. })
    ));
    let mut v = CAPTURE_RCX.to_vec();
    v[12 + 8] = 1; // the second fragment (task 0, after sub 0's 4 + 4 bytes) becomes sub 0
    assert!(matches!(image::read(&v), Err(ImageError::Duplicate { .. })));
}

#[test]
fn load_program_file_tells_images_from_text_by_content() {
    // Extensions deliberately wrong: content decides.
    let img = temp_file("really_an_image.lasm", CAPTURE_RCX);
    let txt = temp_file("really_text.rcx", CAPTURE_LASM.as_bytes());
    let a = load_program_file(&img).unwrap();
    let b = load_program_file(&txt).unwrap();
    assert_eq!(a.tasks, b.tasks);
    assert_eq!(a.subs, b.subs);
    assert!(a.labels.is_empty());
    assert!(!b.labels.is_empty());

    let bad = temp_file("bad.lasm", b"task 0\n  jmp nowhere\nendt\n");
    match load_program_file(&bad) {
        Err(
            e @ LoadError::Syntax {
                line: 2, col: 7, ..
            },
        ) => {
            assert!(
                e.to_string()
                    .ends_with("bad.lasm:2:7: undefined label 'nowhere'"),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
    let binary = temp_file("binary.lasm", &[0xff, 0xfe, 0x00, 0x12]);
    assert!(matches!(
        load_program_file(&binary),
        Err(LoadError::Format { .. })
    ));
    let broken = temp_file("broken.rcx", &CAPTURE_RCX[..30]);
    assert!(matches!(
        load_program_file(&broken),
        Err(LoadError::Format { .. })
    ));
    let missing = std::env::temp_dir().join("lurobotsim-no-such-file.lasm");
    assert!(matches!(
        load_program_file(&missing),
        Err(LoadError::Io { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_bytes_after_the_magic_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..300)) {
        let mut v = b"RCXI\x02\x01".to_vec();
        v.extend_from_slice(&tail);
        if let Ok(img) = image::read(&v) {
            // Whatever reads must write and read back to the same content.
            prop_assert_eq!(image::read(&img.to_bytes()).unwrap(), img);
        }
    }

    #[test]
    fn mutated_nqc_images_never_panic(at in 0usize..161, byte in any::<u8>()) {
        let mut v = CAPTURE_RCX.to_vec();
        v[at % CAPTURE_RCX.len()] = byte;
        let _ = image::read(&v);
    }
}
