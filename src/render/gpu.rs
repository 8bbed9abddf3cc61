//! The GPU side of the 3D view, as an egui-wgpu paint callback: in `prepare()` each view is
//! rendered into its own multisampled colour + depth targets (recorded into egui's encoder),
//! in `paint()` the resolved colour is blitted into egui's pass with a full-screen triangle.
//! Rendering into our own targets (rather than drawing depth-tested geometry into egui's
//! pass) is what works both in a window and under egui_kittest, whose pass has no depth.
//! GPU objects live in egui's `callback_resources` as one [`SceneRenderer`].
//! The same renderer draws headless (`render::offscreen`, for `run --gif`): built without
//! the blit, it renders a view into its colour target and copies that out.

use super::scene::{MeshKind, SceneFrame, MAX_SHADOWS, SUN};
use bytemuck::{Pod, Zeroable};
use egui_wgpu::wgpu;
use glam::{Mat3, Mat4, Vec3};
use std::collections::HashMap;
use std::sync::Arc;

/// Sky / clear colour (sRGB): a soft light blue that keeps yellow and black legible.
pub const SKY: [f32; 3] = [0.80, 0.87, 0.95];
const DEPTH: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;
/// Our colour target: non-sRGB like egui's, so the scene shader writes sRGB-encoded values
/// and the blit copies them unchanged.
const COLOUR: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
/// 4× MSAA when the adapter supports it: thin wheels and grid lines otherwise crawl.
const WANTED_SAMPLES: u32 = 4;

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Vertex {
    pos: [f32; 3],
    normal: [f32; 3],
}

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Instance {
    model: [[f32; 4]; 4],
    normal: [[f32; 4]; 3],
    colour: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Globals {
    view_proj: [[f32; 4]; 4],
    eye: [f32; 4],
    light_dir: [f32; 4],
    floor_rect: [f32; 4],
    floor_colour: [f32; 4],
    params: [f32; 4],
    sky: [f32; 4],
    spot: [f32; 4],
    shadows: [[f32; 4]; 2 * MAX_SHADOWS],
}

/// One view's camera for one frame.
#[derive(Clone, Copy, Debug)]
pub struct ViewCamera {
    pub view_proj: Mat4,
    pub eye: Vec3,
}

/// The paint callback of one view.
pub struct SceneCallback {
    /// Which view (each has its own targets).
    pub view: u32,
    pub size_px: [u32; 2],
    pub camera: ViewCamera,
    pub frame: Arc<SceneFrame>,
}

struct MeshRange {
    first_index: u32,
    count: u32,
}

/// One view's render targets and per-frame buffers.
struct Target {
    size: [u32; 2],
    msaa: Option<wgpu::TextureView>,
    depth: wgpu::TextureView,
    resolve: wgpu::TextureView,
    blit_group: wgpu::BindGroup,
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    instances: wgpu::Buffer,
    instance_capacity: usize,
    /// Instance ranges per mesh (cube, sphere, cylinder) for the last prepared frame.
    ranges: [(u32, u32); 3],
    /// The globals and instances (their bytes) the colour target was last drawn from:
    /// the same again is not drawn again (a paused run, a tower download, a dialog).
    drawn: Vec<u8>,
}

/// Pipelines, meshes and per-view targets; lives in egui's callback resources.
pub struct SceneRenderer {
    samples: u32,
    mesh_pipeline: wgpu::RenderPipeline,
    floor_pipeline: wgpu::RenderPipeline,
    /// Copies a view into egui's pass (None when rendering offscreen).
    blit_pipeline: Option<wgpu::RenderPipeline>,
    globals_layout: wgpu::BindGroupLayout,
    texture_layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    meshes: [MeshRange; 3],
    floor_group: wgpu::BindGroup,
    floor_key: Option<String>,
    targets: HashMap<u32, Target>,
    /// Scene passes drawn so far (a view unchanged since its last pass draws none).
    drawn: u64,
    /// What `prepare` last failed on, for the app to show.
    pub last_error: Option<String>,
}

impl SceneRenderer {
    /// Builds pipelines for egui's target format.
    pub fn new(
        device: &wgpu::Device,
        adapter: &wgpu::Adapter,
        target_format: wgpu::TextureFormat,
    ) -> SceneRenderer {
        SceneRenderer::build(device, adapter, Some(target_format))
    }

    /// Builds pipelines for rendering without egui: each view's colour target (RGBA8,
    /// sRGB-encoded values) is what [`SceneRenderer::copy_view`] reads.
    pub fn offscreen(device: &wgpu::Device, adapter: &wgpu::Adapter) -> SceneRenderer {
        SceneRenderer::build(device, adapter, None)
    }

    /// The pipelines, meshes and floor; the blit into `target_format` when there is one.
    fn build(
        device: &wgpu::Device,
        adapter: &wgpu::Adapter,
        target_format: Option<wgpu::TextureFormat>,
    ) -> SceneRenderer {
        let samples = {
            let f = adapter.get_texture_format_features(COLOUR).flags;
            let d = adapter.get_texture_format_features(DEPTH).flags;
            if f.sample_count_supported(WANTED_SAMPLES) && d.sample_count_supported(WANTED_SAMPLES)
            {
                WANTED_SAMPLES
            } else {
                1
            }
        };
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("scene"),
            source: wgpu::ShaderSource::Wgsl(include_str!("scene.wgsl").into()),
        });
        let blit_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("blit"),
            source: wgpu::ShaderSource::Wgsl(include_str!("blit.wgsl").into()),
        });
        let globals_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("scene globals"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX | wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("scene texture"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        multisampled: false,
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let scene_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("scene"),
            bind_group_layouts: &[Some(&globals_layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        let blit_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("blit"),
            bind_group_layouts: &[Some(&texture_layout)],
            immediate_size: 0,
        });
        let depth = |write: bool| {
            Some(wgpu::DepthStencilState {
                format: DEPTH,
                depth_write_enabled: Some(write),
                depth_compare: Some(wgpu::CompareFunction::LessEqual),
                stencil: wgpu::StencilState::default(),
                bias: wgpu::DepthBiasState::default(),
            })
        };
        let ms = wgpu::MultisampleState {
            count: samples,
            mask: !0,
            alpha_to_coverage_enabled: false,
        };
        let colour_target = [Some(wgpu::ColorTargetState {
            format: COLOUR,
            blend: None,
            write_mask: wgpu::ColorWrites::ALL,
        })];
        let vertex_layout = wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<Vertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3],
        };
        let instance_layout = wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<Instance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &wgpu::vertex_attr_array![
                2 => Float32x4, 3 => Float32x4, 4 => Float32x4, 5 => Float32x4,
                6 => Float32x4, 7 => Float32x4, 8 => Float32x4, 9 => Float32x4
            ],
        };
        let mesh_pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("scene meshes"),
            layout: Some(&scene_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_mesh"),
                buffers: &[Some(vertex_layout), Some(instance_layout)],
                compilation_options: Default::default(),
            },
            primitive: wgpu::PrimitiveState {
                cull_mode: Some(wgpu::Face::Back),
                ..Default::default()
            },
            depth_stencil: depth(true),
            multisample: ms,
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_mesh"),
                targets: &colour_target,
                compilation_options: Default::default(),
            }),
            multiview_mask: None,
            cache: None,
        });
        let floor_pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("scene floor"),
            layout: Some(&scene_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_floor"),
                buffers: &[],
                compilation_options: Default::default(),
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: depth(true),
            multisample: ms,
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_floor"),
                targets: &colour_target,
                compilation_options: Default::default(),
            }),
            multiview_mask: None,
            cache: None,
        });
        let blit_pipeline = target_format.map(|target_format| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some("scene blit"),
                layout: Some(&blit_layout),
                vertex: wgpu::VertexState {
                    module: &blit_module,
                    entry_point: Some("vs_blit"),
                    buffers: &[],
                    compilation_options: Default::default(),
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &blit_module,
                    entry_point: Some("fs_blit"),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: target_format,
                        blend: None,
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                    compilation_options: Default::default(),
                }),
                multiview_mask: None,
                cache: None,
            })
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("scene sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let (verts, idx, meshes) = build_meshes();
        let vertices = buffer_init(
            device,
            "scene vertices",
            bytemuck::cast_slice(&verts),
            wgpu::BufferUsages::VERTEX,
        );
        let indices = buffer_init(
            device,
            "scene indices",
            bytemuck::cast_slice(&idx),
            wgpu::BufferUsages::INDEX,
        );
        let white = make_texture(device, None, 1, 1, &[255, 255, 255, 255]);
        let floor_group = texture_group(device, &texture_layout, &white, &sampler);
        SceneRenderer {
            samples,
            mesh_pipeline,
            floor_pipeline,
            blit_pipeline,
            globals_layout,
            texture_layout,
            sampler,
            vertices,
            indices,
            meshes,
            floor_group,
            floor_key: None,
            targets: HashMap::new(),
            drawn: 0,
            last_error: None,
        }
    }

    /// MSAA sample count in use.
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// How many scene passes [`SceneRenderer::render`] has drawn (not the views it found
    /// unchanged).
    pub fn passes_drawn(&self) -> u64 {
        self.drawn
    }

    fn target(&mut self, device: &wgpu::Device, view: u32, size: [u32; 2]) -> &mut Target {
        let stale = self.targets.get(&view).is_none_or(|t| t.size != size);
        if stale {
            let tex = |label, format, samples, usage| {
                device
                    .create_texture(&wgpu::TextureDescriptor {
                        label: Some(label),
                        size: wgpu::Extent3d {
                            width: size[0],
                            height: size[1],
                            depth_or_array_layers: 1,
                        },
                        mip_level_count: 1,
                        sample_count: samples,
                        dimension: wgpu::TextureDimension::D2,
                        format,
                        usage,
                        view_formats: &[],
                    })
                    .create_view(&Default::default())
            };
            let attach = wgpu::TextureUsages::RENDER_ATTACHMENT;
            let resolve = tex(
                "scene colour",
                COLOUR,
                1,
                attach | wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_SRC,
            );
            let msaa = (self.samples > 1).then(|| tex("scene msaa", COLOUR, self.samples, attach));
            let depth = tex("scene depth", DEPTH, self.samples, attach);
            let blit_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("scene blit"),
                layout: &self.texture_layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(&resolve),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::Sampler(&self.sampler),
                    },
                ],
            });
            let (globals, globals_group, instances, instance_capacity, ranges) =
                match self.targets.remove(&view) {
                    Some(t) => (
                        t.globals,
                        t.globals_group,
                        t.instances,
                        t.instance_capacity,
                        t.ranges,
                    ),
                    None => {
                        let globals = device.create_buffer(&wgpu::BufferDescriptor {
                            label: Some("scene globals"),
                            size: std::mem::size_of::<Globals>() as u64,
                            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                            mapped_at_creation: false,
                        });
                        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                            label: Some("scene globals"),
                            layout: &self.globals_layout,
                            entries: &[wgpu::BindGroupEntry {
                                binding: 0,
                                resource: globals.as_entire_binding(),
                            }],
                        });
                        let cap = 64;
                        (
                            globals,
                            group,
                            instance_buffer(device, cap),
                            cap,
                            [(0, 0); 3],
                        )
                    }
                };
            self.targets.insert(
                view,
                Target {
                    size,
                    msaa,
                    depth,
                    resolve,
                    blit_group,
                    globals,
                    globals_group,
                    instances,
                    instance_capacity,
                    ranges,
                    drawn: Vec::new(),
                },
            );
        }
        self.targets.get_mut(&view).expect("inserted above")
    }

    /// Takes the frame's floor picture; true when it changed.
    fn set_floor(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        frame: &SceneFrame,
    ) -> bool {
        let key = frame.floor_image.as_ref().map(|i| i.key.clone());
        if key == self.floor_key {
            return false;
        }
        let tex = match &frame.floor_image {
            Some(img)
                if img.width > 0 && img.rgba.len() == (img.width * img.height * 4) as usize =>
            {
                make_texture(device, Some(queue), img.width, img.height, &img.rgba)
            }
            _ => make_texture(device, Some(queue), 1, 1, &[255, 255, 255, 255]),
        };
        self.floor_group = texture_group(device, &self.texture_layout, &tex, &self.sampler);
        self.floor_key = key;
        true
    }

    /// Records the rendering of one view into `encoder` (its colour target, `cb.size_px`
    /// clamped to 1–8192). A view whose camera, bodies, shadows, floor and size are those
    /// its target was last drawn with is not drawn again (its target still holds that
    /// picture; software rasterisers spend most of a frame on this pass).
    pub fn render(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        cb: &SceneCallback,
    ) {
        let size = target_size(cb.size_px);
        let floor_changed = self.set_floor(device, queue, &cb.frame);
        let globals = globals_of(cb);
        // Instances sorted by mesh so each mesh is one instanced draw.
        let mut inst: Vec<Instance> = Vec::with_capacity(cb.frame.items.len());
        let mut ranges = [(0u32, 0u32); 3];
        for (k, kind) in [MeshKind::Cube, MeshKind::Sphere, MeshKind::Cylinder]
            .into_iter()
            .enumerate()
        {
            let start = inst.len() as u32;
            for it in cb.frame.items.iter().filter(|i| i.mesh == kind) {
                let n = Mat3::from_mat4(it.model).inverse().transpose();
                let c = n.to_cols_array_2d();
                inst.push(Instance {
                    model: it.model.to_cols_array_2d(),
                    normal: [
                        [c[0][0], c[0][1], c[0][2], 0.0],
                        [c[1][0], c[1][1], c[1][2], 0.0],
                        [c[2][0], c[2][1], c[2][2], 0.0],
                    ],
                    colour: it.colour,
                });
            }
            ranges[k] = (start, inst.len() as u32);
        }
        let t = self.target(device, cb.view, size);
        let g = bytemuck::bytes_of(&globals);
        let i: &[u8] = bytemuck::cast_slice(&inst);
        let same = t.drawn.len() == g.len() + i.len()
            && t.drawn[..g.len()] == *g
            && t.drawn[g.len()..] == *i;
        if same && !floor_changed {
            return;
        }
        t.drawn.clear();
        t.drawn.extend_from_slice(g);
        t.drawn.extend_from_slice(i);
        if inst.len() > t.instance_capacity {
            t.instance_capacity = inst.len().next_power_of_two();
            t.instances = instance_buffer(device, t.instance_capacity);
        }
        if !inst.is_empty() {
            queue.write_buffer(&t.instances, 0, i);
        }
        queue.write_buffer(&t.globals, 0, g);
        t.ranges = ranges;
        self.drawn += 1;
        let t = &self.targets[&cb.view];
        let (view, resolve) = match &t.msaa {
            Some(m) => (m, Some(&t.resolve)),
            None => (&t.resolve, None),
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("scene"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                resolve_target: resolve,
                depth_slice: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: SKY[0] as f64,
                        g: SKY[1] as f64,
                        b: SKY[2] as f64,
                        a: 1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &t.depth,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(1.0),
                    store: wgpu::StoreOp::Discard,
                }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_bind_group(0, &t.globals_group, &[]);
        pass.set_bind_group(1, &self.floor_group, &[]);
        pass.set_pipeline(&self.floor_pipeline);
        pass.draw(0..6, 0..1);
        pass.set_pipeline(&self.mesh_pipeline);
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_vertex_buffer(1, t.instances.slice(..));
        pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
        for (k, m) in self.meshes.iter().enumerate() {
            let (a, b) = t.ranges[k];
            if b > a {
                pass.draw_indexed(m.first_index..m.first_index + m.count, 0, a..b);
            }
        }
    }

    /// Records the copy of view `view`'s colour target (last rendered by
    /// [`SceneRenderer::render`]) into `buffer`: RGBA8 rows of `padded_row_bytes(width)`
    /// bytes. Returns the target's size, or None if the view was never rendered.
    pub fn copy_view(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        view: u32,
        buffer: &wgpu::Buffer,
    ) -> Option<[u32; 2]> {
        let t = self.targets.get(&view)?;
        let [w, h] = t.size;
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: t.resolve.texture(),
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded_row_bytes(w)),
                    rows_per_image: Some(h),
                },
            },
            wgpu::Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
        );
        Some(t.size)
    }
}

