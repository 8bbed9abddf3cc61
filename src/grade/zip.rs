//! A small reader and writer of zip files, for a class handed in as one and its graded
//! folder handed back as one (a browser tab has no folders): the central directory, then
//! each member stored or deflated (`miniz_oxide`). Pure and bounded: a member is inflated
//! to at most a given size (a zip bomb stops there), there are at most [`MAX_MEMBERS`],
//! and what it cannot read (an encrypted member, ZIP64, another method) is that member's
//! error, not a panic.

/// Most members read from one zip.
pub const MAX_MEMBERS: usize = 200_000;

/// One member: its name (`/` between folders; a folder's ends in `/`) and its bytes, or
/// why they cannot be read (`NAME: why`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub bytes: Result<Vec<u8>, String>,
}

/// Why a zip could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a zip file that can be read: {0}")]
pub struct ZipError(String);

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

const EOCD: u32 = 0x0605_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const LOCAL: u32 = 0x0403_4b50;

/// The members of `zip`, each inflated to at most `max_member` bytes (past it, the
/// member's error says so).
pub fn read(zip: &[u8], max_member: u64) -> Result<Vec<Member>, ZipError> {
    let bad = |why: &str| ZipError(why.to_string());
    // The end record: the last 22 bytes, or before a comment of up to 64 KiB.
    let lowest = zip.len().saturating_sub(22 + 0xFFFF);
    let eocd = (lowest..=zip.len().saturating_sub(22))
        .rev()
        .find(|&i| u32_at(zip, i) == Some(EOCD))
        .ok_or_else(|| bad("no end of central directory"))?;
    let count = u16_at(zip, eocd + 10).ok_or_else(|| bad("a cut end record"))? as usize;
    let offset = u32_at(zip, eocd + 16).ok_or_else(|| bad("a cut end record"))?;
    if count == 0xFFFF || offset == 0xFFFF_FFFF {
        return Err(bad("ZIP64 (a very large zip) is not read here"));
    }
    if count > MAX_MEMBERS {
        return Err(ZipError(format!("{count} members; at most {MAX_MEMBERS}")));
    }
    let mut members = Vec::with_capacity(count);
    let mut at = offset as usize;
    for _ in 0..count {
        if u32_at(zip, at) != Some(CENTRAL) {
            return Err(bad("a damaged central directory"));
        }
        let field = |o: usize| u16_at(zip, at + o).map(usize::from);
        let (Some(flags), Some(method), Some(name_len), Some(extra), Some(comment)) =
            (field(8), field(10), field(28), field(30), field(32))
        else {
            return Err(bad("a cut central directory"));
        };
        let (Some(packed), Some(size), Some(local)) = (
            u32_at(zip, at + 20),
            u32_at(zip, at + 24),
            u32_at(zip, at + 42),
        ) else {
            return Err(bad("a cut central directory"));
        };
        let name_bytes = zip
            .get(at + 46..at + 46 + name_len)
            .ok_or_else(|| bad("a cut member name"))?;
        let name = String::from_utf8_lossy(name_bytes).replace('\\', "/");
        let bytes = member(zip, local, flags, method, packed, size, max_member)
            .map_err(|why| format!("{name}: {why}"));
        members.push(Member { name, bytes });
        at += 46 + name_len + extra + comment;
    }
    Ok(members)
}

/// One member's bytes from its local header at `local`.
fn member(
    zip: &[u8],
    local: u32,
    flags: usize,
    method: usize,
    packed: u32,
    size: u32,
    max: u64,
) -> Result<Vec<u8>, String> {
    if flags & 1 != 0 {
        return Err("encrypted; zip the files without a password".into());
    }
    if packed == 0xFFFF_FFFF || size == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
        return Err("ZIP64 (a very large member) is not read here".into());
    }
    if u64::from(size) > max {
        return Err(format!("{size} bytes; at most {max}"));
    }
    let local = local as usize;
    if u32_at(zip, local) != Some(LOCAL) {
        return Err("a damaged local header".into());
    }
    let (Some(name_len), Some(extra)) = (u16_at(zip, local + 26), u16_at(zip, local + 28)) else {
        return Err("a cut local header".into());
    };
    let start = local + 30 + usize::from(name_len) + usize::from(extra);
    let data = zip
        .get(start..start + packed as usize)
        .ok_or("its data is cut off")?;
    let limit = usize::try_from(max).unwrap_or(usize::MAX);
    let bytes = match method {
        0 => data.to_vec(),
        8 => miniz_oxide::inflate::decompress_to_vec_with_limit(data, limit.saturating_add(1))
            .map_err(|e| match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                    format!("more than {max} bytes")
                }
                _ => "its compressed data is damaged".to_string(),
            })?,
        m => {
            return Err(format!(
                "compressed with method {m}; only stored and deflated are read"
            ))
        }
    };
    if bytes.len() as u64 > max {
        return Err(format!("more than {max} bytes"));
    }
    if bytes.len() != size as usize {
        return Err("its size does not match the directory's".into());
    }
    Ok(bytes)
}

