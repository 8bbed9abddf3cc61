//! `lurobotsim bench`: simulated steps per second of the whole tick (sensors, VM, motors,
//! physics, timers, tracing) for the standard scenarios — one M4 driving, M5 following the
//! line, ten M4s in one world; one M4 and ten also as a multiple of the original's ODE
//! engine — then where a tick goes (each step of the tick timed: sensors, VM, our wheels,
//! rapier's step — by its stages in a `rapier-profile` build —, timers, the goal), printed,
//! and appended as Markdown to `--write FILE`.
//! `--realtime S` also runs the runner in normal mode (paced to real time, a frame every
//! 50 ticks, as the app) for S wall-clock seconds and reports the real-time factor.
//! This is a frontend: it may read the wall clock; the simulation it measures does not.

use super::{BenchArgs, CliError, CliResult};
use crate::sim::scenario::{run_until, Scenario};
use crate::sim::specs::SpecSource;
use crate::sim::RobotDef;
use crate::sim::{time, Phase, Realism, Simulation};
use crate::world::{RapierStages, StepPhase};
use std::io::Write;
use std::time::{Duration, Instant};

/// Drive forward at full power for ever, executing an instruction every tick (a `jmpl`
/// loop) so the VM's share of the tick is counted.
pub const DRIVE_LASM: &str = "task 0\n\tset 0,47,2,5\n\tmulv 47,2,20\n\tset 5,0,0,47\n\
\tset 5,2,0,47\n\tout 2,5\nLoop:\n\tjmpl Loop\nendt\n";
/// The line follower of the acceptance tests.
pub const LINE_LASM: &str = include_str!("../../tests/programs/sim_line_follower.lasm");

/// The original's engine (ODE 0.16), steps per second of CPU time on the same robot, as
/// (scenario, `dWorldQuickStep` with 20 iterations, `dWorldStep`): `benches/ode/measure` on
/// the machine BENCHMARKS.md's figures come from (whole process, median of 7 interleaved
/// rounds: one M4 60 s took 0.78 s and 1.04 s, ten M4s 20 s 2.64 s and 3.39 s). The same
/// machine's ODE figures are the only fair ones: run `benches/ode/measure` elsewhere.
pub const ODE_STEPS_PER_S: [(&str, f64, f64); 2] = [
    ("M4 driving (E1)", 60_000.0 / 0.78, 60_000.0 / 1.04),
    (
        "scene: 10 × M4, own RCXs (E1)",
        20_000.0 / 2.64,
        20_000.0 / 3.39,
    ),
];

/// One scenario's figures.
#[derive(Clone, Debug)]
pub struct Figure {
    pub name: &'static str,
    pub steps: u64,
    pub seconds: f64,
}

impl Figure {
    pub fn steps_per_s(&self) -> f64 {
        self.steps as f64 / self.seconds.max(1e-9)
    }
}

/// Builds a started scenario: one robot on an environment, running `lasm`.
pub fn scenario(robot: &str, env: &str, lasm: &str) -> Result<Simulation, CliError> {
    scenario_realism(robot, env, lasm, Realism::Original)
}

/// Builds a started scenario with a `--realism` setting.
pub fn scenario_realism(
    robot: &str,
    env: &str,
    lasm: &str,
    realism: Realism,
) -> Result<Simulation, CliError> {
    let internal = |e: String| CliError::Internal(e);
    let mut s = Scenario::one(
        SpecSource::robot(robot).map_err(|e| internal(e.to_string()))?,
        SpecSource::env(env).map_err(|e| internal(e.to_string()))?,
        Some(("bench".into(), program(lasm)?)),
        None,
    )
    .map_err(|e| internal(e.to_string()))?;
    s.def.config.realism = realism;
    s.build().map_err(|e| internal(e.to_string()))
}

fn program(lasm: &str) -> Result<crate::rcx::program::Program, CliError> {
    crate::rcx::load_program_bytes(lasm.as_bytes(), "bench")
        .map_err(|e| CliError::Internal(e.to_string()))
}

/// A started scene of `n` M4s on E1, 0.3 m apart along Z, each with its own RCX running
/// the drive program (the 10-robot case as a real scene: one VM per brick, IR on).
pub fn scene_scenario(n: usize) -> Result<Simulation, CliError> {
    let internal = |e: String| CliError::Internal(e);
    let one = Scenario::one(
        SpecSource::robot("M4").map_err(|e| internal(e.to_string()))?,
        SpecSource::env("E1").map_err(|e| internal(e.to_string()))?,
        Some(("bench".into(), program(DRIVE_LASM)?)),
        None,
    )
    .map_err(|e| internal(e.to_string()))?;
    let robot = &one.robots()[0];
    let robots = (0..n)
        .map(|k| RobotDef {
            name: format!("R{}", k + 1),
            pose: (0.0, 0.3 * k as f32, 0.0),
            ..robot.clone()
        })
        .collect();
    let def = crate::sim::SimDef { robots, ..one.def };
    crate::sim::Simulation::create(&def).map_err(|e| internal(e.to_string()))
}

