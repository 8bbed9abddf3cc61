//! The 3D views: the perspective view (and optionally a top view beside it) drawn by our own
//! wgpu pipeline through a paint callback, with mouse camera control, the axis gizmo, the
//! running icon as a billboard above the robot, dragging the robot, and the box palette
//! whose boxes can be dropped on the floor.

use super::*;
use crate::app::{Action, LuApp, Tool};
use crate::i18n::Lang;
use crate::render::{scene, SceneCallback, SceneOptions, ViewCamera};
use egui::{pos2, vec2, Pos2, Rect, Sense, Stroke};
use glam::Vec3;
use std::sync::Arc;

/// Payload of a box dragged from the palette.
#[derive(Clone, Copy, Debug)]
pub struct BoxPayload;

/// The central area.
pub fn views(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let full = ui.available_rect_before_wrap();
    app.view.view_rect = full;
    let Some(snap) = app.shown().cloned() else {
        return;
    };
    let tint = app.view.dragging_robot.map(|_| [1.0, 1.0, 1.0, 1.0]);
    let mut frame = scene::build(
        &snap,
        app.view.floor_image.clone(),
        SceneOptions {
            grid: app.view.grid,
            shadows: app.view.shadows,
            robot_tint: tint,
        },
    );
    // The challenge's regions and the path trail, drawn on the floor.
    if let Some(c) = &app.challenge.open {
        frame.items.extend(super::challenge::region_items(c));
    }
    if app.view.trail {
        frame
            .items
            .extend(super::challenge::trail_items(app, snap.time_ms));
    }
    let frame = Arc::new(frame);
    let robot = Vec3::new(snap.pose.x as f32, 0.0, snap.pose.z as f32);
    if app.view.follow {
        // Ease toward the robot so following does not jerk.
        // While time runs the camera keeps up with each snapshot (the robot stays put on
        // screen, and the window redraws only when a snapshot arrives); otherwise it eases
        // there, redrawing until it has arrived.
        // With "reduce motion" it is there at once.
        let jump = app.is_running() || app.view.look.reduce_motion;
        let c = &mut app.view.cameras[0];
        let goal = Vec3::new(robot.x, 0.04, robot.z);
        if jump {
            c.target = goal;
        } else {
            c.target = c.target.lerp(goal, 0.15);
            if c.target.distance(goal) > 1e-3 {
                ui.ctx().request_repaint();
            }
        }
    }
    let top = &mut app.view.cameras[1];
    top.target = Vec3::new(robot.x, 0.0, robot.z);
    if app.view.second_view {
        let split = full.min.x + full.width() * 0.62;
        let a = Rect::from_min_max(full.min, pos2(split - 2.0, full.max.y));
        let b = Rect::from_min_max(pos2(split + 2.0, full.min.y), full.max);
        view(app, acts, ui, 0, a, &frame, &snap);
        view(app, acts, ui, 1, b, &frame, &snap);
        ui.painter().rect_filled(
            Rect::from_min_max(pos2(split - 2.0, full.min.y), pos2(split + 2.0, full.max.y)),
            0.0,
            Color32::from_gray(150),
        );
    } else {
        view(app, acts, ui, 0, full, &frame, &snap);
    }
    ui.allocate_rect(full, Sense::hover());
}

/// Where the id of the 3D view that last had the keyboard is kept (egui's temp data).
const FOCUSED_VIEW: &str = "3d view with the keyboard";

/// The 3D view that had the keyboard last (the arrows move its camera while it has it).
pub fn focused_view(ctx: &egui::Context) -> Option<egui::Id> {
    ctx.data(|d| d.get_temp::<egui::Id>(egui::Id::unique(FOCUSED_VIEW)))
}

