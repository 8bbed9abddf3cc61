//! `lurobotsim run`: headless simulation (cli.md). Loads the robot, environment and
//! program (mistakes → exit 1 naming the file and line), starts task 0 at t = 0, simulates
//! the requested seconds as fast as possible and prints the state: JSON only with `--json`,
//! else a short summary. Optional trace CSV, replay file, WAV and animated GIF of the 3D
//! view. A progress bar goes to stderr only for long runs on a terminal.

use super::{CliError, CliResult, RunArgs};
use crate::sim::audio;
use crate::sim::csv::TraceCsv;
use crate::sim::hardware::HardwareWatch;
use crate::sim::record::{self, Recorder};
use crate::sim::scenario::{run_until, Named, Observer, Scenario};
use crate::sim::specs::SpecSource;
use crate::sim::timeline::FRAME_MS;
use crate::sim::{time, Listing, Simulation};
use std::io::{BufWriter, IsTerminal};
use std::path::{Path, PathBuf};

/// Runs shorter than this many simulated seconds finish too fast to need a progress bar.
const PROGRESS_MIN_SECONDS: f64 = 60.0;

fn user(e: impl std::fmt::Display) -> CliError {
    CliError::User(e.to_string())
}

pub fn run(a: RunArgs) -> CliResult {
    if !(a.seconds.is_finite() && a.seconds >= 0.0) {
        return Err(CliError::User(format!(
            "--seconds {}: must be a number of seconds ≥ 0",
            a.seconds
        )));
    }
    // The run, described once (one robot or a scene's), and the files it reads.
    let (mut scenario, reads) = match &a.scene {
        Some(path) => scene_scenario(path)?,
        None => one_robot_scenario(&a)?,
    };
    // Refuse to write over anything this run reads, before anything is written.
    let reads: Vec<&Path> = reads.iter().map(|p| p.as_path()).collect();
    let mut outputs: Vec<(&str, &Path)> = Vec::new();
    outputs.extend(a.trace_csv.as_deref().map(|p| ("--trace-csv", p)));
    outputs.extend(a.record.as_deref().map(|p| ("--record", p)));
    outputs.extend(a.audio.as_deref().map(|p| ("--audio", p)));
    outputs.extend(a.gif.as_deref().map(|p| ("--gif", p)));
    let names: Vec<String> = scenario.robots().iter().map(|r| r.name.clone()).collect();
    let presses = match &a.press {
        Some(list) => parse_presses(list, &names)?,
        None => Vec::new(),
    };
    // Every press must happen: none may be lost silently.
    if a.press.is_some() && presses.is_empty() {
        return Err(CliError::User(
            "--press: no presses given (write BUTTON@SECONDS,…; without --press the program starts at 0 s)"
                .into(),
        ));
    }
    if let Some(p) = presses
        .iter()
        .find(|p| p.at_ms >= time::ticks_in(a.seconds))
    {
        return Err(CliError::User(format!(
            "--press {}@{}: at or after the end of the run (--seconds {}); it would never happen",
            p.button.name(),
            p.at_ms as f64 / 1000.0,
            a.seconds
        )));
    }
    super::check_outputs(&outputs, &reads)?;
    if a.scene.is_none() {
        // One robot's program is read (and compiled) once the outputs are known safe.
        let path = a.program.clone().expect("checked by one_robot_scenario");
        let program = crate::nqc::load(&path).map_err(user)?;
        crate::sim::scenario::check_startable(&path, &program).map_err(CliError::User)?;
        scenario.def.robots[0].program = Some((path, program));
    }
    scenario.def.config.seed = a.seed;
    scenario.def.config.realism = a.realism.into();
    scenario.def.config.battery_v = a.battery_v;
    scenario.def.presses = presses;
    scenario.end_ms = time::ticks_in(a.seconds);
    let mut sim = scenario.build().map_err(user)?;

    // The WAV is created now, so a path that cannot be written fails before the run.
    let mut wav = match &a.audio {
        Some(path) => {
            let end_ms = (a.seconds * 1000.0).round() as u64;
            if end_ms > audio::max_wav_ms(audio::SAMPLE_RATE) {
                return Err(CliError::User(format!(
                    "--audio {}: a WAV file holds at most {} s; shorten --seconds",
                    path.display(),
                    audio::max_wav_ms(audio::SAMPLE_RATE) / 1000
                )));
            }
            let file = std::fs::File::create(path)
                .map_err(|e| CliError::User(format!("{}: {e}", path.display())))?;
            Some(Named {
                name: path.display().to_string(),
                inner: Wav(Some(file)),
            })
        }
        None => None,
    };
    let mut csv = match &a.trace_csv {
        Some(path) => Some(trace_csv(path, |w| TraceCsv::new(w, scenario.listing))?),
        None => None,
    };
    let mut recorder = match &a.record {
        Some(_) => Some(Recorder::new(&sim, FRAME_MS, scenario.listing).map_err(user)?),
        None => None,
    };
    // The GIF's GPU is found before its file is made: no GPU, no empty file.
    let mut gif = gif_recorder(&a)?;
    let mut progress = Progress::new(a.seconds);
    let mut observers: Vec<&mut dyn Observer> = Vec::new();
    observers.extend(csv.as_mut().map(|c| c as &mut dyn Observer));
    observers.extend(recorder.as_mut().map(|r| r as &mut dyn Observer));
    observers.extend(wav.as_mut().map(|w| w as &mut dyn Observer));
    observers.extend(gif.as_mut().map(|g| g as &mut dyn Observer));
    observers.extend(progress.as_mut().map(|p| p as &mut dyn Observer));
    let mut hardware = HardwareWatch::default();
    observers.push(&mut hardware);
    let presses = scenario.def.press_inputs();
    run_until(&mut sim, scenario.end_ms, &presses, &mut observers).map_err(user)?;
    drop(observers);
    if let (Some(r), Some(path)) = (recorder, a.record.as_ref()) {
        record::save(path, &r.finish(&sim)).map_err(user)?;
    }

    let printed = match (a.json, scenario.listing, sim.robot(0)) {
        (true, Listing::Scene, _) => super::print_json(|w| sim.write_scene_json(w)),
        (true, Listing::One, Some(r)) => super::print_json(|w| r.write_state_json(w)),
        _ => super::print_out(&format!("{}\n", summary(&sim, scenario.listing))),
    };
    warn_hardware(&hardware, printed)
}

