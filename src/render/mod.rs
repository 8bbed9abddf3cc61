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
