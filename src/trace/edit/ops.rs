//! The editing operations on a document, pure: each takes a document and gives back the
//! edited one, or why not ([`EditError`]).

use super::{Doc, EditError, Icon, Kind, Param, Pos, Strip, StripId};

fn strip_mut(doc: &mut Doc, strip: usize) -> Result<&mut Strip, EditError> {
    doc.strips.get_mut(strip).ok_or(EditError::NoStrip(strip))
}

/// Inserts `icon` at `at` (`at.index` may be the strip's length: append).
pub fn insert(doc: &Doc, at: Pos, icon: Icon) -> Result<Doc, EditError> {
    let mut d = doc.clone();
    let s = strip_mut(&mut d, at.strip)?;
    if at.index > s.icons.len() {
        return Err(EditError::NoIcon {
            strip: at.strip,
            index: at.index,
        });
    }
    s.icons.insert(at.index, icon);
    Ok(d)
}

/// Inserts `icon` and its [`Kind::companions`] right after it (a loop with its end, a fork
/// with its second branch and merge, a jump with its land), so the structure compiles.
pub fn insert_structure(doc: &Doc, at: Pos, icon: Icon) -> Result<Doc, EditError> {
    let label = icon.get(Param::Label);
    let mut icons = vec![icon.clone()];
    for &k in icon.kind.companions() {
        let mut c = Icon::new(k);
        if let Some(l) = label {
            c.set(Param::Label, l)?;
        }
        icons.push(c);
    }
    let mut d = doc.clone();
    let s = strip_mut(&mut d, at.strip)?;
    if at.index > s.icons.len() {
        return Err(EditError::NoIcon {
            strip: at.strip,
            index: at.index,
        });
    }
    s.icons.splice(at.index..at.index, icons);
    Ok(d)
}

/// Removes the icon at `at`.
pub fn remove(doc: &Doc, at: Pos) -> Result<Doc, EditError> {
    let mut d = doc.clone();
    let s = strip_mut(&mut d, at.strip)?;
    if at.index >= s.icons.len() {
        return Err(EditError::NoIcon {
            strip: at.strip,
            index: at.index,
        });
    }
    s.icons.remove(at.index);
    Ok(d)
}

/// Moves the icon at `from` so that it lands before the icon now at `to` (`to.index` may be
/// the strip's length: to the end), in the same or another strip.
pub fn move_icon(doc: &Doc, from: Pos, to: Pos) -> Result<Doc, EditError> {
    let icon = doc
        .strips
        .get(from.strip)
        .ok_or(EditError::NoStrip(from.strip))?
        .icons
        .get(from.index)
        .cloned()
        .ok_or(EditError::NoIcon {
            strip: from.strip,
            index: from.index,
        })?;
    let len = doc
        .strips
        .get(to.strip)
        .ok_or(EditError::NoStrip(to.strip))?
        .icons
        .len();
    if to.index > len {
        return Err(EditError::NoIcon {
            strip: to.strip,
            index: to.index,
        });
    }
    let mut d = remove(doc, from)?;
    let mut target = to;
    if to.strip == from.strip && to.index > from.index {
        target.index -= 1;
    }
    d.strips[target.strip].icons.insert(target.index, icon);
    Ok(d)
}

/// Sets one modifier of the icon at `at` (range-checked; generic icons refuse).
pub fn set_param(doc: &Doc, at: Pos, p: Param, v: i32) -> Result<Doc, EditError> {
    let mut d = doc.clone();
    let s = strip_mut(&mut d, at.strip)?;
    let icon = s.icons.get_mut(at.index).ok_or(EditError::NoIcon {
        strip: at.strip,
        index: at.index,
    })?;
    if icon.kind == Kind::Generic {
        return Err(EditError::Generic);
    }
    icon.set(p, v)?;
    Ok(d)
}

/// Adds an empty task strip with the lowest free number (it may be ≥ 10: [`check`](super::check()) says
/// so); returns the new document and the strip's index.
pub fn add_task(doc: &Doc) -> Result<(Doc, usize), EditError> {
    add_strip(doc, StripId::Task)
}

/// Adds an empty subroutine strip with the lowest free number (≥ 8 is reported by
/// [`check`](super::check())).
pub fn add_sub(doc: &Doc) -> Result<(Doc, usize), EditError> {
    add_strip(doc, StripId::Sub)
}

fn add_strip(doc: &Doc, make: fn(u8) -> StripId) -> Result<(Doc, usize), EditError> {
    let n = (0..=u8::MAX)
        .find(|&n| !doc.strips.iter().any(|s| s.id == make(n)))
        .ok_or(EditError::Full("strip"))?;
    let mut d = doc.clone();
    d.strips.push(Strip::new(make(n)));
    let i = d.strips.len() - 1;
    Ok((d, i))
}

/// Removes a whole strip.
pub fn remove_strip(doc: &Doc, strip: usize) -> Result<Doc, EditError> {
    let mut d = doc.clone();
    if strip >= d.strips.len() {
        return Err(EditError::NoStrip(strip));
    }
    d.strips.remove(strip);
    Ok(d)
}