/// Bytes per row of a copied view `width` pixels wide: 4 per pixel, rounded up to wgpu's
/// copy alignment (256).
pub fn padded_row_bytes(width: u32) -> u32 {
    let a = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    (4 * width).div_ceil(a) * a
}

/// The size of a view's colour target for a requested size.
pub(crate) fn target_size(size_px: [u32; 2]) -> [u32; 2] {
    [size_px[0].clamp(1, 8192), size_px[1].clamp(1, 8192)]
}

fn globals_of(cb: &SceneCallback) -> Globals {
    let f = &cb.frame;
    let mut shadows = [[0.0f32; 4]; 2 * MAX_SHADOWS];
    let n = f.shadows.len().min(MAX_SHADOWS);
    for (i, s) in f.shadows.iter().take(n).enumerate() {
        shadows[2 * i] = [s.centre.x, s.centre.y, s.half.x, s.half.y];
        shadows[2 * i + 1] = [s.axis.x, s.axis.y, s.soft, s.strength];
    }
    let light = Vec3::from(SUN).normalize();
    Globals {
        view_proj: cb.camera.view_proj.to_cols_array_2d(),
        eye: cb.camera.eye.extend(1.0).to_array(),
        light_dir: light.extend(0.0).to_array(),
        floor_rect: f.floor_rect,
        floor_colour: f.floor_colour,
        params: [
            if f.floor_image.is_some() { 1.0 } else { 0.0 },
            if f.grid { 1.0 } else { 0.0 },
            n as f32,
            0.0,
        ],
        sky: [SKY[0], SKY[1], SKY[2], 1.0],
        spot: match f.light_spot {
            Some([x, z]) => [x, z, 0.0, 1.0],
            None => [0.0; 4],
        },
        shadows,
    }
}

