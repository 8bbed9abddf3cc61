//! VM throughput in instructions per second: a busy arithmetic loop and a NQC-style
//! sensor loop, each with a large `instructions_per_tick` so the interpreter (not the
//! tick bookkeeping) dominates. `cargo bench --bench vm -- --quick`.

#![allow(clippy::unwrap_used)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lurobotsim::rcx::{encode, Instr, Program};
use lurobotsim::vm::{Brick, Vm, VmConfig};

struct Idle;
impl Brick for Idle {
    fn sensor_raw(&mut self, _port: usize, _powered: bool) -> u16 {
        700
    }
    fn rotation_count(&mut self, _port: usize) -> i32 {
        0
    }
}

const PER_TICK: u32 = 100_000;

fn vm_for(code: Vec<u8>) -> Vm {
    let mut p = Program::default();
    p.tasks[0] = Some(code);
    let mut vm = Vm::new(VmConfig {
        instructions_per_tick: PER_TICK,
        ..VmConfig::default()
    });
    vm.load(0, p);
    vm.start_task(0);
    vm
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("vm");
    g.throughput(Throughput::Elements(PER_TICK as u64));
    // L: sumv 0,2,1 ; mulv 1,0,0 ; andv 1,2,255 ; jmp L  (addresses 0, 5, 10, 15)
    let arith = encode(&[
        Instr::new(0x24, &[0, 2, 1], None),
        Instr::new(0x54, &[1, 0, 0], None),
        Instr::new(0x84, &[1, 2, 255], None),
        Instr::new(0x27, &[], Some(0)),
    ])
    .unwrap();
    let mut vm = vm_for(arith);
    g.bench_function("arith_loop", |b| b.iter(|| vm.tick(&mut Idle)));
    // sent 0,3 ; L: chkl 2,40,1,9,0,L2 ; setv 47,9,0 ; decvjn 47,L ; L2: jmpl L
    let sensor = encode(&[
        Instr::new(0x32, &[0, 3], None),
        Instr::new(0x95, &[2, 40, 1, 9, 0], Some(19)),
        Instr::new(0x14, &[47, 9, 0], None),
        Instr::new(0xf2, &[47], Some(3)),
        Instr::new(0x72, &[], Some(3)),
    ])
    .unwrap();
    let mut vm = vm_for(sensor);
    g.bench_function("sensor_loop", |b| b.iter(|| vm.tick(&mut Idle)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
