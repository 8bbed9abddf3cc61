//! Share links: a run described in a URL's fragment (`#robot=M5&env=E3&prog=…`), so a link
//! opens exactly that run in the browser build. The fragment never leaves the browser (a
//! browser does not send it to the server). Pure text in, text out: the browser glue
//! (`crate::web`) reads and writes `location.hash`; everything else is here and tested
//! natively.
//!
//! Keys (all optional; unknown keys are refused, so a damaged link is noticed):
//! `robot` (M1–M5), `env` (E1–E4), `realism` (`original` | `rcx`), `battery` (volts or a
//! preset name), `start` (`x,z,yaw`: metres, metres, degrees), `example` (a file stem of
//! `assets/examples`, which also picks its robot and floor unless given), `name` (the
//! program's file name), `prog` (the program's bytes — an NQC `.rcx` image or LASM text —
//! deflated and base64url-encoded), `run` (seconds to run at once, unpaced, then the state
//! is written out: the browser test's hook), `grade` (no value: the Grade window opens, so
//! a teacher's bookmark goes straight to grading a class in the tab), `rcx` (no value: the
//! Real RCX window opens, for a class that puts its programs on the robots), `challenge` (a
//! challenge file and the files it names, packed by `app::challenge::link` and deflated
//! here as `prog` is: the challenge opens with its panel).

use crate::app::challenge::link::{Problem, Source};
use crate::sim::assignment::Assignment;
use crate::vm::Realism;

/// The longest fragment read (characters): a program of the RCX's 6 KB memory as LASM text
/// deflates to far less; anything longer is not a link we made.
pub const MAX_FRAGMENT: usize = 64 * 1024;
/// The most bytes a `prog` may inflate to (a LASM text of a full RCX program is ≈ 60 KB).
pub const MAX_PROGRAM: usize = 256 * 1024;
/// The longest `run` a link may ask for, seconds (an hour of simulated time).
pub const MAX_RUN_S: f64 = 3600.0;

/// What a share link asks for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shared {
    pub robot: Option<String>,
    pub env: Option<String>,
    pub realism: Option<Realism>,
    pub battery_v: Option<f32>,
    /// Start pose: x, z (m), yaw (degrees).
    pub start: Option<(f64, f64, f64)>,
    /// An example by its file stem (`line_follower`).
    pub example: Option<String>,
    /// The program's file name and bytes (`.rcx` image or LASM text).
    pub program: Option<(String, Vec<u8>)>,
    /// Run this many simulated seconds at once, then write the state (the test hook).
    pub run_s: Option<f64>,
    /// Open the Grade window.
    pub grade: bool,
    /// Open the Real RCX window.
    pub rcx: bool,
    /// A challenge to open with its panel (`challenge=`).
    pub challenge: Option<Source>,
}

/// Why a link could not be opened: said in the reader's language by [`LinkError::words`],
/// in English by `Display`.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// The fragment is longer than [`MAX_FRAGMENT`].
    TooLong { chars: usize, max: usize },
    /// A key's problem: the key, its value and why (English, as the keys are).
    Key(String),
    /// The challenge it carries (`challenge=`).
    Challenge(Problem),
}

impl LinkError {
    /// The problem in `lang`, as a clause the app puts in its sentence.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            LinkError::TooLong { chars, max } => crate::tr!(
                lang,
                "share-link-too-long",
                chars = chars.to_string(),
                max = max.to_string()
            ),
            LinkError::Key(why) => why.clone(),
            LinkError::Challenge(p) => p.words(lang),
        }
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(crate::i18n::Lang::En))
    }
}

/// The fragment of a link as a user may give it: a whole address (`https://…/#robot=M5`),
/// or the fragment alone, with or without its `#`.
pub fn fragment_of(link: &str) -> &str {
    let link = link.trim();
    match link.find('#') {
        Some(i) => &link[i..],
        None => link,
    }
}

/// Reads a fragment (with or without its leading `#`). `Err` says what is wrong in words a
/// user can act on; the caller then opens the defaults and shows it.
pub fn parse(fragment: &str) -> Result<Shared, LinkError> {
    parse_keys(fragment).map_err(|e| match e {
        Parsed::Error(e) => e,
        Parsed::Key(why) => LinkError::Key(why),
    })
}

