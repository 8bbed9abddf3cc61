//! The 3D view: an orbit camera, the scene built from a simulation snapshot, and our own
//! wgpu pipeline drawn inside egui through egui-wgpu paint callbacks — or headless into a
//! picture (`offscreen`), which `gif` turns a run into. Depends on `sim` and `world` data
//! types only; never changes the simulation.

pub mod camera;
// Headless rendering blocks on the GPU, which a browser tab cannot do.
#[cfg(not(target_arch = "wasm32"))]
pub mod gif;
pub mod gpu;
#[cfg(not(target_arch = "wasm32"))]
pub mod offscreen;
pub mod scene;

pub use camera::{OrbitCamera, ViewPreset};
pub use gpu::{SceneCallback, SceneRenderer, ViewCamera};
pub use scene::{FloorImage, SceneFrame, SceneOptions};

/// `scenario` run headless to its end and drawn as `run --gif` draws it: the GIF's bytes
/// (Save as GIF on the challenge card). A browser tab cannot wait on the GPU: there it
/// says so (the app offers it only where the host has `gpu_readback`).
pub fn gif_bytes(scenario: &crate::sim::scenario::Scenario) -> Result<Vec<u8>, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        gif::write_gif(scenario, gif::GifOptions::default(), Vec::new()).map_err(|e| e.to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = scenario;
        Err("drawing a GIF needs the desktop app".into())
    }
}