/// `--gif`: the recorder writing the GIF file as the run goes (None without `--gif`).
#[cfg(feature = "gui")]
fn gif_recorder(
    a: &RunArgs,
) -> Result<Option<Named<crate::render::gif::GifRecorder<BufWriter<std::fs::File>>>>, CliError> {
    use crate::render::gif::{GifOptions, GifRecorder};
    use crate::render::offscreen::Offscreen;
    let Some(path) = &a.gif else {
        return Ok(None);
    };
    let opts = GifOptions {
        every_ms: a.gif_every_ms,
        size: [a.gif_size.0, a.gif_size.1],
    };
    opts.check().map_err(user)?;
    quiet_headless_mesa();
    let view = Offscreen::new(opts.size).map_err(|e| {
        CliError::User(format!(
            "--gif needs a GPU or Mesa's software Vulkan (apt-get install mesa-vulkan-drivers): {e}"
        ))
    })?;
    let said = |e: std::io::Error| CliError::User(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(said)?;
    let recorder = GifRecorder::with_view(BufWriter::new(file), opts, view).map_err(user)?;
    Ok(Some(Named {
        name: path.display().to_string(),
        inner: recorder,
    }))
}

/// Mesa's device-selection layer asks Wayland for the default GPU whenever a program may
/// draw to Wayland; without a session (no XDG_RUNTIME_DIR) libwayland then prints
/// "error: XDG_RUNTIME_DIR is invalid or not set" twice though nothing failed. Headless
/// there is no default GPU to find, so the layer is switched off (`NODEVICE_SELECT`, its
/// own switch) — before any thread exists: `run` starts none.
#[cfg(feature = "gui")]
fn quiet_headless_mesa() {
    let unset = |v: &str| std::env::var_os(v).is_none_or(|s| s.is_empty());
    if unset("XDG_RUNTIME_DIR") && unset("WAYLAND_DISPLAY") && unset("NODEVICE_SELECT") {
        std::env::set_var("NODEVICE_SELECT", "1");
    }
}

/// Without the `gui` feature there is no renderer for `--gif` (never Some).
#[cfg(not(feature = "gui"))]
fn gif_recorder(a: &RunArgs) -> Result<Option<Wav>, CliError> {
    match a.gif {
        Some(_) => Err(CliError::User(
            "--gif: this build cannot draw the 3D view (built without the `gui` feature)".into(),
        )),
        None => Ok(None),
    }
}

/// `--gif-size WxH`: the GIF's width and height in pixels, within the renderer's bounds.
pub fn parse_gif_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || "write the width and height in pixels as WxH, e.g. 480x360".to_string();
    let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    #[cfg(feature = "gui")]
    crate::render::gif::GifOptions {
        size: [w, h],
        ..Default::default()
    }
    .check()
    .map_err(|e| e.to_string())?;
    Ok((w, h))
}

