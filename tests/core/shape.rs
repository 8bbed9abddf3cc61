//! The shape of the code, kept by tests (issues 40 and 43):
//!
//! - no circle of files naming each other anywhere in `src/` (read from the code:
//!   `crate::…`, `super::…` and `self::…` paths, and every item of their `{…}` groups, each
//!   resolved to the file of the longest module it reaches; a module's own `mod.rs` may name
//!   the files below it, as it is their face; `#[cfg(test)] mod tests` blocks are left out),
//!   nor two files (or sub-folders) of one folder of `app`, `ui`, `grade`, `runner`, `sim`,
//!   `host` that name each other round and round;
//! - no file over 800 lines and no function over 120 in `src/app`, `src/ui`, `src/grade`,
//!   `src/runner`, `src/sim`, `src/world` and `src/trace` (a function as either reader
//!   below finds it: its braces, or rustfmt's indentation);
//! - the app and its panels hold no `cfg` for the platform and reach files, the link and
//!   the page only through the host (`src/host/`).

use crate::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn files_of(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for d in dirs {
        rust_files(&src().join(d), &mut files);
    }
    files.sort();
    assert!(files.len() > 5, "{files:?}");
    files
}

fn rel(p: &Path) -> String {
    p.strip_prefix(src().parent().unwrap())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

/// A file's product code: its lines without `//` comments, up to its `#[cfg(test)]`
/// module (tests may use what the product may not).
fn product_code(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .map(|l| l.split("//").next().unwrap_or("").to_string())
        .collect()
}

/// A line of the app names a platform `cfg` (any `cfg` but `cfg(test)`).
fn platform_cfg(line: &str) -> bool {
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let words: Vec<&str> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    let cfg = words.contains(&"cfg") || words.contains(&"cfg_attr");
    // `cfg(test)` alone is the tests' (a test module at a file's end).
    let only_test = squeezed.contains("cfg(test)") && !squeezed.contains("cfg(test,");
    (cfg && !only_test)
        || words.contains(&"target_arch")
        || squeezed.contains("feature=\"web\"")
        || squeezed.contains("feature=\"desktop\"")
}

#[test]
fn the_app_and_its_panels_hold_no_cfg_for_the_platform() {
    // The scanner itself.
    assert!(platform_cfg("#[cfg(target_arch = \"wasm32\")]"));
    assert!(platform_cfg("    if !cfg!(feature = \"desktop\") {"));
    assert!(platform_cfg("#[cfg(feature = \"web\")]"));
    assert!(platform_cfg(
        "#[cfg_attr(not(feature = \"web\"), allow(dead_code))]"
    ));
    assert!(!platform_cfg("#[cfg(test)]"));
    assert!(!platform_cfg("let configured = true;"));
    let mut found = Vec::new();
    for f in files_of(&["app", "ui"]) {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in product_code(&text).iter().enumerate() {
            if platform_cfg(line) {
                found.push(format!("{}:{}: {}", rel(&f), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a platform cfg in the app (the host says what the platform can do):\n{}",
        found.join("\n")
    );
}

/// What the app and the panels reach only through the host: the file system, threads,
/// processes, the environment, the link and the page.
const MACHINE: [&str; 17] = [
    "crate::link",
    "crate::web",
    "std::fs",
    "std::thread",
    "std::process",
    "std::env",
    "std::path::absolute",
    "sys_locale",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "tokio",
    ".exists()",
    ".is_dir()",
    ".is_file()",
    "read_dir(",
    "canonicalize(",
];

#[test]
fn the_app_and_its_panels_reach_files_the_link_and_the_page_only_through_the_host() {
    let mut found = Vec::new();
    for f in files_of(&["app", "ui"]) {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in product_code(&text).iter().enumerate() {
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            for m in MACHINE {
                if squeezed.contains(m) {
                    found.push(format!("{}:{}: {m}", rel(&f), i + 1));
                }
            }
            // `use crate::{link, …}` names them too.
            if squeezed.starts_with("usecrate::{")
                && (squeezed.contains("link") || squeezed.contains("web"))
            {
                found.push(format!("{}:{}: {}", rel(&f), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the app reaches the machine past the host (crate::host):\n{}",
        found.join("\n")
    );
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
    // And within each folder of the app's side and the core's, no two files (or
    // sub-folders) that name each other, round and round.
    let mut folders = Vec::new();
    for d in ["app", "ui", "grade", "runner", "sim", "host"] {
        let mut stack = vec![src().join(d)];
        while let Some(f) = stack.pop() {
            for e in std::fs::read_dir(&f).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                }
            }
            folders.push(f);
        }
    }
    let mut found = Vec::new();
    for folder in folders {
        let named = sibling_names(&folder);
        // A circle: a walk through the names back to where it began.
        for start in named.keys() {
            let mut seen = BTreeSet::new();
            let mut todo: Vec<&String> = named[start].iter().collect();
            while let Some(n) = todo.pop() {
                if n == start {
                    found.push(format!(
                        "{}: {start} names itself round a circle",
                        rel(&folder)
                    ));
                    break;
                }
                if seen.insert(n.clone()) {
                    todo.extend(named.get(n).into_iter().flatten());
                }
            }
        }
    }
    assert!(found.is_empty(), "file circles:\n{}", found.join("\n"));
}

/// Which sibling files (and sub-folders) of each folder a file names: `super::x`,
/// `crate::…::x` (a sub-folder's `mod.rs` through `super::super::x`).
fn sibling_names(folder: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut nodes: BTreeMap<String, PathBuf> = BTreeMap::new();
    for e in std::fs::read_dir(folder).unwrap() {
        let p = e.unwrap().path();
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        if p.is_dir() && p.join("mod.rs").exists() {
            nodes.insert(stem, p.join("mod.rs"));
        } else if p.extension().is_some_and(|x| x == "rs") && stem != "mod" {
            nodes.insert(stem, p);
        }
    }
    let module = folder
        .strip_prefix(src())
        .unwrap()
        .to_string_lossy()
        .replace(['/', '\\'], "::");
    let mut named: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (me, file) in &nodes {
        let code = product_code(&std::fs::read_to_string(file).unwrap()).join("\n");
        let up = match file.ends_with("mod.rs") {
            true => "super::super::",
            false => "super::",
        };
        for other in nodes.keys().filter(|o| *o != me) {
            let paths = [
                format!("{up}{other}::"),
                format!("{up}{other}}}"),
                format!("{up}{other};"),
                format!("crate::{module}::{other}"),
            ];
            let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
            let braced = squeezed.contains(&format!("{up}{{"))
                && squeezed.split(&format!("{up}{{")).skip(1).any(|g| {
                    g.split('}')
                        .next()
                        .unwrap_or("")
                        .split(',')
                        .any(|i| i == other.as_str() || i.starts_with(&format!("{other}::")))
                });
            if braced || paths.iter().any(|p| squeezed.contains(p.as_str())) {
                named.entry(me.clone()).or_default().insert(other.clone());
            }
        }
    }
    named
}

/// Files longer than this, in the guarded folders, are refused.
const MAX_FILE_LINES: usize = 800;
/// Functions longer than this (from the `fn` line to its closing brace) are refused.
const MAX_FN_LINES: usize = 120;

/// The text with string and character literals blanked (their braces do not count).
fn without_literals(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        // Raw strings: r"…", r#"…"#.
        if c == 'r' && i + 1 < b.len() && (b[i + 1] == '"' || b[i + 1] == '#') {
            let mut j = i + 1;
            let mut hashes = 0;
            while j < b.len() && b[j] == '#' {
                hashes += 1;
                j += 1;
            }
            if j < b.len() && b[j] == '"' && (i == 0 || !b[i - 1].is_alphanumeric()) {
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let rest: String = b[j + 1..].iter().collect();
                let end = rest
                    .find(&close)
                    .map_or(b.len(), |e| j + 1 + e + close.len());
                out.extend(
                    b[i..end]
                        .iter()
                        .map(|&c| if c == '\n' { '\n' } else { ' ' }),
                );
                i = end;
                continue;
            }
        }
        if c == '"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != '"' {
                j += if b[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            out.extend(
                b[i..end]
                    .iter()
                    .map(|&c| if c == '\n' { '\n' } else { ' ' }),
            );
            i = end;
            continue;
        }
        // A character literal ('{', '\n', '\''), not a lifetime ('a).
        if c == '\'' {
            let lit = if b.get(i + 1) == Some(&'\\') {
                (i + 3..(i + 12).min(b.len())).find(|&k| b[k] == '\'')
            } else {
                (b.get(i + 2) == Some(&'\'')).then_some(i + 2)
            };
            if let Some(end) = lit {
                out.extend(std::iter::repeat_n(' ', end + 1 - i));
                i = end + 1;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Every function of a file as its braces find it: (first line, lines from its `fn` to
/// its closing brace, name).
fn function_lengths(text: &str) -> Vec<(usize, usize, String)> {
    let code: Vec<String> = without_literals(text)
        .lines()
        .map(|l| l.split("//").next().unwrap_or("").to_string())
        .collect();
    let mut out = Vec::new();
    for (i, line) in code.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        let before_ok = words[..at]
            .iter()
            .all(|w| w.starts_with("pub") || ["const", "async", "unsafe", "extern"].contains(w));
        if !before_ok || at + 1 >= words.len() {
            continue;
        }
        let name: String = words[at + 1]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let (mut depth, mut opened) = (0i32, false);
        for (j, l) in code.iter().enumerate().skip(i) {
            for ch in l.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
            if opened && depth <= 0 {
                out.push((i + 1, j - i + 1, name.clone()));
                break;
            }
        }
    }
    out
}

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
fn no_file_over_800_lines_and_no_function_over_120_in_the_app_the_runner_and_the_core() {
    // The readers themselves: braces (literals blanked), and rustfmt's indentation.
    let s = "fn a() {\n    let c = '{';\n    let s = \"}}{\";\n}\nfn b<'x>(v: &'x str) {}\n";
    assert_eq!(
        function_lengths(s),
        vec![(1, 4, "a".to_string()), (5, 1, "b".to_string())]
    );
    let found = functions(
        "fn a() {\n    x;\n}\n\n    pub(crate) fn b(\n        y: u8,\n    ) {\n    }\nfn c();\n",
    );
    assert_eq!(
        found,
        [("a".to_string(), 1, 3), ("b".to_string(), 5, 4)],
        "{found:?}"
    );
    let mut too_long = BTreeSet::new();
    for f in files_of(&["app", "ui", "grade", "runner", "sim", "world", "trace"]) {
        let text = std::fs::read_to_string(&f).unwrap();
        let rel = rel(&f);
        let n = text.lines().count();
        if n > MAX_FILE_LINES {
            too_long.insert(format!("{rel}: {n} lines (at most {MAX_FILE_LINES})"));
        }
        let by_braces = function_lengths(&text)
            .into_iter()
            .map(|(at, n, name)| (name, at, n));
        for (name, at, n) in by_braces.chain(functions(&text)) {
            if n > MAX_FN_LINES {
                too_long.insert(format!(
                    "{rel}:{at}: fn {name} is {n} lines (at most {MAX_FN_LINES})"
                ));
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "split these (issues 40 and 43's bounds):\n{}",
        too_long.into_iter().collect::<Vec<_>>().join("\n")
    );
}
