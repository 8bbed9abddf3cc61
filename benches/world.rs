//! Physics steps per second: one M4 driving, one M5 on E3 reading its light sensor, ten
//! M4s in one world, and one M4 driving in `--realism rcx` (PWM and the DC motor law every
//! step, at NQC's half power so the PWM switches).

#![allow(clippy::unwrap_used)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lurobotsim::vm::{Brick, OutputMode, OutputState, Realism};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use lurobotsim::world::World;
use std::hint::black_box;

/// `count` robots 0.3 m apart along Z from the environment's start, all driving.
fn driving(robot: &str, env: &str, count: usize, realism: Realism) -> World {
    let (spec, env) = (
        RobotSpec::load(robot).expect("robot"),
        EnvSpec::load(env).expect("env"),
    );
    let (x, z, yaw) = lurobotsim::sim::env_start(&env);
    let robots = (0..count)
        .map(|k| (spec.clone(), (x, z + 0.3 * k as f32, yaw)))
        .collect();
    let mut w = World::new(env, robots, 0, realism).expect("world");
    let on = OutputState {
        mode: OutputMode::On,
        forward: true,
        power: if realism == Realism::Rcx { 3 } else { 7 },
        percent: None,
    };
    for k in 0..count {
        w.set_outputs(k, &[on, OutputState::default(), on]);
    }
    w
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("world");
    g.throughput(Throughput::Elements(1000));
    for (label, robot, env, count, realism) in [
        ("m4_e1", "M4", "E1", 1, Realism::Original),
        ("m5_e3", "M5", "E3", 1, Realism::Original),
        ("ten_m4_e1", "M4", "E1", 10, Realism::Original),
        ("m4_e1_rcx", "M4", "E1", 1, Realism::Rcx),
    ] {
        let base = driving(robot, env, count, realism);
        g.bench_function(label, |b| {
            b.iter_batched(
                || base.clone(),
                |mut w| {
                    for _ in 0..1000 {
                        w.step();
                        black_box(w.brick(0).sensor_raw(0, true));
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
