//! The one translation layer (issue 34): every text the app shows, and the reports of a
//! class whose assignment names a language, comes from Project Fluent files
//! `assets/i18n/<code>.ftl`, embedded in the binary. English is the source; a key a
//! language lacks falls back to English. Numbers shown with decimals go through [`num_in`]
//! (a decimal comma where the language writes one); numbers given to a message are
//! written the same way by the bundle's formatter, and choose its plural forms.
//!
//! Which language: always given, never kept (issue 40: no thread-local, no global). Each
//! text is made with the language its caller names — [`tr!`](crate::tr)`(lang, "key")` —
//! so no thread or job falls back to a default, and two apps on one thread never mix.
//! Pure: no files, no clock; the command line's own messages stay English.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the source every other file is checked against.
    #[default]
    En,
    /// Spanish.
    Es,
    /// German.
    De,
    /// French.
    Fr,
    /// Dutch.
    Nl,
    /// Portuguese.
    Pt,
    /// Italian.
    It,
}

/// Every language, English first (the View > Language menu's order).
pub const ALL: [Lang; 7] = [
    Lang::En,
    Lang::Es,
    Lang::De,
    Lang::Fr,
    Lang::Nl,
    Lang::Pt,
    Lang::It,
];

impl Lang {
    /// The language's code, as `--lang`, the assignment's `language` and the file name use.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
            Lang::Pt => "pt",
            Lang::It => "it",
        }
    }

    /// The language's name in itself (the menu shows each as its speakers would look for it).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Nl => "Nederlands",
            Lang::Pt => "Português",
            Lang::It => "Italiano",
        }
    }

    /// The Fluent file of the language, embedded.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::Es => include_str!("../../assets/i18n/es.ftl"),
            Lang::De => include_str!("../../assets/i18n/de.ftl"),
            Lang::Fr => include_str!("../../assets/i18n/fr.ftl"),
            Lang::Nl => include_str!("../../assets/i18n/nl.ftl"),
            Lang::Pt => include_str!("../../assets/i18n/pt.ftl"),
            Lang::It => include_str!("../../assets/i18n/it.ftl"),
        }
    }

    /// Whether the language writes a decimal comma (3,5 s) rather than a point.
    pub fn decimal_comma(self) -> bool {
        self != Lang::En
    }

    /// The language a code or a locale names: `es`, `es-ES`, `es_ES.UTF-8`, `de_AT@euro`,
    /// `pt-BR` (case ignored); `None` for one we lack.
    pub fn from_code(code: &str) -> Option<Lang> {
        let lang = code
            .trim()
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        ALL.into_iter().find(|l| l.code() == lang)
    }

    fn index(self) -> usize {
        ALL.iter().position(|l| *l == self).unwrap_or(0)
    }
}

/// The language of a POSIX environment: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that
/// is set and not empty decides (as `setlocale` does); `C`/`POSIX` or a language we lack
/// is `None` (English). `var` reads a variable (the process's, or a test's).
pub fn from_env_vars(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|k| var(k).filter(|v| !v.trim().is_empty()))
        .map(|v| Lang::from_code(&v))
        .next()
        .flatten()
}

/// A parsed language file: the bundle, and what did not parse (the parity test reads it).
struct Parsed {
    bundle: FluentBundle<FluentResource>,
    errors: Vec<String>,
    keys: Vec<String>,
}

/// Numbers given to a message, written with a decimal comma.
fn comma_formatter<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) => Some(n.as_string().replace('.', ",")),
        _ => None,
    }
}

fn parse(lang: Lang) -> Parsed {
    let mut errors = Vec::new();
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        Err((r, errs)) => {
            errors.extend(errs.iter().map(|e| format!("{}.ftl: {e:?}", lang.code())));
            r
        }
    };
    let mut keys: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    keys.sort();
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: egui would draw them as boxes.
    bundle.set_use_isolating(false);
    if lang.decimal_comma() {
        bundle.set_formatter(Some(comma_formatter));
    }
    if let Err(errs) = bundle.add_resource(resource) {
        errors.extend(errs.iter().map(|e| format!("{}.ftl: {e:?}", lang.code())));
    }
    Parsed {
        bundle,
        errors,
        keys,
    }
}

fn parsed(lang: Lang) -> &'static Parsed {
    static BUNDLES: [OnceLock<Parsed>; 7] = [const { OnceLock::new() }; 7];
    BUNDLES[lang.index()].get_or_init(|| parse(lang))
}

/// What did not parse in a language's file (empty when it is whole).
pub fn parse_errors(lang: Lang) -> Vec<String> {
    parsed(lang).errors.clone()
}

/// The message ids a language's file defines.
pub fn keys(lang: Lang) -> Vec<String> {
    parsed(lang).keys.clone()
}

/// The text of `key` in `lang`, with `args` filled in; English where `lang` lacks the key,
/// the key itself where English does too (a test keeps that from happening).
pub fn text_in(lang: Lang, key: &str, args: Option<&FluentArgs>) -> String {
    for l in [lang, Lang::En] {
        let bundle = &parsed(l).bundle;
        if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
        }
    }
    key.to_string()
}

/// The key of a name the core keeps in English: `prefix` and its words, lower case.
pub fn core_key(prefix: &str, english: &str) -> String {
    let mut key = String::from(prefix);
    for word in english
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        key.push('-');
        key.push_str(&word.to_ascii_lowercase());
    }
    key
}

