//! Firmware images as schools have them: Motorola S-record text (`.lgo`, as LEGO's
//! `firm0328.lgo` and `firm0332.lgo`), read into the bytes the brick's ROM receives, and
//! the checksum the ROM checks (rcx.md §7.4: the sum of the first 0x4c00 bytes, mod 65536).
//!
//! Pure: bytes in, an image or an error naming the line out. Every malformed input is a
//! [`FirmwareError`], never a panic, and nothing a file says can make the image larger
//! than the brick's firmware area (0x8000–0xffff).
//!
//! Records: `S0` header (ignored, except that firmware 0309's `?LIB_VERSION_L00` header
//! asks for its trailing zero bytes to be left out, as NQC does), `S1`/`S2`/`S3` data with
//! 16/24/32-bit addresses, `S5`/`S6` record counts (ignored), `S7`/`S8`/`S9` the entry
//! point. Each record's checksum byte makes count + address + data + checksum ≡ 0xff
//! (mod 256). The image is memory from 0x8000 up to the last data byte, gaps filled with
//! zero; the `75` begin message carries the entry point (0x8000 when the file gives none).

/// Where the firmware area starts: the first byte of every image.
pub const IMAGE_START: u32 = 0x8000;
/// The firmware area's size: an image is at most 0x8000–0xffff.
pub const IMAGE_MAX: usize = 0x8000;
/// The ROM's firmware checksum covers this many bytes from the start (rcx.md §7.4).
pub const CHECKSUM_BYTES: usize = 0x4c00;
/// A firmware file is text of at most this size (LEGO's are ≈ 50 KB); more is refused
/// before it is read into lines.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The checksum the `75` message announces and the ROM checks after the last block: the
/// sum of the first [`CHECKSUM_BYTES`] bytes (fewer if the image is shorter), mod 65536.
/// The one definition, for the host and for lurobotsim's own brick.
pub fn checksum(data: &[u8]) -> u16 {
    data[..data.len().min(CHECKSUM_BYTES)]
        .iter()
        .fold(0u16, |a, &b| a.wrapping_add(b as u16))
}

/// A firmware image ready to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirmwareImage {
    /// Where the firmware starts running (the `75` message's address).
    pub entry: u16,
    /// The bytes from 0x8000 on.
    pub data: Vec<u8>,
}

/// Why a file is not a firmware image (`line` counts from 1; 0 = the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if *line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct FirmwareError {
    pub line: usize,
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> FirmwareError {
    FirmwareError {
        line,
        message: message.into(),
    }
}

fn hex_byte(s: &[u8]) -> Option<u8> {
    let d = |c: u8| (c as char).to_digit(16).map(|v| v as u8);
    Some(d(s[0])? << 4 | d(s[1])?)
}

impl FirmwareImage {
    /// Reads S-record text. CRLF, blank lines and trailing spaces are accepted; anything
    /// else that is not a record is an error naming its line.
    pub fn parse(bytes: &[u8]) -> Result<FirmwareImage, FirmwareError> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(err(
                0,
                format!(
                    "{} bytes is far larger than any firmware file (LEGO's are about 50 KB)",
                    bytes.len()
                ),
            ));
        }
        if bytes.starts_with(crate::rcx::image::MAGIC) {
            return Err(err(
                0,
                "this is an NQC program image (.rcx), not firmware: download it with \
                 `lurobotsim brick download`",
            ));
        }
        let mut mem = vec![0u8; IMAGE_MAX];
        let mut end = 0usize;
        let mut entry: Option<u32> = None;
        let mut strip = false;
        let mut records = 0usize;
        for (k, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = k + 1;
            let text = raw.trim_ascii();
            if text.is_empty() {
                continue;
            }
            if text[0] != b'S' && text[0] != b's' {
                return Err(err(
                    line,
                    if k == 0 {
                        "not an S-record firmware file (its lines must start with S, as in \
                         firm0328.lgo or firm0332.lgo)"
                    } else {
                        "not an S-record (a record starts with S)"
                    },
                ));
            }
            if text.len() < 4 || text.len() % 2 != 0 {
                return Err(err(
                    line,
                    "a record has an even number of hex digits after S and its type",
                ));
            }
            let kind = text[1];
            let body: Option<Vec<u8>> = text[2..].chunks(2).map(hex_byte).collect();
            let Some(body) = body else {
                return Err(err(line, "a character that is not a hex digit"));
            };
            let count = body[0] as usize;
            if count + 1 != body.len() {
                return Err(err(
                    line,
                    format!(
                        "the record says {count} bytes follow but {} do",
                        body.len() - 1
                    ),
                ));
            }
            let sum = body.iter().fold(0u8, |a, &b| a.wrapping_add(b));
            if sum != 0xff {
                return Err(err(
                    line,
                    "the record's checksum is wrong (the file is damaged)",
                ));
            }
            let alen = match kind {
                b'0' | b'1' | b'5' | b'9' => 2,
                b'2' | b'6' | b'8' => 3,
                b'3' | b'7' => 4,
                _ => return Err(err(line, format!("unknown record type S{}", kind as char))),
            };
            if count < alen + 1 {
                return Err(err(line, "the record is too short for its address"));
            }
            let addr = body[1..1 + alen]
                .iter()
                .fold(0u32, |a, &b| (a << 8) | b as u32);
            let data = &body[1 + alen..body.len() - 1];
            match kind {
                b'0' => strip |= data.starts_with(b"?LIB_VERSION_L00"),
                b'1' | b'2' | b'3' => {
                    let top = IMAGE_START as usize + IMAGE_MAX;
                    let a = addr as usize;
                    if a < IMAGE_START as usize || a + data.len() > top {
                        return Err(err(
                            line,
                            format!(
                                "data at 0x{addr:04x}–0x{:04x} lies outside the firmware area \
                                 0x8000–0xffff",
                                a + data.len().max(1) - 1
                            ),
                        ));
                    }
                    let off = a - IMAGE_START as usize;
                    mem[off..off + data.len()].copy_from_slice(data);
                    end = end.max(off + data.len());
                    records += 1;
                }
                b'7' | b'8' | b'9' => {
                    if !(IMAGE_START..IMAGE_START + IMAGE_MAX as u32).contains(&addr) {
                        return Err(err(
                            line,
                            format!("the entry point 0x{addr:04x} lies outside 0x8000–0xffff"),
                        ));
                    }
                    entry = Some(addr);
                }
                _ => {}
            }
        }
        if records == 0 || end == 0 {
            return Err(err(0, "the file holds no firmware data (no S1 records)"));
        }
        if strip {
            while end > 0 && mem[end - 1] == 0 {
                end -= 1;
            }
        }
        mem.truncate(end);
        Ok(FirmwareImage {
            entry: entry.unwrap_or(IMAGE_START) as u16,
            data: mem,
        })
    }

    /// The checksum the brick will check ([`checksum`] of the data).
    pub fn checksum(&self) -> u16 {
        checksum(&self.data)
    }
}

