//! The floor picture: read and decoded within the limits, then sampled under a light
//! sensor's spot.

use super::spec;

/// A floor picture as grey levels 0–255 (read as 0–1).
#[derive(Clone, Debug)]
pub(super) struct Texture {
    w: usize,
    h: usize,
    grey: std::sync::Arc<Vec<u8>>,
    rect: [f32; 4],
    /// Sum of all texels' grey (0–1 each), for a spot that covers the whole picture: made on
    /// the first such reading (a million additions no real sensor needs); shared by clones.
    total: std::sync::Arc<std::sync::OnceLock<f64>>,
    /// Per row, running sums of grey 0–255 ((w + 1) per row), made on the first reading by a
    /// spot too large to average texel by texel; shared by clones.
    rows: std::sync::Arc<std::sync::OnceLock<Vec<u32>>>,
}

/// A spot whose bounding square spans at most this many texels is averaged texel by texel
/// (every real light sensor: M5's 8 mm spot on E3 spans 7 × 7). A larger one goes by the
/// picture instead (see [`Texture::mean_large`]), so the work per reading is bounded by the
/// picture's size whatever the spot's radius or the picture's rectangle.
const EXACT_SPOT_TEXELS: i128 = 1 << 16;

/// A texel's grey 0–255 as 0–1 (`v as f32 / 255.0`, looked up rather than divided).
static GREY: [f32; 256] = {
    let mut t = [0.0f32; 256];
    let mut v = 0;
    while v < 256 {
        t[v] = v as f32 / 255.0;
        v += 1;
    }
    t
};

impl Texture {
    /// Mean brightness over a disc of `r` metres centred at (x, z); white outside the picture.
    pub(super) fn mean(&self, x: f32, z: f32, r: f32) -> f32 {
        let [x0, z0, x1, z1] = self.rect;
        let du = (x1 - x0) / self.w as f32;
        let dv = (z1 - z0) / self.h as f32;
        let usable = |v: f32| v.is_finite() && v > 0.0;
        if !(usable(du) && usable(dv) && x.is_finite() && z.is_finite() && r.is_finite()) {
            return 1.0;
        }
        // Saturating casts: a far-off or huge spot gives extreme indices, never a wrap.
        let ia = ((x - r - x0) / du).floor() as i64;
        let ib = ((x + r - x0) / du).floor() as i64;
        let ja = ((z - r - z0) / dv).floor() as i64;
        let jb = ((z + r - z0) / dv).floor() as i64;
        let texels = (ib as i128 - ia as i128 + 1) * (jb as i128 - ja as i128 + 1);
        if texels > EXACT_SPOT_TEXELS {
            return self.mean_large(x, z, r, du, dv);
        }
        // Texel by texel, in rows; what does not change along a row is worked out once per
        // row (the same operations in the same order: the same sum to the last bit).
        let (mut sum, mut n) = (0.0f32, 0u32);
        let r2 = r * r;
        let one_column = ib == ia;
        let (w, h) = (self.w as i64, self.h as i64);
        for j in ja..=jb {
            let cz = z0 + (j as f32 + 0.5) * dv;
            let dz2 = (cz - z).powi(2);
            let row = (0..h).contains(&j).then(|| {
                let start = j as usize * self.w;
                &self.grey[start..start + self.w]
            });
            for i in ia..=ib {
                let cx = x0 + (i as f32 + 0.5) * du;
                if (cx - x).powi(2) + dz2 > r2 && !one_column {
                    continue;
                }
                let g = match row {
                    Some(row) if (0..w).contains(&i) => GREY[row[i as usize] as usize],
                    _ => 1.0,
                };
                sum += g;
                n += 1;
            }
        }
        if n == 0 {
            1.0
        } else {
            sum / n as f32
        }
    }

    /// Running sums along each row (see `rows`).
    fn row_sums(&self) -> &[u32] {
        self.rows.get_or_init(|| {
            let mut sums = Vec::with_capacity((self.w + 1) * self.h);
            for row in self.grey.chunks(self.w.max(1)).take(self.h) {
                let mut acc = 0u32;
                sums.push(0);
                for v in row {
                    acc += *v as u32;
                    sums.push(acc);
                }
            }
            sums
        })
    }

