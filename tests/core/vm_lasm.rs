//! LASM conformance: each tests/programs/vm_*.lasm runs on a bare brick and must end with
//! the variables (and sounds, faults, outputs) its header comments expect.

use crate::vm_support;
use vm_support::*;

#[test]
fn lasm_conformance_programs_end_with_the_expected_state() {
    let files = programs(".lasm");
    assert!(files.len() >= 8, "conformance programs missing: {files:?}");
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&f).unwrap();
        let expect = parse_expect(&src);
        check_program(&name, lasm(&src), &expect);
    }
}