/// Writes `data` (from 0x8000) as S-record text with 32 bytes a record and entry 0x8000:
/// for tests and for making a synthetic image (we ship none of LEGO's).
pub fn to_srecords(data: &[u8]) -> String {
    fn rec(t: char, addr: u16, data: &[u8]) -> String {
        let mut body = vec![data.len() as u8 + 3, (addr >> 8) as u8, addr as u8];
        body.extend_from_slice(data);
        let ck = !body.iter().fold(0u8, |a, &b| a.wrapping_add(b));
        let hexs: String = body.iter().map(|b| format!("{b:02X}")).collect();
        format!("S{t}{hexs}{ck:02X}\n")
    }
    let mut out = rec('0', 0, b"lurobotsim");
    for (k, c) in data.chunks(32).enumerate() {
        out.push_str(&rec('1', (IMAGE_START as usize + 32 * k) as u16, c));
    }
    out.push_str(&rec('9', IMAGE_START as u16, &[]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_image_reads_back_with_its_checksum() {
        let data: Vec<u8> = (0..20000u32).map(|i| (i * 7 + 3) as u8).collect();
        let img = FirmwareImage::parse(to_srecords(&data).as_bytes()).unwrap();
        assert_eq!(img.entry, 0x8000);
        assert_eq!(img.data, data);
        let sum = data[..0x4c00].iter().map(|&b| b as u32).sum::<u32>() as u16;
        assert_eq!(img.checksum(), sum);
    }

    #[test]
    fn crlf_lowercase_hex_and_gaps_are_accepted() {
        // S1 at 0x8000 (2 bytes), S1 at 0x8010 (1 byte), S9.
        let text = "S1058000aabb15\r\nS1048010cc9f\r\n\r\nS9038000 7C\n".replace(" ", "");
        let img = FirmwareImage::parse(text.as_bytes()).unwrap();
        assert_eq!(img.data.len(), 0x11);
        assert_eq!(&img.data[..2], &[0xaa, 0xbb]);
        assert_eq!(img.data[0x10], 0xcc);
        assert!(img.data[2..0x10].iter().all(|&b| b == 0));
    }

    #[test]
    fn damaged_and_foreign_files_are_refused_with_their_line() {
        let good = to_srecords(&[1, 2, 3]);
        let mut bad = good.clone().into_bytes();
        // Change a data digit of line 2: its checksum no longer holds.
        let at = good.find("S1").unwrap() + 10;
        bad[at] = if bad[at] == b'0' { b'1' } else { b'0' };
        let e = FirmwareImage::parse(&bad).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("checksum"), "{e}");
        let e = FirmwareImage::parse(b"task 0\nendt\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("not an S-record"), "{e}");
        let e = FirmwareImage::parse(b"RCXI\x02\x01").unwrap_err();
        assert!(e.to_string().contains("brick download"), "{e}");
        let e = FirmwareImage::parse(b"S00600004844521B\n").unwrap_err();
        assert!(e.to_string().contains("no firmware data"), "{e}");
        // Data below 0x8000 (the ROM's area).
        let e = FirmwareImage::parse(b"S1047000aae1\n").unwrap_err();
        assert!(e.to_string().contains("outside"), "{e}");
        let e = FirmwareImage::parse(b"S1zz\n").unwrap_err();
        assert!(e.to_string().contains("hex"), "{e}");
        let e = FirmwareImage::parse(&vec![b'S'; MAX_FILE_BYTES + 1]).unwrap_err();
        assert_eq!(e.line, 0);
    }

    #[test]
    fn the_0309_header_drops_trailing_zero_bytes() {
        let mut data = vec![5u8; 40];
        data.extend_from_slice(&[0; 64]);
        let text = to_srecords(&data).replacen(
            &to_srecords(&[])[..to_srecords(&[]).find('\n').unwrap()],
            &{
                let name = b"?LIB_VERSION_L00";
                let mut body = vec![name.len() as u8 + 3, 0, 0];
                body.extend_from_slice(name);
                let ck = !body.iter().fold(0u8, |a, &b| a.wrapping_add(b));
                let h: String = body.iter().map(|b| format!("{b:02X}")).collect();
                format!("S0{h}{ck:02X}")
            },
            1,
        );
        let img = FirmwareImage::parse(text.as_bytes()).unwrap();
        assert_eq!(img.data, vec![5u8; 40]);
    }
}
