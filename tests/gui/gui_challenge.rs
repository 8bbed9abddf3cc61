//! Challenges in the app (issue 33), as a pupil uses them: File > Open challenge… (the
//! test challenge `tests/data/challenges/drive.toml`), File > Open of a program, Run to the
//! end: the criteria tick or cross, the card's points are `grade`'s, a failed criterion
//! clicked shows its moment; a broken challenge file says FILE:LINE and keeps the world;
//! "All seeds" totals as grades.csv; the path trail follows the history.
#![cfg(feature = "gui")]

use crate::gui_support::*;
use lurobotsim::app::AppConfig;
use lurobotsim::ui;
use lurobotsim::ui::challenge as c;

/// Opens `tests/data/challenges/PARTS…` through the file window of `entry` (File >
/// Open challenge…, or the toolbar's Open), clicking folders one by one as a person would.
fn open_through_window(h: &mut AppHarness, entry: &str, parts: &[&str]) {
    h.state_mut().dialogs.file_dir = root();
    if entry != OPEN_FILE {
        click(h, "File");
    }
    click(h, entry);
    let (file, folders) = parts.split_last().unwrap();
    for folder in ["tests", "data", "challenges"].iter().chain(folders) {
        click(h, &format!("📁 {folder}"));
    }
    click(h, &format!("📄 {file}"));
}

/// The toolbar's button that opens a program.
const OPEN_FILE: &str = "📂 Open";

/// The card's points line as shown ("Result: 3 of 7 points").
fn card_text(h: &AppHarness) -> Option<String> {
    use egui_kittest::kittest::Queryable;
    h.query_all_by_label_contains(&lurobotsim::tr!(Lang::En, c::RESULT))
        .next()
        .and_then(|n| n.value())
}

/// A harness with the test challenge open.
fn with_challenge() -> AppHarness {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["drive.toml"],
    );
    assert!(
        until(&mut h, |h| shows(h, "Challenge: Drive to the box")),
        "the challenge's panel opens"
    );
    assert!(
        until(&mut h, |h| shows(h, "M4 on E1")),
        "its robot and floor"
    );
    h
}

/// Opens the challenge's program `name` (in drive/) and runs it at full speed until the
/// runner pauses at the challenge's end.
fn run_program(h: &mut AppHarness, name: &str) {
    open_through_window(h, OPEN_FILE, &["drive", name]);
    assert!(
        until(h, |h| shows(h, &format!("Program: {name}"))),
        "{name} is loaded"
    );
    set_speed(h, "max");
    click(h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(h, |h| shows(h, &lurobotsim::tr!(Lang::En, c::RESULT))),
        "the card appears at the end"
    );
    assert!(
        until(h, |h| clock_text(h) == "⏱ 4.000 s"
            && run_state(h) == "paused"),
        "paused at the challenge's end, not {}",
        clock_text(h)
    );
}

/// `grade`'s records of one program on the test challenge (every seed), and the total of
/// its grades.csv.
fn graded(program: &str) -> (Vec<lurobotsim::grade::RunRecord>, String) {
    graded_by(
        &root().join("tests/data/challenges/drive.toml"),
        &root().join("tests/data/challenges/drive").join(program),
    )
}

/// `grade`'s records of the program at `program` on the challenge `toml` (every seed, in
/// run order), and the total of its grades.csv.
fn graded_by(
    toml: &std::path::Path,
    program: &std::path::Path,
) -> (Vec<lurobotsim::grade::RunRecord>, String) {
    // A folder of its own per call: tests grading the same challenge run at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = toml.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = std::env::temp_dir().join(format!(
        "lurobotsim-gui-challenge-{stem}-{}-{call}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("programs")).unwrap();
    let name = program.file_name().unwrap();
    std::fs::copy(program, dir.join("programs").join(name)).unwrap();
    let a = lurobotsim::sim::assignment::Assignment::load(toml).unwrap();
    let pupils = lurobotsim::grade::class::pupils(&dir.join("programs")).unwrap();
    let plan = lurobotsim::grade::Plan::new(a, pupils);
    let out = dir.join("out");
    lurobotsim::grade::grade_into_folder(&plan, &out, 1, |_| {}).unwrap();
    let records = plan
        .runs
        .iter()
        .map(|r| lurobotsim::grade::grade_one(&plan, r))
        .collect();
    let csv = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let total = csv
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .to_string();
    let _ = std::fs::remove_dir_all(&dir);
    (records, total)
}