/// `--gif-every-ms N`: simulated ms between frames, within the renderer's bounds.
pub fn parse_gif_every(s: &str) -> Result<u64, String> {
    let every_ms: u64 = s
        .trim()
        .parse()
        .map_err(|_| "write a whole number of milliseconds, e.g. 100".to_string())?;
    #[cfg(feature = "gui")]
    crate::render::gif::GifOptions {
        every_ms,
        ..Default::default()
    }
    .check()
    .map_err(|e| e.to_string())?;
    Ok(every_ms)
}

/// After the results: the program's use of hardware its robot lacks, on standard error
/// (as the app warns), unless standard output was closed (the run then ends quietly).
fn warn_hardware(watch: &HardwareWatch, printed: CliResult) -> CliResult {
    if !matches!(printed, Err(CliError::ClosedStdout)) {
        for w in watch.warnings() {
            super::say!("lurobotsim: warning: {w}");
        }
    }
    printed
}

/// `run --robot --env --program`: one robot at the environment's start (its program is
/// added by `run` once the outputs are checked), and the files it reads.
fn one_robot_scenario(a: &RunArgs) -> Result<(Scenario, Vec<PathBuf>), CliError> {
    let Some(program_path) = a.program.clone() else {
        return Err(CliError::User(
            "--program FILE (or --scene FILE) is needed".into(),
        ));
    };
    let robot_src = SpecSource::robot(&a.robot).map_err(user)?;
    let env_src = SpecSource::env(&a.env).map_err(user)?;
    // Mistakes in the robot or environment file come first (the scenario parses them again).
    robot_src.robot_spec().map_err(user)?;
    let env = env_src.env_spec().map_err(user)?;
    let mut reads = vec![program_path];
    reads.extend(
        [&robot_src, &env_src]
            .into_iter()
            .filter(|s| s.dir.is_some())
            .map(|s| PathBuf::from(&s.label)),
    );
    reads.extend(env.floor.as_ref().and_then(|f| f.resolved.clone()));
    let scenario = Scenario::one(robot_src, env_src, None, None).map_err(user)?;
    Ok((scenario, reads))
}

/// `run --scene FILE`: every robot of the scene with its own RCX in one world, and the
/// files it reads.
fn scene_scenario(path: &Path) -> Result<(Scenario, Vec<PathBuf>), CliError> {
    let scene = crate::sim::scene::Scene::load(path).map_err(user)?;
    let mut reads: Vec<PathBuf> = vec![path.to_path_buf()];
    for r in &scene.robots {
        if let Some((p, _)) = &r.program {
            reads.push(p.clone());
        }
        if let Some(m) = r.model.as_ref().filter(|m| m.dir.is_some()) {
            reads.push(m.label.clone().into());
        }
    }
    if scene.environment.dir.is_some() {
        reads.push(scene.environment.label.clone().into());
    }
    Ok((Scenario::of_scene(scene), reads))
}

/// `--press` list: `[ROBOT:]BUTTON@SECONDS,…` → presses sorted by time, a press without a
/// robot's name robot 1's (the core's parser, [`crate::sim::scenario::parse_presses`],
/// which `grade` uses too).
pub fn parse_presses(
    list: &str,
    names: &[String],
) -> Result<Vec<crate::sim::scenario::Press>, CliError> {
    crate::sim::scenario::parse_presses(list, names, 0).map_err(CliError::User)
}