/// A problem while reading the keys: typed, or a key's in English.
enum Parsed {
    Error(LinkError),
    Key(String),
}

impl From<String> for Parsed {
    fn from(why: String) -> Parsed {
        Parsed::Key(why)
    }
}

fn parse_keys(fragment: &str) -> Result<Shared, Parsed> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    if f.len() > MAX_FRAGMENT {
        return Err(Parsed::Error(LinkError::TooLong {
            chars: f.len(),
            max: MAX_FRAGMENT,
        }));
    }
    let mut s = Shared::default();
    let mut name = None;
    let mut prog = None;
    for pair in f.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_decode(value).ok_or_else(|| format!("{key}: not readable text"))?;
        let bad = |why: &str| format!("{key}={value}: {why}");
        match key {
            "robot" => {
                s.robot = Some(
                    builtin(&value, &["M1", "M2", "M3", "M4", "M5"])
                        .ok_or_else(|| bad("not a robot (M1 to M5)"))?,
                )
            }
            "env" => {
                s.env = Some(
                    builtin(&value, &["E1", "E2", "E3", "E4"])
                        .ok_or_else(|| bad("not a floor (E1 to E4)"))?,
                )
            }
            "realism" => {
                s.realism = Some(match value.as_str() {
                    "original" => Realism::Original,
                    "rcx" => Realism::Rcx,
                    _ => return Err(bad("realism is original or rcx").into()),
                })
            }
            "battery" => {
                s.battery_v = Some(crate::world::battery::parse_arg(&value).map_err(|e| bad(&e))?)
            }
            "start" => {
                let n: Vec<f64> = value
                    .split(',')
                    .map(|t| t.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad("start is x,z,yaw in metres and degrees"))?;
                match n[..] {
                    [x, z, yaw] if n.iter().all(|v| v.is_finite() && v.abs() <= 1000.0) => {
                        s.start = Some((x, z, yaw))
                    }
                    _ => return Err(bad("start is x,z,yaw in metres and degrees").into()),
                }
            }
            "example" => {
                if !crate::app::examples::EXAMPLES
                    .iter()
                    .any(|e| e.file.strip_suffix(".lasm") == Some(value.as_str()))
                {
                    return Err(bad("no such example").into());
                }
                s.example = Some(value.clone());
            }
            "name" => name = Some(value.chars().take(120).collect::<String>()),
            "prog" => prog = Some(inflate(&value).map_err(|e| bad_short(key, &e))?),
            "run" => match value.parse::<f64>() {
                Ok(t) if t.is_finite() && (0.0..=MAX_RUN_S).contains(&t) => s.run_s = Some(t),
                _ => {
                    return Err(
                        bad(&format!("run is a number of seconds from 0 to {MAX_RUN_S}")).into(),
                    )
                }
            },
            "grade" if value.is_empty() => s.grade = true,
            "rcx" if value.is_empty() => s.rcx = true,
            "challenge" => {
                s.challenge =
                    Some(challenge_of(&value).map_err(|p| Parsed::Error(LinkError::Challenge(p)))?)
            }
            _ => return Err(format!("\"{key}\" is not part of a lurobotsim link").into()),
        }
    }
    if let Some(bytes) = prog {
        s.program = Some((name.unwrap_or_else(|| "shared program".into()), bytes));
    }
    Ok(s)
}

/// A key's problem without repeating a long value.
fn bad_short(key: &str, why: &str) -> String {
    format!("{key}: {why}")
}

/// `value` as the built-in name it is (any case), if it is one of `names`.
fn builtin(value: &str, names: &[&str]) -> Option<String> {
    names
        .iter()
        .find(|n| n.eq_ignore_ascii_case(value))
        .map(|n| n.to_string())
}