#[test]
fn the_reference_solution_ticks_every_criterion_and_the_card_gives_grade_s_points() {
    let mut h = with_challenge();
    assert!(shows(&h, "… "), "the criteria wait before the run");
    run_program(&mut h, "solution.lasm");
    let (records, total) = graded("solution.lasm");
    let seed0 = &records[0];
    assert_eq!(seed0.seed, 0);
    let expected = c::result_text(Lang::En, seed0.points, seed0.max_points);
    assert!(shows(&h, &expected), "the card says {expected}");
    assert!(shows(&h, "Every criterion passed"));
    let rows = h
        .state()
        .challenge
        .open
        .as_ref()
        .unwrap()
        .rows(Lang::En, h.state().shown());
    assert_eq!(rows.len(), 3);
    for r in &rows {
        assert!(
            matches!(r.state, lurobotsim::app::challenge::RowState::Passed { .. }),
            "{} passed: {:?}",
            r.id,
            r.state
        );
        assert!(
            shows(&h, &c::row_text(Lang::En, r)),
            "{} is listed",
            c::row_text(Lang::En, r)
        );
    }
    // "All seeds" totals every seed as the teacher's grades.csv does (the card scrolls to
    // its button: the criteria said in words fill the card's first screen).
    {
        use egui_kittest::kittest::Queryable;
        h.get_by_label(&lurobotsim::tr!(Lang::En, c::ALL_SEEDS))
            .scroll_to_me();
        h.run_steps(3);
    }
    click(&mut h, &lurobotsim::tr!(Lang::En, c::ALL_SEEDS));
    assert!(
        until(&mut h, |h| shows(h, "All seeds: ") && shows(h, "teacher")),
        "All seeds finishes"
    );
    let all = h
        .state()
        .challenge
        .open
        .as_ref()
        .unwrap()
        .all_seeds
        .as_ref()
        .unwrap()
        .points
        .unwrap();
    assert_eq!(lurobotsim::grade::report::points(all), total);
}

#[test]
fn the_naive_try_shows_the_failing_criterion_and_clicking_it_shows_that_moment() {
    let mut h = with_challenge();
    run_program(&mut h, "naive.lasm");
    let (records, _) = graded("naive.lasm");
    let seed0 = &records[0];
    assert!(shows(
        &h,
        &c::result_text(Lang::En, seed0.points, seed0.max_points)
    ));
    let rows = h
        .state()
        .challenge
        .open
        .as_ref()
        .unwrap()
        .rows(Lang::En, h.state().shown());
    let failed: Vec<_> = rows
        .iter()
        .filter_map(|r| match r.state {
            lurobotsim::app::challenge::RowState::Failed { at_ms } => Some((r, at_ms)),
            _ => None,
        })
        .collect();
    assert_eq!(failed.len(), 1, "only the box is missed: {rows:?}");
    let (row, at_ms) = failed[0];
    assert_eq!(row.id, "box");
    assert_eq!(at_ms, 3000, "missed when its time ran out");
    let label = c::failed_text(Lang::En, row, at_ms);
    assert!(shows(&h, &label), "the card lists {label}");
    click(&mut h, &label);
    assert!(
        until(&mut h, |h| time_ms(h.state()) == at_ms),
        "the replay shows the moment it failed"
    );
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 3.000 s"));
    assert!(
        shows(&h, &label),
        "the card stays while that moment is shown"
    );
    assert!(
        shows(&h, "✖ Reach the green area by 3.0 s"),
        "the criterion is crossed at that moment"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    // Run at once after Stop, before the runner has shown 0 s: it still pauses at the end.
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| clock_text(h) == "⏱ 4.000 s"
            && run_state(h) == "paused"),
        "the second try pauses at the end too, not {}",
        clock_text(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(
        until(&mut h, |h| !shows(h, &lurobotsim::tr!(Lang::En, c::RESULT))),
        "Stop takes the card away"
    );
}

#[test]
fn a_challenge_file_with_a_mistake_says_file_and_line_and_keeps_the_world() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let robot = h.state().shown().unwrap().robot.clone();
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["bad.toml"],
    );
    assert!(
        until(&mut h, |h| shows(
            h,
            &lurobotsim::tr!(Lang::En, c::CANNOT_OPEN_CHALLENGE)
        )),
        "the error window opens"
    );
    assert!(shows(&h, "bad.toml:11: unknown kind"), "FILE:LINE: message");
    assert!(h.state().challenge.open.is_none());
    h.run_steps(5);
    assert_eq!(h.state().shown().unwrap().robot, robot, "the world stays");
}

