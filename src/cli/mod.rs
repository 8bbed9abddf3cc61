//! The command line of cli.md. This file only declares the commands and dispatches; each
//! subcommand lives in its own file. Exit codes: 0 success, 1 the user's input was wrong
//! (message on stderr naming the file and line), 2 internal error. A reader that closes
//! standard output early (`| head`) ends the command quietly with exit 0.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

pub mod bench;
pub mod brick;
pub mod grade;
pub mod gui;
pub mod lasm;
pub mod lasm_run;
pub mod robot;
pub mod run;
pub mod serve;

/// An error for the user (exit 1) or an internal one (exit 2).
#[derive(Debug)]
pub enum CliError {
    /// The user's input was wrong: exit 1.
    User(String),
    /// Something inside failed: exit 2.
    Internal(String),
    /// Standard output was closed by its reader (`| head`): stop quietly, exit 0.
    ClosedStdout,
    /// A failure with its own exit code (`grade`: 4 a run could not be graded, 5 merge
    /// found gaps).
    Code(i32, String),
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::User(m) | CliError::Internal(m) | CliError::Code(_, m) => f.write_str(m),
            CliError::ClosedStdout => f.write_str("standard output was closed"),
        }
    }
}

impl CliError {
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::User(_) => 1,
            CliError::Internal(_) => 2,
            CliError::ClosedStdout => 0,
            CliError::Code(code, _) => *code,
        }
    }
}

pub type CliResult = Result<(), CliError>;

/// Writes `text` to standard output and flushes it. A closed pipe (the reader stopped, as
/// `| head` does) is [`CliError::ClosedStdout`], not a panic or an internal error.
/// A line on standard error that never fails the command: a log line lost because
/// stderr is closed or a broken pipe (`2>&1 | head -1`) is not worth a panic (`eprintln!`
/// panics there).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use say;

pub fn print_out(text: &str) -> CliResult {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => CliError::ClosedStdout,
            _ => CliError::Internal(format!("cannot write to standard output: {e}")),
        })
}

/// Prints a JSON document that `write` writes (pretty, then a newline) straight to standard
/// output through a buffer: a long run's state is never held as one string.
pub fn print_json(
    write: impl FnOnce(&mut dyn std::io::Write) -> serde_json::Result<()>,
) -> CliResult {
    use std::io::Write;
    let closed = |kind: std::io::ErrorKind, e: String| match kind {
        std::io::ErrorKind::BrokenPipe => CliError::ClosedStdout,
        _ => CliError::Internal(format!("cannot write to standard output: {e}")),
    };
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    write(&mut out).map_err(|e| match e.io_error_kind() {
        Some(kind) => closed(kind, e.to_string()),
        None => CliError::Internal(e.to_string()),
    })?;
    out.write_all(b"\n")
        .and_then(|()| out.flush())
        .map_err(|e| closed(e.kind(), e.to_string()))
}

/// Where `p` is: its canonical path, or for a file not yet made its folder's canonical path
/// joined with its name.
fn identity(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok().or_else(|| {
        let parent = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some(std::fs::canonicalize(parent).ok()?.join(p.file_name()?))
    })
}

/// True when `a` and `b` name the same file (through links, `..`, hard links), or the same
/// place for a file not yet made.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    matches!((identity(a), identity(b)), (Some(x), Some(y)) if x == y)
}

/// Checks the files a command will write before it reads or writes anything else: an
/// output (`option` names it in the message) must not be a symbolic link (it would write
/// wherever the link points) and must not be one of the command's `inputs` or an earlier
/// output (writing it would destroy what is being read). Exit 1 if it is.
pub fn check_outputs(outputs: &[(&str, &Path)], inputs: &[&Path]) -> CliResult {
    for (k, (option, path)) in outputs.iter().enumerate() {
        let shown = path.display();
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(CliError::User(format!(
                "{option} {shown}: is a symbolic link; refusing to write through it (name the \
                 file itself)"
            )));
        }
        if let Some(input) = inputs.iter().find(|i| i.exists() && same_file(path, i)) {
            return Err(CliError::User(format!(
                "{option} {shown}: is the same file as {}, which this command reads; refusing \
                 to write over it",
                input.display()
            )));
        }
        if let Some((other, _)) = outputs[..k].iter().find(|(_, p)| same_file(path, p)) {
            return Err(CliError::User(format!(
                "{option} {shown}: is the same file as {other} writes; give each output its own \
                 file"
            )));
        }
    }
    Ok(())
}

