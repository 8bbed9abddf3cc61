//! The whole tick (sensors, VM, motors, physics, timers, tracing) per simulated step: one
//! M4 driving, M5 following the line, ten M4s in one world. The goal is ≥ 90,000 steps/s
//! for one robot. `cargo bench --bench sim -- --quick`.

#![allow(clippy::unwrap_used)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lurobotsim::cli::bench::{scenario, DRIVE_LASM, LINE_LASM};

fn ticks(c: &mut Criterion) {
    let mut g = c.benchmark_group("sim_tick");
    g.throughput(Throughput::Elements(1));
    for (name, robot, env, lasm, n) in [
        ("m4_driving", "M4", "E1", DRIVE_LASM, 1),
        ("m5_line_following", "M5", "E3", LINE_LASM, 1),
        ("ten_m4", "M4", "E1", DRIVE_LASM, 10),
    ] {
        let Ok(mut sim) = scenario(robot, env, lasm, n) else {
            eprintln!("{name}: cannot build the scenario");
            continue;
        };
        g.bench_function(name, |b| b.iter(|| sim.tick()));
    }
    // The line follower again, following a challenge's goal (a line, a reach, a visit, no
    // contact, no fault, a distance): what the live goal costs a tick.
    if let Ok(mut sim) = scenario("M5", "E3", LINE_LASM, 1) {
        sim.set_goal(Some(goal()));
        g.bench_function("m5_line_following_with_goal", |b| b.iter(|| sim.tick()));
    }
    g.finish();
}

/// Six criteria of the kinds a challenge uses, far from their end (never decided early).
fn goal() -> lurobotsim::sim::goal::Goal {
    use lurobotsim::sim::goal::kinds::{Displacement, Line, NoContact, NoFault, Reach, Visit};
    use lurobotsim::sim::goal::{Check, Criterion, Goal, Region};
    let end_ms = u64::MAX / 2;
    let c = |id: &str, check: Check| Criterion {
        id: id.into(),
        points: 1.0,
        requires: Vec::new(),
        after: Vec::new(),
        check,
        robot: 0,
        say: None,
        line: 0,
    };
    Goal::new(
        vec![
            c(
                "line",
                Check::Line(Line {
                    max_m: 0.03,
                    for_fraction: 0.8,
                    after_ms: 0,
                }),
            ),
            c(
                "reach",
                Check::Reach(Reach {
                    region: Region::Circle([50.0, 50.0, 0.1]),
                    by_ms: end_ms,
                }),
            ),
            c(
                "visit",
                Check::Visit(Visit {
                    regions: vec![Region::Rect([40.0, 40.0, 41.0, 41.0])],
                    by_ms: end_ms,
                }),
            ),
            c("touch", Check::NoContact(NoContact)),
            c("fault", Check::NoFault(NoFault)),
            c(
                "far",
                Check::Displacement(Displacement {
                    min_m: Some(0.1),
                    max_m: None,
                }),
            ),
        ],
        end_ms,
    )
}

criterion_group!(benches, ticks);
criterion_main!(benches);
