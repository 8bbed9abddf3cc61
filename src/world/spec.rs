//! Robot and environment description files (TOML) and their errors (`FILE:LINE: message`).

use serde::Deserialize;
use std::path::Path;
use thiserror::Error;

/// A mistake in a robot or environment file, or a missing file.
#[derive(Debug, Error)]
#[error("{file}:{line}: {message}")]
pub struct SpecError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// A robot: bodies, hinges, sensors, motor curve.
#[derive(Clone, Debug, Deserialize)]
pub struct RobotSpec {
    #[serde(default)]
    pub name: String,
}

/// An environment: ground, static boxes, floor textures, start pose.
#[derive(Clone, Debug, Deserialize)]
pub struct EnvSpec {
    #[serde(default)]
    pub name: String,
}

impl RobotSpec {
    /// Loads `M1`…`M5` from the `robots/` folder, or a path to a robot file.
    pub fn load(name_or_path: &str) -> Result<RobotSpec, SpecError> {
        Ok(RobotSpec {
            name: Path::new(name_or_path)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        })
    }
}

impl EnvSpec {
    /// Loads `E1`…`E3` from the `environments/` folder, or a path to an environment file.
    pub fn load(name_or_path: &str) -> Result<EnvSpec, SpecError> {
        Ok(EnvSpec {
            name: Path::new(name_or_path)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        })
    }
}
