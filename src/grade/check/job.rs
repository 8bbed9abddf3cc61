//! A challenge's check as a background job ([`CheckJob`], a `host::Job`): the app runs it
//! when a challenge is opened from a file, on a thread on the desktop and a slice of each
//! frame in a tab, run by run, so the window keeps drawing; it ends with the check's
//! [`Report`], which the panel says in words.

use super::{Checker, Report, RunKey};
use crate::host::{Job, JobError, Progress, Slice, Step};

/// A challenge being checked: the runs of the stage under way, and how many are done.
pub struct CheckJob {
    checker: Checker,
    /// The stage's runs still to simulate, the next last.
    queue: Vec<RunKey>,
    done: usize,
}

impl CheckJob {
    pub fn new(checker: Checker) -> CheckJob {
        CheckJob {
            checker,
            queue: Vec::new(),
            done: 0,
        }
    }
}

impl Job for CheckJob {
    type News = ();
    type Output = Report;

    fn work(&mut self, slice: &mut Slice<'_, ()>) -> Step<Report> {
        loop {
            if slice.cancelled() {
                return Step::Done(Err(JobError::Cancelled));
            }
            if self.queue.is_empty() {
                self.queue = self.checker.next_runs();
                if self.queue.is_empty() {
                    return Step::Done(Ok(self.checker.report()));
                }
                self.queue.reverse();
            }
            if let Some(key) = self.queue.pop() {
                let outcome = self.checker.simulate(key);
                self.checker.record(key, outcome);
                self.done += 1;
            }
            slice.progress(Progress {
                done: self.done,
                total: self.done + self.queue.len(),
            });
            if slice.over() {
                return Step::Busy;
            }
        }
    }
}