    /// The mean for a spot spanning more than [`EXACT_SPOT_TEXELS`]: the picture's texels
    /// inside the disc are summed row by row from running sums (the whole picture at once
    /// when the disc holds all four corners), and the disc's area outside the picture counts
    /// as white texels (area / texel area). Cost: one step per picture row at most, never
    /// per texel of the spot.
    fn mean_large(&self, x: f32, z: f32, r: f32, du: f32, dv: f32) -> f32 {
        let [x0, z0, x1, z1] = self.rect.map(f64::from);
        let (x, z, r, du, dv) = (x as f64, z as f64, r as f64, du as f64, dv as f64);
        let r2 = r * r;
        let within = |px: f64, pz: f64| (px - x).powi(2) + (pz - z).powi(2) <= r2;
        let (mut sum, mut inside) = (0.0f64, 0.0f64);
        if within(x0, z0) && within(x1, z0) && within(x0, z1) && within(x1, z1) {
            sum = *self
                .total
                .get_or_init(|| self.grey.iter().map(|v| (*v as f32 / 255.0) as f64).sum());
            inside = (self.w * self.h) as f64;
        } else {
            let sums = self.row_sums();
            let stride = self.w + 1;
            // Rows whose centre z0 + (j + 0.5)·dv lies within r of z.
            let ja = ((z - r - z0) / dv - 0.5).ceil().max(0.0);
            let jb = ((z + r - z0) / dv - 0.5).floor().min(self.h as f64 - 1.0);
            let rows = if jb < ja {
                0..0
            } else {
                ja as usize..jb as usize + 1
            };
            for j in rows {
                let cz = z0 + (j as f64 + 0.5) * dv;
                let dz2 = (cz - z).powi(2);
                if dz2 > r2 {
                    continue;
                }
                let half = (r2 - dz2).sqrt();
                // Texel centres x0 + (i + 0.5)·du within `half` of x.
                let lo = ((x - half - x0) / du - 0.5).ceil().max(0.0);
                let hi = ((x + half - x0) / du - 0.5)
                    .floor()
                    .min(self.w as f64 - 1.0);
                if hi < lo {
                    continue;
                }
                let row = &sums[j * stride..(j + 1) * stride];
                sum += (row[hi as usize + 1] - row[lo as usize]) as f64 / 255.0;
                inside += hi - lo + 1.0;
            }
        }
        let disc = std::f64::consts::PI * r2 / (du * dv);
        let outside = (disc - inside).max(0.0);
        if inside + outside <= 0.0 {
            1.0
        } else {
            ((sum + outside) / (inside + outside)) as f32
        }
    }
}