/// Times `ticks` ticks of a scenario.
fn measure(name: &'static str, mut sim: Simulation, ticks: u64) -> Figure {
    let start = Instant::now();
    let end = sim.time_ms() + ticks;
    // The loop every run uses; a failing observer is impossible without observers.
    let _ = run_until(&mut sim, end, &[], &mut []);
    Figure {
        name,
        steps: ticks,
        seconds: start.elapsed().as_secs_f64(),
    }
}

pub fn run(a: BenchArgs) -> CliResult {
    if !(a.seconds.is_finite() && a.seconds > 0.0) {
        return Err(CliError::User(format!(
            "--seconds {}: must be a number of seconds > 0",
            a.seconds
        )));
    }
    let ticks = time::ticks_in(a.seconds).max(1);
    // An untimed second first: the first scenario timed cold read up to a quarter slower
    // (caches, the CPU's clock rising), and it is the one set against ODE.
    let _ = measure("warm-up", scenario("M4", "E1", DRIVE_LASM)?, 1000);
    let figures = vec![
        measure("M4 driving (E1)", scenario("M4", "E1", DRIVE_LASM)?, ticks),
        measure(
            "M5 line following (E3)",
            scenario("M5", "E3", LINE_LASM)?,
            ticks,
        ),
        // PWM and the DC motor law are applied every 1 ms step: what that costs.
        measure(
            "M4 driving, --realism rcx (E1)",
            scenario_realism("M4", "E1", DRIVE_LASM, Realism::Rcx)?,
            ticks,
        ),
        // Scenes: every robot its own RCX (one VM per brick, IR carried), one world.
        measure("scene: 1 × M4, own RCX (E1)", scene_scenario(1)?, ticks),
        measure("scene: 2 × M4, own RCXs (E1)", scene_scenario(2)?, ticks),
        measure("scene: 5 × M4, own RCXs (E1)", scene_scenario(5)?, ticks),
        measure("scene: 10 × M4, own RCXs (E1)", scene_scenario(10)?, ticks),
    ];
    let build = if cfg!(debug_assertions) {
        "debug build: figures are not representative"
    } else {
        "release build"
    };
    let mut text = format!(
        "## lurobotsim bench: whole 1 ms tick, {} s simulated per scenario ({build})\n\n\
         | scenario | steps/s | × real time | × ODE quickstep | × ODE step |\n\
         |---|---:|---:|---:|---:|\n",
        a.seconds
    );
    for f in &figures {
        let (quick, step) = ODE_STEPS_PER_S.iter().find(|o| o.0 == f.name).map_or(
            (String::new(), String::new()),
            |o| {
                let per_s = f.steps_per_s();
                (format!("{:.2}", per_s / o.1), format!("{:.2}", per_s / o.2))
            },
        );
        text.push_str(&format!(
            "| {} | {:.0} | {:.1} | {quick} | {step} |\n",
            f.name,
            f.steps_per_s(),
            f.steps_per_s() / 1000.0
        ));
    }
    // Where a tick goes: the same scenarios again, each step of the tick timed.
    text.push_str(&profile_table(&[
        profile("M4 driving (E1)", scenario("M4", "E1", DRIVE_LASM)?, ticks),
        profile(
            "M5 line following (E3), with a goal",
            {
                let mut sim = scenario("M5", "E3", LINE_LASM)?;
                sim.set_goal(Some(bench_goal()));
                sim
            },
            ticks,
        ),
        profile("scene: 10 × M4, own RCXs (E1)", scene_scenario(10)?, ticks),
    ]));
    if let Some(wall) = a.realtime {
        if !(wall.is_finite() && wall >= 2.0) {
            return Err(CliError::User(format!(
                "--realtime {wall}: must be at least 2 seconds"
            )));
        }
        super::print_out(&text)?;
        text = String::new();
        let rt = realtime(scenario("M5", "E3", LINE_LASM)?, wall);
        text.push_str(&format!(
            "\n## Normal mode's real-time factor (runner paced to 1×, frame every 50 ticks)\n\n\
             | wall seconds | simulated seconds | factor | slowest second | fastest second |\n\
             |---:|---:|---:|---:|---:|\n\
             | {:.1} | {:.3} | {:.4} | {:.3} | {:.3} |\n",
            rt.wall_s,
            rt.sim_s,
            rt.factor(),
            rt.min,
            rt.max
        ));
    }
    super::print_out(&text)?;
    if let Some(path) = &a.write {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| CliError::User(format!("{}: {e}", path.display())))?;
        writeln!(file, "{text}").map_err(|e| CliError::User(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// Where one scenario's ticks went: wall time per step of the tick, and rapier's stages.
#[derive(Clone, Debug)]
pub struct Profile {
    pub name: &'static str,
    pub ticks: u64,
    /// Seconds per step of the tick, in the order first met.
    pub phases: Vec<(Phase, f64)>,
    /// rapier's stages over all the ticks, ms.
    pub rapier: RapierStages,
}

impl Profile {
    /// All the measured time, s.
    pub fn total(&self) -> f64 {
        self.phases.iter().map(|p| p.1).sum()
    }

    /// One phase's seconds (0 if never met).
    pub fn seconds(&self, phase: Phase) -> f64 {
        self.phases
            .iter()
            .find(|p| p.0 == phase)
            .map_or(0.0, |p| p.1)
    }
}

/// Runs `ticks` ticks of `sim` with every step of each tick timed (`Simulation::tick_marked`)
/// and, in a build with the `rapier-profile` feature, rapier's counters on. A tick the
/// machine interrupted (more than twice the median tick) is left out, so a shared machine
/// shifts the figures less. The clock costs ≈ 20 ns a mark (≈ 12 marks a tick; ≈ 50 with
/// rapier's), so read the shares rather than the total.
pub fn profile(name: &'static str, mut sim: Simulation, ticks: u64) -> Profile {
    sim.profile_physics(true);
    let mut order: Vec<Phase> = Vec::new();
    // Per tick: seconds per phase (by `order`), and rapier's stages.
    let mut per_tick: Vec<(Vec<f64>, RapierStages)> = Vec::with_capacity(ticks as usize);
    for _ in 0..ticks {
        let mut row = vec![0.0; order.len()];
        let mut last = Instant::now();
        sim.tick_marked(&mut |phase| {
            let now = Instant::now();
            let s = (now - last).as_secs_f64();
            last = now;
            let k = match order.iter().position(|p| *p == phase) {
                Some(k) => k,
                None => {
                    order.push(phase);
                    order.len() - 1
                }
            };
            if row.len() <= k {
                row.resize(k + 1, 0.0);
            }
            row[k] += s;
        });
        per_tick.push((row, sim.world().rapier_stages()));
    }
    sim.profile_physics(false);
    let mut totals: Vec<f64> = per_tick.iter().map(|t| t.0.iter().sum()).collect();
    totals.sort_by(f64::total_cmp);
    let cut = 2.0 * totals.get(totals.len() / 2).copied().unwrap_or(0.0);
    let mut phases: Vec<(Phase, f64)> = order.iter().map(|p| (*p, 0.0)).collect();
    let mut rapier = RapierStages::default();
    let mut kept = 0;
    for (row, stages) in &per_tick {
        if row.iter().sum::<f64>() > cut {
            continue;
        }
        kept += 1;
        for (k, s) in row.iter().enumerate() {
            phases[k].1 += s;
        }
        rapier.add(stages);
    }
    Profile {
        name,
        ticks: kept,
        phases,
        rapier,
    }
}

/// What a phase is called in the profile's table.
fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Sensors => "sensors (every brick reads its ports)",
        Phase::Vm => "VM (every task's instructions)",
        Phase::Actuators => "actuators (outputs to motors)",
        Phase::World(StepPhase::Motors) => "world: `rcx` motors (PWM, DC law)",
        Phase::World(StepPhase::Wheels) => "world: our wheels' grip and motors",
        Phase::World(StepPhase::Rapier) => "world: rapier's step",
        Phase::World(StepPhase::Floor) => "world: our step of robots alone on the floor",
        Phase::World(StepPhase::Angles) => "world: wheel angles, rotation sensors",
        Phase::Timers => "timers",
        Phase::Ir => "IR between bricks",
        Phase::Follow => "odometry and running icons",
        Phase::Goal => "goal (a challenge's criteria)",
    }
}

/// The profiles as one Markdown table: µs per tick and share of the tick, per step, and
/// rapier's step by its stages.
pub fn profile_table(profiles: &[Profile]) -> String {
    let mut t = String::from(
        "\n## Where a tick goes (each step of the tick timed; ticks the machine interrupted left out)\n\n\
         | part |",
    );
    for p in profiles {
        t.push_str(&format!(" {} µs | % |", p.name));
    }
    t.push_str("\n|---|");
    for _ in profiles {
        t.push_str("---:|---:|");
    }
    t.push('\n');
    let mut order: Vec<Phase> = Vec::new();
    for p in profiles {
        for (ph, _) in &p.phases {
            if !order.contains(ph) {
                order.push(*ph);
            }
        }
    }
    let cell = |p: &Profile, s: f64| {
        let per_tick = s * 1e6 / p.ticks.max(1) as f64;
        let share = 100.0 * s / p.total().max(1e-12);
        format!(" {per_tick:.2} | {share:.1} |")
    };
    // A rapier stage's row: its name and where its figure is.
    type Stage = (&'static str, fn(&RapierStages) -> f64);
    for ph in &order {
        t.push_str(&format!("| {} |", phase_name(*ph)));
        for p in profiles {
            t.push_str(&cell(p, p.seconds(*ph)));
        }
        t.push('\n');
        if *ph == Phase::World(StepPhase::Rapier) && cfg!(feature = "rapier-profile") {
            let stages: [Stage; 8] = [
                ("update (bodies, mass properties)", |r| r.update),
                ("user changes", |r| r.user_changes),
                ("broad phase", |r| r.broad_phase),
                ("narrow phase (contacts)", |r| r.narrow_phase),
                ("islands, contact graph", |r| r.islands),
                ("solver: constraints built", |r| r.assembly),
                ("solver: constraints solved", |r| r.resolution),
                ("solver: integration, write-back", |r| r.integration),
            ];
            for (name, f) in stages {
                t.push_str(&format!("| — rapier: {name} |"));
                for p in profiles {
                    t.push_str(&cell(p, f(&p.rapier) / 1000.0));
                }
                t.push('\n');
            }
        }
    }
    t.push_str("| **whole tick** |");
    for p in profiles {
        t.push_str(&cell(p, p.total()));
    }
    t.push('\n');
    if !cfg!(feature = "rapier-profile") {
        t.push_str(
            "\nrapier's step by its stages: build with `--features rapier-profile` \
             (its timers cost ≈ 6 % of a tick, so the default build leaves them out).\n",
        );
    }
    t
}

/// Six criteria of the kinds a challenge uses, far from their end (never decided early): a
/// line, a reach, a visit, no contact, no fault, a distance.
pub fn bench_goal() -> crate::sim::goal::Goal {
    use crate::sim::goal::kinds::{Displacement, Line, NoContact, NoFault, Reach, Visit};
    use crate::sim::goal::{Check, Criterion, Goal, Region};
    let end_ms = u64::MAX / 2;
    let c = |id: &str, check: Check| Criterion {
        id: id.into(),
        points: 1.0,
        requires: Vec::new(),
        after: Vec::new(),
        check,
        robot: 0,
        say: None,
        say_key: None,
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
                    from: None,
                }),
            ),
        ],
        end_ms,
    )
}

