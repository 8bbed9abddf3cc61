//! LASM assembler and disassembler against NQC's captured vectors, ROBOLAB's examples
//! (lurobotsim.md §8) and random programs.

use lurobotsim::rcx::bytecode::{decode, encode_one, Instr};
use lurobotsim::rcx::lasm::{self, AsmOptions, OutOrder};
use lurobotsim::rcx::opcode::{Operand, OPCODES};
use lurobotsim::rcx::Program;
use proptest::prelude::*;

const CAPTURE_LASM: &str = include_str!("../data/nqc/nqc_capture_prog.lasm");
const CAPTURE_LST: &str = include_str!("../data/nqc/nqc_capture_prog.lst");
const CAPTURE_IMAGES: &str = include_str!("../data/nqc/nqc_capture_images.txt");
const GLOBALS_LASM: &str = include_str!("../data/nqc/globals.lasm");
const GLOBALS_LST: &str = include_str!("../data/nqc/globals.lst");

fn asm(src: &str) -> Program {
    match lasm::assemble(src, "test.lasm") {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

/// (is_sub, index, bytes) from the `IMAGE` lines of the capture log.
fn captured_images() -> Vec<(bool, usize, Vec<u8>)> {
    CAPTURE_IMAGES
        .lines()
        .map(|l| {
            let (data, note) = l.split_once(';').unwrap();
            let data = data.split_once("IMAGE").unwrap().1;
            let words: Vec<&str> = note.split_whitespace().collect();
            // "program 0 sub 0 (2 bytes, …)"
            (words[2] == "sub", words[3].parse().unwrap(), hex(data))
        })
        .collect()
}

/// Checks every `AAA mnemonic … hex` line of an `nqc -L` listing against our bytes.
fn check_listing_lines(listing: &str, p: &Program) -> usize {
    let mut block: Option<&Vec<u8>> = None;
    let mut checked = 0;
    for line in listing.lines() {
        if let Some(rest) = line.strip_prefix("*** ") {
            let w: Vec<&str> = rest.split_whitespace().collect();
            let n: usize = w[1].parse().unwrap_or(0);
            block = match w[0] {
                "Task" => p.tasks[n].as_ref(),
                "Sub" => p.subs[n].as_ref(),
                _ => None,
            };
            continue;
        }
        let Some(code) = block else { continue };
        if line.len() < 50 || !line.as_bytes()[..3].iter().all(u8::is_ascii_digit) {
            continue;
        }
        let addr: usize = line[..3].parse().unwrap();
        let mnemonic = line[4..].split_whitespace().next().unwrap();
        let want = hex(&line[47..]);
        assert_eq!(
            &code[addr..addr + want.len()],
            &want[..],
            "listing line {line:?}"
        );
        let ours = decode(code).unwrap();
        let i = ours.iter().find(|i| i.addr as usize == addr).unwrap();
        assert_eq!(i.info().lasm_name(), mnemonic, "{line}");
        assert_eq!(i.len as usize, want.len(), "{line}");
        checked += 1;
    }
    checked
}

#[test]
fn nqc_capture_listing_assembles_to_the_captured_image() {
    assert!(lasm::is_nqc_listing(CAPTURE_LASM));
    let p = asm(CAPTURE_LASM);
    let images = captured_images();
    assert_eq!(images.len(), 3);
    for (sub, n, bytes) in images {
        let code = if sub { &p.subs[n] } else { &p.tasks[n] };
        assert_eq!(code.as_ref(), Some(&bytes), "sub={sub} n={n}");
    }
    assert_eq!(p.tasks[0].as_ref().unwrap().len(), 81);
    assert_eq!(p.tasks[1].as_ref().unwrap().len(), 9);
    assert_eq!(p.subs[0].as_ref().unwrap().len(), 2);
    assert_eq!(p.size(), 92);
    assert!(p.tasks[2..].iter().all(Option::is_none));
}

#[test]
fn every_line_of_the_nqc_listing_is_encoded_with_the_listed_bytes() {
    let p = asm(CAPTURE_LASM);
    assert_eq!(check_listing_lines(CAPTURE_LST, &p), 27);
}

#[test]
fn nqc_global_output_listing_reads_gout_motors_first_and_gdir_direction_first() {
    let p = asm(GLOBALS_LASM);
    assert_eq!(check_listing_lines(GLOBALS_LST, &p), 15);
    let code = p.tasks[0].as_ref().unwrap();
    assert_eq!(&code[6..12], &[0x67, 0x81, 0x77, 0x02, 0x67, 0x44]);
}

#[test]
fn nqc_labels_are_kept_with_their_addresses() {
    let p = asm(CAPTURE_LASM);
    let l = p
        .labels
        .iter()
        .find(|l| l.name == "t0000057")
        .expect("label");
    assert_eq!((l.sub, l.index, l.addr), (false, 0, 57));
    assert!(p
        .labels
        .iter()
        .any(|l| l.name == "t0010000" && l.index == 1));
}

#[test]
fn out_order_follows_the_option_and_defaults_to_mode_first() {
    let src = "task 0\nout 2, 1\ngout 1, 3\nendt\n";
    assert_eq!(
        asm(src).tasks[0].as_ref().unwrap(),
        &[0x21, 0x81, 0x67, 0x43]
    );
    let p = lasm::assemble_with(
        src,
        "x",
        &AsmOptions {
            out_order: OutOrder::MotorsFirst,
        },
    )
    .unwrap();
    assert_eq!(p.tasks[0].as_ref().unwrap(), &[0x21, 0x42, 0x67, 0xc1]);
    // An NQC header in a file switches the default to NQC's order; the option overrides it.
    let nqc = format!("; Task 0 = main, size: 4 bytes\n{src}");
    assert_eq!(
        asm(&nqc).tasks[0].as_ref().unwrap(),
        &[0x21, 0x42, 0x67, 0xc1]
    );
    let forced = lasm::assemble_with(
        &nqc,
        "x",
        &AsmOptions {
            out_order: OutOrder::ModeFirst,
        },
    )
    .unwrap();
    assert_eq!(forced.tasks[0].as_ref().unwrap(), &[0x21, 0x81, 0x67, 0x43]);
    // dir is direction first whatever the order.
    assert_eq!(
        asm("; Sub 1 = s, size: 2 bytes\nsub 1\ndir 2, 1\nends").subs[1],
        Some(vec![0xe1, 0x81])
    );
}

fn task0(p: &Program) -> Vec<Instr> {
    decode(p.tasks[0].as_ref().unwrap()).unwrap()
}

#[test]
fn robolab_motor_a_forward_for_two_seconds_assembles() {
    let p = asm("task 0\ntmrz 3\nset 24,9,2,1\nset 0,47,2,5\nmulv 47,2,20\nset 5,0,0,47\nout 2,1\nwait 2,200\nout 1,1\nendt\n");
    assert_eq!(
        p.tasks[0].as_ref().unwrap(),
        &[
            0xa1, 3, 0x05, 24, 9, 2, 1, 0, 0x05, 0, 47, 2, 5, 0, 0x54, 47, 2, 20, 0, 0x05, 5, 0, 0,
            47, 0, 0x21, 0x81, 0x43, 2, 200, 0, 0x21, 0x41
        ]
    );
}

#[test]
fn robolab_while_loop_branches_out_and_back() {
    let p = asm("task 0\nL1: chkl 9,0,1,1,0,L2\nout 2,1\njmpl L1\nL2:\nendt");
    let c = task0(&p);
    assert_eq!(c[0].target, Some(13)); // past jmpl (8 + 2 + 3)
    assert_eq!(c[2].target, Some(0));
    assert_eq!(c[2].info().mnemonic, "jmpl");
}

#[test]
fn robolab_forever_and_for_loops_close_on_their_labels() {
    let c = task0(&asm("task 0\nL0:\nplays 1\njmpl L0\nendt"));
    assert_eq!(c[1].target, Some(0));
    let c = task0(&asm(
        "task 0\nsetv 33,2,5\nL1: decvjnl 33,L2\nplays 0\njmpl L1\nL2:\nendt",
    ));
    assert_eq!(c[1].addr, 5);
    assert_eq!(c[1].target, Some(5 + 4 + 2 + 3)); // decvjnl 4, plays 2, jmpl 3
    assert_eq!(c[3].target, Some(5));
}

#[test]
fn robolab_waits_for_dark_light_darker_lighter_and_push_assemble() {
    // (source, expected chkl fields, chkl address)
    let cases: &[(&str, [i32; 5], u16)] = &[
        ("L: chkl 2,40,1,9,0,L2\njmpl L\nL2:", [2, 40, 1, 9, 0], 0),
        ("L: chkl 2,55,0,9,0,L2\njmpl L\nL2:", [2, 55, 0, 9, 0], 0),
        (
            "set 0,47,9,0\nsubv 47,2,40\nL: chkl 0,47,1,9,0,L2\njmpl L\nL2:",
            [0, 47, 1, 9, 0],
            11, // set is 6 bytes, subv 5
        ),
        (
            "set 0,47,9,0\nsumv 47,2,55\nL: chkl 0,47,0,9,0,L2\njmpl L\nL2:",
            [0, 47, 0, 9, 0],
            11,
        ),
        ("L: chkl 2,1,0,9,0,L2\njmpl L\nL2:", [2, 1, 0, 9, 0], 0),
    ];
    for (body, fields, at) in cases {
        let c = task0(&asm(&format!("task 0\n{body}\nendt\n")));
        let chkl = c.iter().find(|i| i.info().mnemonic == "chkl").unwrap();
        let jmpl = c.last().unwrap();
        assert_eq!(chkl.addr, *at, "{body}");
        assert_eq!(chkl.fields(), fields, "{body}");
        assert_eq!(chkl.target, Some(*at as i32 + 11), "{body}");
        assert_eq!(jmpl.target, Some(*at as i32), "{body}");
    }
}

#[test]
fn branch_operands_may_be_absolute_addresses() {
    let p = asm("task 0\nplays 0\njmp 0\nendt");
    assert_eq!(p.tasks[0].as_ref().unwrap(), &[0x51, 0, 0x27, 0x83]);
}

fn errors(src: &str) -> Vec<lasm::LasmError> {
    lasm::assemble_with(src, "prog.lasm", &AsmOptions::default()).unwrap_err()
}

#[test]
fn a_jump_too_far_is_an_error_naming_its_line_and_label() {
    let filler = "wait 2, 1\n".repeat(50);
    let e = errors(&format!("task 0\n  jmp L\n{filler}L:\nendt\n"));
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].line, e[0].col), (2, 7));
    assert!(e[0].message.contains("out of reach"), "{}", e[0].message);
    assert!(e[0].to_string().starts_with("prog.lasm:2:7: "));
    // The far form reaches.
    assert!(lasm::assemble(&format!("task 0\n  jmpl L\n{filler}L:\nendt\n"), "x").is_ok());
}