/// A trace CSV writer on a new file at `path`, its errors naming the file.
fn trace_csv<O>(
    path: &Path,
    new: impl FnOnce(BufWriter<std::fs::File>) -> std::io::Result<O>,
) -> Result<Named<O>, CliError> {
    let said = |e: std::io::Error| CliError::User(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(said)?;
    Ok(Named {
        name: path.display().to_string(),
        inner: new(BufWriter::new(file)).map_err(said)?,
    })
}

/// `--audio`: the brick's speaker over the whole run, written as a WAV when it ends.
struct Wav(Option<std::fs::File>);

impl Observer for Wav {
    fn observe(&mut self, _sim: &Simulation) -> std::io::Result<()> {
        Ok(())
    }
    fn finish(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let (Some(file), Some(r)) = (self.0.take(), sim.robot(0)) else {
            return Ok(());
        };
        let mut w = audio::write_wav(
            BufWriter::new(file),
            r.vm().sounds(),
            sim.time_ms(),
            audio::SAMPLE_RATE,
        )?;
        std::io::Write::flush(&mut w)
    }
}

/// A progress bar on stderr, for long runs on a terminal only.
struct Progress {
    seconds: f64,
    shown_percent: u64,
}

impl Progress {
    fn new(seconds: f64) -> Option<Progress> {
        (seconds >= PROGRESS_MIN_SECONDS && std::io::stderr().is_terminal()).then_some(Progress {
            seconds,
            shown_percent: u64::MAX,
        })
    }
}

impl Observer for Progress {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let ticks = time::ticks_in(self.seconds).max(1);
        let percent = sim.time_ms().min(ticks) * 100 / ticks;
        if sim.time_ms() > 0 && percent != self.shown_percent {
            self.shown_percent = percent;
            let bar = "#".repeat((percent / 4) as usize);
            use std::io::Write as _;
            let _ = write!(
                std::io::stderr(),
                "\r[{bar:<25}] {percent:3}% of {} s",
                self.seconds
            );
        }
        Ok(())
    }
    fn finish(&mut self, _sim: &Simulation) -> std::io::Result<()> {
        super::say!();
        Ok(())
    }
}

/// THE summary for people (`run` and `serve` without `--json`): the robots, the world and
/// the simulated time, then for the one robot of `run` where it went and what its program
/// did, for a scene's robots a line per robot; faults as `fault at S s in task T at PC:
/// MESSAGE` lines, or `faults: none`.
pub fn summary(sim: &Simulation, listing: Listing) -> String {
    let seconds = time::seconds(sim.time_ms());
    let n = sim.robot_count();
    if listing == Listing::One {
        let Some(r) = sim.robot(0) else {
            return String::new();
        };
        let p = r.pose();
        let s = r.start_pose();
        let mut lines = vec![
            format!(
                "{} on {}, {seconds:.3} s simulated",
                sim.world().robot_name(0),
                sim.world().env_name(),
            ),
            format!(
                "pose: x {:.3} m, z {:.3} m, heading {:.1}° (started at x {:.3}, z {:.3}, {:.1}°)",
                p.x, p.z, p.yaw_deg, s.x, s.z, s.yaw_deg
            ),
            format!(
                "moved {:.3} m from the start, {:.3} m along its path, turned {:.1}° in all",
                r.displacement_m(),
                r.path_length_m(),
                r.yaw_total_deg()
            ),
            format!("tasks: {}", tasks(r.vm())),
        ];
        lines.extend(faults(r.vm(), ""));
        return lines.join("\n");
    }
    let mut lines = vec![format!(
        "{n} robot{} on {}, {seconds:.3} s simulated",
        if n == 1 { "" } else { "s" },
        sim.world().env_name(),
    )];
    for (k, b) in sim.robots().enumerate() {
        let p = b.pose();
        let said = match b.vm().faults().len() {
            0 => "faults: none".to_string(),
            n => format!("faults: {n}"),
        };
        lines.push(format!(
            "{} ({}): x {:.3} m, z {:.3} m, heading {:.1}°, moved {:.3} m; tasks: {}; IR sent {}, heard {}, message {}; {said}",
            b.name(),
            sim.world().robot_name(k),
            p.x,
            p.z,
            p.yaw_deg,
            b.displacement_m(),
            tasks(b.vm()),
            b.ir_sent(),
            b.ir_received(),
            b.vm().message(),
        ));
        if !b.vm().faults().is_empty() {
            lines.extend(faults(b.vm(), "  "));
        }
    }
    lines.join("\n")
}

/// Each task and its state (`0 running, 1 stopped`).
fn tasks(vm: &crate::vm::Vm) -> String {
    let tasks: Vec<String> = vm
        .tasks()
        .iter()
        .map(|t| format!("{} {:?}", t.task, t.state).to_lowercase())
        .collect();
    tasks.join(", ")
}

/// `faults: none`, or a `fault at …` line per fault, each after `indent`.
fn faults(vm: &crate::vm::Vm, indent: &str) -> Vec<String> {
    let faults = vm.faults();
    if faults.is_empty() {
        return vec![format!("{indent}faults: none")];
    }
    faults
        .iter()
        .map(|f| format!("{indent}fault {f}"))
        .collect()
}