fn view(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    idx: usize,
    rect: Rect,
    frame: &Arc<scene::SceneFrame>,
    snap: &crate::sim::Snapshot,
) {
    let lang = app.view.lang;
    let resp = ui.interact(
        rect,
        ui.scope_id().with(("view", idx)),
        Sense::click_and_drag(),
    );
    super::name_it(
        ui,
        &resp,
        egui::accesskit::Role::Canvas,
        &crate::tr!(
            lang,
            "view3d-name",
            robot = snap.robot.to_string(),
            x = crate::i18n::num_in(lang, snap.pose.x, 2),
            z = crate::i18n::num_in(lang, snap.pose.z, 2),
            heading = format!("{:.0}", snap.pose.yaw_deg)
        ),
    );
    if resp.has_focus() {
        ui.data_mut(|d| d.insert_temp(egui::Id::unique(FOCUSED_VIEW), resp.id));
    }
    mouse(app, acts, ui, &resp, idx, rect, snap);
    draw(app, acts, ui, &resp, (idx, rect), frame, snap);
    // The ring inside the view's edge (the panel clips what is outside).
    super::focus_ring(ui, &resp, rect, -4.0);
}

/// Where a point of the view is in normalised device coordinates.
fn ndc_in(rect: Rect) -> impl Fn(Pos2) -> (f32, f32) {
    move |p: Pos2| {
        (
            (p.x - rect.min.x) / rect.width() * 2.0 - 1.0,
            1.0 - (p.y - rect.min.y) / rect.height() * 2.0,
        )
    }
}

/// The mouse in view `idx`: left drag orbits (or moves the robot), right/middle drag
/// pans, the wheel zooms, a click chooses a scene's robot, a right click a box's menu.
fn mouse(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    resp: &egui::Response,
    idx: usize,
    rect: Rect,
    snap: &crate::sim::Snapshot,
) {
    let lang = app.view.lang;
    let aspect = rect.width() / rect.height().max(1.0);
    let ndc = ndc_in(rect);
    // Mouse: left drag orbits (or moves the robot), right/middle drag pans, wheel zooms.
    let moving_robot = app.view.tool == Tool::MoveRobot;
    if resp.dragged_by(egui::PointerButton::Primary) && !moving_robot {
        let d = resp.drag_delta();
        if idx == 0 {
            app.view.cameras[0].orbit(d.x, d.y);
        } else {
            app.view.cameras[1].rotate(d.x * 0.008);
        }
    }
    if resp.dragged_by(egui::PointerButton::Secondary)
        || resp.dragged_by(egui::PointerButton::Middle)
    {
        let d = resp.drag_delta();
        app.view.cameras[idx].pan(d.x, d.y, rect.height());
        if idx == 0 {
            app.view.follow = false;
        }
    }
    if resp.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        if scroll != 0.0 {
            app.view.cameras[idx].zoom(scroll);
        }
        if zoom != 1.0 {
            app.view.cameras[idx].distance /= zoom;
        }
    }
    if moving_robot {
        move_robot(app, acts, resp, (idx, rect), snap);
    }
    // A click on a robot of a scene (or next to it on the floor) chooses it.
    if resp.clicked() && snap.robots.len() > 1 && !moving_robot {
        if let Some(p) = resp.interact_pointer_pos() {
            let (x, y) = ndc(p);
            if let Some(w) = app.view.cameras[idx].floor_point(x, y, aspect) {
                let nearest = snap
                    .robots
                    .iter()
                    .enumerate()
                    .map(|(k, r)| (k, (r.pose.x as f32 - w.x).hypot(r.pose.z as f32 - w.z)))
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                if let Some((k, d)) = nearest {
                    if d < 0.2 && k != snap.selected {
                        acts.push(Action::SelectRobot(k));
                    }
                }
            }
        }
    }
    // Right click on a dropped box: its menu (a right drag still pans).
    if resp.secondary_clicked() {
        app.view.box_menu = resp.interact_pointer_pos().and_then(|p| {
            let (x, y) = ndc(p);
            let (o, d) = app.view.cameras[idx].ray(x, y, aspect);
            app.dropped_box_hit(o, d)
        });
    }
    if let Some(name) = app.view.box_menu.clone() {
        let mut remove = false;
        resp.context_menu(|ui| {
            ui.label(RichText::new(&name).strong());
            if ui
                .button(crate::tr!(lang, "view3d-remove", name = name.to_string()))
                .on_hover_text(crate::tr!(lang, "view3d-take-away-this-box-the"))
                .clicked()
            {
                remove = true;
                ui.close();
            }
        });
        if remove {
            acts.push(Action::RemoveBox(name.clone()));
            app.view.box_menu = None;
        }
    }
}

