//! NQC `.rcx` program images (rcx.md §7.5, NQC's `rcxifile.h`): reading and writing.
//! Pure bytes in, bytes out; every malformed input is an [`ImageError`], never a panic.
//!
//! Layout, all little-endian:
//! * header (12 bytes): `"RCXI"`, u16 version 0x0102, u16 fragment count, u16 symbol count,
//!   u8 target type (3 = RCX2), u8 0;
//! * per fragment: u8 type (0 task, 1 sub), u8 index, u16 length, the code, then zero
//!   padding to a multiple of 4;
//! * per symbol: u8 type (0 task, 1 sub, 2 variable), u8 index, u8 length including the
//!   terminating NUL, u8 0, the name and its NUL (no padding).

use super::program::{Program, MAX_SUBS, MAX_TASKS};
use thiserror::Error;

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"RCXI";
/// The only image version NQC writes.
pub const VERSION: u16 = 0x0102;
/// Target type byte for RCX 2.0 (NQC's `-TRCX2`).
pub const TARGET_RCX2: u8 = 3;

/// What a symbol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Task,
    Sub,
    Var,
}

/// One entry of the symbol table (names from the NQC source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub kind: SymbolKind,
    pub index: u8,
    pub name: String,
}

/// A read image: the program, its symbols and the target byte.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    pub program: Program,
    pub symbols: Vec<Symbol>,
    /// Target type (NQC: 0 RCX, 1 CyberMaster, 2 Scout, 3 RCX2, 4 Spybotics, 5 Swan).
    pub target: u8,
}

impl Image {
    /// The image's bytes (fragments subs first, then tasks, as NQC writes them).
    pub fn to_bytes(&self) -> Vec<u8> {
        write_for_target(&self.program, &self.symbols, self.target)
    }

    /// The symbol name of a task or sub, if the image has one.
    pub fn name_of(&self, kind: SymbolKind, index: u8) -> Option<&str> {
        self.symbols
            .iter()
            .find(|s| s.kind == kind && s.index == index)
            .map(|s| s.name.as_str())
    }
}

