//! Opening a program as icons. The tracer cuts each block's code into VIs; each VI's
//! instructions are read back into an icon with its modifiers when they are exactly what
//! the generator writes for it, else into a generic icon holding the bytes. Then the
//! document is generated and compared with the program, block by block: the icon where the
//! bytes first differ (and the icons of its structure) becomes generic, until every block
//! is byte-identical — so opening never loses code, whatever wrote it.

use super::compile::generate;
use super::gen::prologue;
use super::{check, Doc, Icon, Kind, Param, Strip, StripId};
use crate::rcx::opcode as op;
use crate::rcx::{decode_one, Instr, Program};
use crate::trace::{recognise, Vi, ViKind};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

mod icon;
use icon::recognise_icon;

/// One strip while it is read: its icons with the bytes each came from.
struct Reading {
    strip: Strip,
    /// Per icon: the original bytes it stands for (empty for markers and folded jumps).
    orig: Vec<Range<u16>>,
    /// The prologue as found ([start, end) bytes; the generator's if `header`).
    prologue: Range<u16>,
    /// The block's code.
    code: Vec<u8>,
    /// The prologue's instructions as found.
    found: Vec<(u8, Vec<i32>)>,
}

pub(super) fn from_program(program: &Program) -> Doc {
    let vis = recognise(program);
    let mut readings = Vec::new();
    let blocks = program
        .tasks
        .iter()
        .enumerate()
        .map(|(n, c)| (StripId::Task(n as u8), c))
        .chain(
            program
                .subs
                .iter()
                .enumerate()
                .map(|(n, c)| (StripId::Sub(n as u8), c)),
        );
    for (id, code) in blocks {
        let Some(code) = code else { continue };
        let mine: Vec<&Vi> = vis
            .iter()
            .filter(|v| match id {
                StripId::Task(t) => v.sub.is_none() && v.task == t,
                StripId::Sub(s) => v.sub == Some(s),
            })
            .collect();
        readings.push(read_block(id, code, &mine, program));
    }
    settle(readings)
}

/// Decodes a block front to back; the bytes after the last decodable instruction are left.
fn decode_all(code: &[u8]) -> (Vec<Instr>, usize) {
    let mut out = Vec::new();
    let mut addr = 0;
    while addr < code.len() {
        match decode_one(code, addr) {
            Ok(i) => {
                addr += i.len as usize;
                out.push(i);
            }
            Err(_) => break,
        }
    }
    (out, addr)
}

/// (opcode, fields) of an instruction, for comparing with what the generator writes.
fn shape(i: &Instr) -> (u8, Vec<i32>) {
    (i.op, i.fields().to_vec())
}

/// The prologue a block starts with: ROBOLAB's task header, then `sent`/`senm` pairs as
/// the generator writes them. Returns the number of instructions.
fn find_prologue(id: StripId, is: &[Instr]) -> usize {
    let mut p = 0;
    if let StripId::Task(_) = id {
        let header = is.len() >= 2
            && shape(&is[0]) == (op::TMRZ, vec![3])
            && shape(&is[1]) == (op::SET, vec![24, 9, 2, 1]);
        if !header {
            return 0;
        }
        p = 2;
    }
    while let (Some(t), Some(m)) = (is.get(p), is.get(p + 1)) {
        let (tf, mf) = (t.fields(), m.fields());
        let ok = t.op == op::SENT
            && m.op == op::SENM
            && tf[0] == mf[0]
            && mf[2] == 0
            && matches!((tf[1], mf[1]), (1, 1) | (3, 4) | (4, 7));
        if !ok {
            break;
        }
        p += 2;
    }
    p
}

/// What a piece of code reads as, before lands and merges are placed.
struct Item {
    icon: Icon,
    bytes: Range<u16>,
    /// Where a jump goes (its land's address).
    jump_to: Option<u16>,
    /// A fork's second-branch address; a second-branch marker's merge address.
    fork_to: Option<u16>,
    /// A wait's exit went to a land: the jump that follows it.
    folded_to: Option<u16>,
}

