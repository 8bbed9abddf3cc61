// The 3D view: lit instanced meshes, a textured floor with grid, soft contact shadows and
// distance fog, rendered into our own colour + depth targets; then a blit into egui's pass.
// Colours arrive in sRGB; lighting is done in linear space and encoded back to sRGB here
// because our target (and egui's) is a non-sRGB format.

struct Globals {
    view_proj: mat4x4<f32>,
    eye: vec4<f32>,
    // Direction toward the sun (unit).
    light_dir: vec4<f32>,
    // x0, z0, x1, z1 of the floor picture.
    floor_rect: vec4<f32>,
    floor_colour: vec4<f32>,
    // x: has picture, y: grid, z: number of shadows, w: unused.
    params: vec4<f32>,
    sky: vec4<f32>,
    // x, z of the light sensor's spot; w > 0.5 when there is one.
    spot: vec4<f32>,
    // Per shadow two vec4: (cx, cz, hx, hz), (axis x, axis z, soft, strength).
    shadows: array<vec4<f32>, 64>,
};

@group(0) @binding(0) var<uniform> g: Globals;
@group(1) @binding(0) var floor_tex: texture_2d<f32>;
@group(1) @binding(1) var floor_smp: sampler;

fn to_linear(c: vec3<f32>) -> vec3<f32> {
    return pow(max(c, vec3<f32>(0.0)), vec3<f32>(2.2));
}

fn to_srgb(c: vec3<f32>) -> vec3<f32> {
    return pow(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0)), vec3<f32>(1.0 / 2.2));
}

// Fade toward the sky colour far away, so the floor's edge never shows.
fn fog(c: vec3<f32>, world: vec3<f32>) -> vec3<f32> {
    let d = length(world.xz - g.eye.xz);
    let f = smoothstep(9.0, 28.0, d);
    return mix(c, to_linear(g.sky.rgb), f);
}

fn shade(base: vec3<f32>, n: vec3<f32>, world: vec3<f32>) -> vec3<f32> {
    let l = normalize(g.light_dir.xyz);
    let v = normalize(g.eye.xyz - world);
    let diff = max(dot(n, l), 0.0);
    // Hemisphere ambient: warm from the floor, cool from the sky.
    let hemi = mix(vec3<f32>(0.30, 0.28, 0.26), vec3<f32>(0.42, 0.46, 0.55), n.y * 0.5 + 0.5);
    let h = normalize(l + v);
    let spec = pow(max(dot(n, h), 0.0), 40.0) * 0.22;
    return base * (hemi + diff * vec3<f32>(0.80, 0.78, 0.74)) + vec3<f32>(spec);
}

struct MeshIn {
    @location(0) pos: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) m0: vec4<f32>,
    @location(3) m1: vec4<f32>,
    @location(4) m2: vec4<f32>,
    @location(5) m3: vec4<f32>,
    @location(6) n0: vec4<f32>,
    @location(7) n1: vec4<f32>,
    @location(8) n2: vec4<f32>,
    @location(9) colour: vec4<f32>,
};

struct MeshOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) colour: vec4<f32>,
};

@vertex
fn vs_mesh(v: MeshIn) -> MeshOut {
    let m = mat4x4<f32>(v.m0, v.m1, v.m2, v.m3);
    let nm = mat3x3<f32>(v.n0.xyz, v.n1.xyz, v.n2.xyz);
    let w = m * vec4<f32>(v.pos, 1.0);
    var o: MeshOut;
    o.clip = g.view_proj * w;
    o.world = w.xyz;
    o.normal = nm * v.normal;
    o.colour = v.colour;
    return o;
}

@fragment
fn fs_mesh(i: MeshOut) -> @location(0) vec4<f32> {
    let c = shade(to_linear(i.colour.rgb), normalize(i.normal), i.world);
    return vec4<f32>(to_srgb(fog(c, i.world)), 1.0);
}

struct FloorOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
};

// Half size of the floor quad, metres (fog hides its edge).
const FLOOR_HALF: f32 = 40.0;

@vertex
fn vs_floor(@builtin(vertex_index) i: u32) -> FloorOut {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0));
    let c = corners[i] * FLOOR_HALF;
    let w = vec3<f32>(c.x, 0.0, c.y);
    var o: FloorOut;
    o.clip = g.view_proj * vec4<f32>(w, 1.0);
    o.world = w;
    return o;
}

// Anti-aliased grid lines every `spacing` metres, `px` pixels wide.
fn grid(p: vec2<f32>, spacing: f32, px: f32) -> f32 {
    let q = p / spacing;
    let d = abs(fract(q - 0.5) - 0.5) / max(fwidth(q), vec2<f32>(1e-6));
    return 1.0 - min(min(d.x, d.y) / px, 1.0);
}

@fragment
fn fs_floor(i: FloorOut) -> @location(0) vec4<f32> {
    let p = i.world.xz;
    let r = g.floor_rect;
    let uv = (p - r.xy) / max(r.zw - r.xy, vec2<f32>(1e-6));
    // Sample unconditionally (derivatives need uniform control flow), then choose.
    let tex = textureSample(floor_tex, floor_smp, clamp(uv, vec2<f32>(0.0), vec2<f32>(1.0)));
    let fine = grid(p, 0.1, 1.0);
    let coarse = grid(p, 1.0, 1.6);
    var base = to_linear(g.floor_colour.rgb);
    let inside = uv.x >= 0.0 && uv.y >= 0.0 && uv.x <= 1.0 && uv.y <= 1.0;
    if g.params.x > 0.5 && inside {
        base = tex.rgb;
    }
    if g.params.y > 0.5 {
        // The grid fades out far away, where its lines would only shimmer.
        let fade = 1.0 - smoothstep(3.0, 9.0, length(p - g.eye.xz));
        base = mix(base, base * 0.55 + vec3<f32>(0.02, 0.05, 0.12), max(fine * 0.45, coarse * 0.8) * fade);
    }
    var shadow = 0.0;
    let n = i32(g.params.z);
    for (var k = 0; k < n; k = k + 1) {
        let a = g.shadows[2 * k];
        let b = g.shadows[2 * k + 1];
        let d = p - a.xy;
        let l = vec2<f32>(d.x * b.x + d.y * b.y, -d.x * b.y + d.y * b.x);
        let q = abs(l) - a.zw;
        let dist = length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0);
        shadow = max(shadow, (1.0 - smoothstep(-b.z, b.z, dist)) * b.w);
    }
    var lit = base * (0.93 - 0.6 * shadow);
    // The light sensor's spot: a soft red glow with a thin ring (8 mm, its reading area).
    if g.spot.w > 0.5 {
        let d = length(p - g.spot.xy);
        let glow = 1.0 - smoothstep(0.004, 0.012, d);
        let ring = 1.0 - smoothstep(0.0, 0.0015, abs(d - 0.010));
        lit = mix(lit, vec3<f32>(1.0, 0.05, 0.02), max(glow * 0.55, ring * 0.8));
    }
    return vec4<f32>(to_srgb(fog(lit, i.world)), 1.0);
}
