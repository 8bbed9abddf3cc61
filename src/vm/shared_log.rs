//! An append-only list whose clones share their old entries: sealed segments of
//! [`SEGMENT`] entries behind `Arc`s, plus one open segment of its own. The simulation is
//! cloned into each replay checkpoint (≤ 64), so a long list kept by the VM (sounds,
//! transmissions) or the tracer (events) costs one pointer per segment per checkpoint
//! instead of a copy of every entry.

use serde::{Serialize, Serializer};
use std::sync::{Arc, OnceLock};

/// Entries per sealed segment.
pub const SEGMENT: usize = 256;

/// See the module documentation.
pub struct SharedLog<T> {
    sealed: Vec<Arc<[T]>>,
    open: Vec<T>,
    /// A contiguous copy, made only when the log is sliced (`&log[from..]`), dropped by any
    /// change and never cloned.
    contiguous: OnceLock<Vec<T>>,
}

impl<T> Default for SharedLog<T> {
    fn default() -> Self {
        SharedLog {
            sealed: Vec::new(),
            open: Vec::new(),
            contiguous: OnceLock::new(),
        }
    }
}

impl<T: Clone> Clone for SharedLog<T> {
    fn clone(&self) -> Self {
        SharedLog {
            sealed: self.sealed.clone(),
            open: self.open.clone(),
            contiguous: OnceLock::new(),
        }
    }
}

impl<T: Clone> SharedLog<T> {
    pub fn push(&mut self, item: T) {
        self.contiguous = OnceLock::new();
        self.open.push(item);
        if self.open.len() >= SEGMENT {
            let seg: Arc<[T]> = std::mem::take(&mut self.open).into();
            self.sealed.push(seg);
        }
    }

    /// Removes the newest entry (unsealing the last segment, a copy of at most
    /// [`SEGMENT`] entries, when the open one is empty).
    pub fn pop(&mut self) -> Option<T> {
        self.contiguous = OnceLock::new();
        if self.open.is_empty() {
            let seg = self.sealed.pop()?;
            self.open = seg.to_vec();
        }
        self.open.pop()
    }

    pub fn len(&self) -> usize {
        self.sealed.len() * SEGMENT + self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        match self.sealed.get(i / SEGMENT) {
            Some(seg) => seg.get(i % SEGMENT),
            None => self.open.get(i - self.sealed.len() * SEGMENT),
        }
    }

    pub fn last(&self) -> Option<&T> {
        self.open
            .last()
            .or_else(|| self.sealed.last().and_then(|s| s.last()))
    }

    /// Oldest first; `.rev()` walks from the newest.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.sealed
            .iter()
            .flat_map(|s| s.iter())
            .chain(self.open.iter())
    }

    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }

    /// How many entries are stored in segments shared with `other` (the same memory).
    pub fn shared_with(&self, other: &SharedLog<T>) -> usize {
        self.sealed
            .iter()
            .zip(&other.sealed)
            .filter(|(a, b)| Arc::ptr_eq(a, b))
            .map(|(a, _)| a.len())
            .sum()
    }
}

impl<T: Clone> std::ops::Index<usize> for SharedLog<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(v) => v,
            None => panic!("index {i} out of range for a log of {}", self.len()),
        }
    }
}

impl<'a, T: Clone> IntoIterator for &'a SharedLog<T> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// `&log[from..]`: the entries from `from` on, as a slice (built on first use and kept
/// until the log changes — for readers that poll a growing log; prefer [`SharedLog::iter`]).
impl<T: Clone> std::ops::Index<std::ops::RangeFrom<usize>> for SharedLog<T> {
    type Output = [T];
    fn index(&self, r: std::ops::RangeFrom<usize>) -> &[T] {
        &self.contiguous.get_or_init(|| self.to_vec())[r]
    }
}

impl<T: Clone + PartialEq> PartialEq for SharedLog<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Clone + std::fmt::Debug> std::fmt::Debug for SharedLog<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// As a JSON array, like the `Vec` it replaces.
impl<T: Clone + Serialize> Serialize for SharedLog<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_pops_and_reads_back_across_segments_and_clones_share_them() {
        let mut log = SharedLog::default();
        for i in 0..1000u32 {
            log.push(i);
        }
        assert_eq!(log.len(), 1000);
        assert!(log.iter().copied().eq(0..1000));
        assert!(log.iter().rev().copied().eq((0..1000).rev()));
        assert_eq!(log[700], 700);
        assert_eq!(log.last(), Some(&999));
        let copy = log.clone();
        assert_eq!(copy.shared_with(&log), 768);
        // Popping into a sealed segment unseals it for this log only.
        for _ in 0..300 {
            log.pop();
        }
        assert_eq!(log.len(), 700);
        assert_eq!(log.last(), Some(&699));
        assert_eq!(copy.len(), 1000);
        assert_eq!(copy.last(), Some(&999));
        log.push(7);
        assert_eq!(log[700], 7);
        assert_eq!(serde_json::to_string(&copy.to_vec()).unwrap(), {
            serde_json::to_string(&copy).unwrap()
        });
        assert_eq!(&copy[998..], &[998, 999]);
        let mut empty: SharedLog<u32> = SharedLog::default();
        assert_eq!(empty.pop(), None);
        assert!(empty.is_empty());
    }
}