#[derive(Parser, Debug)]
#[command(
    name = "lurobotsim",
    version,
    about = "Simulate LEGO MINDSTORMS RCX programs on virtual robots",
    long_about = "lurobotsim runs RCX programs (ROBOLAB LASM text or NQC .rcx images) on simulated \
robots M1-M5 in environments E1-E4, shows each ROBOLAB icon as it runs, and accepts downloads \
from ROBOLAB and NQC over TCP port 4266 or a pseudo-terminal, like a real RCX brick.\n\n\
With no command it opens the desktop app. Its program editor (✏ Edit program) writes \
programs with ROBOLAB's icons, no ROBOLAB needed, and autosaves the one being edited in \
$LUROBOTSIM_DATA_DIR (default $XDG_DATA_HOME/lurobotsim, else ~/.local/share/lurobotsim).\n\n\
Platforms: Linux and Windows (x86_64) are built and tested; macOS should build but is \
untested. --pty exists only on Linux and macOS; on Windows NQC 4.x downloads over TCP \
(nqc -TRCX2 -Stcp:localhost:4266 -d prog.nqc -run) and ROBOLAB through its sym.txt."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub gui: GuiArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app (the default command).
    Gui(GuiArgs),
    /// Run a program headless, as fast as possible, and print the final state.
    Run(RunArgs),
    /// Serve the RCX link (TCP and/or pty) that ROBOLAB and NQC download to.
    Serve(ServeArgs),
    /// Assemble, disassemble, check or run LASM / .rcx programs without physics.
    Lasm {
        #[command(subcommand)]
        command: LasmCommand,
    },
    /// Measure simulated steps per second (one and ten M4s also against the original's ODE
    /// engine) and where a tick goes (sensors, VM, wheels, rapier, timers, goal); write
    /// BENCHMARKS figures.
    Bench(BenchArgs),
    /// Grade a class: every pupil's program in every scenario of an assignment, with
    /// runs.jsonl, grades.csv, junit.xml, Gradescope results and report.html (docs/grading.md).
    Grade(GradeArgs),
    /// Show the model a robot file is built as (which hinges are wheels, and why; who steps
    /// it on an open floor).
    Robot {
        #[command(subcommand)]
        command: robot::RobotCommand,
    },
    /// A real RCX through the serial or USB IR tower (or TCP): list towers, ping, download
    /// firmware or a program, run, stop, upload the datalog. Exit 0 success, 1 the brick or
    /// tower failed (one line saying what to do), 2 a bad file or argument (nothing sent).
    Brick {
        #[command(subcommand)]
        command: brick::BrickCommand,
    },
}

/// `grade ASSIGNMENT.toml --programs DIR --out DIR [--jobs J]`, or `grade run` (one shard)
/// and `grade merge` (the shards' files into the outputs).
#[derive(Args, Debug, Clone)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Exit codes: 0 every run graded (whatever pupils scored); 1 the assignment or a \
flag is wrong (FILE:LINE); 2 internal; 4 a run could not be graded (retry the shard); 5 merge \
found gaps. A pupil's broken, missing or hostile program is that pupil's load_failed, never a \
stop of the batch."
)]
pub struct GradeArgs {
    #[command(subcommand)]
    pub command: Option<GradeCommand>,
    /// The assignment file (TOML: its `[assignment]` table, `[[scenario]]`s and their
    /// `[[scenario.criterion]]`s).
    #[arg(
        value_name = "ASSIGNMENT.toml",
        help = "The assignment file (TOML: [assignment], [[scenario]], [[scenario.criterion]])"
    )]
    pub assignment: Option<PathBuf>,
    /// The pupils' programs: one entry per pupil, a file (alice.rcx, .lasm or .nqc) or a
    /// folder (alice/) holding one program.
    #[arg(long, value_name = "DIR")]
    pub programs: Option<PathBuf>,
    /// Where runs.jsonl, grades.csv, junit.xml, gradescope/ and report.html go.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Simulations at once in this process [default: the machine's cores].
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum GradeCommand {
    /// Grade one shard of the runs (runs i with i mod N = shard index) into a JSONL file,
    /// written under a temporary name and renamed when complete.
    Run(GradeRunArgs),
    /// Check that the shards' files hold every run exactly once, for the same assignment,
    /// programs and version, and write the outputs (exit 5 listing what is missing).
    Merge(GradeMergeArgs),
    /// Is a challenge fair? Run programs that should earn nothing (doing nothing, driving
    /// forward, spinning, driving forward for a time) and say which criteria give them
    /// points; run the solution on every seed with its waits and powers nudged ±5 % and
    /// ±10 % and say how much margin it has; say whether the seeds give different runs.
    /// Exit 0 fair, 3 problems found, 1 the file is wrong.
    Check(GradeCheckArgs),
}