#[test]
fn the_path_trail_follows_the_run_and_stop_clears_it() {
    let mut h = with_challenge();
    open_through_window(&mut h, OPEN_FILE, &["drive", "solution.lasm"]);
    assert!(until(&mut h, |h| shows(h, "Program: solution.lasm")));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| shows(
        h,
        &lurobotsim::tr!(Lang::En, c::RESULT)
    )));
    assert!(
        until(&mut h, |h| c::trail_items(h.state(), 4000).len() > 10),
        "the trail is drawn along the metre driven"
    );
    // Shown at 1 s (scrubbed back), the trail after that moment is kept, paler.
    let at_1s = c::trail_items(h.state(), 1000);
    let full = at_1s.iter().filter(|i| i.colour == at_1s[0].colour).count();
    assert!(
        full > 2 && full < at_1s.len() - 2,
        "driven before 1 s in full colour, after it pale: {full} of {}",
        at_1s.len()
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, c::TRAIL_SHORT));
    assert!(!h.state().view.trail, "the toolbar's Trail hides it");
    click(&mut h, &lurobotsim::tr!(Lang::En, c::TRAIL_SHORT));
    assert!(h.state().view.trail);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(
        until(&mut h, |h| c::trail_items(h.state(), 0).is_empty()),
        "Stop starts the history again: no trail"
    );
    assert!(
        shows(&h, "Challenge: Drive to the box"),
        "Stop keeps the challenge"
    );
}

/// Pixels of `img` for which `f` holds.
fn pixels(img: &image::RgbaImage, f: impl Fn([u8; 4]) -> bool) -> usize {
    img.pixels().filter(|p| f(p.0)).count()
}

#[test]
fn the_challenge_s_regions_and_the_trail_are_drawn_on_the_floor() {
    if let Some(why) = no_adapter_reason() {
        eprintln!("skipping GPU test: {why}");
        return;
    }
    let mut h = gpu_harness(AppConfig::quiet(), egui::vec2(1280.0, 800.0));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.run_steps(5);
    let green = |p: [u8; 4]| p[1] > 120 && p[0] < 90 && p[2] < 100;
    let orange = |p: [u8; 4]| p[0] > 200 && (110..190).contains(&p[1]) && p[2] < 60;
    let before = h.render().unwrap();
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["drive.toml"],
    );
    assert!(until(&mut h, |h| shows(h, "Challenge: Drive to the box")));
    open_through_window(&mut h, OPEN_FILE, &["drive", "naive.lasm"]);
    assert!(until(&mut h, |h| shows(h, "Program: naive.lasm")));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| shows(
        h,
        &lurobotsim::tr!(Lang::En, c::RESULT)
    )));
    h.run_steps(30);
    let after = h.render().unwrap();
    if let Ok(dir) = std::env::var("LUROBOTSIM_SHOTS") {
        let _ = after.save(std::path::Path::new(&dir).join("challenge.png"));
    }
    assert!(
        pixels(&after, green) > pixels(&before, green) + 200,
        "the box to reach is outlined in green"
    );
    assert!(
        pixels(&after, orange) > pixels(&before, orange) + 100,
        "the trail is drawn in orange"
    );
}

