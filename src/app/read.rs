//! The core's files read through the host: a TOML file (a scene, an assignment) at most
//! its size, the files it names, and an assignment with its scene — what the core's
//! parsers take (name, text, folder), a problem as the core's loaders say it.

use crate::host::Host;
use crate::sim::assignment::Assignment;
use crate::world::spec::SpecError;
use std::path::{Path, PathBuf};

/// A TOML file (a scene, an assignment) read through the host, at most `max` bytes: its
/// name, text and folder, as the core's parsers take them; a problem as the core's loaders
/// say it.
pub fn read_toml(
    host: &Host,
    path: &Path,
    max: u64,
    what: &str,
) -> Result<(String, String, PathBuf), SpecError> {
    let file = path.display().to_string();
    let message = match host.read_text(path, max) {
        Ok(text) => {
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            return Ok((file, text, dir));
        }
        Err(crate::host::ReadError::TooLarge(size)) => {
            format!("the file has {size} bytes; {what} may have at most {max}")
        }
        Err(crate::host::ReadError::Cannot(e)) => format!("cannot read the file: {e}"),
    };
    Err(SpecError {
        file,
        line: 0,
        message,
    })
}

/// A file a scene or an assignment names (its programs, its scene), read through the host
/// for the core's parsers.
pub fn read_for_core(host: &Host, path: &Path) -> std::io::Result<Vec<u8>> {
    host.read(path, crate::sim::scene::MAX_FILE_BYTES)
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// An assignment file read through the host (its scene and the scene's programs too), and
/// its text when it could be read (to show a mistake's line).
pub fn load_assignment(
    host: &Host,
    path: &Path,
) -> (Result<Assignment, SpecError>, Option<String>) {
    use crate::sim::assignment::MAX_FILE_BYTES;
    match read_toml(host, path, MAX_FILE_BYTES, "an assignment file") {
        Ok((file, text, dir)) => {
            let read = |p: &Path| read_for_core(host, p);
            (
                Assignment::parse_with(&file, &text, &dir, &read),
                Some(text),
            )
        }
        Err(e) => (Err(e), None),
    }
}

/// A challenge (an assignment) read through the host as [`load_assignment`] reads it, with
/// the files it read kept as a link carries them (`challenge::link::Source`).
pub fn load_challenge(
    host: &Host,
    path: &Path,
) -> (
    Result<(Assignment, crate::app::challenge::link::Source), SpecError>,
    Option<String>,
) {
    use crate::sim::assignment::MAX_FILE_BYTES;
    match read_toml(host, path, MAX_FILE_BYTES, "an assignment file") {
        Ok((file, text, dir)) => {
            let read = |p: &Path| read_for_core(host, p);
            let (a, source) =
                crate::app::challenge::link::Source::record(&file, &text, &dir, &read);
            (a.map(|a| (a, source)), Some(text))
        }
        Err(e) => (Err(e), None),
    }
}