/// Moving the robot with the mouse (the Move tool): the one grabbed (and chosen, in a
/// scene) follows the pointer on the floor and is put down on release.
fn move_robot(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    resp: &egui::Response,
    (idx, rect): (usize, Rect),
    snap: &crate::sim::Snapshot,
) {
    let aspect = rect.width() / rect.height().max(1.0);
    let ndc = ndc_in(rect);
    // In a scene the robot grabbed is the one moved (and chosen).
    if resp.drag_started() {
        let grabbed = resp.interact_pointer_pos().and_then(|p| {
            let (x, y) = ndc(p);
            let w = app.view.cameras[idx].floor_point(x, y, aspect)?;
            snap.robots
                .iter()
                .enumerate()
                .map(|(k, r)| (k, (r.pose.x as f32 - w.x).hypot(r.pose.z as f32 - w.z)))
                .filter(|(_, d)| *d < 0.25)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(k, _)| k)
        });
        if let Some(k) = grabbed.filter(|&k| k != snap.selected && snap.robots.len() > 1) {
            acts.push(Action::SelectRobot(k));
        }
        app.view.drag_robot = grabbed.or(Some(snap.selected));
    }
    if let Some(p) = resp.interact_pointer_pos().filter(|_| resp.dragged()) {
        let (x, y) = ndc(p);
        if let Some(w) = app.view.cameras[idx].floor_point(x, y, aspect) {
            app.view.dragging_robot = Some((w.x, w.z));
        }
    }
    if resp.drag_stopped() {
        if let Some((x, z)) = app.view.dragging_robot.take() {
            acts.push(Action::PlaceRobot { x, z });
        }
    }
}