impl egui_wgpu::CallbackTrait for SceneCallback {
    fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        _screen: &egui_wgpu::ScreenDescriptor,
        encoder: &mut wgpu::CommandEncoder,
        resources: &mut egui_wgpu::CallbackResources,
    ) -> Vec<wgpu::CommandBuffer> {
        if let Some(r) = resources.get_mut::<SceneRenderer>() {
            r.render(device, queue, encoder, self);
        }
        Vec::new()
    }

    fn paint(
        &self,
        _info: egui::PaintCallbackInfo,
        pass: &mut wgpu::RenderPass<'static>,
        resources: &egui_wgpu::CallbackResources,
    ) {
        let Some(r) = resources.get::<SceneRenderer>() else {
            return;
        };
        let (Some(t), Some(blit)) = (r.targets.get(&self.view), &r.blit_pipeline) else {
            return;
        };
        pass.set_pipeline(blit);
        pass.set_bind_group(0, &t.blit_group, &[]);
        pass.draw(0..3, 0..1);
    }
}

fn buffer_init(
    device: &wgpu::Device,
    label: &str,
    data: &[u8],
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    use wgpu::util::DeviceExt;
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: data,
        usage,
    })
}

fn instance_buffer(device: &wgpu::Device, capacity: usize) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("scene instances"),
        size: (capacity * std::mem::size_of::<Instance>()) as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// An sRGB texture (the floor picture) with its pixels; without a queue, a 1×1 white one
