//! Where robot and environment files come from: a name (`M1`, `E3`) found as
//! `folder/NAME.toml` beside the current directory, the executable or the crate, else the
//! built-in copy; or a path.

use super::SpecError;
use std::path::{Path, PathBuf};

/// Built-in files, so a copied binary works without the repository.
pub(super) const BUILTIN_ROBOTS: [(&str, &str); 5] = [
    ("M1", include_str!("../../../robots/M1.toml")),
    ("M2", include_str!("../../../robots/M2.toml")),
    ("M3", include_str!("../../../robots/M3.toml")),
    ("M4", include_str!("../../../robots/M4.toml")),
    ("M5", include_str!("../../../robots/M5.toml")),
];
pub(super) const BUILTIN_ENVS: [(&str, &str); 3] = [
    ("E1", include_str!("../../../environments/E1.toml")),
    ("E2", include_str!("../../../environments/E2.toml")),
    ("E3", include_str!("../../../environments/E3.toml")),
];
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

/// Reads a named or path spec: (file label, text, directory for relative paths).
pub(super) fn read_spec(
    folder: &str,
    name_or_path: &str,
    builtins: &[(&str, &str)],
) -> Result<(String, String, Option<PathBuf>), SpecError> {
    let looks_like_name = !name_or_path.contains('/')
        && !name_or_path.contains('\\')
        && !name_or_path.ends_with(".toml");
    let path = if looks_like_name {
        match find_named(folder, name_or_path) {
            Some(p) => p,
            None => {
                if let Some((n, text)) = builtins.iter().find(|(n, _)| *n == name_or_path) {
                    return Ok((
                        format!("<built-in {folder}/{n}.toml>"),
                        text.to_string(),
                        None,
                    ));
                }
                return Err(SpecError {
                    file: name_or_path.to_string(),
                    line: 0,
                    message: format!(
                        "no {folder}/{name_or_path}.toml found (and not a built-in name)"
                    ),
                });
            }
        }
    } else {
        PathBuf::from(name_or_path)
    };
    let label = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| SpecError {
        file: label.clone(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok((label, text, path.parent().map(Path::to_path_buf)))
}
