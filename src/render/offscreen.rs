//! The 3D view rendered without a window (`run --gif`, the app's "Save as GIF"): a headless
//! wgpu device (no surface; Mesa's software Vulkan, lavapipe, is enough) drives the app's
//! own [`SceneRenderer`] into its colour target, which is copied back as RGBA pixels. The
//! camera is the app's start camera following the robot, as the 3D view shows a run.

use super::camera::OrbitCamera;
use super::gpu::{padded_row_bytes, target_size, SceneCallback, SceneRenderer, ViewCamera};
use super::scene::{self, FloorImage, SceneOptions};
use crate::sim::Simulation;
use egui_wgpu::wgpu;
use std::sync::{Arc, Mutex};

/// Why the view could not be rendered offscreen.
#[derive(Debug, thiserror::Error)]
pub enum OffscreenError {
    /// No adapter (GPU or software rasteriser) at all.
    #[error("no graphics adapter found ({0})")]
    NoAdapter(String),
    /// The adapter would not give a device.
    #[error("the graphics adapter gave no device ({0})")]
    Device(String),
    /// There is nothing to follow.
    #[error("the simulation has no robot to show")]
    NoRobot,
    /// The GPU reported an error while rendering or copying.
    #[error("rendering failed on the GPU ({0})")]
    Gpu(String),
}

/// A headless device with the app's scene renderer, rendering views of one size.
pub struct Offscreen {
    device: wgpu::Device,
    queue: wgpu::Queue,
    renderer: SceneRenderer,
    size: [u32; 2],
    /// Where each rendered picture is copied to be read on the CPU.
    readback: wgpu::Buffer,
    /// What the GPU last reported outside any call (wgpu would otherwise panic).
    gpu_error: Arc<Mutex<Option<String>>>,
    /// The floor picture of the environment last rendered (by name), decoded once.
    floor: Option<(String, Option<Arc<FloorImage>>)>,
    /// The camera, following the robot as the app's 3D view does.
    camera: OrbitCamera,
}

/// Waits for a future of wgpu's native backends (they complete without an executor).
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::yield_now();
    }
}

/// The adapter to draw with: as `WGPU_BACKEND` and `WGPU_ADAPTER_NAME` ask; without them
/// the platform's own API (Vulkan on Linux, lavapipe included) before OpenGL, since
/// probing OpenGL without a display only logs EGL errors.
fn adapter() -> Result<wgpu::Adapter, OffscreenError> {
    let from_env = std::env::var_os("WGPU_BACKEND").is_some();
    let tries = if from_env {
        vec![wgpu::Backends::all().with_env()]
    } else {
        vec![wgpu::Backends::PRIMARY, wgpu::Backends::all()]
    };
    let name = std::env::var("WGPU_ADAPTER_NAME")
        .ok()
        .map(|n| n.to_lowercase());
    let mut why = String::from("no adapter on any backend");
    for backends in tries {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        desc.backends = backends;
        let instance = wgpu::Instance::new(desc);
        let found = match &name {
            Some(name) => block_on(instance.enumerate_adapters(backends))
                .into_iter()
                .find(|a| a.get_info().name.to_lowercase().contains(name.as_str()))
                .ok_or_else(|| format!("none named like WGPU_ADAPTER_NAME={name}")),
            None => block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
                .map_err(|e| e.to_string()),
        };
        match found {
            Ok(a) => return Ok(a),
            Err(e) => why = e,
        }
    }
    Err(OffscreenError::NoAdapter(why))
}

