//! Whatever bytes arrive — as task code, sub code or direct commands — the VM neither
//! panics nor hangs: each tick runs a bounded number of instructions.

use crate::vm_support;
use lurobotsim::rcx::Program;
use lurobotsim::vm::{Vm, VmConfig};
use proptest::prelude::*;
use vm_support::FakeBrick;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_code_never_panics_and_every_tick_returns(
        tasks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..80), 1..4),
        subs in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..40), 0..3),
        raw in proptest::collection::vec(0u16..1024, 3),
        ipt in 1u32..50,
    ) {
        let mut p = Program::default();
        for (i, t) in tasks.into_iter().enumerate() {
            p.tasks[i] = Some(t);
        }
        for (i, s) in subs.into_iter().enumerate() {
            p.subs[i] = Some(s);
        }
        let mut vm = Vm::new(VmConfig { instructions_per_tick: ipt, ..VmConfig::default() });
        vm.load(0, p);
        for t in 0..3 {
            vm.start_task(t);
        }
        let mut b = FakeBrick::default();
        for tick in 0..300u64 {
            b.raw[(tick % 3) as usize] = raw[(tick % 3) as usize];
            b.rotation[0] = tick as i32 * 3 - 200;
            vm.tick(&mut b);
        }
        prop_assert_eq!(vm.now_ms(), 300);
        let _ = vm.state_json();
    }

    #[test]
    fn arbitrary_direct_commands_never_panic(
        cmds in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..12), 1..40),
    ) {
        let mut vm = Vm::new(VmConfig::default());
        let mut b = FakeBrick::default();
        for c in cmds {
            if let Some(r) = vm.direct(&mut b, &c) {
                prop_assert_eq!(r[0], !c[0]);
            }
            vm.tick(&mut b);
        }
    }
}