#[test]
fn every_error_in_a_file_is_reported_in_line_order() {
    let src = "wait 2, 1\n\
               task 0\n\
               \tpoll 9, 0\n\
               \tfrob 1\n\
               \twait 2\n\
               \tsetv 1, 2, 70000\n\
               \tjmp nowhere\n\
               L:\n\
               L: plays 1\n\
               endt\n\
               sub 8\n\
               task 1\n\
               \tplays 1 ;\n";
    let e = errors(src);
    let at: Vec<(usize, usize)> = e.iter().map(|e| (e.line, e.col)).collect();
    assert_eq!(
        at,
        vec![
            (1, 1),  // outside a block
            (3, 2),  // direct-only poll
            (4, 2),  // unknown mnemonic
            (5, 2),  // arity
            (6, 13), // value out of range
            (7, 6),  // undefined label
            (9, 1),  // label twice
            (11, 5), // sub number
            (12, 1), // task 1 never closed
        ],
        "{e:#?}"
    );
    assert!(e[1].message.contains("direct command"));
    assert_eq!(
        e[4].message,
        "setv operand 3: 70000 is out of range -32768..=65535"
    );
    assert!(e[8].message.contains("endt"));
}

#[test]
fn mismatched_block_ends_are_errors() {
    let e = errors("sub 0\nplays 1\nendt\n");
    assert_eq!((e[0].line, e[0].col), (3, 1));
    assert!(e[0].message.contains("ends"));
    let e = errors("task 0\ntask 1\nendt\n");
    assert_eq!(e[0].line, 2);
    let e = errors("task 0\nendt\ntask 0\nendt\n");
    assert!(e[0].message.contains("twice"));
}