#[derive(Args, Debug, Clone)]
pub struct GradeCheckArgs {
    /// The challenge (an assignment file).
    #[arg(value_name = "CHALLENGE.toml")]
    pub challenge: PathBuf,
    /// The solution to check for margin (.lasm, .rcx or .nqc) [default: the challenge's
    /// `[check] solution`, else NAME/solution.* beside it].
    #[arg(long, value_name = "P")]
    pub solution: Option<PathBuf>,
    /// Simulations at once [default: the machine's cores].
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// The report's language: en, es, de, fr, nl, pt or it [default: the system's].
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct GradeRunArgs {
    #[arg(value_name = "ASSIGNMENT.toml")]
    pub assignment: PathBuf,
    #[arg(long, value_name = "DIR")]
    pub programs: PathBuf,
    /// How many shards in all (always given: a scheduler's count is not trusted).
    #[arg(long, value_name = "N")]
    pub shards: usize,
    /// This shard, counting from 1 (as test runners do).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// This shard, counting from 0.
    #[arg(long, value_name = "I")]
    pub shard_index: Option<usize>,
    /// Read the index from the first of LUROBOTSIM_SHARD_INDEX, JOB_COMPLETION_INDEX,
    /// AWS_BATCH_JOB_ARRAY_INDEX, SLURM_ARRAY_TASK_ID (0-based) and CI_NODE_INDEX (1-based).
    #[arg(long)]
    pub shard_from_env: bool,
    /// The shard's file.
    #[arg(long, value_name = "FILE")]
    pub out_jsonl: PathBuf,
    /// Simulations at once [default: the machine's cores; 1 with --shard-from-env].
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
}

#[derive(Args, Debug, Clone)]
pub struct GradeMergeArgs {
    #[arg(value_name = "ASSIGNMENT.toml")]
    pub assignment: PathBuf,
    #[arg(long, value_name = "DIR")]
    pub programs: PathBuf,
    /// The shards' files.
    #[arg(value_name = "SHARD.jsonl", required = true)]
    pub shards: Vec<PathBuf>,
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Args, Debug, Clone, Default)]
pub struct GuiArgs {
    /// Robot: M1-M5 or a path to a robot file.
    #[arg(long, value_name = "R")]
    pub robot: Option<String>,
    /// Environment: E1-E4 or a path to an environment file.
    #[arg(long = "env", value_name = "E")]
    pub env: Option<String>,
    /// Program to load at start (.lasm, .rcx, or .nqc compiled with the installed nqc); an
    /// editor draft (.icons) opens in the program editor.
    #[arg(long, value_name = "FILE")]
    pub program: Option<PathBuf>,
    /// Several robots in one world, each with its own RCX (a scene file, README "Scenes"):
    /// replaces --robot, --env and --program. Robot n's link listens on the --listen port
    /// + n-1 (and the pty PATH-n); Run starts every robot's program.
    #[arg(long, value_name = "FILE.toml", conflicts_with_all = ["program", "robot", "env"])]
    pub scene: Option<PathBuf>,
    /// Address the RCX link listens on (127.0.0.1:4266, localhost:4266, …) [default:
    /// 127.0.0.1:4266].
    #[arg(long, value_name = "ADDR", value_parser = crate::link::parse_listen)]
    pub listen: Option<std::net::SocketAddr>,
    /// Also create a pseudo-terminal at PATH speaking IR-framed packets (for NQC; Linux and
    /// macOS only — on Windows use NQC 4's `-Stcp:localhost:4266`).
    #[arg(long, value_name = "PATH")]
    pub pty: Option<PathBuf>,
    /// Save the whole window as PNG once the simulated clock reaches --screenshot-at, then exit.
    #[arg(long, value_name = "PNG", requires = "screenshot_at")]
    pub screenshot: Option<PathBuf>,
    /// Simulated seconds at which --screenshot is taken (the loaded program starts at 0).
    #[arg(long, value_name = "SECONDS", requires = "screenshot")]
    pub screenshot_at: Option<f64>,
    /// Physics steps (1 ms each) between drawn frames in normal mode [default: 50, as the
    /// original]. Smaller draws more often; results never change.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub frame_steps: Option<u32>,
    #[arg(long, value_enum, value_name = "MODE", default_value_t = RealismArg::Original, help = REALISM_HELP)]
    pub realism: RealismArg,
    #[arg(long, value_name = "V", value_parser = crate::world::battery::parse_arg, help = BATTERY_HELP)]
    pub battery_v: Option<f32>,
    /// The window's language: en, es, de, fr, nl, pt or it (one we lack: English, said on
    /// stderr) [default: the one last chosen in View > Language, else the system's]. The
    /// command line's own messages are English.
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// Open a share link: the browser version's address with its #fragment, or the
    /// fragment alone (#challenge=… opens that challenge with its panel; #robot=M5&prog=…
    /// that run). A damaged one opens the defaults and says why.
    #[arg(long, value_name = "LINK")]
    pub link: Option<String>,
    /// The address of your lurobotsim page (the browser version, e.g.
    /// https://school.example/lurobotsim/), which File > Copy link and Copy challenge link
    /// put before the #… they copy [default: none: the #… alone].
    #[arg(long, value_name = "URL")]
    pub site: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Robot: M1-M5 or a path to a robot file.
    #[arg(long, value_name = "R", default_value = "M1")]
    pub robot: String,
    /// Environment: E1-E4 or a path to an environment file.
    #[arg(long = "env", value_name = "E", default_value = "E1")]
    pub env: String,
    /// Program (.lasm, .rcx, or .nqc compiled with the installed nqc); task 0 starts at
    /// t = 0 (with --press: when Run is pressed).
    #[arg(long, value_name = "FILE", required_unless_present = "scene")]
    pub program: Option<PathBuf>,
    /// Several robots in one world, each with its own RCX (a scene file, README "Scenes"):
    /// replaces --robot, --env and --program. --json prints {sim_time_s, environment,
    /// robots: [...]}; the trace CSV has a `robot` column first; --record writes the
    /// recording of every robot. --press and --audio are one robot's and are refused.
    #[arg(long, value_name = "FILE.toml", conflicts_with_all = ["program", "robot", "env", "press", "audio"])]
    pub scene: Option<PathBuf>,
    /// Simulated seconds to run.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub seconds: f64,
    /// Print the state object as JSON (and nothing else) on stdout. Its trace.events lists
    /// the first 200000 changes of a task's icon; trace.events_dropped counts the rest.
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per 50 ms of simulated time.
    #[arg(long, value_name = "FILE")]
    pub trace_csv: Option<PathBuf>,
    /// Write a replay file the app can open.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Seed for sensor noise and the RCX random source.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    #[arg(long, value_enum, value_name = "MODE", default_value_t = RealismArg::Original, help = REALISM_HELP)]
    pub realism: RealismArg,
    #[arg(long, value_name = "V", value_parser = crate::world::battery::parse_arg, help = BATTERY_HELP)]
    pub battery_v: Option<f32>,
    /// Press the brick's buttons at simulated times: a comma-separated list of
    /// [ROBOT:]BUTTON@SECONDS, BUTTON one of on-off, run, prgm, view (e.g. `run@1.5,view@3`;
    /// with --scene, `slave:run@2` presses the robot named slave's, a press without a name
    /// the first robot's). A robot with presses is not started at t = 0: the presses drive
    /// it as on a brick (Run starts task 0 of the selected slot, Prgm selects the next slot,
    /// View the next view, On-Off switches the brick off or on). Presses at one time apply
    /// in list order.
    #[arg(long, value_name = "LIST")]
    pub press: Option<String>,
    /// Write what the brick's speaker plays (tones as square waves, the six system sounds)
    /// over the simulated time as a 16-bit mono 44.1 kHz PCM WAV file.
    #[arg(long, value_name = "FILE.wav")]
    pub audio: Option<PathBuf>,
    /// Write an animated GIF of the 3D view (the app's start view following robot 1, grid
    /// and shadows on): a frame every --gif-every-ms of simulated time, t = 0 and the end
    /// included, looping forever. Needs no display, but a GPU or Mesa's software Vulkan
    /// (apt-get install mesa-vulkan-drivers).
    #[arg(long, value_name = "FILE.gif")]
    pub gif: Option<PathBuf>,
    /// The GIF's width and height in pixels (16x16 to 1920x1080).
    #[arg(long, value_name = "WxH", default_value = "480x360", value_parser = run::parse_gif_size, requires = "gif")]
    pub gif_size: (u32, u32),
    /// A GIF frame every N ms of simulated time (20 to 60000); each frame shows that long.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = run::parse_gif_every, requires = "gif")]
    pub gif_every_ms: u64,
}

