//! The tracer following the real VM (no physics): a fake brick scripts the light sensor.

use crate::trace_support;

use lurobotsim::trace::{Tracer, ViKind};
use lurobotsim::vm::{Brick, Vm, VmConfig};

/// Port 2 sees light for the first half of every second and dark for the second half.
struct Stripes {
    now_ms: u64,
}

impl Brick for Stripes {
    fn sensor_raw(&mut self, port: usize, _powered: bool) -> u16 {
        // Percent = (1023 − raw)·25/156 (firmware): 649 → 59 (light), 836 → 29 (dark).
        match (port, self.now_ms % 1000 < 500) {
            (1, true) => 649,
            (1, false) => 836,
            _ => 1023,
        }
    }
    fn rotation_count(&mut self, _port: usize) -> i32 {
        0
    }
}

#[test]
fn a_line_follower_on_the_vm_alternates_wait_for_dark_and_wait_for_light() {
    let program = trace_support::asm_file("trace_line_follower.lasm");
    let mut tracer = Tracer::new(&program);
    let mut vm = Vm::new(VmConfig::default());
    vm.load(0, program);
    vm.select_slot(0);
    vm.start_task(0);
    let mut brick = Stripes { now_ms: 0 };
    for _ in 0..3200 {
        brick.now_ms = vm.now_ms();
        vm.tick(&mut brick);
        tracer.update(vm.now_ms(), &vm.tasks());
    }
    let waits: Vec<(f64, ViKind)> = tracer
        .events()
        .iter()
        .map(|e| (e.time_s, tracer.vis()[e.vi].kind))
        .filter(|(_, k)| k.is_wait())
        .collect();
    let kinds: Vec<ViKind> = waits.iter().map(|w| w.1).collect();
    use ViKind::*;
    assert_eq!(
        kinds,
        vec![WaitDark, WaitLight, WaitDark, WaitLight, WaitDark, WaitLight, WaitDark]
    );
    // Each wait is left when the stripe changes: dark at x.5 s, light at whole seconds.
    for pair in waits.windows(2) {
        let (t, k) = pair[1];
        let phase = (t * 1000.0).round() as u64 % 1000;
        match k {
            WaitLight => assert!((500..520).contains(&phase), "{t}"),
            _ => assert!(phase < 20, "{t}"),
        }
    }
    assert!(vm.faults().is_empty());
}
