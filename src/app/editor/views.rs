//! What the editor window draws, made from the document and the run on screen: each
//! strip's icons (captions, badges, wires, problems, the running ones lit) and each
//! icon's LASM with the running line lit, when the robot runs this very program.

use super::parts::{badge, caption, pairs, strip_title, IconView, LasmBlock, LasmLine, StripView};
use super::Editor;
use crate::app::program::LoadedProgram;
use crate::i18n::Lang;
use crate::rcx::Program;
use crate::sim::Snapshot;
use crate::trace::edit::{self, Pos, StripId};
use crate::vm::TaskState;

impl Editor {
    /// The strips as the window draws them: each icon's name, caption, problem, and
    /// whether it runs now (when the robot runs this very program).
    pub fn strips(
        &mut self,
        lang: Lang,
        shown: Option<&Snapshot>,
        program: Option<&LoadedProgram>,
    ) -> Vec<StripView> {
        let problems = self.problems();
        let lit = self.lit(shown, program);
        let states = self.states(lang, shown, program);
        let doc = &self.doc;
        doc.strips
            .iter()
            .enumerate()
            .map(|(s, strip)| {
                let title = strip_title(lang, strip.id);
                let pairs = pairs(&strip.icons);
                let icons = strip
                    .icons
                    .iter()
                    .enumerate()
                    .map(|(i, icon)| IconView {
                        kind: icon.kind,
                        name: format!(
                            "{title} #{} {}",
                            i + 1,
                            crate::i18n::core_text_in(lang, "icon", icon.kind.title())
                        ),
                        caption: caption(lang, icon),
                        badge: badge(icon),
                        label: icon.label_in(lang),
                        problem: problems
                            .iter()
                            .find(|p| p.strip == s && p.index == Some(i))
                            .map(|p| p.reason.words(lang)),
                        lit: lit.contains(&Pos::new(s, i)),
                        pair: pairs[i],
                    })
                    .collect();
                StripView {
                    help: match strip.id {
                        StripId::Task(0) => crate::tr!(lang, "app-editor-task-0-starts-when-you"),
                        StripId::Task(_) => crate::tr!(lang, "app-editor-a-task-a-task-split"),
                        StripId::Sub(_) => {
                            crate::tr!(lang, "app-editor-a-subroutine-a-subroutine-icon")
                        }
                    },
                    state: states.get(&strip.id).cloned(),
                    problem: problems
                        .iter()
                        .find(|p| p.strip == s && p.index.is_none())
                        .map(|p| p.reason.words(lang)),
                    title,
                    icons,
                }
            })
            .collect()
    }

    /// The generated program is the one the robot runs now.
    fn runs(&mut self, program: Option<&LoadedProgram>) -> bool {
        match (self.generated(), program) {
            // The bytecode decides (a file's label names may differ from the editor's).
            (Ok(g), Some(p)) => {
                g.program.tasks == p.program.tasks && g.program.subs == p.program.subs
            }
            _ => false,
        }
    }

    /// The icons running now (the tracer's lit VIs, found in the generated code).
    fn lit(&mut self, shown: Option<&Snapshot>, program: Option<&LoadedProgram>) -> Vec<Pos> {
        if !self.runs(program) {
            return Vec::new();
        }
        let Some(snap) = shown else {
            return Vec::new();
        };
        let Ok(g) = self.generated() else {
            return Vec::new();
        };
        snap.current_vi
            .values()
            .filter_map(|&v| snap.vis.get(v))
            .filter_map(|vi| {
                let id = match vi.sub {
                    Some(s) => StripId::Sub(s),
                    None => StripId::Task(vi.task),
                };
                // The tracer may count a task's header into its first icon: the first of
                // the VI's bytes that the generator gave to an icon decides.
                vi.ranges
                    .iter()
                    .flat_map(|&(a, b)| a..b)
                    .find_map(|pc| g.icon_at(id, pc))
            })
            .collect()
    }