/// The view drawn: the scene (or a word where no GPU draws), and over it where the robot
/// will be put down, a box being dropped, the robots' names, the regions, the icon and
/// the LCD over the robot, the axes and the hints.
fn draw(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    resp: &egui::Response,
    (idx, rect): (usize, Rect),
    frame: &Arc<scene::SceneFrame>,
    snap: &crate::sim::Snapshot,
) {
    let lang = app.view.lang;
    let aspect = rect.width() / rect.height().max(1.0);
    let ndc = ndc_in(rect);
    let moving_robot = app.view.tool == Tool::MoveRobot;
    let cam = app.view.cameras[idx];
    let painter = ui.painter_at(rect);
    if app.view.gpu && rect.width() >= 2.0 && rect.height() >= 2.0 {
        let ppp = ui.ctx().pixels_per_point();
        let cb = SceneCallback {
            view: idx as u32,
            size_px: [
                (rect.width() * ppp).round() as u32,
                (rect.height() * ppp).round() as u32,
            ],
            camera: ViewCamera {
                view_proj: cam.view_proj(aspect),
                eye: cam.eye(),
            },
            frame: frame.clone(),
        };
        painter.add(egui_wgpu::Callback::new_paint_callback(rect, cb));
    } else {
        let s = crate::render::gpu::SKY;
        painter.rect_filled(
            rect,
            0.0,
            Color32::from_rgb(
                (s[0] * 255.0) as u8,
                (s[1] * 255.0) as u8,
                (s[2] * 255.0) as u8,
            ),
        );
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            crate::tr!(lang, "view3d-n3d-view-no-graphics-adapter"),
            egui::FontId::proportional(16.0),
            Color32::from_gray(60),
        );
    }
    let to_screen = |w: Vec3| {
        cam.project(w, aspect).map(|(x, y)| {
            pos2(
                rect.min.x + (x + 1.0) / 2.0 * rect.width(),
                rect.min.y + (1.0 - y) / 2.0 * rect.height(),
            )
        })
    };
    // Where the robot will be put down.
    if let Some((x, z)) = app.view.dragging_robot {
        if let Some(p) = to_screen(Vec3::new(x, 0.0, z)) {
            painter.circle_stroke(p, 18.0, Stroke::new(3.0, BLUE));
            painter.circle_filled(p, 4.0, BLUE);
        }
    }
    // A box dragged from the palette: show where it lands, drop it on release.
    if let Some(p) = resp
        .dnd_hover_payload::<BoxPayload>()
        .and(ui.ctx().pointer_hover_pos())
    {
        let (x, y) = ndc(p);
        if let Some(w) = cam.floor_point(x, y, aspect) {
            ghost_box(&painter, &to_screen, w);
        }
    }
    if resp.dnd_release_payload::<BoxPayload>().is_some() {
        if let Some(p) = ui.ctx().pointer_interact_pos() {
            let (x, y) = ndc(p);
            if let Some(w) = cam.floor_point(x, y, aspect) {
                acts.push(Action::DropBox { x: w.x, z: w.z });
            }
        }
    }
    robot_names(&painter, &to_screen, snap);
    if let Some(c) = &app.challenge.open {
        super::challenge::region_labels(lang, c, &painter, &to_screen);
    }
    if app.view.billboard && idx == 0 {
        super::brick::lcd_tag(lang, &painter, &to_screen, snap);
        billboard(app, ui, &painter, &to_screen, snap);
    }
    gizmo(&painter, rect, &cam);
    if idx == 1 {
        painter.text(
            rect.left_top() + vec2(8.0, 6.0),
            egui::Align2::LEFT_TOP,
            crate::tr!(lang, "view3d-top-view"),
            egui::FontId::proportional(15.0),
            Color32::from_gray(40),
        );
    } else {
        palette(lang, ui, acts, rect, snap);
        hud(app, &painter, rect, snap);
    }
    if idx == 0 {
        painter.text(
            rect.center_bottom() - vec2(0.0, 6.0),
            egui::Align2::CENTER_BOTTOM,
            if moving_robot {
                crate::tr!(lang, "view3d-drag-the-robot-to-where")
            } else {
                crate::tr!(lang, "view3d-drag-turn-right-drag-move")
            },
            egui::FontId::proportional(12.5),
            Color32::from_gray(90),
        );
    }
}

/// Every robot of a scene carries its name; the chosen one's is outlined.
fn robot_names(
    painter: &egui::Painter,
    to_screen: &dyn Fn(Vec3) -> Option<Pos2>,
    snap: &crate::sim::Snapshot,
) {
    if snap.robots.len() > 1 {
        for (k, r) in snap.robots.iter().enumerate() {
            // Under the robot, clear of the icon and LCD tags above it.
            let at = Vec3::new(r.pose.x as f32, 0.0, r.pose.z as f32);
            if let Some(p) = to_screen(at).map(|p| p + vec2(0.0, 26.0)) {
                let colour = super::readouts::robot_colour(k);
                let font = egui::FontId::proportional(if k == snap.selected { 16.0 } else { 14.0 });
                let galley = painter.layout_no_wrap(r.name.clone(), font, Color32::WHITE);
                let rect = egui::Align2::CENTER_TOP
                    .anchor_size(p, galley.size())
                    .expand(3.0);
                painter.rect_filled(rect, 4.0, colour);
                if k == snap.selected {
                    painter.rect_stroke(
                        rect.expand(1.5),
                        5.0,
                        Stroke::new(2.0, Color32::WHITE),
                        egui::StrokeKind::Outside,
                    );
                }
                painter.galley(rect.min + vec2(3.0, 3.0), galley, Color32::WHITE);
            }
        }
    }
}