/// Why an image could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImageError {
    #[error("not an NQC .rcx image (no RCXI header)")]
    BadMagic,
    #[error("unsupported .rcx image version {0:#06x} (expected 0x0102)")]
    Version(u16),
    #[error("the image is cut off at byte {at} (reading {what})")]
    Truncated { at: usize, what: &'static str },
    #[error("fragment {n}: unknown type {ty} (0 task, 1 sub)")]
    FragmentType { n: usize, ty: u8 },
    #[error("fragment {n}: {what} number {index} is out of range")]
    FragmentIndex {
        n: usize,
        what: &'static str,
        index: u8,
    },
    #[error("{what} {index} appears twice")]
    Duplicate { what: &'static str, index: u8 },
    #[error("symbol {n}: unknown type {ty} (0 task, 1 sub, 2 variable)")]
    SymbolType { n: usize, ty: u8 },
    #[error("symbol {n}: name is not NUL-terminated UTF-8")]
    SymbolName { n: usize },
    #[error("the image holds no task and no sub")]
    NoCode,
}

/// A bounds-checked little-endian reader.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], ImageError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(ImageError::Truncated { at: self.at, what })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u8(&mut self, what: &'static str) -> Result<u8, ImageError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, ImageError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}

/// Reads an NQC `.rcx` image. Trailing bytes after the symbol table are ignored (NQC's
/// reader does not look past it either).
pub fn read(bytes: &[u8]) -> Result<Image, ImageError> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(4, "header").map_err(|_| ImageError::BadMagic)? != MAGIC {
        return Err(ImageError::BadMagic);
    }
    let version = r.u16("header")?;
    if version != VERSION {
        return Err(ImageError::Version(version));
    }
    let nfrag = r.u16("header")? as usize;
    let nsym = r.u16("header")? as usize;
    let target = r.u8("header")?;
    r.u8("header")?;
    let mut program = Program::default();
    for n in 0..nfrag {
        let ty = r.u8("fragment header")?;
        let index = r.u8("fragment header")?;
        let len = r.u16("fragment header")? as usize;
        let (what, slot) = match ty {
            0 if (index as usize) < MAX_TASKS => ("task", &mut program.tasks[index as usize]),
            1 if (index as usize) < MAX_SUBS => ("sub", &mut program.subs[index as usize]),
            0 | 1 => {
                let what = if ty == 0 { "task" } else { "sub" };
                return Err(ImageError::FragmentIndex { n, what, index });
            }
            _ => return Err(ImageError::FragmentType { n, ty }),
        };
        if slot.is_some() {
            return Err(ImageError::Duplicate { what, index });
        }
        *slot = Some(r.take(len, "fragment code")?.to_vec());
        // Padding to 4 bytes; NQC's own reader tolerates a missing pad after the last one.
        let pad = (4 - len % 4) % 4;
        if r.at + pad <= bytes.len() {
            r.at += pad;
        } else if n + 1 < nfrag || nsym > 0 {
            return Err(ImageError::Truncated {
                at: r.at,
                what: "fragment padding",
            });
        }
    }
    // NQC never writes an image without code (every program has `task main`); one that has
    // none cannot be run, so it is refused here rather than loaded as an empty program.
    if nfrag == 0 {
        return Err(ImageError::NoCode);
    }
    let mut symbols = Vec::with_capacity(nsym.min(256));
    for n in 0..nsym {
        let ty = r.u8("symbol header")?;
        let index = r.u8("symbol header")?;
        let len = r.u8("symbol header")? as usize;
        r.u8("symbol header")?;
        let kind = match ty {
            0 => SymbolKind::Task,
            1 => SymbolKind::Sub,
            2 => SymbolKind::Var,
            _ => return Err(ImageError::SymbolType { n, ty }),
        };
        let raw = r.take(len, "symbol name")?;
        let name = match raw.split_last() {
            Some((0, body)) => {
                std::str::from_utf8(body).map_err(|_| ImageError::SymbolName { n })?
            }
            _ => return Err(ImageError::SymbolName { n }),
        };
        symbols.push(Symbol {
            kind,
            index,
            name: name.to_string(),
        });
    }
    Ok(Image {
        program,
        symbols,
        target,
    })
}

/// Writes an RCX2 image of `program` with `symbols` (may be empty). Code longer than
/// 65535 bytes cannot be described by the format and is cut (LASM assembly already rejects
/// it); names longer than 254 bytes are cut likewise.
pub fn write(program: &Program, symbols: &[Symbol]) -> Vec<u8> {
    write_for_target(program, symbols, TARGET_RCX2)
}

fn write_for_target(program: &Program, symbols: &[Symbol], target: u8) -> Vec<u8> {
    let frags: Vec<(u8, u8, &[u8])> = program
        .subs
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.as_deref().map(|c| (1u8, i as u8, c)))
        .chain(
            program
                .tasks
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.as_deref().map(|c| (0u8, i as u8, c))),
        )
        .collect();
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(frags.len() as u16).to_le_bytes());
    out.extend_from_slice(&(symbols.len().min(u16::MAX as usize) as u16).to_le_bytes());
    out.push(target);
    out.push(0);
    for (ty, index, code) in frags {
        let code = &code[..code.len().min(u16::MAX as usize)];
        out.extend_from_slice(&[ty, index]);
        out.extend_from_slice(&(code.len() as u16).to_le_bytes());
        out.extend_from_slice(code);
        out.resize(out.len() + (4 - code.len() % 4) % 4, 0);
    }
    for s in symbols.iter().take(u16::MAX as usize) {
        let ty = match s.kind {
            SymbolKind::Task => 0,
            SymbolKind::Sub => 1,
            SymbolKind::Var => 2,
        };
        let mut cut = s.name.len().min(254);
        while !s.name.is_char_boundary(cut) {
            cut -= 1;
        }
        let name = &s.name.as_bytes()[..cut];
        out.extend_from_slice(&[ty, s.index, (name.len() + 1) as u8, 0]);
        out.extend_from_slice(name);
        out.push(0);
    }
    out
}
