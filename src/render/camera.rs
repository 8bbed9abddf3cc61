//! The orbit camera of a 3D view: a target point, a heading and an elevation around it, a
//! distance. Mouse drag orbits, wheel zooms, right/middle drag pans; the original's keys
//! (arrows move along X and Z, F1/F2 down/up, F3/F4 rotate) and preset views F/B/T/S/i.
//! Pure maths on glam; no GPU.

use glam::{Mat4, Vec3};

/// A preset view (the original's toolbar buttons F, B, T, S, i).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewPreset {
    /// Looking at the robot's front (the robot faces +X, so from +X).
    Front,
    /// From behind (from −X).
    Back,
    /// Straight down from above.
    Top,
    /// The robot's right side (from +Z: forward × up = +Z).
    Side,
    /// The start view: a three-quarter view from behind the start pose.
    Initial,
}

impl ViewPreset {
    pub const ALL: [ViewPreset; 5] = [
        ViewPreset::Front,
        ViewPreset::Back,
        ViewPreset::Top,
        ViewPreset::Side,
        ViewPreset::Initial,
    ];

    /// The toolbar letter.
    pub fn letter(self) -> &'static str {
        match self {
            ViewPreset::Front => "F",
            ViewPreset::Back => "B",
            ViewPreset::Top => "T",
            ViewPreset::Side => "S",
            ViewPreset::Initial => "i",
        }
    }

    /// The tooltip.
    pub fn tooltip(self) -> &'static str {
        match self {
            ViewPreset::Front => "Front view: look at the robot from the front",
            ViewPreset::Back => "Back view: look at the robot from behind",
            ViewPreset::Top => "Top view: look straight down on the floor",
            ViewPreset::Side => "Side view: look at the robot's right side",
            ViewPreset::Initial => "Initial view: the view the app starts with",
        }
    }
}

/// Lowest elevation: just above the floor, so the camera never goes under it.
const MIN_PITCH: f32 = 0.03;
/// Highest elevation: a hair short of straight down (looking exactly down makes "up" undefined).
const MAX_PITCH: f32 = std::f32::consts::FRAC_PI_2 - 0.001;
/// Zoom limits, metres: close enough to read the RCX, far enough to see a 3.2 m arena.
const MIN_DISTANCE: f32 = 0.12;
const MAX_DISTANCE: f32 = 30.0;

/// An orbit camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    pub target: Vec3,
    /// Heading of the camera around the target, radians (0 = camera on −X looking toward +X).
    pub yaw: f32,
    /// Elevation above the floor plane, radians.
    pub pitch: f32,
    pub distance: f32,
    /// Vertical field of view, radians.
    pub fov_y: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        let mut c = OrbitCamera {
            target: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.0,
            distance: 1.0,
            fov_y: 45f32.to_radians(),
        };
        c.preset(ViewPreset::Initial, Vec3::ZERO);
        c
    }
}

impl OrbitCamera {
    /// A camera for the top view of the second viewport.
    pub fn top(target: Vec3) -> OrbitCamera {
        let mut c = OrbitCamera::default();
        c.preset(ViewPreset::Top, target);
        c.distance = 2.2;
        c
    }

    /// Jumps to a preset view looking at `robot` (the initial view looks at the origin).
    pub fn preset(&mut self, p: ViewPreset, robot: Vec3) {
        let at = Vec3::new(robot.x, 0.04, robot.z);
        match p {
            ViewPreset::Front => self.set(at, std::f32::consts::PI, 0.35, 0.7),
            ViewPreset::Back => self.set(at, 0.0, 0.35, 0.7),
            ViewPreset::Top => self.set(at, 0.0, MAX_PITCH, 1.2),
            ViewPreset::Side => self.set(at, std::f32::consts::FRAC_PI_2, 0.3, 0.7),
            // From behind and to the right, ~30° up, far enough to see a metre of driving.
            ViewPreset::Initial => self.set(Vec3::new(0.0, 0.04, 0.0), 0.6, 0.5, 1.1),
        }
    }

    fn set(&mut self, target: Vec3, yaw: f32, pitch: f32, distance: f32) {
        self.target = target;
        self.yaw = yaw;
        self.pitch = pitch.clamp(MIN_PITCH, MAX_PITCH);
        self.distance = distance.clamp(MIN_DISTANCE, MAX_DISTANCE);
    }

    /// Unit vector from the target toward the camera.
    fn back(&self) -> Vec3 {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        // yaw 0: camera on −X (behind a robot facing +X); yaw +π/2: camera on +Z.
        Vec3::new(-cy * cp, sp, sy * cp)
    }

    /// The camera's position.
    pub fn eye(&self) -> Vec3 {
        self.target + self.back() * self.distance
    }

