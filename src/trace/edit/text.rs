//! The editor's own text format (docs/editor-format.md): one icon per line with its
//! modifiers, indented by structure; for half-finished programs and autosave. Reading
//! ignores the indentation (the structure icons carry the structure), so a half-finished
//! program reads back exactly as it was written.

use super::{Doc, Icon, Kind, Param, Strip, StripId};

/// A line of editor text that could not be read (`line` 1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TextError {
    pub line: usize,
    pub message: String,
}

/// The first line of every file the editor writes.
pub const TEXT_HEADER: &str = "# lurobotsim icon program, format 1";

/// The document as editor text.
pub fn to_text(doc: &Doc) -> String {
    let mut out = String::from(TEXT_HEADER);
    out.push('\n');
    for s in &doc.strips {
        let head = match s.id {
            StripId::Task(n) => format!("task {n}"),
            StripId::Sub(n) => format!("sub {n}"),
        };
        out.push_str(&head);
        if !s.header {
            out.push_str(" no-prologue");
        }
        out.push('\n');
        let mut depth: usize = 1;
        for icon in &s.icons {
            let k = icon.kind;
            if matches!(k, Kind::LoopEnd | Kind::ForkMerge | Kind::ForkBranch) {
                depth = depth.saturating_sub(1).max(1);
            }
            out.push_str(&"\t".repeat(depth));
            out.push_str(k.as_str());
            for (p, v) in icon.params() {
                out.push(' ');
                out.push_str(p.as_str());
                out.push('=');
                out.push_str(&value_text(p, v));
            }
            if k == Kind::Generic {
                out.push_str(" code=");
                for b in icon.code() {
                    out.push_str(&format!("{b:02x}"));
                }
            }
            out.push('\n');
            if k.opens() || k == Kind::ForkBranch {
                depth += 1;
            }
        }
    }
    out
}

/// A modifier's value as the text writes it: ports as letters, times in seconds.
fn value_text(p: Param, v: i32) -> String {
    match p {
        Param::Ports => super::ports_text(v),
        Param::Time | Param::Duration => format!("{}.{:02}", v / 100, v % 100),
        _ => v.to_string(),
    }
}

/// Reads a modifier's value written by [`value_text`].
fn value_from(p: Param, s: &str) -> Result<i32, String> {
    match p {
        Param::Ports => {
            let mut mask = 0;
            for c in s.chars() {
                mask |= match c.to_ascii_uppercase() {
                    'A' => 1,
                    'B' => 2,
                    'C' => 4,
                    _ => return Err(format!("ports are letters A, B, C, not '{s}'")),
                };
            }
            Ok(mask)
        }
        Param::Time | Param::Duration => {
            let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
            if frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
                return Err(format!("seconds with at most two decimals, not '{s}'"));
            }
            let w: i32 = whole
                .parse()
                .map_err(|_| format!("seconds with at most two decimals, not '{s}'"))?;
            let f: i32 = format!("{frac:0<2}").parse().unwrap_or(0);
            Ok(w.saturating_mul(100).saturating_add(f))
        }
        _ => s
            .parse()
            .map_err(|_| format!("{} is a whole number, not '{s}'", p.as_str())),
    }
}

/// Reads editor text.
pub fn from_text(text: &str) -> Result<Doc, TextError> {
    let mut strips: Vec<Strip> = Vec::new();
    for (n, raw) in crate::rcx::lasm::lines(text).enumerate() {
        let line = n + 1;
        let err = |message: String| TextError { line, message };
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut words = l.split_whitespace();
        let word = words.next().unwrap_or_default();
        if word == "task" || word == "sub" {
            let num: u8 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| err(format!("'{word}' needs a number")))?;
            let id = if word == "task" {
                StripId::Task(num)
            } else {
                StripId::Sub(num)
            };
            let mut s = Strip::new(id);
            match words.next() {
                None => {}
                Some("no-prologue") => s.header = false,
                Some(w) => return Err(err(format!("unexpected '{w}' after '{word} {num}'"))),
            }
            strips.push(s);
            continue;
        }
        let kind = Kind::from_name(word).ok_or_else(|| err(format!("unknown icon '{word}'")))?;
        let Some(strip) = strips.last_mut() else {
            return Err(err("an icon before the first 'task' or 'sub' line".into()));
        };
        let mut icon = Icon::new(kind);
        for w in words {
            let (name, value) = w
                .split_once('=')
                .ok_or_else(|| err(format!("'{w}' is not name=value")))?;
            if kind == Kind::Generic && name == "code" {
                icon = Icon::generic(hex(value).map_err(err)?);
                continue;
            }
            let p =
                Param::from_name(name).ok_or_else(|| err(format!("unknown modifier '{name}'")))?;
            let v = value_from(p, value).map_err(err)?;
            icon.set(p, v).map_err(|e| err(e.to_string()))?;
        }
        strip.icons.push(icon);
    }
    Ok(Doc { strips })
}

fn hex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) || s.is_empty() {
        return Err(format!("code is pairs of hex digits, not '{s}'"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| {
            s.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("code is pairs of hex digits, not '{s}'"))
        })
        .collect()
}