#[test]
fn comments_case_and_separators_are_flexible() {
    let a = asm("TASK 0 // robolab\n  OUT 2 1 ; on\n\tWait\t2 , 0x64\nEndT\n");
    assert_eq!(a.tasks[0].as_ref().unwrap(), &[0x21, 0x81, 0x43, 2, 100, 0]);
}

#[test]
fn empty_tasks_and_subs_are_defined_but_empty() {
    let p = asm("task 3\nendt\nsub 7\nends\n");
    assert_eq!(p.tasks[3], Some(vec![]));
    assert_eq!(p.subs[7], Some(vec![]));
}

#[test]
fn disassembly_of_the_nqc_capture_reassembles_identically_and_keeps_labels() {
    let p = asm(CAPTURE_LASM);
    let text = lasm::disassemble(&p);
    assert!(!lasm::is_nqc_listing(&text));
    assert!(
        text.contains("t0000057:\n\tchkl\t2, 20, 1, 1, 0, t0000057"),
        "{text}"
    );
    assert!(text.contains("\tout\t2, 5\n"), "mode first: {text}");
    let q = asm(&text);
    assert_eq!(q.tasks, p.tasks);
    assert_eq!(q.subs, p.subs);
}

#[test]
fn undecodable_bytes_are_written_raw_and_reassemble() {
    let mut p = Program::default();
    // unknown 0x47, a direct-only poll, out with stray bits, then a cut-off setv.
    p.tasks[0] = Some(vec![
        0x51, 0x01, 0x47, 0x12, 0x09, 0x00, 0x21, 0x38, 0x14, 0x00,
    ]);
    let text = lasm::disassemble(&p);
    assert!(text.contains("raw\t0x47\t; unknown opcode 0x47"), "{text}");
    assert!(text.contains("direct command"), "{text}");
    assert!(text.contains("cut off"), "{text}");
    assert_eq!(asm(&text).tasks[0], p.tasks[0]);
}