impl Item {
    fn plain(icon: Icon, bytes: Range<u16>) -> Item {
        Item {
            icon,
            bytes,
            jump_to: None,
            fork_to: None,
            folded_to: None,
        }
    }
}

fn read_block(id: StripId, code: &[u8], vis: &[&Vi], program: &Program) -> Reading {
    let (is, end) = decode_all(code);
    let p = find_prologue(id, &is);
    let pro_end = is.get(p).map(|i| i.addr).unwrap_or(end as u16);
    let found: Vec<(u8, Vec<i32>)> = is[..p].iter().map(shape).collect();
    let items = items_of(code, &is, p, end, vis);
    let (lands, numbers) = land_numbers(id, &items, program);
    let label_of = |a: u16| numbers.get(&a).copied().unwrap_or(1);
    // Place the icons, with merges and lands before the code at their address.
    // A task without ROBOLAB's header has no prologue; a sub's may be empty.
    let mut strip = Strip {
        id,
        header: p > 0 || matches!(id, StripId::Sub(_)),
        icons: Vec::new(),
    };
    let mut orig: Vec<Range<u16>> = Vec::new();
    // Merges by address: (index of their fork, whether the second-branch marker goes
    // with it because the fork's second branch is empty and wrote no jump).
    let mut merges: BTreeMap<u16, Vec<(usize, bool)>> = BTreeMap::new();
    // Forks by their second-branch address: (index of the fork in the icons, branched?).
    let mut forks: BTreeMap<u16, Vec<(usize, bool)>> = BTreeMap::new();
    let mut placed_lands: BTreeSet<u16> = BTreeSet::new();
    let mut place_markers =
        |at: u16,
         strip: &mut Strip,
         orig: &mut Vec<Range<u16>>,
         merges: &mut BTreeMap<u16, Vec<(usize, bool)>>,
         forks: &mut BTreeMap<u16, Vec<(usize, bool)>>| {
            // A fork whose second branch is empty merges at its branch address.
            if let Some(list) = forks.remove(&at) {
                for (f, branched) in list {
                    if !branched {
                        merges.entry(at).or_default().push((f, true));
                    }
                }
            }
            if let Some(mut list) = merges.remove(&at) {
                // Inner forks (read later) close first.
                list.sort_by_key(|b| std::cmp::Reverse(b.0));
                for (_, with_branch) in list {
                    if with_branch {
                        strip.icons.push(Icon::new(Kind::ForkBranch));
                        orig.push(at..at);
                    }
                    strip.icons.push(Icon::new(Kind::ForkMerge));
                    orig.push(at..at);
                }
            }
            if lands.contains(&at) && placed_lands.insert(at) {
                let icon = Icon::new(Kind::Land)
                    .with(Param::Label, label_of(at))
                    .unwrap_or_else(|_| Icon::new(Kind::Land));
                strip.icons.push(icon);
                orig.push(at..at);
            }
        };
    for it in items {
        place_markers(
            it.bytes.start,
            &mut strip,
            &mut orig,
            &mut merges,
            &mut forks,
        );
        let n = strip.icons.len();
        match it.icon.kind {
            k if k.is_fork() => {
                if let Some(b) = it.fork_to {
                    forks.entry(b).or_default().push((n, false));
                }
            }
            Kind::ForkBranch => {
                // The innermost open fork whose second branch starts right here.
                let fork = forks
                    .get_mut(&it.bytes.end)
                    .and_then(|list| list.last_mut());
                if let (Some(last), Some(m)) = (fork, it.fork_to) {
                    last.1 = true;
                    merges.entry(m).or_default().push((last.0, false));
                }
            }
            _ => {}
        }
        let mut icon = it.icon;
        if let Some(a) = it.jump_to {
            icon = icon
                .with(Param::Label, label_of(a))
                .unwrap_or(icon_generic(code, &it.bytes));
        }
        strip.icons.push(icon);
        orig.push(it.bytes.clone());
        if let Some(a) = it.folded_to {
            let jump = Icon::new(Kind::Jump)
                .with(Param::Label, label_of(a))
                .unwrap_or_else(|_| Icon::new(Kind::Jump));
            strip.icons.push(jump);
            orig.push(it.bytes.end..it.bytes.end);
        }
    }
    place_markers(
        code.len() as u16,
        &mut strip,
        &mut orig,
        &mut merges,
        &mut forks,
    );
    forever_loops(&mut strip, &mut orig);
    Reading {
        strip,
        orig,
        prologue: 0..pro_end,
        code: code.to_vec(),
        found,
    }
}