/// `--realism`'s help, the same for `gui`, `run` and `serve`.
const REALISM_HELP: &str = "original: the 2007 simulator (one instruction per task per 1 ms, \
ideal motors on the calibrated curve); rcx: a real brick (≈ 300 opcodes/s shared by all tasks, \
sensors every 3 ms, PWM power driving DC motors with load, brake without holding torque)";

/// `--battery-v`'s help, the same for `gui`, `run` and `serve`.
const BATTERY_HELP: &str = "The robot's battery (six AA cells, with a motor running): volts \
(more than 0, at most 12) or a preset — alkaline (9.0 V, fresh), nimh (7.2 V, rechargeable), \
worn (6.75 V). In rcx the motors get it less the drivers' 1.5 V; below 6.7 V the LCD shows the \
battery sign; pollb and source 34 read it. [default: the robot file's battery_v, else 7.7 V in \
rcx (docs/realism.md) and 9.0 V in original]";

/// `--realism`: how closely the simulation imitates a real brick.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RealismArg {
    /// The 2007 simulator: one instruction per task per 1 ms tick, ideal motors on the
    /// calibrated curve.
    #[default]
    Original,
    /// A real brick: firmware-speed interpreter shared by all tasks, sensors sampled every
    /// 3 ms, PWM power levels driving DC motors with load, brake without holding torque.
    Rcx,
}