#[test]
fn generated_labels_do_not_clash_with_source_labels() {
    let mut p = asm("task 0\nT0_0004: plays 1\njmp T0_0004\nendt");
    p.labels.clear();
    p.labels.push(lurobotsim::rcx::program::Label {
        sub: false,
        index: 0,
        addr: 0,
        name: "T0_0000".into(),
    });
    // jmp's target is 0 → reuses the source name.
    let text = lasm::disassemble(&p);
    assert!(text.contains("jmp\tT0_0000"), "{text}");
    assert_eq!(asm(&text).tasks, p.tasks);
}

// ---- random programs ----

/// One random program instruction: (row in OPCODES, field values, branch choice).
fn arb_instr() -> impl Strategy<Value = (usize, Vec<i32>, usize)> {
    let rows: Vec<usize> = OPCODES
        .iter()
        .enumerate()
        .filter(|(_, i)| i.ctx.program)
        .map(|(k, _)| k)
        .collect();
    (
        proptest::sample::select(rows),
        proptest::collection::vec(any::<u32>(), 5),
        any::<usize>(),
    )
        .prop_map(|(row, raw, choice)| {
            let mut fields = Vec::new();
            let mut r = raw.into_iter();
            let mut next =
                |lo: i32, hi: i32| lo + (r.next().unwrap_or(0) % (hi - lo + 1) as u32) as i32;
            for o in OPCODES[row].operands {
                match o {
                    Operand::Byte => fields.push(next(0, 255)),
                    Operand::Word => fields.push(next(0, 65535)),
                    Operand::Value16 => {
                        fields.push(next(0, 63));
                        fields.push(next(-32768, 32767));
                    }
                    Operand::Value8 => {
                        fields.push(next(0, 63));
                        fields.push(next(0, 255));
                    }
                    Operand::ModeMotors => {
                        fields.push(next(0, 3));
                        fields.push(next(0, 7));
                    }
                    Operand::ModeSlope => {
                        fields.push(next(0, 7));
                        fields.push(next(0, 31));
                    }
                    Operand::Test => {
                        // Five draws would exceed the pool; reuse with different ranges.
                        let a = next(0, 0x3fff_ffff);
                        let b = next(0, 0x3fff_ffff);
                        fields.push(a % 64);
                        fields.push((b % 65536) - 32768);
                        fields.push((a / 64) % 4);
                        fields.push((a / 256) % 64);
                        fields.push((b / 65536) % 256);
                    }
                    _ => {}
                }
            }
            (row, fields, choice)
        })
}

