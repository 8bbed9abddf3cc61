// The blit of the 3D view into egui's render pass (a separate module: its bindings would
// clash with the scene's group 0).

// Blit: one triangle covering the callback's viewport, sampling our resolved colour.
@group(0) @binding(0) var blit_tex: texture_2d<f32>;
@group(0) @binding(1) var blit_smp: sampler;

struct BlitOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_blit(@builtin(vertex_index) i: u32) -> BlitOut {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    var o: BlitOut;
    o.clip = vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
    o.uv = vec2<f32>(x, y);
    return o;
}

@fragment
fn fs_blit(i: BlitOut) -> @location(0) vec4<f32> {
    return vec4<f32>(textureSample(blit_tex, blit_smp, i.uv).rgb, 1.0);
}