impl From<RealismArg> for crate::vm::Realism {
    fn from(r: RealismArg) -> Self {
        match r {
            RealismArg::Original => crate::vm::Realism::Original,
            RealismArg::Rcx => crate::vm::Realism::Rcx,
        }
    }
}

/// How a connection's bytes are read.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DialectArg {
    /// Detect per connection from the first bytes.
    #[default]
    Auto,
    /// IR packets `55 ff 00 op ~op ... ck ~ck` (NQC, towers).
    Framed,
    /// Unframed opcodes and parameters.
    Raw,
    /// LASM text lines (ROBOLAB's simulator link).
    Lasm,
}

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Serve without the window (implied by --run-seconds and --scene).
    #[arg(long)]
    pub headless: bool,
    /// Serve every brick of a scene file (README "Scenes"), headless: robot n listens on
    /// the --listen port + n - 1 and, with --pty PATH, has PATH (robot 1), PATH-2, PATH-3, …
    /// Replaces --robot and --env; with --run-seconds --json prints the scene's state.
    #[arg(long, value_name = "FILE.toml", conflicts_with_all = ["robot", "env"])]
    pub scene: Option<PathBuf>,
    /// Robot: M1-M5 or a path to a robot file.
    #[arg(long, value_name = "R", default_value = "M1")]
    pub robot: String,
    /// Environment: E1-E4 or a path to an environment file.
    #[arg(long = "env", value_name = "E", default_value = "E1")]
    pub env: String,
    /// Address to listen on (127.0.0.1:4266, localhost:4266, …; port 0 picks a free port;
    /// it is printed).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:4266", value_parser = crate::link::parse_listen)]
    pub listen: std::net::SocketAddr,
    /// Allow listening on an address other than loopback.
    #[arg(long)]
    pub allow_remote: bool,
    /// Create a pseudo-terminal at PATH speaking IR-framed packets with tower echo (Linux and
    /// macOS only — on Windows use NQC 4's `-Stcp:localhost:4266`).
    #[arg(long, value_name = "PATH")]
    pub pty: Option<PathBuf>,
    /// Force the dialect of every connection.
    #[arg(long, value_enum, default_value_t = DialectArg::Auto)]
    pub dialect: DialectArg,
    /// Do not echo received bytes (USB-tower style hosts).
    #[arg(long)]
    pub no_echo: bool,
    /// Log every byte in and out with timestamps to FILE.
    #[arg(long, value_name = "FILE")]
    pub capture: Option<PathBuf>,
    /// Once a client starts a task, run S simulated seconds as fast as possible, print the
    /// final state (the summary `run` prints, or with --json the state object) and exit.
    #[arg(long, value_name = "S")]
    pub run_seconds: Option<f64>,
    /// With --run-seconds: print the state object as JSON.
    #[arg(long)]
    pub json: bool,
    /// Seed for sensor noise and the RCX random source (in a scene, robot n's brick draws
    /// from seed + n − 1).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    #[arg(long, value_enum, value_name = "MODE", default_value_t = RealismArg::Original, help = REALISM_HELP)]
    pub realism: RealismArg,
    #[arg(long, value_name = "V", value_parser = crate::world::battery::parse_arg, help = BATTERY_HELP)]
    pub battery_v: Option<f32>,
}

