//! The shape of the code, kept by tests (issue 40): no circle of files naming each other
//! anywhere in `src/`, and no file over 800 lines or function over 120 in the core's
//! `sim`, `world`, `grade` and `trace`.
//!
//! "Names" is read from the code: `crate::…`, `super::…` and `self::…` paths (and every item
//! of their `{…}` groups), each resolved to the file of the longest module it reaches. A
//! module's own `mod.rs` may name the files below it (it is their face); `#[cfg(test)] mod
//! tests` blocks are left out.

use crate::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The leading whitespace of a line.
fn indent(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// The module path of a file under `src/` (`sim/goal/mod.rs` → `sim::goal`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The paths a piece of code names after `root::` (`prefix`): one, or every item of a
/// `{…}` group. Returns how much of `code` it read.
fn paths_after(code: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let space = |s: &str| s.len() - s.trim_start_matches([' ', '\n', '\t', ',']).len();
    let mut segs = prefix;
    let mut i = space(code);
    loop {
        let id = ident(&code[i..]);
        if !id.is_empty() {
            i += id.len();
            segs.push(id);
            if code[i..].starts_with("::") {
                i += 2;
                continue;
            }
            out.push(segs);
            return i;
        }
        if code[i..].starts_with('{') {
            i += 1;
            loop {
                i += space(&code[i..]);
                if i >= code.len() || code[i..].starts_with('}') {
                    return (i + 1).min(code.len());
                }
                i += paths_after(&code[i..], segs.clone(), out).max(1);
            }
        }
        // `*`, or the end of the path.
        out.push(segs);
        return i + usize::from(code[i..].starts_with('*'));
    }
}

/// A file's code by the inline module it is in (`mod tests` blocks left out), comments cut.
fn code_by_inline_module(text: &str) -> BTreeMap<Vec<String>, String> {
    let mut out: BTreeMap<Vec<String>, String> = BTreeMap::new();
    let mut stack: Vec<(String, String)> = Vec::new();
    let mut skip: Option<String> = None;
    for line in text.lines() {
        if let Some(ind) = &skip {
            if line == format!("{ind}}}") {
                skip = None;
            }
            continue;
        }
        let code = line.split("//").next().unwrap_or("");
        let words: Vec<&str> = code.split_whitespace().collect();
        let opens = words.iter().position(|w| *w == "mod").and_then(|k| {
            (words.get(k + 2) == Some(&"{") && words[..k].iter().all(|w| w.starts_with("pub")))
                .then(|| words[k + 1].to_string())
        });
        if let Some(name) = opens {
            match name.as_str() {
                "tests" => skip = Some(indent(line).to_string()),
                _ => stack.push((indent(line).to_string(), name)),
            }
            continue;
        }
        if stack
            .last()
            .is_some_and(|(ind, _)| line == format!("{ind}}}"))
        {
            stack.pop();
            continue;
        }
        let inline: Vec<String> = stack.iter().map(|(_, n)| n.clone()).collect();
        let t = out.entry(inline).or_default();
        t.push_str(code);
        t.push('\n');
    }
    out
}

/// Which files each file under `src/` names (see the module's text).
fn file_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut modules: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap();
        if rel != Path::new("main.rs") {
            modules.insert(module_of(rel), rel.display().to_string());
        }
    }
    let mut graph = BTreeMap::new();
    for (module, rel) in &modules {
        let text = std::fs::read_to_string(root.join(rel)).unwrap();
        let face = rel.ends_with("mod.rs") || rel == "lib.rs";
        let dir = Path::new(rel).parent().unwrap().display().to_string();
        let mut named = BTreeSet::new();
        for (inline, code) in code_by_inline_module(&text) {
            let here: Vec<String> = module.iter().chain(&inline).cloned().collect();
            for (at, c) in code.char_indices() {
                let before = code[..at].chars().next_back();
                if !matches!(c, 'c' | 's')
                    || before.is_some_and(|b| b.is_alphanumeric() || b == '_' || b == ':')
                {
                    continue;
                }
                let rest = &code[at..];
                let supers = rest.len() - rest.trim_start_matches("super::").len();
                let (base, len) = if rest.starts_with("crate::") {
                    (Vec::new(), 7)
                } else if rest.starts_with("self::") {
                    (here.clone(), 6)
                } else if supers > 0 {
                    (
                        here[..here.len().saturating_sub(supers / 7)].to_vec(),
                        supers,
                    )
                } else {
                    continue;
                };
                let mut paths = Vec::new();
                paths_after(&rest[len..], base, &mut paths);
                for p in paths {
                    let Some(target) = (0..=p.len()).rev().find_map(|k| modules.get(&p[..k]))
                    else {
                        continue;
                    };
                    let below = rel == "lib.rs" || target.starts_with(&format!("{dir}/"));
                    if target != rel && !(face && below) {
                        named.insert(target.clone());
                    }
                }
            }
        }
        graph.insert(rel.clone(), named);
    }
    graph
}

