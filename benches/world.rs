//! Physics steps per second: one M4 driving, one M5 on E3 reading its light sensor, and ten
//! M4s in one world.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lurobotsim::vm::{Brick, OutputMode, OutputState};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use lurobotsim::world::World;
use std::hint::black_box;

fn driving(robot: &str, env: &str, count: usize) -> World {
    let mut w = World::new_many(
        RobotSpec::load(robot).expect("robot"),
        EnvSpec::load(env).expect("env"),
        count,
        0,
    )
    .expect("world");
    let on = OutputState {
        mode: OutputMode::On,
        forward: true,
        power: 7,
        percent: None,
    };
    w.set_outputs(&[on, OutputState::default(), on]);
    w
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("world");
    g.throughput(Throughput::Elements(1000));
    for (label, robot, env, count) in [
        ("m4_e1", "M4", "E1", 1),
        ("m5_e3", "M5", "E3", 1),
        ("ten_m4_e1", "M4", "E1", 10),
    ] {
        let base = driving(robot, env, count);
        g.bench_function(label, |b| {
            b.iter_batched(
                || base.clone(),
                |mut w| {
                    for _ in 0..1000 {
                        w.step();
                        black_box(w.sensor_raw(0, true));
                    }
                    w
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, steps);
criterion_main!(benches);