/// Reads a floor picture file, refusing one larger than [`spec::limits::FLOOR_FILE_BYTES`].
fn read_floor_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(spec::limits::FLOOR_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > spec::limits::FLOOR_FILE_BYTES {
        return Err(format!(
            "the file is larger than {} MiB",
            spec::limits::FLOOR_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// Decodes a floor picture after reading its size from the header, so an oversized picture
/// is refused before any pixel is decoded.
fn decode_floor(bytes: &[u8]) -> Result<image::GrayImage, String> {
    use spec::limits::{FLOOR_PIXELS, FLOOR_SIDE_PX};
    let reader = || {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| e.to_string())
    };
    // A PNG's size is in its first chunk (bytes 16–23); other formats ask the decoder.
    let (w, h) = match bytes {
        [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', _, _, _, _, b'I', b'H', b'D', b'R', w0, w1, w2, w3, h0, h1, h2, h3, ..] => {
            (
                u32::from_be_bytes([*w0, *w1, *w2, *w3]),
                u32::from_be_bytes([*h0, *h1, *h2, *h3]),
            )
        }
        _ => reader()?.into_dimensions().map_err(|e| e.to_string())?,
    };
    if w == 0
        || h == 0
        || w > FLOOR_SIDE_PX
        || h > FLOOR_SIDE_PX
        || w as u64 * h as u64 > FLOOR_PIXELS
    {
        return Err(format!(
            "{w} × {h} px is too large (at most {FLOOR_SIDE_PX} px a side and {FLOOR_PIXELS} \
             pixels in all, e.g. 4096 × 4096)"
        ));
    }
    let mut r = reader()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(FLOOR_SIDE_PX);
    limits.max_image_height = Some(FLOOR_SIDE_PX);
    r.limits(limits);
    // A grey picture (E3's) as it is: `to_luma8`'s general conversion copied it pixel by
    // pixel through a colour transform (the same values).
    Ok(match r.decode().map_err(|e| e.to_string())? {
        image::DynamicImage::ImageLuma8(grey) => grey,
        img => img.to_luma8(),
    })
}

pub(super) fn load_texture(env: &spec::EnvSpec) -> Result<Option<Texture>, spec::SpecError> {
    let Some(f) = &env.floor else { return Ok(None) };
    let fail = |message: String| spec::SpecError {
        file: env.file.clone(),
        line: f.line,
        message: format!("floor image {}: {message}", f.image.get_ref()),
    };
    let bytes = match &f.resolved {
        Some(p) => read_floor_file(p)
            .map_err(|e| fail(format!("cannot be read from {}: {e}", p.display())))?,
        None if f.image.get_ref().ends_with("e3_floor.png") => spec::E3_FLOOR_PNG.to_vec(),
        None => return Err(fail("cannot be found".into())),
    };
    let rect = *f.rect.get_ref();
    if let Some(t) = decoded::find(&bytes) {
        return Ok(Some(Texture { rect, ..t }));
    }
    let g = decode_floor(&bytes).map_err(fail)?;
    let (w, h) = (g.width() as usize, g.height() as usize);
    let grey = g.into_raw();
    let t = Texture {
        w,
        h,
        grey: std::sync::Arc::new(grey),
        rect,
        total: Default::default(),
        rows: Default::default(),
    };
    decoded::keep(bytes, &t);
    Ok(Some(t))
}

/// Floor pictures decoded before, by their file's bytes: a world is built again and again
/// from the same environment (every reset, every run of `grade` and of "All seeds", the app's
/// start), and decoding E3's picture cost more than 2 s of its simulation (≈ 20 M
/// instructions, BENCHMARKS.md). The grey levels are shared (`Arc`), never copied; at most
/// [`decoded::KEPT`] pictures are kept.
mod decoded {
    use super::Texture;
    use std::sync::{Arc, Mutex};

    pub(super) const KEPT: usize = 4;

    static DECODED: Mutex<Vec<(Arc<Vec<u8>>, Texture)>> = Mutex::new(Vec::new());

    /// The picture decoded from exactly these bytes, if kept.
    pub(super) fn find(bytes: &[u8]) -> Option<Texture> {
        let kept = DECODED.lock().ok()?;
        kept.iter()
            .find(|(b, _)| b.as_slice() == bytes)
            .map(|(_, t)| t.clone())
    }

    /// Keeps a decoded picture (the oldest goes past [`KEPT`]).
    pub(super) fn keep(bytes: Vec<u8>, t: &Texture) {
        if let Ok(mut kept) = DECODED.lock() {
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push((Arc::new(bytes), t.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Texture;

    fn texture(w: usize, h: usize, rect: [f32; 4], grey: impl Fn(usize, usize) -> u8) -> Texture {
        let mut g = Vec::with_capacity(w * h);
        for j in 0..h {
            for i in 0..w {
                g.push(grey(i, j));
            }
        }
        Texture {
            w,
            h,
            grey: std::sync::Arc::new(g),
            rect,
            total: Default::default(),
            rows: Default::default(),
        }
    }

    #[test]
    fn a_spot_a_million_metres_wide_is_sampled_from_the_picture_not_texel_by_texel() {
        // Before, this looped over ~10^18 texels. Now the whole black picture counts once and
        // the rest of the disc is white floor.
        let t = texture(960, 960, [-1.2, -1.2, 1.2, 1.2], |_, _| 0);
        let m = t.mean(0.0, 0.0, 1.0e6);
        assert!(m.is_finite() && m > 0.999 && m <= 1.0, "{m}");
        // A disc just holding the 2 × 2 m black picture: 16 black texels of 0.25 m² in a
        // disc of π·1.5² m² → the rest (≈ 12.3 texels' worth) is white.
        let t = texture(4, 4, [-1.0, -1.0, 1.0, 1.0], |_, _| 0);
        let m = t.mean_large(0.0, 0.0, 1.5, 0.5, 0.5);
        let disc = std::f32::consts::PI * 2.25 / 0.25;
        assert!((m - (disc - 16.0) / disc).abs() < 1e-4, "{m}");
    }

    #[test]
    fn a_floor_rectangle_of_zero_or_a_billionth_of_a_metre_is_sampled_without_a_hang() {
        let zero = texture(960, 960, [0.0, 0.0, 0.0, 0.0], |_, _| 0);
        assert_eq!(zero.mean(0.0, 0.0, 0.008), 1.0);
        let tiny = texture(960, 960, [0.0, 0.0, 1e-9, 1e-9], |_, _| 0);
        let m = tiny.mean(0.0, 0.0, 0.008);
        assert!(m.is_finite() && m > 0.999, "{m}");
    }

    /// The spot's mean as it was first written (texel by texel, each dividing by 255).
    fn naive_mean(t: &Texture, x: f32, z: f32, r: f32) -> f32 {
        let [x0, z0, x1, z1] = t.rect;
        let du = (x1 - x0) / t.w as f32;
        let dv = (z1 - z0) / t.h as f32;
        let ia = ((x - r - x0) / du).floor() as i64;
        let ib = ((x + r - x0) / du).floor() as i64;
        let ja = ((z - r - z0) / dv).floor() as i64;
        let jb = ((z + r - z0) / dv).floor() as i64;
        let (mut sum, mut n) = (0.0f32, 0u32);
        for j in ja..=jb {
            for i in ia..=ib {
                let cx = x0 + (i as f32 + 0.5) * du;
                let cz = z0 + (j as f32 + 0.5) * dv;
                if (cx - x).powi(2) + (cz - z).powi(2) > r * r && !(i == ia && ib == ia) {
                    continue;
                }
                let g = if i < 0 || j < 0 || i >= t.w as i64 || j >= t.h as i64 {
                    1.0
                } else {
                    t.grey[j as usize * t.w + i as usize] as f32 / 255.0
                };
                sum += g;
                n += 1;
            }
        }
        if n == 0 {
            1.0
        } else {
            sum / n as f32
        }
    }

    #[test]
    fn a_light_sensors_spot_reads_what_texel_by_texel_division_read_to_the_last_bit() {
        // A picture of every grey, spots over it, across its edges and off it.
        let t = texture(97, 61, [-1.2, -0.7, 1.1, 0.9], |i, j| {
            ((i * 7 + j * 13) % 256) as u8
        });
        let mut seed = 0x2545_f491u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32
        };
        for _ in 0..2000 {
            let (x, z) = (next() * 3.0 - 1.5, next() * 2.2 - 1.1);
            let r = [0.0, 0.004, 0.008, 0.03, 0.11][(next() * 4.99) as usize];
            assert_eq!(
                t.mean(x, z, r).to_bits(),
                naive_mean(&t, x, z, r).to_bits(),
                "{x},{z},{r}"
            );
        }
    }

    #[test]
    fn the_bounded_path_agrees_with_texel_by_texel_averaging() {
        let t = texture(64, 64, [-1.0, -1.0, 1.0, 1.0], |i, j| {
            if (i / 8 + j / 8) % 2 == 0 {
                0
            } else {
                255
            }
        });
        for (x, z, r) in [(0.1, -0.2, 0.3), (0.9, 0.9, 0.4), (-0.5, 0.3, 0.2)] {
            let (du, dv) = (2.0 / 64.0, 2.0 / 64.0);
            let exact = t.mean(x, z, r);
            let bounded = t.mean_large(x, z, r, du, dv);
            assert!(
                (exact - bounded).abs() < 0.03,
                "{x},{z},{r}: {exact} vs {bounded}"
            );
        }
    }
}
