//! An assignment as data ([`Sources`]): its file's name and text, the folder it was read
//! in, and every file it read (scenes, the scenes' programs), by the paths it read them
//! at. `Sources::assignment` (`assignment_read.rs`) reads the same assignment again from
//! those bytes alone — where no file can be read, such as a browser tab's Web Worker
//! grading a challenge's seeds (`grade::job::ClassUnits::recipe`). Pure data.

use serde::{Deserialize, Serialize};

/// What an assignment was read from (see the module's head).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sources {
    pub file: String,
    pub text: String,
    /// The folder its paths are relative to, as given.
    pub dir: String,
    /// Each file it read, by the path it asked for, in the order first read.
    pub files: Vec<(String, Vec<u8>)>,
}