/// The block's icons from its prologue's end `p` on, read segment by segment (each the
/// instructions of one VI), and its undecodable tail from `end` as one generic icon.
fn items_of(code: &[u8], is: &[Instr], p: usize, end: usize, vis: &[&Vi]) -> Vec<Item> {
    // The VI owning each instruction.
    let mut owners: std::collections::HashMap<u16, usize> = std::collections::HashMap::new();
    for (n, v) in vis.iter().enumerate() {
        for &(s, e) in &v.ranges {
            for a in s..e {
                owners.entry(a).or_insert(n);
            }
        }
    }
    let owner = |i: &Instr| owners.get(&i.addr).copied();
    let mut items: Vec<Item> = Vec::new();
    let mut k = p;
    while k < is.len() {
        let o = owner(&is[k]);
        let mut j = k + 1;
        while j < is.len() && o.is_some() && owner(&is[j]) == o {
            j += 1;
        }
        let kind = o
            .map(|o| vis[o])
            .map(|v| (v.kind, v.params.threshold.is_some()));
        read_segment(code, &is[k..j], kind, &mut items);
        k = j;
    }
    if end < code.len() {
        items.push(Item::plain(
            Icon::generic(code[end..].to_vec()),
            end as u16..code.len() as u16,
        ));
    }
    items
}

/// Lands: every jump's target, numbered by the program's `LandN` label there if any, else
/// by the lowest number not taken.
fn land_numbers(
    id: StripId,
    items: &[Item],
    program: &Program,
) -> (BTreeSet<u16>, BTreeMap<u16, i32>) {
    let lands: BTreeSet<u16> = items
        .iter()
        .filter_map(|it| it.jump_to.or(it.folded_to))
        .collect();
    let sub = matches!(id, StripId::Sub(_));
    let index = match id {
        StripId::Task(n) | StripId::Sub(n) => n,
    };
    let mut numbers: BTreeMap<u16, i32> = BTreeMap::new();
    for &a in &lands {
        let named = program
            .labels
            .iter()
            .filter(|l| l.sub == sub && l.index == index && l.addr == a)
            .find_map(|l| l.name.strip_prefix("Land")?.parse::<i32>().ok())
            .filter(|n| Param::Label.range().contains(n))
            .filter(|n| !numbers.values().any(|x| x == n));
        if let Some(n) = named {
            numbers.insert(a, n);
        }
    }
    for &a in &lands {
        if !numbers.contains_key(&a) {
            let n = (1..)
                .find(|n| !numbers.values().any(|x| x == n))
                .unwrap_or(1);
            numbers.insert(a, n);
        }
    }
    (lands, numbers)
}

fn icon_generic(code: &[u8], r: &Range<u16>) -> Icon {
    Icon::generic(
        code.get(r.start as usize..r.end as usize)
            .unwrap_or_default()
            .to_vec(),
    )
}

/// Jumps back to a land (not a wait's exit), each closing what it jumps over, are forever
/// loops: `L: … jmpl L`. Several back to one land are nested forever loops; a land that
/// other jumps still need stays, with the loops right after it.
fn forever_loops(strip: &mut Strip, orig: &mut Vec<Range<u16>>) {
    let icons = &mut strip.icons;
    // A wait's exit jump has no code of its own.
    let folded = |orig: &[Range<u16>], j: usize| orig[j].is_empty();
    for i in (0..icons.len()).rev() {
        if icons[i].kind != Kind::Land {
            continue;
        }
        let l = icons[i].get(Param::Label);
        let refs: Vec<usize> = (0..icons.len())
            .filter(|&j| icons[j].kind == Kind::Jump && icons[j].get(Param::Label) == l)
            .collect();
        let backs: Vec<usize> = refs
            .iter()
            .copied()
            .filter(|&j| j > i && !folded(orig, j))
            .collect();
        if backs.is_empty() {
            continue;
        }
        let mut from = i + 1;
        let nested = backs.iter().all(|&j| {
            let ok = balanced(&icons[from..j]);
            from = j + 1;
            ok
        });
        if !nested {
            continue;
        }
        for &j in &backs {
            icons[j] = Icon::new(Kind::LoopEnd);
        }
        let heads = vec![Icon::new(Kind::LoopForever); backs.len()];
        let at = vec![orig[i].clone(); backs.len()];
        if refs.len() == backs.len() {
            icons.splice(i..=i, heads);
            orig.splice(i..=i, at);
        } else {
            icons.splice(i + 1..i + 1, heads);
            orig.splice(i + 1..i + 1, at);
        }
    }
}

