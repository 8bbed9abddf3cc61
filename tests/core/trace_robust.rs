//! Whatever bytes a program holds, the recogniser and the tracer neither panic nor hang,
//! and every icon they produce is consistent (ranges inside the code, wires to real icons).

use lurobotsim::rcx::{encode, Instr, Program};
use lurobotsim::trace::{recognise, Tracer};
use lurobotsim::vm::{TaskState, TaskView};
use proptest::prelude::*;

fn check(p: &Program) {
    let vis = recognise(p);
    for (n, v) in vis.iter().enumerate() {
        assert_eq!(v.index, n);
        let code = match v.sub {
            Some(s) => p.subs[s as usize].as_ref(),
            None => p.tasks[v.task as usize].as_ref(),
        };
        let len = code.map(|c| c.len()).unwrap_or(0);
        for &(s, e) in &v.ranges {
            assert!(s < e && e as usize <= len, "{v:?}");
        }
        for &s in &v.successors {
            assert!(s < vis.len());
        }
    }
    // Every byte of every block belongs to exactly one icon of that block.
    let blocks = p
        .tasks
        .iter()
        .enumerate()
        .map(|(n, c)| (None, n as u8, c))
        .chain(
            p.subs
                .iter()
                .enumerate()
                .map(|(n, c)| (Some(n as u8), 0, c)),
        );
    for (sub, task, code) in blocks {
        let Some(code) = code else { continue };
        let mut owner = vec![0u32; code.len()];
        for v in vis
            .iter()
            .filter(|v| v.sub == sub && (sub.is_some() || v.task == task))
        {
            for &(s, e) in &v.ranges {
                for a in s..e {
                    owner[a as usize] += 1;
                }
            }
        }
        assert!(owner.iter().all(|&n| n == 1), "{sub:?} {task}: {owner:?}");
    }
    let mut t = Tracer::new(p);
    for pc in 0..70u16 {
        let views: Vec<TaskView> = (0..10)
            .map(|task| TaskView {
                task,
                state: if pc % 3 == 0 {
                    TaskState::Waiting
                } else {
                    TaskState::Running
                },
                pc,
                sub: (pc % 5 == 0).then_some((pc % 9) as u8),
                wait_remaining_ms: (pc % 3 == 0).then_some(5),
            })
            .collect();
        t.update(pc as u64, &views);
    }
    for e in t.events() {
        assert!(e.vi < vis.len());
    }
}

/// Instructions with branches into the same block, to exercise the structure readers.
fn instr() -> impl Strategy<Value = (u8, Vec<i32>, Option<u8>)> {
    prop_oneof![
        (0..3i32, 1..8i32).prop_map(|(m, mask)| (0x21u8, vec![m, mask], None)),
        (0..3i32).prop_map(|p| (0x32u8, vec![p, 1], None)),
        (0..100i32).prop_map(|v| (0x43u8, vec![2, v], None)),
        (0..3i32).prop_map(|s| (0x51u8, vec![s], None)),
        (0..2i32, 0..10i32).prop_map(|(s, v)| (0x14u8, vec![47, 2 * s, v], None)),
        (0..2i32).prop_map(|v| (0x54u8, vec![47, 2, 20 - 40 * v], None)),
        Just((0x05u8, vec![5, 0, 0, 47], None)),
        (0..3i32).prop_map(|t| (0x71u8, vec![t], None)),
        any::<u8>().prop_map(|t| (0x72u8, vec![], Some(t))),
        any::<u8>().prop_map(|t| (0x27u8, vec![], Some(t))),
        (any::<u8>(), 0..60i32, 0..4i32).prop_map(|(t, v, r)| (
            0x95u8,
            vec![2, v, r, 9, 0],
            Some(t)
        )),
        (any::<u8>(), 0..4i32).prop_map(|(t, r)| (0x85u8, vec![2, 1, r, 9, 1], Some(t))),
        any::<u8>().prop_map(|t| (0xf2u8, vec![47], Some(t))),
        Just((0x17u8, vec![0], None)),
        Just((0xf6u8, vec![], None)),
    ]
}

/// Lays instructions out and points each branch at one of them (or anywhere).
fn build(list: &[(u8, Vec<i32>, Option<u8>)]) -> Vec<u8> {
    let mut addrs = vec![];
    let mut a = 0i32;
    for (op, _, _) in list {
        addrs.push(a);
        a += lurobotsim::rcx::bytecode::instr_len(*op).unwrap() as i32;
    }
    addrs.push(a);
    let instrs: Vec<Instr> = list
        .iter()
        .map(|(op, args, t)| {
            let target = t.map(|t| addrs[t as usize % addrs.len()]);
            Instr::new(*op, args, target)
        })
        .collect();
    encode(&instrs).unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_break_the_recogniser(
        t0 in proptest::collection::vec(any::<u8>(), 0..64),
        s0 in proptest::collection::vec(any::<u8>(), 0..16),
    ) {
        let mut p = Program::default();
        p.tasks[0] = Some(t0);
        p.subs[0] = Some(s0);
        check(&p);
    }

    #[test]
    fn random_structured_code_never_breaks_the_recogniser(
        t0 in proptest::collection::vec(instr(), 0..30),
        t1 in proptest::collection::vec(instr(), 0..10),
    ) {
        let mut p = Program::default();
        p.tasks[0] = Some(build(&t0));
        p.tasks[1] = Some(build(&t1));
        p.subs[0] = Some(build(&t1));
        check(&p);
    }
}