/// The text of `key` in `lang`, or `english` where no file has the key (a table the code
/// keeps in English: the examples, the built-in robots and floors).
pub fn text_or_in(lang: Lang, key: &str, english: &str) -> String {
    match has_key(key) {
        true => text_in(lang, key, None),
        false => english.to_string(),
    }
}

/// A file name's stem or an id as a translation key's part: its ASCII letters and digits,
/// lower case, words joined by `-` (`drive-a-square.toml` → `drive-a-square`).
pub fn key_words(s: &str) -> String {
    let stem = std::path::Path::new(s)
        .file_stem()
        .map_or_else(|| s.to_string(), |t| t.to_string_lossy().into_owned());
    let words: Vec<String> = stem
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("-")
}

/// `english` in `lang` by a stable `key`: the translation where the English file's text for
/// `key` is `english` itself, else `english` as written (a teacher's own challenge that
/// happens to share a built-in one's file name, or built-in words changed without their
/// translations, which the pack's test catches).
pub fn keyed_text_in(lang: Lang, key: &str, english: &str) -> String {
    match has_key(key) && text_in(Lang::En, key, None) == english {
        true => text_in(lang, key, None),
        false => english.to_string(),
    }
}

/// Whether English (and so every language) has `key`.
pub fn has_key(key: &str) -> bool {
    parsed(Lang::En)
        .keys
        .binary_search_by(|k| k.as_str().cmp(key))
        .is_ok()
}

/// A name the core keeps in English (an icon's title, a palette group, a modifier), in
/// `lang`: the key is `prefix` and the English words (`icon-wait-for-time` for "Wait for
/// time"); the English itself where no file has the key.
pub fn core_text_in(lang: Lang, prefix: &str, english: &str) -> String {
    text_or_in(lang, &core_key(prefix, english), english)
}

/// `x` with `decimals` decimals in `lang`'s way (3.5 in English, 3,5 in German).
pub fn num_in(lang: Lang, x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if lang.decimal_comma() {
        s.replace('.', ",")
    } else {
        s
    }
}

/// `x` as Rust writes it (`0.25`, `12`), with a decimal comma where `lang` writes one.
pub fn decimal_in(lang: Lang, x: f64) -> String {
    let s = x.to_string();
    if lang.decimal_comma() {
        s.replace('.', ",")
    } else {
        s
    }
}

/// The text of a key in the language given: `tr!(lang, "menu-file")`, or with arguments
/// `tr!(lang, "status-time", secs = i18n::num_in(lang, t, 1), count = n)` (numbers choose
/// plurals). The one macro: the language is always named.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr) => {
        $crate::i18n::text_in($lang, $key, None)
    };
    ($lang:expr, $key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $(args.set(stringify!($name), $value);)+
        $crate::i18n::text_in($lang, $key, Some(&args))
    }};
}

#[doc(hidden)]
pub use fluent_bundle::FluentArgs;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_names_its_language_whatever_its_region_and_encoding() {
        assert_eq!(Lang::from_code("es_ES.UTF-8"), Some(Lang::Es));
        assert_eq!(Lang::from_code("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_code("pt_BR"), Some(Lang::Pt));
        assert_eq!(Lang::from_code("FR"), Some(Lang::Fr));
        assert_eq!(Lang::from_code("xx"), None);
        assert_eq!(Lang::from_code("C"), None);
    }

    #[test]
    fn lc_all_beats_lc_messages_which_beats_lang() {
        fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
            let owned: Vec<(String, String)> = pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            move |k: &str| owned.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
        }
        let all = [
            ("LC_ALL", "nl_NL.UTF-8"),
            ("LC_MESSAGES", "de_DE"),
            ("LANG", "es_ES"),
        ];
        assert_eq!(from_env_vars(env(&all)), Some(Lang::Nl));
        assert_eq!(from_env_vars(env(&all[1..])), Some(Lang::De));
        assert_eq!(from_env_vars(env(&all[2..])), Some(Lang::Es));
        // An empty LC_ALL is as good as unset; C means English.
        let c = [("LC_ALL", ""), ("LANG", "C.UTF-8")];
        assert_eq!(from_env_vars(env(&c)), None);
    }

    #[test]
    fn decimals_take_a_comma_in_german_and_a_point_in_english() {
        assert_eq!(num_in(Lang::En, 3.25, 1), "3.2");
        assert_eq!(num_in(Lang::De, 3.5, 2), "3,50");
    }

    #[test]
    fn a_number_given_to_a_message_is_written_the_languages_way() {
        let mut args = FluentArgs::new();
        args.set("secs", 1.5);
        assert_eq!(
            text_in(Lang::De, "test-seconds", Some(&args)),
            "1,5 Sekunden"
        );
        assert_eq!(
            text_in(Lang::En, "test-seconds", Some(&args)),
            "1.5 seconds"
        );
        let mut one = FluentArgs::new();
        one.set("secs", 1);
        assert_eq!(text_in(Lang::En, "test-seconds", Some(&one)), "1 second");
    }

    #[test]
    fn a_key_missing_everywhere_shows_itself() {
        assert_eq!(text_in(Lang::Es, "no-such-key", None), "no-such-key");
    }
}