/// The waits that end in a check (and so can exit straight to a land).
pub(super) fn is_check_wait(k: Kind) -> bool {
    matches!(
        k,
        Kind::WaitPush
            | Kind::WaitLetgo
            | Kind::WaitDark
            | Kind::WaitLight
            | Kind::WaitDarker
            | Kind::WaitLighter
            | Kind::WaitRotation
    )
}

/// True when every structure opened in `icons` closes in it, and none closes there that
/// opened before.
fn balanced(icons: &[Icon]) -> bool {
    let mut depth: Vec<Kind> = Vec::new();
    for i in icons {
        match i.kind {
            k if k.opens() => depth.push(k),
            Kind::LoopEnd if !depth.pop().is_some_and(|k| k.is_loop()) => return false,
            Kind::ForkBranch if !depth.last().is_some_and(|k| k.is_fork()) => return false,
            Kind::ForkMerge if !depth.pop().is_some_and(|k| k.is_fork()) => return false,
            _ => {}
        }
    }
    depth.is_empty()
}

/// Reads one VI's instructions into items (an icon, or a generic icon).
fn read_segment(code: &[u8], is: &[Instr], vi: Option<(ViKind, bool)>, items: &mut Vec<Item>) {
    let bytes = is.first().map(|i| i.addr).unwrap_or(0)..is.last().map(|i| i.next()).unwrap_or(0);
    let it = match recognise_icon(is, vi) {
        Some(it) => Item { bytes, ..it },
        None => Item::plain(icon_generic(code, &bytes), bytes),
    };
    items.push(it);
}

/// One icon from its exact code, if the generator writes it so.
/// Generates, compares with the program and turns the first differing icon (and its
/// structure) into generic code, until every block is byte-identical.
fn settle(mut rs: Vec<Reading>) -> Doc {
    // Each round makes at least one icon generic (or drops a prologue): bounded.
    let limit = rs.iter().map(|r| r.strip.icons.len() + 2).sum::<usize>() + 2;
    for _ in 0..limit {
        for r in rs.iter_mut() {
            decide_header(r);
        }
        let doc = Doc {
            strips: rs.iter().map(|r| r.strip.clone()).collect(),
        };
        let problems = check(&doc);
        if let Some(p) = problems.first() {
            match p.index {
                Some(i) => genericise(&mut rs[p.strip], i),
                // A strip-level problem cannot come from a program's blocks.
                None => break,
            }
            continue;
        }
        let Ok(g) = generate(&doc) else { break };
        let mut fixed = false;
        for (si, r) in rs.iter_mut().enumerate() {
            let got = match r.strip.id {
                StripId::Task(n) => g.program.tasks[n as usize].as_deref(),
                StripId::Sub(n) => g.program.subs[n as usize].as_deref(),
            }
            .unwrap_or_default();
            if got == r.code.as_slice() {
                continue;
            }
            let at = got
                .iter()
                .zip(r.code.iter())
                .position(|(a, b)| a != b)
                .unwrap_or(got.len().min(r.code.len())) as u16;
            let codes = &g.icons[si];
            if r.strip.header && at < r.prologue.end {
                drop_header(r);
            } else {
                // The icon whose code holds the first difference, else the last before it.
                let i = codes
                    .iter()
                    .position(|c| c.bytes.contains(&at))
                    .or_else(|| {
                        codes
                            .iter()
                            .rposition(|c| c.bytes.start <= at && !c.bytes.is_empty())
                    })
                    .or_else(|| codes.iter().position(|c| c.bytes.start >= at));
                match i {
                    Some(i) if r.strip.icons[i].kind != Kind::Generic => genericise(r, i),
                    _ => everything_generic(r),
                }
            }
            fixed = true;
            break;
        }
        if !fixed {
            return doc;
        }
    }
    // Could not settle: every block as one generic icon (always byte-identical).
    for r in rs.iter_mut() {
        everything_generic(r);
    }
    Doc {
        strips: rs.into_iter().map(|r| r.strip).collect(),
    }
}

