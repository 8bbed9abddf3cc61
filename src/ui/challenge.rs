//! The challenge panel (issue 33): the criteria in plain words with a tick or a cross as
//! the program runs, the result card at the end (points, each failed criterion and when —
//! a click shows that moment), "All seeds"; the Challenges menu; the regions marked on the
//! floor. Every text it shows is here, as a literal.

use super::*;
use crate::app::challenge::{BuiltinChallenge, Challenge, MarkKind, Row, RowState, BUILTIN};
use crate::app::{Action, ChallengeMsg, LuApp};
use crate::i18n::Lang;
use crate::sim::assignment::Region;
use egui::{vec2, Pos2, Stroke};
use glam::{Vec2, Vec3};

/// File > Open challenge… and the Challenges menu's file entry.
pub const OPEN_CHALLENGE: &str = "challenge-open-challenge";
/// The menu of the built-in pack.
pub const CHALLENGES: &str = "challenge-challenges";
/// The card's button that saves the run as a GIF.
pub const SAVE_GIF: &str = "challenge-save-gif";
/// The panel's "All seeds" button.
pub const ALL_SEEDS: &str = "challenge-grade-all-seeds";
/// The panel's close button.
pub const CLOSE_CHALLENGE: &str = "challenge-close-challenge";
/// Title of the window that shows why a challenge file could not be opened.
pub const CANNOT_OPEN_CHALLENGE: &str = "challenge-this-challenge-cannot-be-opened";
/// The result card's heading starts with this.
pub const RESULT: &str = "challenge-result";
/// View > the path trail.
pub const TRAIL: &str = "challenge-path-trail";
/// The toolbar's trail toggle.
pub const TRAIL_SHORT: &str = "challenge-trail";

/// The panel's window title for a challenge.
pub fn title(lang: Lang, c: &Challenge) -> String {
    crate::tr!(
        lang,
        "challenge-challenge",
        name = c.assignment.name_in(lang)
    )
}

/// A row's text: "✔ Reach the green box by 15 s — 4 points".
pub fn row_text(lang: Lang, r: &Row) -> String {
    let mark = match r.state {
        RowState::Pending => "…",
        RowState::Passed { .. } => "✔",
        RowState::Failed { .. } => "✖",
        RowState::Skipped { .. } => "–",
    };
    crate::tr!(
        lang,
        "challenge-row",
        mark = mark,
        task = r.task.clone(),
        points = crate::grade::report::points(r.max_points),
        count = r.max_points
    )
}

/// A failed criterion on the card: "✖ reach-box failed at 9.3 s".
pub fn failed_text(lang: Lang, r: &Row, at_ms: u64) -> String {
    crate::tr!(
        lang,
        "challenge-failed-at-s",
        task = r.task.to_string(),
        v0 = crate::i18n::num_in(lang, at_ms as f64 / 1000.0, 1)
    )
}

/// The card's points: "Result: 3 of 7 points".
pub fn result_text(lang: Lang, points: f64, max: f64) -> String {
    crate::tr!(
        lang,
        "challenge-of-points",
        result = crate::tr!(lang, RESULT),
        points = crate::grade::report::points(points).to_string(),
        points2 = crate::grade::report::points(max).to_string()
    )
}

/// "All seeds" finished: the total as `grade` gives it.
pub fn all_seeds_text(lang: Lang, points: f64, max: f64) -> String {
    crate::tr!(
        lang,
        "challenge-all-seeds-of-points-as",
        points = crate::grade::report::points(points).to_string(),
        points2 = crate::grade::report::points(max).to_string()
    )
}

/// One run of "All seeds" as its row: its seed, scenario and points as `grade` gives
/// them, or why it was not graded.
pub fn seed_row_text(lang: crate::i18n::Lang, r: &crate::grade::RunRecord) -> String {
    let (seed, scenario) = (r.seed.to_string(), r.scenario.clone());
    match (&r.status, &r.error) {
        (crate::grade::RunStatus::Error, e) => crate::tr!(
            lang,
            "challenge-seed-row-error",
            seed = seed,
            scenario = scenario,
            e = e.clone().unwrap_or_default()
        ),
        _ => crate::tr!(
            lang,
            "challenge-seed-row",
            seed = seed,
            scenario = scenario,
            points = crate::grade::report::points(r.points).to_string(),
            points2 = crate::grade::report::points(r.max_points).to_string()
        ),
    }
}