#[derive(Subcommand, Debug)]
pub enum LasmCommand {
    /// Assemble; without -o print each task's and sub's bytes in hex.
    Asm {
        file: PathBuf,
        /// Write an NQC-style .rcx image.
        #[arg(short = 'o', value_name = "FILE.rcx")]
        output: Option<PathBuf>,
    },
    /// Disassemble (.rcx or .lasm) to LASM that re-assembles to identical bytes.
    Dis { file: PathBuf },
    /// Report errors as FILE:LINE:COL: message (the first 20, then a count); exit 1 on error.
    Check { file: PathBuf },
    /// Run on a bare brick (no physics, sensors idle) and print the state.
    Run {
        file: PathBuf,
        /// Simulated milliseconds to run.
        #[arg(long, value_name = "N", default_value_t = 10_000)]
        ms: u64,
        /// Print the state object as JSON.
        #[arg(long)]
        json: bool,
        /// original: every task runs one instruction per ms; rcx: the firmware's ≈ 300
        /// opcodes/s shared by all tasks.
        #[arg(long, value_enum, value_name = "MODE", default_value_t = RealismArg::Original)]
        realism: RealismArg,
        /// The brick's battery, volts or a preset (alkaline 9.0, nimh 7.2, worn 6.75): what
        /// pollb and source 34 read; below 6.7 V the LCD shows the battery sign [default:
        /// 7.7 V in rcx, 9.0 V in original].
        #[arg(long, value_name = "V", value_parser = crate::world::battery::parse_arg)]
        battery_v: Option<f32>,
    },
}

#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Simulated seconds per scenario.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Append the figures to this Markdown file.
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
    /// Also measure normal mode's real-time factor: run the M5 line follower paced to real
    /// time (as the app does) for this many wall-clock seconds and report the factor.
    #[arg(long, value_name = "SECONDS")]
    pub realtime: Option<f64>,
}

/// Parses the command line and runs the chosen command.
pub fn main_with(cli: Cli) -> CliResult {
    let pty = match &cli.command {
        None => cli.gui.pty.as_ref(),
        Some(Command::Gui(a)) => a.pty.as_ref(),
        Some(Command::Serve(a)) => a.pty.as_ref(),
        Some(_) => None,
    };
    check_pty_supported(pty)?;
    let result = match cli.command {
        None => gui::run(cli.gui, Default::default()),
        Some(Command::Gui(a)) => gui::run(a, Default::default()),
        Some(Command::Run(a)) => run::run(a),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Lasm { command }) => lasm::run(command),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Grade(a)) => grade::run(a),
        Some(Command::Robot { command }) => robot::run(command),
        Some(Command::Brick { command }) => brick::run(command),
    };
    match result {
        Err(CliError::ClosedStdout) => Ok(()),
        other => other,
    }
}

/// `--pty` is refused off Unix before anything starts, with the TCP routes to use instead.
fn check_pty_supported(pty: Option<&PathBuf>) -> CliResult {
    match pty {
        Some(p) if !crate::link::pty::SUPPORTED => Err(CliError::User(format!(
            "--pty {}: {}",
            p.display(),
            crate::link::pty::UNSUPPORTED
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_and_serve_take_the_same_listen_addresses() {
        let addr: std::net::SocketAddr = "127.0.0.1:4266".parse().unwrap();
        for args in [
            vec!["lurobotsim", "--listen", "localhost:4266"],
            vec!["lurobotsim", "gui", "--listen", "localhost:4266"],
            vec!["lurobotsim", "--listen", "127.0.0.1:4266"],
        ] {
            let cli = Cli::try_parse_from(&args).unwrap();
            let listen = match cli.command {
                None => cli.gui.listen,
                Some(Command::Gui(g)) => g.listen,
                _ => None,
            };
            assert_eq!(listen, Some(addr), "{args:?}");
        }
        let cli =
            Cli::try_parse_from(["lurobotsim", "serve", "--listen", "localhost:4266"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Serve(s)) if s.listen == addr));
        let err = Cli::try_parse_from(["lurobotsim", "--listen", "nowhere"]).unwrap_err();
        assert!(err.to_string().contains("not an address"), "{err}");
    }
}