/// What [`realtime`] measured.
#[derive(Clone, Debug)]
pub struct Realtime {
    pub wall_s: f64,
    pub sim_s: f64,
    /// Slowest and fastest one-second factor.
    pub min: f64,
    pub max: f64,
}

impl Realtime {
    pub fn factor(&self) -> f64 {
        self.sim_s / self.wall_s.max(1e-9)
    }
}

/// Runs `sim` on the runner at 1× for `wall_s` seconds (after a second of warm-up) and
/// reads the simulated clock from its published snapshots once a second.
pub fn realtime(sim: Simulation, wall_s: f64) -> Realtime {
    use crate::runner::{self, Command, RunnerConfig, Speed};
    let handle = runner::spawn(sim, RunnerConfig::default());
    handle.send(Command::SetSpeed(Speed::Factor(1.0)));
    handle.send(Command::Run);
    // Asked on the simulation thread between ticks (exact to the millisecond; snapshots
    // only come every 50 ms).
    let read = || {
        let (tx, rx) = std::sync::mpsc::channel();
        handle.send(Command::LiveTime(tx));
        rx.recv_timeout(Duration::from_secs(5)).unwrap_or(0)
    };
    std::thread::sleep(Duration::from_secs(1));
    let t0 = Instant::now();
    let s0 = read();
    let (mut last_t, mut last_s) = (t0, s0);
    let (mut min, mut max) = (f64::INFINITY, 0.0f64);
    while t0.elapsed().as_secs_f64() < wall_s {
        let next = last_t + Duration::from_secs(1);
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
        let now = Instant::now();
        let s = read();
        let f = s.saturating_sub(last_s) as f64 / 1000.0 / (now - last_t).as_secs_f64();
        min = min.min(f);
        max = max.max(f);
        (last_t, last_s) = (now, s);
    }
    handle.stop();
    Realtime {
        wall_s: (last_t - t0).as_secs_f64(),
        sim_s: last_s.saturating_sub(s0) as f64 / 1000.0,
        min,
        max,
    }
}