/// The Challenges menu: the built-in pack by name, then a file.
pub fn menu(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    if BUILTIN.is_empty() {
        ui.label(
            RichText::new(crate::tr!(lang, "challenge-no-built-in-challenges-in")).color(MUTED),
        );
    }
    for i in BuiltinChallenge::in_order() {
        let b = &BUILTIN[i];
        let open = app
            .challenge
            .open
            .as_ref()
            .is_some_and(|c| c.name == b.title());
        if ui
            .add(egui::Button::selectable(open, b.title_in(lang)))
            .on_hover_text(crate::tr!(lang, "challenge-open-this-challenge-its-robot"))
            .clicked()
        {
            acts.push(Action::Challenge(ChallengeMsg::OpenBuiltin(i)));
            ui.close();
        }
    }
    ui.separator();
    open_file_button(app, ui);
}

/// File > Open challenge…: the file window (the page's picker in a tab) for a challenge.
pub fn open_file_button(app: &mut LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    if ui
        .button(crate::tr!(lang, OPEN_CHALLENGE))
        .on_hover_text(crate::tr!(lang, "challenge-open-a-challenge-file-toml"))
        .clicked()
    {
        app.browse(crate::app::Browse::Challenge);
        ui.close();
    }
}

/// The panel is docked at the top of the program trace's column (tiled panes with the
/// trace open), or of the editor docked in its place (the pupil reads the task while
/// writing the program, and the 3D view stays uncovered), else a window over the 3D view.
pub fn docked(app: &LuApp) -> bool {
    app.view.editor_docked
        || (app.view.arrange == crate::app::Arrange::Tile && app.view.panes.trace)
}

/// The challenge's window, when the panel is not docked.
pub fn window(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let Some(c) = &app.challenge.open else {
        return;
    };
    if docked(app) {
        return;
    }
    let view = app.view.view_rect;
    let at = if view.is_positive() {
        view.right_top() + vec2(-12.0, 48.0)
    } else {
        Pos2::new(900.0, 120.0)
    };
    egui::Window::new(title(lang, c))
        .id(egui::Id::unique("challenge panel"))
        .default_pos(at)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_width(300.0)
        .resizable(true)
        .show(ctx, |ui| contents(app, acts, ui));
}

/// The panel docked above the program trace or the docked editor: its title, then what
/// the window shows, scrolled within `share` of the column's height.
pub fn section(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, share: f32) {
    let lang = app.view.lang;
    let Some(c) = &app.challenge.open else {
        return;
    };
    ui.label(RichText::new(title(lang, c)).heading().strong());
    egui::ScrollArea::vertical()
        .id_salt("challenge section")
        .max_height(ui.available_height() * share)
        .show(ui, |ui| contents(app, acts, ui));
    ui.separator();
}