impl Offscreen {
    /// A headless device (the adapter as `adapter` picks it) rendering pictures of `size`
    /// pixels (each side 1–8192, as every view's target).
    pub fn new(size: [u32; 2]) -> Result<Offscreen, OffscreenError> {
        let adapter = adapter()?;
        let (device, queue) = block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("lurobotsim offscreen"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .map_err(|e| OffscreenError::Device(e.to_string()))?;
        let gpu_error = Arc::new(Mutex::new(None));
        let said = gpu_error.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut slot) = said.lock() {
                slot.get_or_insert_with(|| e.to_string());
            }
        }));
        let renderer = SceneRenderer::offscreen(&device, &adapter);
        let size = target_size(size);
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("offscreen readback"),
            size: u64::from(padded_row_bytes(size[0])) * u64::from(size[1]),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        Ok(Offscreen {
            device,
            queue,
            renderer,
            size,
            readback,
            gpu_error,
            floor: None,
            camera: OrbitCamera::default(),
        })
    }

    /// The pictures' size in pixels.
    pub fn size(&self) -> [u32; 2] {
        self.size
    }

    /// How many times the scene was drawn: a picture of an unchanged scene is the last
    /// one, read back again.
    pub fn passes_drawn(&self) -> u64 {
        self.renderer.passes_drawn()
    }

    /// The 3D view of `sim` now as the app draws it (grid and shadows on, the start camera
    /// following robot 1): RGBA8 pixels, rows top to bottom, `4 × width` bytes each.
    pub fn render(&mut self, sim: &Simulation) -> Result<Vec<u8>, OffscreenError> {
        let Some(robot) = sim.robot(0) else {
            return Err(OffscreenError::NoRobot);
        };
        let snap = robot.snapshot();
        let env = sim.world().env_name();
        if self.floor.as_ref().is_none_or(|(name, _)| name != env) {
            let image = sim
                .world()
                .floor_png()
                .and_then(|png| FloorImage::from_png(env, &png).map(Arc::new));
            self.floor = Some((env.to_string(), image));
        }
        let floor = self.floor.as_ref().and_then(|(_, image)| image.clone());
        let frame = scene::build(
            &snap,
            floor,
            SceneOptions {
                grid: true,
                shadows: true,
                robot_tint: None,
            },
        );
        // The app's follow mode: the start view's angle, its target kept on the robot.
        self.camera.target = glam::Vec3::new(snap.pose.x as f32, 0.04, snap.pose.z as f32);
        let aspect = self.size[0] as f32 / self.size[1] as f32;
        let cb = SceneCallback {
            view: 0,
            size_px: self.size,
            camera: ViewCamera {
                view_proj: self.camera.view_proj(aspect),
                eye: self.camera.eye(),
            },
            frame: Arc::new(frame),
        };
        self.pixels(&cb)
    }

    /// Renders one view and reads its pixels back.
    fn pixels(&mut self, cb: &SceneCallback) -> Result<Vec<u8>, OffscreenError> {
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("offscreen"),
            });
        self.renderer
            .render(&self.device, &self.queue, &mut encoder, cb);
        self.renderer
            .copy_view(&mut encoder, cb.view, &self.readback)
            .ok_or_else(|| OffscreenError::Gpu("the view was not rendered".into()))?;
        self.queue.submit([encoder.finish()]);
        let mapped = Arc::new(Mutex::new(None));
        let done = mapped.clone();
        self.readback.map_async(wgpu::MapMode::Read, .., move |r| {
            if let Ok(mut slot) = done.lock() {
                *slot = Some(r);
            }
        });
        let polled = self.device.poll(wgpu::PollType::wait_indefinitely());
        self.check()?;
        polled.map_err(|e| OffscreenError::Gpu(e.to_string()))?;
        match mapped.lock().ok().and_then(|mut m| m.take()) {
            Some(Ok(())) => {}
            Some(Err(e)) => return Err(OffscreenError::Gpu(e.to_string())),
            None => return Err(OffscreenError::Gpu("the picture was never mapped".into())),
        }
        let [w, h] = self.size;
        let row = padded_row_bytes(w) as usize;
        let mut out = Vec::with_capacity((w * h * 4) as usize);
        {
            let view = self
                .readback
                .get_mapped_range(..)
                .map_err(|e| OffscreenError::Gpu(e.to_string()))?;
            for y in 0..h as usize {
                out.extend_from_slice(&view[y * row..y * row + 4 * w as usize]);
            }
        }
        self.readback.unmap();
        Ok(out)
    }

    /// The first error the GPU reported, if any.
    fn check(&self) -> Result<(), OffscreenError> {
        match self.gpu_error.lock().ok().and_then(|mut e| e.take()) {
            Some(e) => Err(OffscreenError::Gpu(e)),
            None => Ok(()),
        }
    }
}