/// The fragment (with its `#`) for a run: keys in a fixed order, so one run gives one link.
pub fn encode(s: &Shared) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(r) = &s.robot {
        parts.push(format!("robot={}", percent_encode(r)));
    }
    if let Some(e) = &s.env {
        parts.push(format!("env={}", percent_encode(e)));
    }
    if let Some(r) = s.realism {
        parts.push(format!("realism={}", r.name()));
    }
    if let Some(v) = s.battery_v {
        parts.push(format!("battery={v}"));
    }
    if let Some((x, z, yaw)) = s.start {
        parts.push(format!("start={x:.4},{z:.4},{yaw:.2}"));
    }
    if let Some(e) = &s.example {
        parts.push(format!("example={}", percent_encode(e)));
    }
    if let Some((name, bytes)) = &s.program {
        parts.push(format!("name={}", percent_encode(name)));
        parts.push(format!("prog={}", deflate(bytes)));
    }
    if s.grade {
        parts.push("grade".into());
    }
    if s.rcx {
        parts.push("rcx".into());
    }
    if let Some(c) = &s.challenge {
        // A source that cannot be read is not encoded (a link made here always opens).
        if let Ok(value) = c.assignment().and_then(|a| challenge_value(c, &a)) {
            parts.push(format!("challenge={value}"));
        }
    }
    if let Some(t) = s.run_s {
        parts.push(format!("run={t}"));
    }
    format!("#{}", parts.join("&"))
}

/// `#challenge=` as a fragment writes it.
const CHALLENGE_KEY: &str = "#challenge=";

/// The `challenge=` value of `source` (read as `a`): its packed bytes
/// (`challenge::link`) deflated and base64url-encoded as `prog` is; refused when the
/// challenge names a robot or floor file, or the link would pass [`MAX_FRAGMENT`].
pub fn challenge_value(source: &Source, a: &Assignment) -> Result<String, Problem> {
    crate::app::challenge::link::world_files_builtin(a)?;
    let value = deflate(&source.pack());
    if value.len() + CHALLENGE_KEY.len() > MAX_FRAGMENT {
        return Err(Problem::TooLong {
            chars: value.len() + CHALLENGE_KEY.len(),
            max: MAX_FRAGMENT,
        });
    }
    Ok(value)
}

/// The challenge a `challenge=` value carries (not yet read as an assignment): inflated to
/// at most `challenge::link::MAX_PACKED` bytes, then unpacked.
pub fn challenge_of(value: &str) -> Result<Source, Problem> {
    use crate::app::challenge::link::MAX_PACKED;
    let bytes = inflate_at_most(value, MAX_PACKED).map_err(|e| match e {
        Inflate::NotBase64 => Problem::NotBase64,
        Inflate::Damaged => Problem::Damaged,
        Inflate::TooLarge => Problem::TooLarge { max: MAX_PACKED },
    })?;
    Source::unpack(&bytes)
}

/// Bytes deflated (raw DEFLATE, best compression) and base64url-encoded without padding.
pub fn deflate(bytes: &[u8]) -> String {
    base64url(&miniz_oxide::deflate::compress_to_vec(bytes, 9))
}

/// The inverse of [`deflate`] for a program, refusing what is not base64url, not DEFLATE,
/// or inflates past [`MAX_PROGRAM`] (a link must not make the page allocate without bound).
pub fn inflate(text: &str) -> Result<Vec<u8>, String> {
    inflate_at_most(text, MAX_PROGRAM).map_err(|e| match e {
        Inflate::NotBase64 => "the program is damaged (not base64url text)".to_string(),
        Inflate::TooLarge => format!("the program is larger than {MAX_PROGRAM} bytes"),
        Inflate::Damaged => "the program is damaged (cut short or changed)".to_string(),
    })
}

/// Why a value could not be inflated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inflate {
    /// Not base64url text.
    NotBase64,
    /// Not DEFLATE data (cut short or changed).
    Damaged,
    /// It inflates past the bound given.
    TooLarge,
}