/// The circles of a graph: its strongly connected parts of more than one file.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Files reaching each other both ways are in one circle.
    let reach = |from: &String| {
        let mut seen: BTreeSet<&String> = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(f) = todo.pop() {
            for n in graph.get(f).into_iter().flatten() {
                if seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<&String>> =
        graph.keys().map(|f| (f, reach(f))).collect();
    let mut done: BTreeSet<&String> = BTreeSet::new();
    let mut out = Vec::new();
    for f in graph.keys() {
        if done.contains(f) || !reached[f].contains(f) {
            continue;
        }
        let circle: Vec<String> = reached[f]
            .iter()
            .filter(|g| reached[*g].contains(f))
            .map(|g| g.to_string())
            .collect();
        done.extend(reached[f].iter().filter(|g| reached[*g].contains(f)));
        if circle.len() > 1 {
            out.push(circle);
        }
    }
    out
}

#[test]
fn no_files_name_each_other_in_a_circle() {
    // The reader itself: groups, `super` from a file and from an inline module.
    let mut paths = Vec::new();
    paths_after("{a::{b, c}, d::E};", vec!["x".into()], &mut paths);
    assert_eq!(
        paths,
        [
            vec!["x", "a", "b"],
            vec!["x", "a", "c"],
            vec!["x", "d", "E"]
        ]
    );
    let by = code_by_inline_module(
        "use a;\nmod m {\n    use b;\n}\n#[cfg(test)]\nmod tests {\n    use c;\n}\n",
    );
    assert_eq!(by.len(), 2, "{by:?}");
    assert!(!by.values().any(|c| c.contains("use c")));
    let graph = file_graph();
    assert!(
        graph["sim/record.rs"].contains("sim/mod.rs"),
        "{:?}",
        graph["sim/record.rs"]
    );
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "files that name each other in a circle (one must stop naming the other):\n{}",
        found
            .iter()
            .map(|c| c.join(" → "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Files longer than this, in the guarded folders, are refused.
const MAX_FILE_LINES: usize = 800;
/// Functions longer than this (from the `fn` line to its closing brace) are refused.
const MAX_FN_LINES: usize = 120;

/// Every function of `text` as (name, first line, lines): a line that starts (after its
/// indentation and any `pub`, `const`, `async`, `unsafe`) with `fn NAME`, to the first line
/// after it that is its indentation and `}` (rustfmt's layout). A signature that ends in `;`
/// (a trait's declaration) has no body.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let ind = indent(line);
        let mut rest = line.trim_start();
        for word in [
            "pub(crate) ",
            "pub(super) ",
            "pub ",
            "const ",
            "async ",
            "unsafe ",
        ] {
            rest = rest.strip_prefix(word).unwrap_or(rest);
        }
        let Some(after) = rest.strip_prefix("fn ") else {
            continue;
        };
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{ind}}}");
        for (j, l) in lines.iter().enumerate().skip(i) {
            if j == i && l.trim_end().ends_with(';') {
                break;
            }
            if j > i && l.trim_end() == close {
                out.push((name.clone(), i + 1, j - i + 1));
                break;
            }
            if j > i && indent(l).len() < ind.len() && !l.trim().is_empty() {
                // A signature spread over lines ending in `;`: no body.
                break;
            }
        }
    }
    out
}

#[test]
fn no_core_file_is_over_800_lines_and_no_core_function_over_120() {
    // The reader itself.
    let found = functions(
        "fn a() {\n    x;\n}\n\n    pub(crate) fn b(\n        y: u8,\n    ) {\n    }\nfn c();\n",
    );
    assert_eq!(
        found,
        [("a".to_string(), 1, 3), ("b".to_string(), 5, 4)],
        "{found:?}"
    );
    let mut too_long = Vec::new();
    for dir in ["sim", "world", "grade", "trace"] {
        let mut files = Vec::new();
        rust_files(&src().join(dir), &mut files);
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let rel = f.strip_prefix(src()).unwrap().display().to_string();
            let n = text.lines().count();
            if n > MAX_FILE_LINES {
                too_long.push(format!("{rel}: {n} lines (at most {MAX_FILE_LINES})"));
            }
            for (name, at, n) in functions(&text) {
                if n > MAX_FN_LINES {
                    too_long.push(format!(
                        "{rel}:{at}: fn {name} is {n} lines (at most {MAX_FN_LINES})"
                    ));
                }
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "split these (issue 40's bounds):\n{}",
        too_long.join("\n")
    );
}
