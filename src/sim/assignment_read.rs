//! Reading an assignment while keeping what it read (`Assignment::parse_with`, which fills
//! `Assignment::sources`), and reading it again from those sources alone
//! (`Sources::assignment`). Pure: every file comes through a `ReadFile`.

use crate::sim::assignment::Assignment;
use crate::sim::sources::Sources;
use crate::world::spec::SpecError;
use std::cell::RefCell;
use std::path::Path;
use std::sync::Arc;

impl Assignment {
    /// As [`Assignment::parse`], the scene files and their programs read with `read` (the
    /// app's built-in challenges are in memory); what it read is kept in
    /// [`Assignment::sources`].
    pub fn parse_with(
        file: &str,
        text: &str,
        dir: &Path,
        read: crate::sim::scene::ReadFile,
    ) -> Result<Assignment, SpecError> {
        let kept = RefCell::new(Vec::<(String, Vec<u8>)>::new());
        let keeping = |p: &Path| {
            let bytes = read(p)?;
            let key = p.to_string_lossy().into_owned();
            let mut kept = kept.borrow_mut();
            if !kept.iter().any(|(k, _)| *k == key) {
                kept.push((key, bytes.clone()));
            }
            Ok(bytes)
        };
        let mut a = Assignment::parse_reading(file, text, dir, &keeping)?;
        a.sources = Arc::new(Sources {
            file: file.to_string(),
            text: text.to_string(),
            dir: dir.to_string_lossy().into_owned(),
            files: kept.into_inner(),
        });
        Ok(a)
    }
}

impl Sources {
    /// The assignment read again from these bytes alone (a file it did not read before is
    /// not found).
    pub fn assignment(&self) -> Result<Assignment, SpecError> {
        let read = |p: &Path| {
            let key = p.to_string_lossy();
            match self.files.iter().find(|(k, _)| *k == key) {
                Some((_, bytes)) => Ok(bytes.clone()),
                None => Err(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("{key} was not read with the assignment"),
                )),
            }
        };
        Assignment::parse_with(&self.file, &self.text, Path::new(&self.dir), &read)
    }
}