/// Keeps the header while the prologue found is exactly the one the icons need.
fn decide_header(r: &mut Reading) {
    if !r.strip.header {
        return;
    }
    let mut want = r.strip.clone();
    want.header = true;
    if prologue(&want) != r.found {
        drop_header(r);
    }
}

/// The block's prologue is not the generator's: it becomes generic code at the start.
fn drop_header(r: &mut Reading) {
    if !r.strip.header {
        return;
    }
    r.strip.header = false;
    if !r.prologue.is_empty() {
        let code = r.code[r.prologue.start as usize..r.prologue.end as usize].to_vec();
        r.strip.icons.insert(0, Icon::generic(code));
        r.orig.insert(0, r.prologue.clone());
    }
}

fn everything_generic(r: &mut Reading) {
    r.strip.header = false;
    r.strip.icons = if r.code.is_empty() {
        Vec::new()
    } else {
        vec![Icon::generic(r.code.clone())]
    };
    r.orig = r
        .strip
        .icons
        .iter()
        .map(|_| 0..r.code.len() as u16)
        .collect();
}

/// Turns icon `i` into generic code, with the icons of its structure (a loop's end, a
/// fork's second branch and merge, a wait's folded jump).
fn genericise(r: &mut Reading, i: usize) {
    let icons = &r.strip.icons;
    let Some(icon) = icons.get(i) else { return };
    let mut group = vec![i];
    match icon.kind {
        k if k.opens() => group.extend(partners(icons, i)),
        Kind::LoopEnd | Kind::ForkBranch | Kind::ForkMerge => {
            if let Some(h) = opener(icons, i) {
                group.push(h);
                group.extend(partners(icons, h));
            }
        }
        Kind::Jump if r.orig[i].is_empty() && i > 0 => group.push(i - 1),
        k if is_check_wait(k)
            && icons.get(i + 1).is_some_and(|j| j.kind == Kind::Jump)
            && r.orig.get(i + 1).is_some_and(|o| o.is_empty()) =>
        {
            group.push(i + 1)
        }
        _ => {}
    }
    group.sort_unstable();
    group.dedup();
    for &g in group.iter().rev() {
        let bytes = r.orig[g].clone();
        if bytes.is_empty() {
            r.strip.icons.remove(g);
            r.orig.remove(g);
        } else {
            r.strip.icons[g] = icon_generic(&r.code, &bytes);
        }
    }
}

/// The closing icons of the structure opened at `h`.
fn partners(icons: &[Icon], h: usize) -> Vec<usize> {
    let mut depth = 0;
    let mut out = Vec::new();
    for (n, x) in icons.iter().enumerate().skip(h + 1) {
        match x.kind {
            k if k.opens() => depth += 1,
            Kind::ForkBranch if depth == 0 => out.push(n),
            Kind::LoopEnd | Kind::ForkMerge if depth == 0 => {
                out.push(n);
                return out;
            }
            Kind::LoopEnd | Kind::ForkMerge => depth -= 1,
            _ => {}
        }
    }
    out
}

/// The head of the structure that the closing icon at `c` closes.
fn opener(icons: &[Icon], c: usize) -> Option<usize> {
    let mut depth = 0;
    for n in (0..c).rev() {
        match icons[n].kind {
            Kind::LoopEnd | Kind::ForkMerge => depth += 1,
            k if k.opens() && depth == 0 => return Some(n),
            k if k.opens() => depth -= 1,
            _ => {}
        }
    }
    None
}