#[test]
fn every_built_in_challenge_opens_from_the_menu_and_its_reference_solution_passes_it() {
    use lurobotsim::app::challenge::{BuiltinChallenge, RowState, BUILTIN};
    if BUILTIN.is_empty() {
        eprintln!("no built-in challenges in this build (assets/challenges is empty)");
        return;
    }
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    set_speed(&mut h, "max");
    for i in BuiltinChallenge::in_order() {
        let b = &BUILTIN[i];
        let toml = b
            .path(&lurobotsim::host::Host::desktop(None))
            .expect("the pack is in the source tree");
        click(&mut h, &lurobotsim::tr!(Lang::En, c::CHALLENGES));
        click(&mut h, b.title());
        // The last challenge's program may still run (a line follower never ends).
        let panel = format!("Challenge: {}", b.title());
        assert!(until(&mut h, |h| shows(h, "Open the challenge")
            || h.state()
                .challenge
                .open
                .as_ref()
                .is_some_and(|c| c.name == b.title())));
        if shows(&h, "Open the challenge") {
            click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
        }
        assert!(
            until(&mut h, |h| shows(h, &panel)),
            "{}: its panel opens",
            b.stem
        );
        // The reference solution, opened as a pupil opens a program.
        let solution = toml.with_extension("").join("solution.lasm");
        h.state_mut().dialogs.file_dir = solution.parent().unwrap().to_path_buf();
        click(&mut h, OPEN_FILE);
        click(&mut h, "📄 solution.lasm");
        assert!(until(&mut h, |h| shows(h, "Program: solution.lasm")));
        click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
        assert!(
            until(&mut h, |h| shows(h, &lurobotsim::tr!(Lang::En, c::RESULT))),
            "{}: the card appears at the end",
            b.stem
        );
        let rows = h
            .state()
            .challenge
            .open
            .as_ref()
            .unwrap()
            .rows(Lang::En, h.state().shown());
        for r in &rows {
            assert!(
                matches!(r.state, RowState::Passed { .. }),
                "{}: {} passed: {:?} ({})",
                b.stem,
                r.id,
                r.state,
                r.outcome
            );
        }
        let (records, _) = graded_by(&toml, &solution);
        let shown = h.state().challenge.open.as_ref().unwrap();
        let first = records
            .iter()
            .find(|r| r.scenario == shown.shown().id && r.seed == shown.seed)
            .unwrap();
        let card = c::result_text(Lang::En, first.points, first.max_points);
        assert!(
            shows(&h, &card),
            "{}: the card says {card}, not {:?}",
            b.stem,
            card_text(&h)
        );
    }
}

#[test]
fn a_program_that_cannot_load_says_why_on_the_card() {
    let mut h = with_challenge();
    open_through_window(&mut h, OPEN_FILE, &["drive", "broken.lasm"]);
    assert!(
        until(&mut h, |h| shows(
            h,
            &lurobotsim::tr!(Lang::En, ui::CANNOT_OPEN)
        )),
        "the error window opens"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(
        until(&mut h, |h| shows(h, "Your program could not be loaded: ")),
        "the card says why"
    );
    assert!(shows(&h, "broken.lasm:4"), "naming the file and line");
    assert!(shows(&h, &c::result_text(Lang::En, 0.0, 7.0)));
    assert!(
        shows(&h, "Challenge: Drive to the box"),
        "the challenge stays"
    );
}

#[test]
fn opening_a_challenge_while_a_program_runs_asks_first() {
    let mut h = with_challenge();
    open_through_window(&mut h, OPEN_FILE, &["drive", "solution.lasm"]);
    assert!(until(&mut h, |h| shows(h, "Program: solution.lasm")));
    set_speed(&mut h, "0.1×");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| h.state().program_active()));
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["drive.toml"],
    );
    assert!(
        until(&mut h, |h| shows(h, "Open the challenge drive.toml?")),
        "the question is asked"
    );
    assert!(h.state().program.is_some(), "nothing changed yet");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(
        until(&mut h, |h| h.state().program.is_none()
            && clock_text(h) == "⏱ 0.000 s"),
        "the challenge opens afresh, waiting for a program"
    );
    assert!(shows(&h, "Challenge: Drive to the box"));
}