/// written at creation.
fn make_texture(
    device: &wgpu::Device,
    queue: Option<&wgpu::Queue>,
    w: u32,
    h: u32,
    rgba: &[u8],
) -> wgpu::Texture {
    let size = wgpu::Extent3d {
        width: w,
        height: h,
        depth_or_array_layers: 1,
    };
    let tex = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("floor picture"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8UnormSrgb,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    if let Some(q) = queue {
        q.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &tex,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            rgba,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(4 * w),
                rows_per_image: Some(h),
            },
            size,
        );
    }
    tex
}

fn texture_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    tex: &wgpu::Texture,
    sampler: &wgpu::Sampler,
) -> wgpu::BindGroup {
    let view = tex.create_view(&Default::default());
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("scene texture"),
        layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(sampler),
            },
        ],
    })
}

/// Unit cube, sphere and cylinder in one vertex/index buffer.
fn build_meshes() -> (Vec<Vertex>, Vec<u32>, [MeshRange; 3]) {
    let mut v: Vec<Vertex> = Vec::new();
    let mut idx: Vec<u32> = Vec::new();
    let mut ranges = Vec::new();
    // Cube: 6 faces, 4 vertices each, outward normals, counter-clockwise from outside.
    let start = idx.len() as u32;
    let faces: [(Vec3, Vec3, Vec3); 6] = [
        (Vec3::X, Vec3::Y, Vec3::Z),
        (Vec3::NEG_X, Vec3::Y, Vec3::NEG_Z),
        (Vec3::Y, Vec3::Z, Vec3::X),
        (Vec3::NEG_Y, Vec3::NEG_Z, Vec3::X),
        (Vec3::Z, Vec3::Y, Vec3::NEG_X),
        (Vec3::NEG_Z, Vec3::Y, Vec3::X),
    ];
    for (n, up, right) in faces {
        let base = v.len() as u32;
        // Order corners so (right, up) winds anticlockwise seen along −n.
        let r = if right.cross(up).dot(n) > 0.0 {
            right
        } else {
            -right
        };
        for (a, b) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let p = n + r * a + up * b;
            v.push(Vertex {
                pos: p.to_array(),
                normal: n.to_array(),
            });
        }
        idx.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    ranges.push(MeshRange {
        first_index: start,
        count: idx.len() as u32 - start,
    });
    // Sphere: latitude/longitude grid (24 × 16 is smooth at the sizes we draw).
    let start = idx.len() as u32;
    let (slices, stacks) = (24u32, 16u32);
    let base = v.len() as u32;
    for i in 0..=stacks {
        let phi = std::f32::consts::PI * i as f32 / stacks as f32;
        for j in 0..=slices {
            let th = std::f32::consts::TAU * j as f32 / slices as f32;
            let p = Vec3::new(phi.sin() * th.cos(), phi.cos(), phi.sin() * th.sin());
            v.push(Vertex {
                pos: p.to_array(),
                normal: p.to_array(),
            });
        }
    }
    for i in 0..stacks {
        for j in 0..slices {
            let a = base + i * (slices + 1) + j;
            let b = a + slices + 1;
            idx.extend([a, a + 1, b, a + 1, b + 1, b]);
        }
    }
    ranges.push(MeshRange {
        first_index: start,
        count: idx.len() as u32 - start,
    });
    // Cylinder along Z: side with smooth normals, two flat caps.
    let start = idx.len() as u32;
    let seg = 32u32;
    let base = v.len() as u32;
    for j in 0..=seg {
        let th = std::f32::consts::TAU * j as f32 / seg as f32;
        let (s, c) = th.sin_cos();
        for z in [-1.0, 1.0] {
            v.push(Vertex {
                pos: [c, s, z],
                normal: [c, s, 0.0],
            });
        }
    }
    for j in 0..seg {
        let a = base + 2 * j;
        idx.extend([a, a + 2, a + 1, a + 1, a + 2, a + 3]);
    }
    for z in [-1.0f32, 1.0] {
        let centre = v.len() as u32;
        v.push(Vertex {
            pos: [0.0, 0.0, z],
            normal: [0.0, 0.0, z],
        });
        for j in 0..=seg {
            let th = std::f32::consts::TAU * j as f32 / seg as f32;
            let (s, c) = th.sin_cos();
            v.push(Vertex {
                pos: [c, s, z],
                normal: [0.0, 0.0, z],
            });
        }
        for j in 0..seg {
            let (a, b) = (centre + 1 + j, centre + 2 + j);
            if z > 0.0 {
                idx.extend([centre, a, b]);
            } else {
                idx.extend([centre, b, a]);
            }
        }
    }
    ranges.push(MeshRange {
        first_index: start,
        count: idx.len() as u32 - start,
    });
    let mut it = ranges.into_iter();
    let r = [
        it.next().expect("cube"),
        it.next().expect("sphere"),
        it.next().expect("cylinder"),
    ];
    (v, idx, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every triangle of the unit meshes winds anticlockwise seen from outside (back-face
    /// culling would otherwise hide the fronts).
    #[test]
    fn mesh_triangles_face_outward() {
        let (v, idx, ranges) = build_meshes();
        for r in &ranges {
            for t in idx[r.first_index as usize..(r.first_index + r.count) as usize].chunks(3) {
                let p = |i: u32| Vec3::from(v[i as usize].pos);
                let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
                let n = (b - a).cross(c - a);
                if n.length() < 1e-7 {
                    continue;
                }
                let centre = (a + b + c) / 3.0;
                let outward = Vec3::from(v[t[0] as usize].normal);
                assert!(
                    n.dot(outward) > 0.0 || n.dot(centre) > 0.0,
                    "triangle {t:?} faces inward"
                );
            }
        }
    }
}
