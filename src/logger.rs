//! A small `log` backend for the binary, so that warnings from dependencies (wgpu, rapier,
//! winit, eframe) reach the user on stderr instead of vanishing.
//!
//! It honours `RUST_LOG` in the usual form: a comma-separated list of directives, each
//! `LEVEL` (the default for every target) or `TARGET=LEVEL` (for a module path and
//! everything under it; the longest matching target wins). Levels: `off`, `error`,
//! `warn`, `info`, `debug`, `trace`. Without `RUST_LOG` the default is `warn`.
//! Example: `RUST_LOG=info,wgpu_core=warn lurobotsim`.

use log::{LevelFilter, Log, Metadata, Record};
use std::io::Write as _;

/// What `RUST_LOG` asked for: a default level and per-target levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    default: LevelFilter,
    targets: Vec<(String, LevelFilter)>,
}

impl Filter {
    /// Parses a `RUST_LOG` value. Directives that cannot be read are returned as
    /// messages (and otherwise ignored), so a typo never stops the program.
    pub fn parse(spec: &str) -> (Filter, Vec<String>) {
        let mut filter = Filter {
            default: LevelFilter::Warn,
            targets: Vec::new(),
        };
        let mut problems = Vec::new();
        for directive in spec.split(',').map(str::trim).filter(|d| !d.is_empty()) {
            match directive.split_once('=') {
                Some((target, level)) => match parse_level(level) {
                    Some(l) if !target.trim().is_empty() => {
                        filter.targets.push((target.trim().to_string(), l))
                    }
                    _ => problems.push(format!(
                        "RUST_LOG: '{directive}' is not TARGET=LEVEL (levels: off, error, warn, info, debug, trace); ignored"
                    )),
                },
                None => match parse_level(directive) {
                    Some(l) => filter.default = l,
                    // A bare target means "everything from it" as env_logger reads it.
                    None if is_target(directive) => {
                        filter.targets.push((directive.to_string(), LevelFilter::Trace))
                    }
                    None => problems.push(format!(
                        "RUST_LOG: '{directive}' is neither a level nor a module path; ignored"
                    )),
                },
            }
        }
        (filter, problems)
    }

    /// The level that applies to `target`: the longest configured prefix that ends at a
    /// `::` boundary, else the default.
    pub fn level_for(&self, target: &str) -> LevelFilter {
        self.targets
            .iter()
            .filter(|(t, _)| {
                target == t
                    || (target.starts_with(t.as_str()) && target[t.len()..].starts_with("::"))
            })
            .max_by_key(|(t, _)| t.len())
            .map_or(self.default, |(_, l)| *l)
    }

    /// The most verbose level any target may log at (for `log::set_max_level`).
    pub fn max_level(&self) -> LevelFilter {
        self.targets
            .iter()
            .map(|(_, l)| *l)
            .fold(self.default, std::cmp::max)
    }
}

fn parse_level(s: &str) -> Option<LevelFilter> {
    match s.trim().to_ascii_lowercase().as_str() {
        "off" => Some(LevelFilter::Off),
        "error" => Some(LevelFilter::Error),
        "warn" | "warning" => Some(LevelFilter::Warn),
        "info" => Some(LevelFilter::Info),
        "debug" => Some(LevelFilter::Debug),
        "trace" => Some(LevelFilter::Trace),
        _ => None,
    }
}

fn is_target(s: &str) -> bool {
    s.split("::")
        .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

struct StderrLogger {
    filter: Filter,
}

impl Log for StderrLogger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= self.filter.level_for(metadata.target())
    }

    fn log(&self, record: &Record) {
        if self.enabled(record.metadata()) {
            let level = record.level().as_str().to_ascii_lowercase();
            // A closed stderr is no reason to fail.
            let _ = writeln!(
                std::io::stderr().lock(),
                "lurobotsim: {level} [{}] {}",
                record.target(),
                record.args()
            );
        }
    }

    fn flush(&self) {}
}

/// Installs the logger once, reading `RUST_LOG`. Later calls do nothing.
pub fn init() {
    let spec = std::env::var("RUST_LOG").unwrap_or_default();
    let (filter, problems) = Filter::parse(&spec);
    for p in &problems {
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "lurobotsim: {p}");
    }
    let max = filter.max_level();
    if log::set_boxed_logger(Box::new(StderrLogger { filter })).is_ok() {
        log::set_max_level(max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_rust_log_warnings_from_every_dependency_are_shown() {
        let (f, problems) = Filter::parse("");
        assert!(problems.is_empty());
        assert_eq!(f.level_for("wgpu_hal::vulkan"), LevelFilter::Warn);
        assert_eq!(f.max_level(), LevelFilter::Warn);
    }

    #[test]
    fn the_longest_target_wins_and_only_at_a_module_boundary() {
        let (f, _) = Filter::parse("info,wgpu=error,wgpu_core=debug");
        assert_eq!(f.level_for("wgpu"), LevelFilter::Error);
        assert_eq!(f.level_for("wgpu::backend"), LevelFilter::Error);
        assert_eq!(f.level_for("wgpu_core::device"), LevelFilter::Debug);
        assert_eq!(f.level_for("wgpu_hal"), LevelFilter::Info);
        assert_eq!(f.max_level(), LevelFilter::Debug);
    }

    #[test]
    fn a_mistyped_directive_is_reported_and_ignored() {
        let (f, problems) = Filter::parse("loud,rapier3d=chatty, off");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("rapier3d=chatty"));
        // `loud` reads as a module path; the bare level `off` still applies.
        assert_eq!(f.level_for("eframe"), LevelFilter::Off);
        assert_eq!(f.level_for("loud::x"), LevelFilter::Trace);
    }
}