    /// "running" / "waiting" per task strip while the robot runs this program.
    fn states(
        &mut self,
        lang: Lang,
        shown: Option<&Snapshot>,
        program: Option<&LoadedProgram>,
    ) -> std::collections::BTreeMap<StripId, String> {
        let mut out = std::collections::BTreeMap::new();
        if !self.runs(program) {
            return out;
        }
        if let Some(snap) = shown {
            for t in &snap.tasks {
                let word = match t.state {
                    TaskState::Running => crate::tr!(lang, "app-editor-running"),
                    TaskState::Waiting => crate::tr!(lang, "app-editor-waiting"),
                    _ => continue,
                };
                out.insert(StripId::Task(t.task), word.to_string());
            }
        }
        out
    }

    /// The LASM of each icon, the line each task runs now lit (when the robot runs this
    /// program); empty with the problems when the document cannot compile.
    pub fn lasm(
        &mut self,
        lang: Lang,
        snap: Option<&Snapshot>,
        loaded: Option<&LoadedProgram>,
    ) -> (Vec<LasmBlock>, Vec<String>) {
        let runs = self.runs(loaded);
        let lit = self.lit(snap, loaded);
        let selected = self.selected;
        let doc = self.doc.clone();
        // A program that cannot compile yet still shows each icon's code (no addresses).
        let (lasm, icons, program, problems) = match self.generated() {
            Ok(g) => (
                g.lasm.clone(),
                g.icons.clone(),
                Some(g.program.clone()),
                Vec::new(),
            ),
            Err(problems) => {
                let l = lang;
                let reasons = problems.iter().map(|p| p.reason.words(l)).collect();
                let (lasm, icons) = edit::lasm_preview(&doc);
                (lasm, icons, None, reasons)
            }
        };
        let lines: Vec<&str> = lasm.lines().collect();
        // Where each task is: its strip, its pc, and whether it waits. A waiting task's pc
        // is already past the instruction it waits in (`wait` ends its step), so that
        // instruction is the one that ends at the pc, not the one that starts there (the
        // next icon's first line).
        let running_pcs: Vec<(StripId, usize, bool)> = match (snap, runs) {
            (Some(s), true) => s
                .tasks
                .iter()
                .filter(|t| t.state != TaskState::Stopped)
                .map(|t| {
                    let id = t.sub.map_or(StripId::Task(t.task), StripId::Sub);
                    (id, usize::from(t.pc), t.state == TaskState::Waiting)
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut out = Vec::new();
        for (s, strip) in doc.strips.iter().enumerate() {
            let code = program.as_ref().and_then(|p| block_code(p, strip.id));
            let title = strip_title(lang, strip.id);
            for (i, icon) in strip.icons.iter().enumerate() {
                let Some(ic) = icons.get(s).and_then(|v| v.get(i)) else {
                    continue;
                };
                let mut addr = ic.bytes.start as usize;
                let mut block = Vec::new();
                for text in lines.get(ic.lines.clone()).unwrap_or_default() {
                    let t = text.trim();
                    let is_instr = !t.is_empty() && !t.ends_with(':') && !t.starts_with(';');
                    let mut running = false;
                    if is_instr {
                        let len = code
                            .and_then(|c| crate::rcx::decode_one(c, addr).ok())
                            .map_or(1, |ins| (ins.len as usize).max(1));
                        running = running_pcs.iter().any(|&(id, pc, waiting)| {
                            id == strip.id
                                && if waiting {
                                    addr + len == pc
                                } else {
                                    addr == pc
                                }
                        });
                        addr += len;
                    }
                    block.push(LasmLine {
                        text: text.to_string(),
                        running,
                    });
                }
                if block.is_empty() {
                    continue;
                }
                let at = Pos::new(s, i);
                out.push(LasmBlock {
                    title: crate::tr!(
                        lang,
                        "app-editor-icon-2",
                        title = title.to_string(),
                        i1 = (i + 1).to_string(),
                        label = icon.label_in(lang)
                    ),
                    selected: selected == Some(at),
                    lit: lit.contains(&at),
                    lines: block,
                });
            }
        }
        (out, problems)
    }
}

/// A task's or subroutine's code in a program.
fn block_code(p: &Program, id: StripId) -> Option<&[u8]> {
    match id {
        StripId::Task(t) => p.tasks.get(t as usize)?.as_deref(),
        StripId::Sub(s) => p.subs.get(s as usize)?.as_deref(),
    }
}