/// The task, each criterion live, the card at the end, "All seeds".
fn contents(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let Some(c) = &app.challenge.open else {
        return;
    };
    let snap = app.shown();
    let gif = app.host.caps().gpu_readback;
    let rows = c.rows(lang, snap);
    let ended = c.ended(snap);
    ui.label(
        RichText::new(crate::tr!(
            lang,
            "challenge-robot-on-s-seed",
            robot_label = app.robot_label().to_string(),
            env_label = app.env_label().to_string(),
            end_ms = crate::i18n::num_in(lang, c.end_ms() as f64 / 1000.0, 0),
            seed = c.seed.to_string()
        ))
        .color(Color32::from_gray(80)),
    );
    // What this seed changed: where the robot starts and how its sensors read.
    if let Some(said) = c.seed_said(lang) {
        ui.label(RichText::new(said).small().color(Color32::from_gray(80)));
    }
    // A challenge of several scenarios: each is a world of its own.
    if c.assignment.scenarios.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!(lang, "challenge-scenario"));
            for (k, sc) in c.assignment.scenarios.iter().enumerate() {
                if ui
                    .selectable_label(k == c.scenario, &sc.id)
                    .on_hover_text(crate::tr!(lang, "challenge-scenario-tip"))
                    .clicked()
                {
                    acts.push(Action::Challenge(ChallengeMsg::Scenario(k)));
                }
            }
        });
    }
    if app.program.is_none() && c.program_error.is_none() {
        ui.label(crate::tr!(lang, "challenge-open-your-program-file-open"));
    }
    // At the end the card comes first: it is what the pupil looks for. It stays while a
    // moment of the run is shown (a failure clicked).
    let end_rows = if ended { Some(&rows) } else { c.card.as_ref() };
    if let Some(end_rows) = end_rows {
        ui.add_space(4.0);
        card(lang, c, end_rows, gif, acts, ui);
    } else if c.program_error.is_some() {
        ui.add_space(4.0);
        card(lang, c, &rows, gif, acts, ui);
    }
    ui.add_space(4.0);
    for r in &rows {
        let colour = match r.state {
            RowState::Pending => Color32::from_gray(40),
            RowState::Passed { .. } => GREEN,
            RowState::Failed { .. } => RED,
            RowState::Skipped { .. } => MUTED,
        };
        // Its state in words too, not by colour and mark alone.
        let state = match r.state {
            RowState::Pending => crate::tr!(lang, "challenge-state-pending"),
            RowState::Passed { .. } => crate::tr!(lang, "challenge-state-passed"),
            RowState::Failed { .. } => crate::tr!(lang, "challenge-state-failed"),
            RowState::Skipped { .. } => crate::tr!(lang, "challenge-state-skipped"),
        };
        let words = crate::tr!(
            lang,
            "challenge-row-state",
            row = row_text(lang, r),
            state = state
        );
        ui.label(RichText::new(words).color(colour))
            .on_hover_text(crate::tr!(
                lang,
                "challenge-criterion",
                id = r.id.to_string()
            ));
        if !r.outcome.is_empty() {
            ui.label(
                RichText::new(format!("    {}", r.outcome))
                    .small()
                    .color(Color32::from_gray(90)),
            );
        }
    }
    ui.add_space(6.0);
    all_seeds(lang, c, app.program.is_some(), acts, ui);
    // The teacher's check of a file, after what the pupil works with.
    if let Some(check) = &app.challenge.check {
        fair_check(lang, check, ui);
    }
    ui.separator();
    if ui
        .button(crate::tr!(lang, CLOSE_CHALLENGE))
        .on_hover_text(crate::tr!(lang, "challenge-hide-this-panel-the-robot"))
        .clicked()
    {
        acts.push(Action::Challenge(ChallengeMsg::Close));
    }
}

/// The result card: points of the maximum, each failed criterion and when (a click shows
/// that moment), or why the program could not be loaded.
fn card(
    lang: Lang,
    c: &Challenge,
    rows: &[Row],
    gif: bool,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
) {
    egui::Frame::new()
        .fill(Color32::from_rgb(255, 248, 220))
        .stroke(Stroke::new(1.0, YELLOW))
        .corner_radius(6.0)
        .inner_margin(8.0)
        .show(ui, |ui| {
            if let Some(e) = &c.program_error {
                ui.label(
                    RichText::new(result_text(lang, 0.0, c.max_points()))
                        .strong()
                        .size(18.0),
                );
                ui.label(
                    RichText::new(crate::tr!(
                        lang,
                        "challenge-your-program-could-not-be",
                        e = e.to_string()
                    ))
                    .color(RED),
                );
                return;
            }
            let points = rows
                .iter()
                .filter(|r| matches!(r.state, RowState::Passed { .. }))
                .fold(0.0, |sum, r| sum + r.points);
            ui.label(
                RichText::new(result_text(lang, points, c.max_points()))
                    .strong()
                    .size(18.0),
            );
            let failed: Vec<(&Row, u64)> = rows
                .iter()
                .filter_map(|r| match r.state {
                    RowState::Failed { at_ms } => Some((r, at_ms)),
                    _ => None,
                })
                .collect();
            let all_passed = rows
                .iter()
                .all(|r| matches!(r.state, RowState::Passed { .. }));
            if all_passed {
                ui.label(
                    RichText::new(crate::tr!(
                        lang,
                        "challenge-every-criterion-passed-well-done"
                    ))
                    .color(GREEN),
                );
            }
            for (r, at_ms) in failed {
                if ui
                    .link(RichText::new(failed_text(lang, r, at_ms)).color(RED))
                    .on_hover_text(crate::tr!(lang, "challenge-show-this-moment-of-the"))
                    .clicked()
                {
                    acts.push(Action::Seek(at_ms));
                }
            }
            // A tab cannot draw one (it cannot wait on the GPU).
            if gif
                && ui
                    .button(crate::tr!(lang, SAVE_GIF))
                    .on_hover_text(crate::tr!(lang, "challenge-save-gif-hover"))
                    .clicked()
            {
                acts.push(Action::AskSave(crate::app::SaveKind::Gif));
            }
        });
}