/// The inverse of [`deflate`], at most `max` bytes (never allocating past them).
pub fn inflate_at_most(text: &str, max: usize) -> Result<Vec<u8>, Inflate> {
    let packed = unbase64url(text).ok_or(Inflate::NotBase64)?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, max).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => Inflate::TooLarge,
        _ => Inflate::Damaged,
    })
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// RFC 4648 §5 base64url, no padding.
fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Base64url (padding and standard `+/` tolerated), `None` when it is not.
fn unbase64url(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text
        .trim_end_matches('=')
        .bytes()
        .map(|c| match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'-' | b'+' => Some(62),
            b'_' | b'/' => Some(63),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// `%XX` escapes of everything but unreserved characters.
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// `%XX` escapes undone; `None` for a broken escape or text that is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

use super::{Level, LuApp};
use crate::runner::Command as Run;

impl LuApp {
    /// Opens what a share link asks for in the app built from [`config_for`]'s config:
    /// its challenge (with its panel), its example or program, its start pose, and (the
    /// test hook) `run` seconds at once, whose state [`LuApp::poll`] then keeps in
    /// [`LuApp::state_json`].
    pub fn open_shared(&mut self, s: &Shared) {
        let lang = self.view.lang;
        if let Some(c) = &s.challenge {
            self.challenge_now(crate::app::ChallengeMsg::OpenLink(c.clone()));
        }
        if s.grade {
            self.grade.open = true;
        }
        if s.rcx {
            self.rcx_now(crate::app::RcxMsg::Show(true));
        }
        if let Some(stem) = &s.example {
            let file = format!("{stem}.lasm");
            if let Some(i) = crate::app::examples::EXAMPLES
                .iter()
                .position(|e| e.file == file)
            {
                // The example's program on the link's robot and floor (the config chose them).
                let e = crate::app::examples::EXAMPLES[i];
                match crate::rcx::lasm::assemble(e.lasm, e.file) {
                    Ok(p) => self.load_program(&format!("Example: {}", e.title), p),
                    Err(err) => self.note(
                        Level::Error,
                        crate::tr!(
                            lang,
                            "app-world-example-2",
                            file = e.file,
                            err = err.to_string()
                        ),
                    ),
                }
            }
        }
        if let Some((name, bytes)) = &s.program {
            match crate::rcx::load_program_bytes(bytes, name) {
                Ok(p) => self.load_program(name, p),
                Err(e) => self.note(
                    Level::Error,
                    crate::tr!(lang, "app-share-program-not-opened", e = e.to_string()),
                ),
            }
        }
        if let Some((x, z, yaw)) = s.start {
            self.place_robot_facing(x, z, yaw);
        }
        if let Some(seconds) = s.run_s {
            self.run_at_once(seconds);
        }
    }

    /// Runs `seconds` of simulated time now, unpaced, from the start (task 0 started as a
    /// host's download starts it, as `serve --run-seconds` does), then keeps the state
    /// object `run --json` prints for the same run (a link's one robot) in
    /// [`LuApp::state_json`].
    pub fn run_at_once(&mut self, seconds: f64) {
        self.leave_replay();
        let ticks = crate::sim::time::ticks_in(seconds);
        let k = self.selected;
        self.runner
            .send(Run::Apply(k, crate::sim::Input::StartTask { task: 0 }));
        self.runner.send(Run::RunFor(ticks));
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Run::Inspect(Box::new(move |sim| {
            let mut text = Vec::new();
            let line = sim
                .write_state_line(&mut text, crate::sim::Listing::One)
                .map_err(|e| e.to_string())
                .and_then(|()| String::from_utf8(text).map_err(|e| e.to_string()));
            let _ = tx.send(line);
        })));
        self.jobs.state_rx = Some(rx);
    }

    /// Opens a share link given as text (`--link`: a whole address or its fragment) in
    /// the app started with [`config_for`]'s config; a damaged one leaves the defaults
    /// and says why.
    pub fn open_link(&mut self, link: &str) {
        let lang = self.view.lang;
        match parse(fragment_of(link)) {
            Ok(s) => self.open_shared(&s),
            Err(e) => {
                let said = e.words(self.view.lang);
                self.note(
                    Level::Warning,
                    crate::tr!(lang, "app-share-link-not-opened", e = said),
                )
            }
        }
    }

    /// The open challenge as a link (`#challenge=…`, after the page's address when the app
    /// knows it: a tab's own, `--site` on the desktop); `None` when no challenge is open.
    pub fn challenge_link(&self) -> Option<Result<String, Problem>> {
        let (source, a) = self.challenge.shared()?;
        let base = self.share_base.clone().unwrap_or_default();
        Some(challenge_value(source, a).map(|v| format!("{base}{CHALLENGE_KEY}{v}")))
    }

    /// File > Copy challenge link: the link, or why there is none, as the status line
    /// says it; `Some(link)` to put on the clipboard.
    pub fn copy_challenge_link(&mut self) -> Option<String> {
        let lang = self.view.lang;
        match self.challenge_link()? {
            Ok(link) => {
                let len = link.len().to_string();
                let said = match self.share_base {
                    Some(_) => crate::tr!(lang, "toolbar-challenge-link-copied", len = len),
                    None => crate::tr!(lang, "toolbar-challenge-link-copied-no-site", len = len),
                };
                self.note(Level::Info, said);
                Some(link)
            }
            Err(p) => {
                self.note(
                    Level::Error,
                    crate::tr!(lang, "toolbar-challenge-link-not-made", e = p.words(lang)),
                );
                None
            }
        }
    }

    /// The run as a share link's fragment: robot, floor, realism, battery, the selected
    /// robot's start pose and its program (as an NQC `.rcx` image).
    pub fn share_fragment(&self) -> String {
        let snap = self.shown();
        let start = snap
            .and_then(|s| s.robots.get(self.selected))
            .map(|r| (r.start_pose.x, r.start_pose.z, r.start_pose.yaw_deg));
        let program = self.program.as_ref().map(|lp| {
            let name = std::path::Path::new(&lp.name)
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "program".into());
            (
                format!("{name}.rcx"),
                crate::rcx::image::write(&lp.program, &[]),
            )
        });
        encode(&Shared {
            robot: Some(self.robot_name().to_string()),
            env: Some(self.env_name().to_string()),
            realism: Some(self.realism()),
            battery_v: self.config_battery_v,
            start,
            example: None,
            program,
            run_s: None,
            grade: false,
            rcx: false,
            challenge: None,
        })
    }
}