/// The CRC-32 (IEEE) a zip member carries.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            // The reflected polynomial 0x04C11DB7.
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A zip of `files` (name with `/` between folders, bytes), each deflated, as zip tools
/// write one (no ZIP64: each member and the whole under 4 GiB).
pub fn write(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, bytes) in files {
        let data = miniz_oxide::deflate::compress_to_vec(bytes, 6);
        let offset = out.len() as u32;
        let crc = crc32(bytes);
        for (sig, v) in [(LOCAL, &mut out), (CENTRAL, &mut central)] {
            v.extend(sig.to_le_bytes());
            if sig == CENTRAL {
                v.extend(20u16.to_le_bytes()); // made by
            }
            v.extend(20u16.to_le_bytes()); // needed: 2.0
            v.extend(0x0800u16.to_le_bytes()); // names in UTF-8
            v.extend(8u16.to_le_bytes()); // deflated
            v.extend(0u16.to_le_bytes()); // time
            v.extend(0x21u16.to_le_bytes()); // 1980-01-01
            v.extend(crc.to_le_bytes());
            v.extend((data.len() as u32).to_le_bytes());
            v.extend((bytes.len() as u32).to_le_bytes());
            v.extend((name.len() as u16).to_le_bytes());
            v.extend(0u16.to_le_bytes());
            if sig == CENTRAL {
                v.extend([0u8; 6]); // comment, disk, internal attributes
                v.extend([0u8; 4]); // external attributes
                v.extend(offset.to_le_bytes());
            }
            v.extend(name.as_bytes());
        }
        out.extend(&data);
    }
    let cd_offset = out.len() as u32;
    let n = files.len() as u16;
    out.extend(&central);
    out.extend(EOCD.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend(n.to_le_bytes());
    out.extend(n.to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(cd_offset.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zip of `files` (name, bytes, deflated?), written as zip tools write one.
    pub(crate) fn zip_of(files: &[(&str, &[u8], bool)]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (name, bytes, deflate) in files {
            let data = match deflate {
                true => miniz_oxide::deflate::compress_to_vec(bytes, 6),
                false => bytes.to_vec(),
            };
            let method: u16 = if *deflate { 8 } else { 0 };
            let offset = out.len() as u32;
            let head = |sig: u32, v: &mut Vec<u8>| {
                v.extend(sig.to_le_bytes());
                if sig == CENTRAL {
                    v.extend(20u16.to_le_bytes());
                }
                v.extend(20u16.to_le_bytes());
                v.extend(0u16.to_le_bytes());
                v.extend(method.to_le_bytes());
                v.extend([0u8; 4]);
                v.extend(0u32.to_le_bytes()); // crc (not checked here)
                v.extend((data.len() as u32).to_le_bytes());
                v.extend((bytes.len() as u32).to_le_bytes());
                v.extend((name.len() as u16).to_le_bytes());
                v.extend(0u16.to_le_bytes());
                if sig == CENTRAL {
                    v.extend([0u8; 6]);
                    v.extend([0u8; 4]);
                    v.extend(offset.to_le_bytes());
                }
                v.extend(name.as_bytes());
            };
            head(LOCAL, &mut out);
            out.extend(&data);
            head(CENTRAL, &mut central);
        }
        let cd_offset = out.len() as u32;
        let n = files.len() as u16;
        out.extend(&central);
        out.extend(EOCD.to_le_bytes());
        out.extend([0u8; 4]);
        out.extend(n.to_le_bytes());
        out.extend(n.to_le_bytes());
        out.extend((central.len() as u32).to_le_bytes());
        out.extend(cd_offset.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out
    }

    #[test]
    fn stored_and_deflated_members_read_back() {
        let text = b"task 0\n out 2,5\nendt\n".repeat(20);
        let z = zip_of(&[
            ("programs/", b"", false),
            ("programs/alice.lasm", &text, true),
            ("programs/frank.rcx", b"", false),
        ]);
        let m = read(&z, 1 << 20).unwrap();
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].name, "programs/");
        assert_eq!(m[1].bytes.as_deref(), Ok(&text[..]));
        assert_eq!(m[2].bytes.as_deref(), Ok(&b""[..]));
    }

    #[test]
    fn a_zip_written_reads_back_and_carries_the_crc_tools_check() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let files = vec![
            ("report.html".to_string(), b"<html></html>\n".to_vec()),
            (
                "gradescope/alice/results.json".to_string(),
                b"{}\n".to_vec(),
            ),
        ];
        let m = read(&write(&files), 1 << 20).unwrap();
        let back: Vec<(String, Vec<u8>)> =
            m.into_iter().map(|m| (m.name, m.bytes.unwrap())).collect();
        assert_eq!(back, files);
    }

    #[test]
    fn a_bomb_stops_at_the_limit_and_garbage_is_an_error() {
        let zeros = vec![0u8; 100_000];
        let z = zip_of(&[("bomb.lasm", &zeros, true)]);
        let m = read(&z, 1000).unwrap();
        assert!(m[0].bytes.as_ref().unwrap_err().contains("at most 1000"));
        assert!(read(b"PK not really", 1000).is_err());
        assert!(read(&z[..z.len() - 5], 1000).is_err());
    }
}