fn ghost_box(painter: &egui::Painter, to_screen: &dyn Fn(Vec3) -> Option<Pos2>, at: Vec3) {
    let h = 0.05;
    let pts: Vec<Pos2> = [(-h, -h), (h, -h), (h, h), (-h, h)]
        .iter()
        .filter_map(|&(dx, dz)| to_screen(at + Vec3::new(dx, 0.0, dz)))
        .collect();
    if pts.len() == 4 {
        painter.add(egui::Shape::convex_polygon(
            pts,
            Color32::from_rgba_unmultiplied(220, 50, 40, 90),
            Stroke::new(2.0, RED),
        ));
    }
}

/// The palette: a box to drag onto the floor (Enter drops it beside the robot of `snap`).
fn palette(
    lang: Lang,
    ui: &mut egui::Ui,
    acts: &mut Vec<Action>,
    rect: Rect,
    snap: &crate::sim::Snapshot,
) {
    let near = Some((snap.pose.x as f32, snap.pose.z as f32));
    let area = Rect::from_min_size(rect.left_top() + vec2(8.0, 8.0), vec2(150.0, 30.0));
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(area));
    egui::Frame::new()
        .fill(Color32::from_rgba_unmultiplied(255, 255, 255, 215))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(8, 4))
        .show(&mut child, |ui| {
            ui.horizontal(|ui| {
                let r = ui.dnd_drag_source(egui::Id::unique("box palette"), BoxPayload, |ui| {
                    ui.horizontal(|ui| {
                        let (r, _) = ui.allocate_exact_size(vec2(16.0, 16.0), Sense::hover());
                        ui.painter().rect_filled(r, 2.0, RED);
                        ui.label(
                            RichText::new(crate::tr!(lang, "view3d-box"))
                                .strong()
                                .color(RED),
                        );
                    });
                });
                // For screen readers and the keyboard: a button that, pressed with Enter or
                // Space, puts the box 30 cm beside the robot (a drag needs a mouse).
                let named = format!(
                    "{}: {}",
                    crate::tr!(lang, "view3d-box"),
                    crate::tr!(lang, "view3d-drag-this-box-onto-the")
                );
                super::name_it(ui, &r.response, egui::accesskit::Role::Button, &named);
                let pressed = r.response.has_focus()
                    && ui.input(|i| {
                        i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space)
                    });
                r.response
                    .on_hover_text(crate::tr!(lang, "view3d-drag-this-box-onto-the"));
                if let (true, Some((x, z))) = (pressed, near) {
                    acts.push(Action::DropBox { x: x + 0.3, z });
                }
                ui.label(
                    RichText::new(crate::tr!(lang, "view3d-drag-me"))
                        .small()
                        .color(Color32::from_gray(90)),
                );
            });
        });
}

/// Big, legible time and speed in the view's corner.
fn hud(app: &LuApp, painter: &egui::Painter, rect: Rect, snap: &crate::sim::Snapshot) {
    let lang = app.view.lang;
    let mut text = super::readouts::clock_text(app, snap)
        .trim_start_matches("⏱ ")
        .to_string();
    if app.reviewing().is_some() {
        text.push_str(&crate::tr!(lang, "view3d-replay"));
    } else if let Some(st) = &app.status {
        if st.running && st.slow_delay_ms > 0 {
            text.push_str(&crate::tr!(
                lang,
                "view3d-slow-ms-step",
                slow_delay_ms = st.slow_delay_ms.to_string()
            ));
        } else if st.running {
            text.push_str(&crate::tr!(
                lang,
                "view3d-real-time",
                realtime_factor = crate::i18n::num_in(lang, st.realtime_factor, 1)
            ));
        } else {
            text.push_str(&crate::tr!(lang, "view3d-paused"));
        }
    }
    let at = rect.right_top() + vec2(-10.0, 8.0);
    let galley = painter.layout_no_wrap(
        text,
        egui::FontId::proportional(18.0),
        Color32::from_gray(20),
    );
    let bg = Rect::from_min_size(
        at - vec2(galley.size().x + 10.0, 0.0),
        galley.size() + vec2(12.0, 6.0),
    );
    painter.rect_filled(bg, 6.0, Color32::from_rgba_unmultiplied(255, 255, 255, 200));
    painter.galley(bg.min + vec2(6.0, 3.0), galley, Color32::from_gray(20));
}

