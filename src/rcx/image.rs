//! NQC `.rcx` program images (rcx.md §7.5, NQC's `rcxifile.h`) — stub, next commit.
use super::program::Program;

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"RCXI";

/// A read image.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    pub program: Program,
}

/// Why an image could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("not built yet")]
    Todo,
}

/// Reads an image.
pub fn read(_bytes: &[u8]) -> Result<Image, ImageError> {
    Err(ImageError::Todo)
}