/// The app's configuration for a share link (its robot, floor, realism and battery; an
/// example's robot and floor unless the link names them), over `base`.
pub fn config_for(s: &Shared, base: super::AppConfig) -> super::AppConfig {
    let example = s.example.as_ref().and_then(|stem| {
        crate::app::examples::EXAMPLES
            .iter()
            .find(|e| e.file.strip_suffix(".lasm") == Some(stem.as_str()))
    });
    super::AppConfig {
        robot: s
            .robot
            .clone()
            .or(example.map(|e| e.robot.to_string()))
            .unwrap_or(base.robot.clone()),
        env: s
            .env
            .clone()
            .or(example.map(|e| e.env.to_string()))
            .unwrap_or(base.env.clone()),
        realism: s.realism.unwrap_or(base.realism),
        battery_v: s.battery_v.or(base.battery_v),
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_gives_back_the_run_it_was_made_from() {
        let s = Shared {
            robot: Some("M5".into()),
            env: Some("E3".into()),
            realism: Some(Realism::Rcx),
            battery_v: Some(7.2),
            start: Some((0.25, -0.5, 90.0)),
            example: None,
            program: Some((
                "my line & co.lasm".into(),
                b"task 0\n out 2,5\nendt\n".to_vec(),
            )),
            run_s: Some(10.0),
            grade: true,
            rcx: true,
            challenge: None,
        };
        assert_eq!(parse(&encode(&s)), Ok(s));
    }

    #[test]
    fn base64url_round_trips_every_length_and_refuses_other_text() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
            assert_eq!(unbase64url(&base64url(&bytes)), Some(bytes));
        }
        assert_eq!(unbase64url("ab!c"), None);
        assert_eq!(unbase64url("abcde"), None);
    }

    #[test]
    fn a_damaged_or_oversized_link_says_what_is_wrong() {
        let parse = |f: &str| super::parse(f).map_err(|e| e.to_string());
        assert!(parse("#robot=M9").unwrap_err().contains("M1 to M5"));
        assert!(parse("#colour=red").unwrap_err().contains("colour"));
        assert!(parse("#prog=%%%").unwrap_err().contains("prog"));
        assert!(parse("#prog=AAAA").unwrap_err().contains("damaged"));
        assert!(parse("#run=-1").unwrap_err().contains("run"));
        assert!(parse("#start=1,2").unwrap_err().contains("x,z,yaw"));
        let long = format!("#name={}", "a".repeat(MAX_FRAGMENT + 1));
        assert!(parse(&long).unwrap_err().contains("too long"));
        assert!(matches!(
            super::parse(&long),
            Err(LinkError::TooLong {
                max: MAX_FRAGMENT,
                ..
            })
        ));
        // A damaged challenge is the challenge's typed problem.
        assert_eq!(
            super::parse("#challenge=AAAA"),
            Err(LinkError::Challenge(
                crate::app::challenge::link::Problem::Damaged
            ))
        );
        // A small link that inflates past the limit (a deflate bomb) is refused.
        let bomb = deflate(&vec![0u8; MAX_PROGRAM + 1]);
        assert!(bomb.len() < 2000);
        assert!(parse(&format!("#prog={bomb}"))
            .unwrap_err()
            .contains("larger than"));
    }

    #[test]
    fn a_challenge_link_carries_the_challenge_its_scene_and_the_partners_program() {
        let (s, a) = crate::app::challenge::link::tests::relay();
        let value = challenge_value(&s, &a).unwrap();
        assert_eq!(challenge_of(&value), Ok(s.clone()));
        let shared = parse(&format!("#challenge={value}")).unwrap();
        assert_eq!(shared.challenge, Some(s.clone()));
        let back = shared.challenge.unwrap().assignment().unwrap();
        assert_eq!(back.name, "Relay by link");
        assert!(back.scenarios[0].scene.as_ref().unwrap().robots[1]
            .program
            .is_some());
        // One run, one link: encoding what was parsed gives the same fragment.
        let again = parse(&format!("#challenge={value}")).unwrap();
        assert_eq!(encode(&again), format!("#challenge={value}"));
    }

    #[test]
    fn a_challenge_link_that_is_not_base64_or_not_deflate_says_damaged() {
        assert_eq!(challenge_of("ab!c"), Err(Problem::NotBase64));
        assert_eq!(challenge_of("AAAA"), Err(Problem::Damaged));
        let (s, a) = crate::app::challenge::link::tests::relay();
        let value = challenge_value(&s, &a).unwrap();
        let cut = &value[..value.len() / 2];
        assert!(matches!(
            challenge_of(cut),
            Err(Problem::Damaged | Problem::NotBase64)
        ));
        // Deflated bytes that are not a packed challenge.
        assert_eq!(
            challenge_of(&deflate(b"[assignment]\n")),
            Err(Problem::NotAChallenge)
        );
    }

    #[test]
    fn a_challenge_link_that_unpacks_past_its_bound_is_refused_as_too_large() {
        use crate::app::challenge::link::MAX_PACKED;
        // A deflate bomb: a short link that would inflate past MAX_PACKED.
        let bomb = deflate(&vec![b'a'; MAX_PACKED + 1]);
        assert!(bomb.len() < 4000, "{}", bomb.len());
        assert_eq!(
            challenge_of(&bomb),
            Err(Problem::TooLarge { max: MAX_PACKED })
        );
        // A challenge too large for a link is refused when the link is made.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let noise: Vec<u8> = (0..100_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        let (mut s, a) = crate::app::challenge::link::tests::relay();
        s.files.push(("noise.bin".into(), noise));
        assert!(matches!(
            challenge_value(&s, &a),
            Err(Problem::TooLong {
                max: MAX_FRAGMENT,
                ..
            })
        ));
    }

    #[test]
    fn the_tests_hook_names_an_example_and_seconds() {
        let s = parse("#robot=M5&env=E3&example=line_follower&run=10").unwrap();
        assert_eq!(s.example.as_deref(), Some("line_follower"));
        assert_eq!(s.run_s, Some(10.0));
        assert!(parse("#example=nope").is_err());
    }
}