/// The running icon(s) floating above the robot, always facing the viewer.
fn billboard(
    app: &mut LuApp,
    ui: &egui::Ui,
    painter: &egui::Painter,
    to_screen: &dyn Fn(Vec3) -> Option<Pos2>,
    snap: &crate::sim::Snapshot,
) {
    let Some(prog) = app.program.as_ref() else {
        return;
    };
    let kinds: Vec<crate::trace::ViKind> = snap
        .current_vi
        .values()
        .filter_map(|&v| prog.vis.get(v).map(|vi| vi.kind))
        .take(3)
        .collect();
    if kinds.is_empty() {
        return;
    }
    let above = Vec3::new(
        snap.pose.x as f32,
        snap.pose.y as f32 + 0.16,
        snap.pose.z as f32,
    );
    let Some(p) = to_screen(above) else { return };
    let size = 40.0;
    let total = kinds.len() as f32 * (size + 4.0);
    let ctx = ui.ctx().clone();
    for (k, kind) in kinds.into_iter().enumerate() {
        let r = Rect::from_min_size(
            pos2(p.x - total / 2.0 + k as f32 * (size + 4.0), p.y - size),
            vec2(size, size),
        );
        painter.rect_filled(r.expand(3.0), 6.0, YELLOW);
        if let Some(tex) = super::trace::icon_texture(app, &ctx, kind) {
            painter.image(
                tex,
                r,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                Color32::WHITE,
            );
        }
    }
    painter.add(egui::Shape::convex_polygon(
        vec![
            pos2(p.x - 6.0, p.y + 3.0),
            pos2(p.x + 6.0, p.y + 3.0),
            pos2(p.x, p.y + 11.0),
        ],
        YELLOW,
        Stroke::NONE,
    ));
}

/// The axis gizmo in the bottom-left corner: X red, Y green, Z blue.
fn gizmo(painter: &egui::Painter, rect: Rect, cam: &crate::render::OrbitCamera) {
    let centre = rect.left_bottom() + vec2(44.0, -44.0);
    painter.circle_filled(
        centre,
        36.0,
        Color32::from_rgba_unmultiplied(255, 255, 255, 150),
    );
    let view = cam.view();
    let mut axes: Vec<(Vec3, Color32, &str)> = vec![
        (Vec3::X, RED, "X"),
        (Vec3::Y, GREEN, "Y"),
        (Vec3::Z, BLUE, "Z"),
    ];
    // Farthest first, so nearer axes are drawn over them.
    axes.sort_by(|a, b| {
        let za = view.transform_vector3(a.0).z;
        let zb = view.transform_vector3(b.0).z;
        za.partial_cmp(&zb).unwrap_or(std::cmp::Ordering::Equal)
    });
    for (a, c, name) in axes {
        let v = view.transform_vector3(a);
        let tip = centre + vec2(v.x, -v.y) * 26.0;
        painter.line_segment([centre, tip], Stroke::new(3.0, c));
        painter.text(
            centre + vec2(v.x, -v.y) * 33.0,
            egui::Align2::CENTER_CENTER,
            name,
            egui::FontId::proportional(13.0),
            c,
        );
    }
}