/// "All seeds": the button, the progress, the total.
fn all_seeds(
    lang: Lang,
    c: &Challenge,
    has_program: bool,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
) {
    let seeds: usize = c.assignment.scenarios.iter().map(|s| s.seeds.len()).sum();
    match &c.all_seeds {
        Some(a) if a.points.is_none() && a.error.is_none() => {
            ui.add(
                egui::ProgressBar::new(a.done as f32 / a.total.max(1) as f32).text(crate::tr!(
                    lang,
                    "challenge-all-seeds-runs",
                    done = a.done.to_string(),
                    total = a.total.to_string()
                )),
            );
        }
        Some(a) => {
            if let Some(p) = a.points {
                ui.label(RichText::new(all_seeds_text(lang, p, a.max_points)).strong());
            }
            if let Some(e) = &a.error {
                ui.label(
                    RichText::new(crate::tr!(lang, "challenge-all-seeds", e = e.to_string()))
                        .color(RED),
                );
            }
        }
        None => {
            if ui
                .add_enabled(has_program, egui::Button::new(crate::tr!(lang, ALL_SEEDS)))
                .on_hover_text(crate::tr!(
                    lang,
                    "challenge-run-your-program-on-all",
                    seeds = seeds.to_string()
                ))
                .on_disabled_hover_text(crate::tr!(lang, "challenge-open-your-program-first"))
                .clicked()
            {
                acts.push(Action::Challenge(ChallengeMsg::AllSeeds));
            }
        }
    }
    // A row a run, as they are graded (one not graded says why, in red).
    for r in c.all_seeds.iter().flat_map(|a| a.records()) {
        let text = seed_row_text(lang, r);
        match r.status {
            crate::grade::RunStatus::Error => ui.label(RichText::new(text).color(RED)),
            _ => ui.label(text),
        };
    }
}

/// Colour of a mark on the floor (sRGB).
fn mark_colour(kind: MarkKind) -> [f32; 4] {
    match kind {
        MarkKind::Reach => [0.16, 0.62, 0.25, 1.0],
        MarkKind::Avoid => [0.85, 0.16, 0.12, 1.0],
        MarkKind::Visit(_) => [0.12, 0.40, 0.82, 1.0],
    }
}

/// Width of a region's outline on the floor, m (thick enough to see from 2 m away).
const OUTLINE_M: f32 = 0.015;
/// Heights of the marks' tops above the floor, m: the trail over the regions, both clear
/// of the floor so neither flickers into it.
const REGION_LIFT_M: f32 = 0.0015;
const TRAIL_LIFT_M: f32 = 0.0025;

/// The challenge's regions as outlines on the floor (3D items).
pub fn region_items(c: &Challenge) -> Vec<crate::render::scene::DrawItem> {
    use crate::render::scene::floor_strip;
    let mut out = Vec::new();
    for (region, kind) in c.regions() {
        let colour = mark_colour(kind);
        match region {
            Region::Rect([x0, z0, x1, z1]) => {
                let h = OUTLINE_M / 2.0;
                let (x0, z0, x1, z1) = (x0 as f32 + h, z0 as f32 + h, x1 as f32 - h, z1 as f32 - h);
                let corners = [
                    Vec2::new(x0, z0),
                    Vec2::new(x1, z0),
                    Vec2::new(x1, z1),
                    Vec2::new(x0, z1),
                ];
                for i in 0..4 {
                    out.push(floor_strip(
                        corners[i],
                        corners[(i + 1) % 4],
                        OUTLINE_M,
                        REGION_LIFT_M,
                        colour,
                    ));
                }
            }
            Region::Circle([x, z, r]) => {
                let (cx, cz, r) = (x as f32, z as f32, (r as f32 - OUTLINE_M / 2.0).max(0.001));
                let n = 40;
                let at = |i: usize| {
                    let a = i as f32 / n as f32 * std::f32::consts::TAU;
                    Vec2::new(cx + r * a.cos(), cz + r * a.sin())
                };
                for i in 0..n {
                    out.push(floor_strip(
                        at(i),
                        at(i + 1),
                        OUTLINE_M,
                        REGION_LIFT_M,
                        colour,
                    ));
                }
            }
        }
    }
    out
}

