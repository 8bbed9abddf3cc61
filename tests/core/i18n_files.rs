//! The translation layer's files (issue 34): every language has exactly English's keys and
//! parses, and each of its messages takes exactly the placeholders English's does; every
//! key the code names exists; and no text shown by the app's code bypasses the layer.

use crate::rust_files;
use lurobotsim::i18n::{self, Lang, ALL};
use std::path::{Path, PathBuf};

/// The product code of the app's files (`src/ui`, `src/app`): each file up to its
/// `#[cfg(test)]` module.
fn app_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("ui"), &mut files);
    rust_files(&root.join("app"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let code = match text.find("#[cfg(test)]") {
                Some(i) => text[..i].to_string(),
                None => text,
            };
            (p, code)
        })
        .collect()
}

#[test]
fn every_language_has_exactly_the_keys_english_has_and_parses() {
    let english = i18n::keys(Lang::En);
    assert!(english.len() > 400, "English has its keys");
    let mut problems = Vec::new();
    for lang in ALL {
        problems.extend(i18n::parse_errors(lang));
        let keys = i18n::keys(lang);
        for k in english.iter().filter(|k| !keys.contains(k)) {
            problems.push(format!("{}.ftl lacks {k}", lang.code()));
        }
        for k in keys.iter().filter(|k| !english.contains(k)) {
            problems.push(format!("{}.ftl has {k}, which en.ftl lacks", lang.code()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every message of a language file (`key = …` and its indented lines) and the
/// placeholders (`{ $name }`) it uses anywhere, selectors and variants included (a `$`
/// outside braces is text: `sudo usermod -aG dialout $USER`).
fn placeholders(
    text: &str,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut out = std::collections::BTreeMap::new();
    let mut current: Option<String> = None;
    let mut depth = 0i32;
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(char::is_whitespace) {
            current = line
                .split_once('=')
                .map(|(key, _)| key.trim().to_string())
                .filter(|k| !k.is_empty() && !k.starts_with('-'));
        }
        let Some(key) = &current else {
            continue;
        };
        let names: &mut std::collections::BTreeSet<String> = out.entry(key.clone()).or_default();
        if !line.starts_with(char::is_whitespace) {
            depth = 0;
        }
        for (i, c) in line.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                '$' if depth > 0 => {
                    let name: String = line[i + 1..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
                        .collect();
                    if !name.is_empty() {
                        names.insert(name);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_message_takes_the_placeholders_english_takes_in_every_language() {
    let file = |code: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/i18n")
            .join(format!("{code}.ftl"));
        placeholders(&std::fs::read_to_string(path).unwrap())
    };
    // The reader itself: a selector's variable and a variant's count.
    let read = placeholders(
        "a = { $n ->\n    [one] one\n   *[other] { $n } of { $total }\n}\nb = plain $USER\n",
    );
    assert_eq!(read["a"].iter().collect::<Vec<_>>(), ["n", "total"]);
    assert!(read["b"].is_empty(), "a $ outside braces is text");
    let english = file("en");
    assert!(english.values().filter(|p| !p.is_empty()).count() > 50);
    let mut problems = Vec::new();
    for lang in ALL.into_iter().filter(|l| *l != Lang::En) {
        for (key, theirs) in file(lang.code()) {
            let Some(ours) = english.get(&key) else {
                continue;
            };
            if &theirs != ours {
                problems.push(format!(
                    "{}.ftl {key}: takes {theirs:?}, English takes {ours:?}",
                    lang.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_file_that_does_not_parse_is_reported() {
    // The check above would see a broken file: the parser's errors are kept, not dropped.
    let broken = "ok = fine\nbroken = { $x\n";
    let errors = match fluent_bundle::FluentResource::try_new(broken.to_string()) {
        Ok(_) => Vec::new(),
        Err((_, e)) => e,
    };
    assert!(!errors.is_empty());
}

/// The arguments of a call, split at its top-level commas (strings and brackets skipped).
fn top_level_args(args: &str) -> Vec<&str> {
    let bytes = args.as_bytes();
    let (mut depth, mut in_str, mut start, mut out) = (0i32, false, 0, Vec::new());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'(' | b'[' | b'{' if !in_str => depth += 1,
            b')' | b']' | b'}' if !in_str => depth -= 1,
            b',' if !in_str && depth == 0 => {
                out.push(args[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if !args[start..].trim().is_empty() {
        out.push(args[start..].trim());
    }
    out
}

/// Each `tr!(lang, "key", name = value, …)` of `code`: its key literal and the names of
/// the placeholders it fills (a key given as a constant is left out).
fn tr_calls(code: &str) -> Vec<(String, Vec<String>)> {
    let mut calls = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("tr!(") {
        let open = from + i + "tr!(".len();
        from = open;
        let args = top_level_args(call_args(code, open));
        let Some(key) = args
            .get(1)
            .and_then(|k| k.strip_prefix('"')?.strip_suffix('"'))
        else {
            continue;
        };
        let names = args[2..]
            .iter()
            .filter_map(|a| a.split_once('=').map(|(n, _)| n.trim().to_string()))
            .collect();
        calls.push((key.to_string(), names));
    }
    calls
}

/// The string literals of `code` that are the key of a `tr!(lang, "key", …)`.
fn keys_after(code: &str) -> Vec<String> {
    tr_calls(code).into_iter().map(|(k, _)| k).collect()
}

#[test]
fn every_key_the_app_names_is_in_english() {
    let english = i18n::keys(Lang::En);
    let mut missing = Vec::new();
    for (path, code) in app_sources() {
        // `tr!(lang, "key")` and the keys kept as constants or tables (`pub const RUN: &str
        // = "main-run"`, the help's sections): every literal shaped like a key of a panel.
        let mut named = keys_after(&code);
        for lit in code.split('"').skip(1).step_by(2) {
            let panel = lit.split('-').next().unwrap_or("");
            let is_key = lit.contains('-')
                && lit
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && english.iter().any(|k| k.starts_with(&format!("{panel}-")));
            if is_key {
                named.push(lit.to_string());
            }
        }
        for k in named {
            if !english.contains(&k) {
                missing.push(format!("{}: {k}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys not in en.ftl:\n{}",
        missing.join("\n")
    );
}

/// Every source file of the crate, its comments left out (a doc's example is not a call).
fn all_sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let code: Vec<&str> = (text.lines())
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            (p, code.join("\n"))
        })
        .collect()
}

/// A `tr!` that fills a placeholder English's message does not take (a misspelt name:
/// the value is dropped), or leaves out one it takes (the text shows `{$name}`), fails.
#[test]
fn every_tr_fills_exactly_the_placeholders_of_its_english_message() {
    let english = placeholders(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/i18n/en.ftl"))
            .unwrap(),
    );
    // The reader itself: the language first, then the key, then the placeholders.
    let read = tr_calls(r#"x(tr!(lang, "a-b", n = f(1, 2), t = "x,y")); tr!(l, KEY)"#);
    assert_eq!(
        read,
        [("a-b".to_string(), vec!["n".to_string(), "t".to_string()])]
    );
    let mut problems = Vec::new();
    let mut calls = 0;
    for (path, code) in all_sources() {
        for (key, given) in tr_calls(&code) {
            let Some(takes) = english.get(&key) else {
                continue; // every_key_the_app_names_is_in_english names it
            };
            calls += 1;
            let given: std::collections::BTreeSet<String> = given.into_iter().collect();
            if &given != takes {
                problems.push(format!(
                    "{}: tr!(…, \"{key}\") fills {given:?}, English takes {takes:?}",
                    path.display()
                ));
            }
        }
    }
    assert!(calls > 800, "the calls are read ({calls})");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The egui calls that put text on the screen, and `note`, which shows a message.
const SHOWN_BY: [&str; 22] = [
    ".label(",
    ".button(",
    ".small_button(",
    ".heading(",
    ".on_hover_text(",
    ".on_disabled_hover_text(",
    "menu_button(",
    ".checkbox(",
    ".selectable_label(",
    ".toggle_value(",
    "RichText::new(",
    "Button::new(",
    "Label::new(",
    "Window::new(",
    ".selected_text(",
    ".hint_text(",
    ".shortcut_text(",
    ".note(",
    "Action::Note(",
    ".weak(",
    ".strong(",
    ".monospace(",
];

/// The argument text of the call whose `(` ends at `open` (balanced, strings skipped).
fn call_args(code: &str, open: usize) -> &str {
    let bytes = code.as_bytes();
    let (mut depth, mut i, mut in_str) = (1, open, false);
    while i < bytes.len() && depth > 0 {
        let c = bytes[i];
        if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
        } else if c == b'(' {
            depth += 1;
        } else if c == b')' {
            depth -= 1;
        }
        i += 1;
    }
    &code[open..i.saturating_sub(1)]
}

/// Whether a literal reads as words: two letters in a row outside `{placeholders}`.
fn has_words(lit: &str) -> bool {
    let mut out = String::new();
    let mut depth = 0;
    for c in lit.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let chars: Vec<char> = out.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_alphabetic() && w[1].is_alphabetic())
}

/// The string literals in `args` that are not inside a `tr!(` (or the prefix of
/// `i18n::core_text_in(lang, "icon", …)`, which is a key's first word).
fn bare_literals(args: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = args.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let through_layer = ["tr!(", "core_text_in("];
        if through_layer.iter().any(|t| args[i..].starts_with(t)) {
            let open = i + args[i..].find('(').unwrap_or(0) + 1;
            i = open + call_args(args, open).len() + 1;
            continue;
        }
        if bytes[i] == b'"' && (i == 0 || bytes[i - 1] != b'\'') {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b'"' {
                if bytes[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            found.push(args[start..j.min(bytes.len())].to_string());
            i = j + 1;
            continue;
        }
        i += 1;
    }
    found
}

/// What the check allows: text through `tr!` or `i18n::core_text_in`; literals with no words (symbols such as "▶", "✖", numbers,
/// format strings made only of placeholders like "{n:>4} | {text}"), test code (after
/// `#[cfg(test)]`), and these names, which are the same in every language.
const SAME_IN_EVERY_LANGUAGE: [&str; 3] = ["RCX", "LASM", "OK"];

fn shown_literals_outside_the_layer(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for api in SHOWN_BY {
        let mut from = 0;
        while let Some(i) = code[from..].find(api) {
            let open = from + i + api.len();
            let args = call_args(code, open);
            for lit in bare_literals(args) {
                if has_words(&lit) && !SAME_IN_EVERY_LANGUAGE.contains(&lit.as_str()) {
                    let line = code[..open].lines().count();
                    found.push(format!("line {line}: {api}… \"{lit}\""));
                }
            }
            from = open;
        }
    }
    found
}

#[test]
fn the_literal_check_catches_a_label_that_bypasses_the_layer() {
    let code = r#"ui.label("Hello pupils"); ui.button(tr!(lang, "main-ok")); ui.label("▶ {n}");
        ui.checkbox(&mut x, format!("Follow {name}")); ui.label(RichText::new(tr!(l, "a-b")))"#;
    let found = shown_literals_outside_the_layer(code);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("Hello pupils"));
    assert!(found[1].contains("Follow {name}"));
}

#[test]
fn no_text_the_app_shows_bypasses_the_translation_layer() {
    let mut found = Vec::new();
    for (path, code) in app_sources() {
        for f in shown_literals_outside_the_layer(&code) {
            found.push(format!("{}: {f}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "shown without tr! (put the text in assets/i18n/en.ftl):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_icon_group_and_modifier_name_the_core_keeps_in_english_has_a_key() {
    use lurobotsim::trace::edit::{Group, Kind, Param};
    use lurobotsim::trace::ViKind;
    let english = i18n::keys(Lang::En);
    let mut names: Vec<String> = ViKind::ALL
        .iter()
        .map(|k| i18n::core_key("icon", k.title()))
        .collect();
    names.extend(Kind::ALL.iter().map(|k| i18n::core_key("icon", k.title())));
    names.extend(
        Group::ALL
            .iter()
            .map(|g| i18n::core_key("group", g.title())),
    );
    names.extend(
        Param::ALL
            .iter()
            .map(|p| i18n::core_key("param", p.title())),
    );
    let missing: Vec<&String> = names.iter().filter(|k| !english.contains(k)).collect();
    assert!(missing.is_empty(), "{missing:?}");
    // And they show translated: German names the motor icon in German.
    let shown = i18n::core_text_in(Lang::De, "icon", ViKind::MotorForward.title());
    assert_ne!(shown, "Motor forward");
}

/// `gui --lang CODE` with no display: the window cannot open, but what the flag says comes first.
#[cfg(all(feature = "gui", target_os = "linux"))]
fn gui_without_display(lang: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["gui", "--lang", lang])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs")
}

#[cfg(all(feature = "gui", target_os = "linux"))]
#[test]
fn lang_for_a_language_we_lack_falls_back_to_english_with_one_line_on_stderr() {
    let out = gui_without_display("xx");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let told: Vec<&str> = stderr.lines().filter(|l| l.contains("--lang")).collect();
    assert_eq!(
        told,
        [
            "lurobotsim: no translation for --lang \"xx\" (there are en, es, de, fr, nl, pt, it); \
             the window is in English"
        ],
        "{stderr}"
    );
    // A language we have says nothing about it.
    let out = gui_without_display("de_DE.UTF-8");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("--lang"));
}

/// The sample class's assignment with `language = …` added, and two of its pupils.
#[cfg(feature = "desktop")]
fn class_in(language: &str, tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade");
    let dir = std::env::temp_dir().join(format!("lurobotsim-i18n-{tag}-{}", std::process::id()));
    let programs = dir.join("programs");
    std::fs::create_dir_all(&programs).unwrap();
    for p in ["alice.lasm", "bob.lasm"] {
        std::fs::copy(root.join("programs").join(p), programs.join(p)).unwrap();
    }
    let text = std::fs::read_to_string(root.join("assignment.toml")).unwrap();
    let text = text.replacen(
        "realism = \"original\"",
        &format!("realism = \"original\"\nlanguage = \"{language}\""),
        1,
    );
    std::fs::write(dir.join("assignment.toml"), text).unwrap();
    (dir, programs)
}

#[cfg(feature = "desktop")]
#[test]
fn a_class_whose_assignment_says_spanish_gets_its_reports_in_spanish() {
    let (dir, programs) = class_in("es", "es");
    let out = dir.join("graded");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["grade"])
        .arg(dir.join("assignment.toml"))
        .arg("--programs")
        .arg(&programs)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<html lang=\"es\">"));
    assert!(
        html.contains("<th>alumno</th><th>puntos</th><th>de</th>"),
        "{html}"
    );
    assert!(html.contains("2 alumnos, 2 escenario(s)"), "{html}");
    assert!(html.contains("<th>qué pasó</th>"));
    // The criteria's own words too: the sample's no_fault criterion, in Spanish.
    assert!(html.contains("Funcionar sin fallos"), "{html}");
    assert!(html.contains("ningún fallo"), "{html}");
    let gradescope = std::fs::read_to_string(out.join("gradescope/alice/results.json")).unwrap();
    assert!(gradescope.contains("\"superado\""), "{gradescope}");
    // The command line's own words stay English.
    assert!(!String::from_utf8_lossy(&o.stdout).contains("alumno"));
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(feature = "desktop")]
#[test]
fn an_assignment_language_we_lack_is_refused_at_its_line() {
    let (dir, programs) = class_in("xx", "xx");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["grade"])
        .arg(dir.join("assignment.toml"))
        .arg("--programs")
        .arg(&programs)
        .arg("--out")
        .arg(dir.join("graded"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_ne!(o.status.code(), Some(0));
    assert!(err.contains("assignment.toml:8"), "{err}");
    assert!(err.contains("language = \"xx\""), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Every icon, described with its modifiers (the editor's tooltips, its modifiers' title,
/// the LASM pane), reads in every language with its numbers filled in, never a key; English
/// and German say a count of one in the singular.
#[test]
fn every_icon_with_its_modifiers_is_described_in_every_language() {
    use lurobotsim::trace::edit::{Icon, Kind, Param};
    for kind in Kind::ALL {
        let icon = Icon::new(kind);
        for lang in ALL {
            let text = icon.label_in(lang);
            assert!(
                !text.is_empty() && !text.contains("icon-") && !text.contains('{'),
                "{kind:?} in {}: {text:?}",
                lang.code()
            );
        }
    }
    let tone = Icon::new(Kind::PlayTone)
        .with(Param::Frequency, 440)
        .and_then(|i| i.with(Param::Duration, 150))
        .unwrap();
    assert_eq!(tone.label_in(Lang::En), "Play tone 440 Hz for 1.50 s");
    assert_eq!(tone.label_in(Lang::De), "Ton 440 Hz für 1,50 s spielen");
    let once = Icon::new(Kind::LoopCount).with(Param::Count, 1).unwrap();
    let twice = Icon::new(Kind::LoopCount).with(Param::Count, 2).unwrap();
    assert_eq!(once.label_in(Lang::En), "Loop once");
    assert_eq!(twice.label_in(Lang::En), "Loop 2 times");
    assert_eq!(twice.label_in(Lang::De), "Schleife 2-mal");
    assert_eq!(
        Icon::generic(vec![0x10]).label_in(Lang::En),
        "Instructions (1 byte)"
    );
}