#[test]
fn in_the_frame_loop_all_seeds_grades_a_slice_of_each_frame_and_totals_as_grade() {
    // The browser's app: the runner in the window's frame loop, no threads.
    let mut h = harness(AppConfig {
        inline_runner: true,
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["drive.toml"],
    );
    assert!(until(&mut h, |h| shows(h, "Challenge: Drive to the box")));
    open_through_window(&mut h, OPEN_FILE, &["drive", "naive.lasm"]);
    assert!(until(&mut h, |h| shows(h, "Program: naive.lasm")));
    click(&mut h, &lurobotsim::tr!(Lang::En, c::ALL_SEEDS));
    let all = |h: &AppHarness| {
        h.state()
            .challenge
            .open
            .as_ref()
            .and_then(|c| c.all_seeds.as_ref())
            .map(|a| (a.in_frames(), a.done, a.points))
    };
    assert_eq!(all(&h).map(|a| a.0), Some(true), "graded in the frames");
    let mut frames = 0;
    while all(&h).is_some_and(|a| a.2.is_none()) && frames < 20_000 {
        h.step();
        frames += 1;
    }
    assert!(all(&h).is_some_and(|a| a.1 == 3), "all three seeds graded");
    let (_, total) = graded("naive.lasm");
    assert!(shows(
        &h,
        &c::all_seeds_text(Lang::En, total.parse().unwrap(), 7.0)
    ));
}

#[test]
fn a_challenge_of_two_scenarios_shows_either_with_the_program_kept() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["two.toml"],
    );
    assert!(until(&mut h, |h| shows(h, "Challenge: Near and far")));
    assert_eq!(
        h.state().challenge.open.as_ref().unwrap().shown().id,
        "far",
        "the first scenario by id"
    );
    open_through_window(&mut h, OPEN_FILE, &["drive", "naive.lasm"]);
    assert!(until(&mut h, |h| shows(h, "Program: naive.lasm")));
    click(&mut h, "near");
    assert!(
        until(&mut h, |h| h
            .state()
            .challenge
            .open
            .as_ref()
            .unwrap()
            .shown()
            .id
            == "near"),
        "the other scenario is shown"
    );
    assert!(shows(&h, "Program: naive.lasm"), "the program stays");
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| shows(h, &c::result_text(Lang::En, 2.0, 2.0))),
        "the near box is reached: {:?}",
        card_text(&h)
    );
    // Both scenarios, as the teacher's grade totals them.
    click(&mut h, &lurobotsim::tr!(Lang::En, c::ALL_SEEDS));
    assert!(until(&mut h, |h| shows(
        h,
        &c::all_seeds_text(Lang::En, 2.0, 6.0)
    )));
}

#[test]
fn save_as_gif_on_the_card_writes_the_challenges_run_as_an_animated_gif() {
    if let Some(why) = no_adapter_reason() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must have a graphics adapter (mesa-vulkan-drivers): {why}"
        );
        eprintln!("skipping Save as GIF: {why}");
        return;
    }
    let mut h = with_challenge();
    run_program(&mut h, "solution.lasm");
    let dir = std::env::temp_dir().join(format!("lurobotsim-{}-card-gif", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    click(&mut h, &lurobotsim::tr!(Lang::En, c::SAVE_GIF));
    h.run_steps(2);
    let target = dir.join("my-run.gif");
    h.state_mut().dialogs.save_as.as_mut().unwrap().name = target.display().to_string();
    h.run_steps(1);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::SAVE));
    assert!(
        until(&mut h, |h| shows(h, "GIF saved as")),
        "the app says the GIF is written"
    );
    // A GIF of the whole 4 s challenge: a frame each 100 ms, t = 0 and the end included.
    let file = std::fs::File::open(&target).expect("the GIF is written");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(file).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, 41);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 41: a challenge opened from a file is checked as `grade check` checks it, in the