/// Lays out and encodes random instructions; a branch that cannot reach its chosen
/// instruction targets the next instruction instead.
fn build(instrs: &[(usize, Vec<i32>, usize)]) -> Vec<u8> {
    let mut addrs = Vec::new();
    let mut a = 0usize;
    for (row, _, _) in instrs {
        addrs.push(a);
        a += OPCODES[*row].fixed_len();
    }
    addrs.push(a);
    let mut out = Vec::new();
    for (k, (row, fields, choice)) in instrs.iter().enumerate() {
        let info = &OPCODES[*row];
        let target = info
            .offset_operand()
            .map(|_| addrs[choice % addrs.len()] as i32);
        let at = out.len();
        let i = Instr::new(info.op, fields, target);
        if encode_one(&i, at, &mut out).is_err() {
            out.truncate(at);
            let near = Instr::new(info.op, fields, Some(addrs[k + 1] as i32));
            encode_one(&near, at, &mut out).unwrap();
        }
    }
    out
}

fn arb_program() -> impl Strategy<Value = Program> {
    (
        proptest::collection::vec(proptest::collection::vec(arb_instr(), 0..24), 1..4),
        proptest::collection::vec(proptest::collection::vec(arb_instr(), 0..8), 0..3),
    )
        .prop_map(|(tasks, subs)| {
            let mut p = Program::default();
            for (k, t) in tasks.iter().enumerate() {
                p.tasks[k * 3] = Some(build(t));
            }
            for (k, s) in subs.iter().enumerate() {
                p.subs[k * 2 + 1] = Some(build(s));
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn disassembling_then_assembling_random_programs_gives_the_same_bytes(p in arb_program()) {
        let text = lasm::disassemble(&p);
        prop_assert!(!text.contains("raw"), "valid code needs no raw bytes:\n{}", text);
        let q = lasm::assemble(&text, "dis.lasm").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(q.tasks, p.tasks);
        prop_assert_eq!(q.subs, p.subs);
    }

    #[test]
    fn any_bytes_disassemble_to_text_that_reassembles_to_them(code in proptest::collection::vec(any::<u8>(), 0..64)) {
        let mut p = Program::default();
        p.subs[2] = Some(code);
        let text = lasm::disassemble(&p);
        let q = lasm::assemble(&text, "dis.lasm").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(q.subs, p.subs);
    }

    #[test]
    fn the_parser_never_panics_on_arbitrary_text(src in "\\PC{0,200}") {
        let _ = lasm::assemble_with(&src, "x", &AsmOptions::default());
    }

    #[test]
    fn the_parser_never_panics_on_lasm_like_text(
        lines in proptest::collection::vec(
            "(task|sub|endt|ends|jmp|chkl|out|L1:|L2:|stop|wait|raw|;|//|,| |-|0x|[0-9]{1,6}|L1|L2|\t){0,8}",
            0..30)
    ) {
        let src = lines.join("\n");
        if let Err(errors) = lasm::assemble_with(&src, "x", &AsmOptions::default()) {
            prop_assert!(!errors.is_empty());
            for e in errors {
                prop_assert!(e.line >= 1 && e.line <= lines.len().max(1));
                prop_assert!(e.col >= 1);
            }
        }
    }
}
