//! Where robot and environment files come from: a name (`M1`, `E3`) found as
//! `folder/NAME.toml` beside the current directory, the executable or the crate, else the
//! built-in copy; or a path.

use super::{EnvSpec, RobotSpec, SpecError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A built-in robot or environment: its name, what it is in a line (the app's menus say it)
/// and its file, built in so a copied binary works without the repository.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    pub name: &'static str,
    pub summary: &'static str,
    pub text: &'static str,
}

/// A built-in: `folder/NAME.toml` beside this crate, embedded, and its summary.
macro_rules! builtin {
    ($folder:literal, $name:literal, $summary:literal) => {
        Builtin {
            name: $name,
            summary: $summary,
            text: include_str!(concat!("../../../", $folder, "/", $name, ".toml")),
        }
    };
}

/// THE table of built-in robots: `run -r`, scenes, assignments, the app's Robot menu and
/// `robot show` all read it.
pub const BUILTIN_ROBOTS: [Builtin; 5] = [
    builtin!(
        "robots",
        "M1",
        "One motor (A), one driven front wheel, no sensor"
    ),
    builtin!(
        "robots",
        "M2",
        "M1 plus a touch sensor at the front (port 1)"
    ),
    builtin!(
        "robots",
        "M3",
        "Two motors (A, C) and a free caster wheel at the back"
    ),
    builtin!("robots", "M4", "Two motors (A, C) and four wheels"),
    builtin!(
        "robots",
        "M5",
        "M3 plus a light sensor looking at the floor (port 1)"
    ),
];

/// THE table of built-in environments (as [`BUILTIN_ROBOTS`]).
pub const BUILTIN_ENVS: [Builtin; 4] = [
    builtin!("environments", "E1", "A flat, empty floor"),
    builtin!(
        "environments",
        "E2",
        "A floor with a wall all around (for the touch sensor)"
    ),
    builtin!(
        "environments",
        "E3",
        "A white floor with a black square line (for the light sensor)"
    ),
    builtin!(
        "environments",
        "E4",
        "A white floor with grey patches and rows of black stripes (for the light sensor)"
    ),
];

/// Whether `name` is a built-in robot (M1…M5).
pub fn is_builtin_robot(name: &str) -> bool {
    BUILTIN_ROBOTS.iter().any(|b| b.name == name)
}

/// Whether `name` is a built-in environment (E1…E4).
pub fn is_builtin_env(name: &str) -> bool {
    BUILTIN_ENVS.iter().any(|b| b.name == name)
}

/// Finds `folder/NAME.toml` next to the current directory, the executable or the crate.
fn find_named(folder: &str, name: &str) -> Option<PathBuf> {
    let file = format!("{name}.toml");
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        roots.push(cwd);
    }
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    roots.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    roots
        .into_iter()
        .map(|r| r.join(folder).join(&file))
        .find(|p| p.is_file())
}

/// One description file: what the user named, the label errors use, its text, and the
/// folder it came from (for an environment's floor picture). Kept as text so a recording
/// carries the exact files a run used (not just their names) and a replay builds the same
/// world even if `robots/M4.toml` changed since.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecSource {
    pub name: String,
    pub label: String,
    pub text: String,
    #[serde(default)]
    pub dir: Option<PathBuf>,
}

fn read(folder: &str, name: &str, builtins: &[Builtin]) -> Result<SpecSource, SpecError> {
    let looks_like_name = !name.contains('/') && !name.contains('\\') && !name.ends_with(".toml");
    let path = if looks_like_name {
        match find_named(folder, name) {
            Some(p) => p,
            None => {
                return match builtins.iter().find(|b| b.name == name) {
                    Some(b) => Ok(SpecSource {
                        name: name.to_string(),
                        label: format!("<built-in {folder}/{}.toml>", b.name),
                        text: b.text.to_string(),
                        dir: None,
                    }),
                    None => Err(SpecError {
                        file: name.to_string(),
                        line: 0,
                        message: format!("no {folder}/{name}.toml found (and not a built-in name)"),
                    }),
                }
            }
        }
    } else {
        PathBuf::from(name)
    };
    let label = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| SpecError {
        file: label.clone(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok(SpecSource {
        name: name.to_string(),
        label,
        text,
        dir: path.parent().map(Path::to_path_buf),
    })
}

fn stem(name: &str) -> String {
    Path::new(name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl SpecSource {
    /// Reads a robot file: `M1`…`M5` or a path.
    pub fn robot(name_or_path: &str) -> Result<SpecSource, SpecError> {
        read("robots", name_or_path, &BUILTIN_ROBOTS)
    }

    /// Reads an environment file: `E1`…`E3` or a path.
    pub fn env(name_or_path: &str) -> Result<SpecSource, SpecError> {
        read("environments", name_or_path, &BUILTIN_ENVS)
    }

    /// Parses the text as a robot; an unnamed robot takes the file's name.
    pub fn robot_spec(&self) -> Result<RobotSpec, SpecError> {
        let mut spec = RobotSpec::parse(&self.label, &self.text)?;
        if spec.name.is_empty() {
            spec.name = stem(&self.name);
        }
        Ok(spec)
    }

    /// Parses the text as an environment; an unnamed one takes the file's name, and a floor
    /// picture resolves against the file's folder (the built-in E3 picture is embedded in
    /// the world).
    pub fn env_spec(&self) -> Result<EnvSpec, SpecError> {
        let mut spec = EnvSpec::parse(&self.label, &self.text)?;
        if spec.name.is_empty() {
            spec.name = stem(&self.name);
        }
        if let (Some(f), Some(dir)) = (spec.floor.as_mut(), self.dir.as_ref()) {
            f.resolved = Some(dir.join(f.image.get_ref()));
        }
        Ok(spec)
    }
}
