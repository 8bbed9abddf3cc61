//! The whole tick (sensors, VM, motors, physics, timers, tracing) per simulated step: one
//! M4 driving, M5 following the line, ten M4s in one world (each its own RCX). The goal is ≥ 90,000 steps/s
//! for one robot. `cargo bench --bench sim -- --quick`.

#![allow(clippy::unwrap_used)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lurobotsim::cli::bench::{scenario, scene_scenario, DRIVE_LASM, LINE_LASM};

fn ticks(c: &mut Criterion) {
    let mut g = c.benchmark_group("sim_tick");
    g.throughput(Throughput::Elements(1));
    for (name, built) in [
        ("m4_driving", scenario("M4", "E1", DRIVE_LASM)),
        ("m5_line_following", scenario("M5", "E3", LINE_LASM)),
        ("ten_m4", scene_scenario(10)),
    ] {
        let Ok(mut sim) = built else {
            eprintln!("{name}: cannot build the scenario");
            continue;
        };
        g.bench_function(name, |b| b.iter(|| sim.tick()));
    }
    // The line follower again, following a challenge's goal (a line, a reach, a visit, no
    // contact, no fault, a distance): what the live goal costs a tick.
    if let Ok(mut sim) = scenario("M5", "E3", LINE_LASM) {
        sim.set_goal(Some(goal()));
        g.bench_function("m5_line_following_with_goal", |b| b.iter(|| sim.tick()));
    }
    g.finish();
}

fn goal() -> lurobotsim::sim::goal::Goal {
    lurobotsim::cli::bench::bench_goal()
}

criterion_group!(benches, ticks);
criterion_main!(benches);