    /// World-to-view matrix.
    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_at_mat4(self.eye(), self.target, Vec3::Y)
    }

    /// View-to-clip matrix for an aspect ratio (wgpu's 0..1 depth).
    pub fn proj(&self, aspect: f32) -> Mat4 {
        glam::camera::rh::proj::directx::perspective(self.fov_y, aspect.max(0.01), 0.01, 100.0)
    }

    /// World-to-clip.
    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        self.proj(aspect) * self.view()
    }

    /// Orbits by a mouse drag of (dx, dy) pixels.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        // 0.008 rad per pixel: a 400-pixel drag turns about half a turn.
        self.yaw += dx * 0.008;
        self.pitch = (self.pitch + dy * 0.008).clamp(MIN_PITCH, MAX_PITCH);
    }

    /// Zooms by a wheel/pinch amount (positive = closer).
    pub fn zoom(&mut self, amount: f32) {
        // Exponential so each notch feels the same near and far.
        self.distance =
            (self.distance * (-amount * 0.0015).exp()).clamp(MIN_DISTANCE, MAX_DISTANCE);
    }

    /// Pans by a drag of (dx, dy) pixels in a view `height` pixels tall: the point under the
    /// mouse stays under it (on the target's depth).
    pub fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let per_px = 2.0 * self.distance * (self.fov_y / 2.0).tan() / height.max(1.0);
        let fwd = (self.target - self.eye()).normalize_or_zero();
        let right = fwd.cross(Vec3::Y).normalize_or_zero();
        let up = right.cross(fwd).normalize_or_zero();
        self.target += (-right * dx + up * dy) * per_px;
        self.target.y = self.target.y.max(0.0);
    }

    /// The original's arrow keys: move the camera (and what it looks at) along world X / Z.
    pub fn move_along(&mut self, dx: f32, dz: f32) {
        self.target += Vec3::new(dx, 0.0, dz);
    }

    /// The original's F1/F2: move down/up (here: lower/raise the elevation).
    pub fn raise(&mut self, d: f32) {
        self.pitch = (self.pitch + d).clamp(MIN_PITCH, MAX_PITCH);
    }

    /// The original's F3/F4 and mouse buttons: rotate about the vertical axis.
    pub fn rotate(&mut self, d: f32) {
        self.yaw += d;
    }

    /// The ray through a point of the view given in normalised device coordinates
    /// (x, y in −1..1, y up): origin and direction.
    pub fn ray(&self, ndc_x: f32, ndc_y: f32, aspect: f32) -> (Vec3, Vec3) {
        let inv = self.view_proj(aspect).inverse();
        let near = inv.project_point3(Vec3::new(ndc_x, ndc_y, 0.0));
        let far = inv.project_point3(Vec3::new(ndc_x, ndc_y, 1.0));
        (near, (far - near).normalize_or_zero())
    }

    /// Where the ray through an NDC point meets the floor (y = 0), if it does in front.
    pub fn floor_point(&self, ndc_x: f32, ndc_y: f32, aspect: f32) -> Option<Vec3> {
        let (o, d) = self.ray(ndc_x, ndc_y, aspect);
        if d.y.abs() < 1e-6 {
            return None;
        }
        let t = -o.y / d.y;
        (t > 0.0).then(|| o + d * t)
    }

    /// Projects a world point to NDC (x, y in −1..1, y up) if it is in front of the camera.
    pub fn project(&self, p: Vec3, aspect: f32) -> Option<(f32, f32)> {
        let c = self.view_proj(aspect) * p.extend(1.0);
        (c.w > 1e-6).then(|| (c.x / c.w, c.y / c.w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_of_the_view_meets_the_floor_at_the_target() {
        let c = OrbitCamera {
            target: Vec3::new(0.3, 0.0, -0.2),
            ..Default::default()
        };
        let p = c.floor_point(0.0, 0.0, 1.5).unwrap();
        assert!((p - c.target).length() < 1e-3, "{p}");
    }

    #[test]
    fn the_front_view_looks_at_the_robot_from_plus_x() {
        let mut c = OrbitCamera::default();
        c.preset(ViewPreset::Front, Vec3::ZERO);
        assert!(c.eye().x > 0.5, "{}", c.eye());
        c.preset(ViewPreset::Side, Vec3::ZERO);
        assert!(c.eye().z > 0.5, "{}", c.eye());
    }

    #[test]
    fn zoom_and_pitch_stay_within_limits() {
        let mut c = OrbitCamera::default();
        c.zoom(1e9);
        assert!(c.distance >= MIN_DISTANCE);
        c.orbit(0.0, 1e6);
        assert!(c.pitch <= MAX_PITCH);
        c.orbit(0.0, -1e6);
        assert!(c.eye().y > 0.0);
    }
}