/// Width of the trail, m (about a tyre's print: seen from the default camera's distance).
const TRAIL_M: f32 = 0.01;
/// Most segments the trail is drawn with (an hour's history stays a few hundred items).
const TRAIL_SEGMENTS: usize = 600;

/// Where the shown robot has driven, from the runner's history: a line on the floor, full
/// colour up to the moment shown and pale after it (a rewound run keeps its trail).
pub fn trail_items(app: &LuApp, shown_ms: u64) -> Vec<crate::render::scene::DrawItem> {
    use crate::render::scene::floor_strip;
    let pts = &app.plot;
    if pts.len() < 2 {
        return Vec::new();
    }
    let every = pts.len().div_ceil(TRAIL_SEGMENTS).max(1);
    let mut out = Vec::new();
    let mut last: Option<(Vec2, u64)> = None;
    for (i, p) in pts.iter().enumerate() {
        if i % every != 0 && i + 1 != pts.len() {
            continue;
        }
        let here = Vec2::new(p.xz[0], p.xz[1]);
        if let Some((prev, _)) = last {
            // A jump (the robot picked up and put down) is not driven.
            if prev.distance(here) < 0.004 {
                continue;
            }
            if prev.distance(here) < 0.5 {
                let colour = if p.time_ms <= shown_ms {
                    [1.0, 0.55, 0.0, 1.0]
                } else {
                    [0.98, 0.85, 0.65, 1.0]
                };
                out.push(floor_strip(prev, here, TRAIL_M, TRAIL_LIFT_M, colour));
            }
        }
        last = Some((here, p.time_ms));
    }
    out
}

/// The regions' names on the floor: "goal", "keep out", "1", "2", … at their centres.
pub fn region_labels(
    lang: Lang,
    c: &Challenge,
    painter: &egui::Painter,
    to_screen: &dyn Fn(Vec3) -> Option<Pos2>,
) {
    for (region, kind) in c.regions() {
        let (x, z) = match region {
            Region::Rect([x0, z0, x1, z1]) => ((x0 + x1) / 2.0, (z0 + z1) / 2.0),
            Region::Circle([x, z, _]) => (x, z),
        };
        let Some(p) = to_screen(Vec3::new(x as f32, 0.0, z as f32)) else {
            continue;
        };
        let text = match kind {
            MarkKind::Reach => crate::tr!(lang, "challenge-goal"),
            MarkKind::Avoid => crate::tr!(lang, "challenge-keep-out"),
            MarkKind::Visit(n) => n.to_string(),
        };
        let [r, g, b, _] = mark_colour(kind).map(|v| (v * 255.0) as u8);
        let galley = painter.layout_no_wrap(text, egui::FontId::proportional(13.0), Color32::WHITE);
        let rect = egui::Align2::CENTER_CENTER
            .anchor_size(p, galley.size())
            .expand(3.0);
        painter.rect_filled(rect, 4.0, Color32::from_rgba_unmultiplied(r, g, b, 200));
        painter.galley(rect.min + vec2(3.0, 3.0), galley, Color32::WHITE);
    }
}

/// The check of a challenge opened from a file: its progress, then its verdict, with the
/// whole report (as `grade check` says it) folded under it: a click opens it, so the
/// pupil's tasks, card and "All seeds" stay where they were.
fn fair_check(lang: Lang, check: &crate::app::challenge::FairCheck, ui: &mut egui::Ui) {
    if let Some(e) = &check.error {
        ui.colored_label(
            Color32::from_rgb(170, 30, 30),
            crate::tr!(lang, "challenge-check-failed", e = e.clone()),
        );
        return;
    }
    let Some(problems) = check.problems else {
        let p = check.progress;
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(crate::tr!(
                lang,
                "challenge-check-running",
                done = p.done,
                total = p.total
            ));
        });
        return;
    };
    let lines = check.lines(lang);
    let verdict = lines.last().cloned().unwrap_or_default();
    let colour = match problems {
        0 => Color32::from_rgb(20, 120, 40),
        _ => Color32::from_rgb(170, 30, 30),
    };
    egui::CollapsingHeader::new(
        RichText::new(crate::tr!(
            lang,
            "challenge-check-verdict",
            verdict = verdict
        ))
        .color(colour),
    )
    .id_salt("challenge check")
    .default_open(false)
    .show(ui, |ui| {
        for line in &lines {
            ui.label(RichText::new(line).small());
        }
    });
}