/// background while the window draws (a host job), and the panel says the verdict in plain
/// words with the whole report under it; the built-in pack is not checked each time.
#[test]
fn a_challenge_opened_from_a_file_is_checked_in_the_background_and_says_its_verdict() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_window(
        &mut h,
        &lurobotsim::tr!(Lang::En, c::OPEN_CHALLENGE),
        &["unfair.toml"],
    );
    assert!(
        until(&mut h, |h| shows(h, "Challenge: Unfair on purpose")),
        "it opens"
    );
    assert!(
        h.state().challenge.check.is_some(),
        "its check is under way as the panel shows"
    );
    let verdict = "Is this challenge fair? 6 problem(s) found.";
    let mut frames = 0;
    while !shows(&h, verdict) && frames < 20_000 {
        h.step();
        frames += 1;
    }
    assert!(shows(&h, verdict), "the verdict is said");
    let check = h.state().challenge.check.as_ref().unwrap();
    assert_eq!(check.problems, Some(6));
    assert!(
        check
            .lines(Lang::En)
            .iter()
            .any(|l| l.contains("a program that does nothing scores")),
        "{:?}",
        check.lines(Lang::En)
    );
    // Its solution beside it was found and checked (its margins are said).
    assert!(
        check
            .lines(Lang::En)
            .iter()
            .any(|l| l.contains("passes with")),
        "{:?}",
        check.lines(Lang::En)
    );
}

/// What the last frame put on the clipboard (`copy_text`), if anything.
fn copied_text(h: &AppHarness) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
}

/// File > Copy challenge link (issue 41): disabled until a challenge is open; the relay's
/// link carries its scene and the partner's program, and the link opened as the desktop
/// opens it (`lurobotsim --link ADDRESS#challenge=…`, a fresh app) shows the challenge's
/// panel with both robots and the partner's program on its friend.
#[test]
fn copy_challenge_link_puts_a_link_on_the_clipboard_that_opens_the_challenge_with_its_scene() {
    use egui_kittest::kittest::{NodeT, Queryable};
    use lurobotsim::app::challenge::BUILTIN;
    let Some(relay) = BUILTIN.iter().find(|b| b.stem == "infrared-relay") else {
        eprintln!("no infrared-relay in this build's pack");
        return;
    };
    let copy = lurobotsim::tr!(Lang::En, ui::toolbar::COPY_CHALLENGE_LINK);
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    assert!(
        h.get_by_label(&copy).accesskit_node().is_disabled(),
        "no challenge open: nothing to copy"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    click(&mut h, &lurobotsim::tr!(Lang::En, c::CHALLENGES));
    click(&mut h, relay.title());
    let panel = format!("Challenge: {}", relay.title());
    assert!(until(&mut h, |h| shows(h, &panel)), "the relay opens");
    click(&mut h, "File");
    h.get_by_label(&copy).click();
    let mut link = None;
    for _ in 0..4 {
        h.step();
        link = link.or_else(|| copied_text(&h));
    }
    let link = link.expect("the link is put on the clipboard");
    assert!(link.starts_with("#challenge="), "{link}");
    assert!(
        until(&mut h, |h| shows(h, "Challenge link copied")),
        "the status line says so"
    );

    let mut other = harness(AppConfig {
        share_link: Some(format!(
            "https://school.example/lurobotsim/index.html{link}"
        )),
        ..AppConfig::quiet()
    });
    assert!(
        until(&mut other, |h| shows(h, &panel)),
        "the link opens the challenge's panel"
    );
    let c = other.state().challenge.open.as_ref().unwrap();
    let scene = c
        .shown()
        .scene
        .as_ref()
        .expect("the relay's scene came with the link");
    assert_eq!(scene.robots.len(), 2);
    assert!(
        scene.robots.iter().any(|r| r.program.is_some()),
        "the partner's program came with the link"
    );
}

/// A damaged challenge link opens the defaults and says why, in plain words.
#[test]
fn a_damaged_challenge_link_opens_the_defaults_and_says_it_is_damaged() {
    let mut h = harness(AppConfig {
        share_link: Some("#challenge=AAAA".into()),
        ..AppConfig::quiet()
    });
    assert!(
        until(&mut h, |h| shows(h, "its challenge is damaged")),
        "the status line says why"
    );
    assert!(h.state().challenge.open.is_none());
    assert!(shows(&h, "M1 on E1") || h.state().robot_name() == "M1");
}
