//! Background jobs, said once: a [`Job`] is work done a slice at a time ([`Job::work`]),
//! telling its news and progress as it goes; [`spawn_thread`] runs it on a thread of its
//! own (the desktop), [`in_frames`] lends it a slice of each of the viewer's frames (a
//! browser tab, which has no threads) — as the runner's two engines do. Either way the
//! owner holds one [`JobHandle`]: one `poll`, one `progress`, one `cancel`.
//!
//! A job made of independent units (a class's runs, a challenge's seeds) can also hand
//! them out ([`Job::units`]): the thread engine then runs them on a pool of worker threads
//! and gives each result back ([`Job::unit_done`]), as bytes, so the same units also run
//! where no memory is shared: [`farmed`] hands them, as their [`Recipe`], to a [`Farm`] (a
//! tab's Web Workers, which post bytes) and takes the results in from the owner's frames.
//! The job itself never knows which engine runs it: no platform, no clock of its own.
//!
//! Pure std: no window, no files; the core's jobs (`grade::ClassJob`) implement it
//! without the GUI.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// How far a job is: `done` of `total` (in units the job chooses: runs, frames, bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

impl Progress {
    /// Done as a fraction (1 when there is nothing to do).
    pub fn fraction(self) -> f32 {
        match self.total {
            0 => 1.0,
            t => self.done.min(t) as f32 / t as f32,
        }
    }
}

/// Why a job gave no output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobError {
    /// Its owner cancelled it.
    Cancelled,
    /// It could not finish: why.
    Failed(String),
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::Cancelled => f.write_str("cancelled"),
            JobError::Failed(why) => f.write_str(why),
        }
    }
}

/// What a slice of work ended with.
pub enum Step<T> {
    /// More to do: call again.
    Busy,
    /// Finished, with its output or why not.
    Done(Result<T, JobError>),
}

/// What a job sees while it works a slice: its time budget, whether it was cancelled, and
/// where its news and progress go (at once on a thread, at the end of the slice in a
/// frame).
pub struct Slice<'a, N> {
    started: Instant,
    budget: Duration,
    cancel: &'a AtomicBool,
    tell: &'a mut dyn FnMut(Report<N>),
}

impl<'a, N> Slice<'a, N> {
    /// The slice's time is spent: return [`Step::Busy`] soon (after at least one small
    /// step, so every slice makes progress).
    pub fn over(&self) -> bool {
        self.started.elapsed() >= self.budget
    }

    /// The time this slice may take.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// The owner pressed Cancel: stop at the next safe point and return
    /// `Step::Done(Err(JobError::Cancelled))`.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The flag [`Slice::cancelled`] reads, for work that checks it deep inside.
    pub fn cancel_flag(&self) -> &'a AtomicBool {
        self.cancel
    }

    /// Tells the owner something (a graded run, a line to show), in order.
    pub fn tell(&mut self, news: N) {
        (self.tell)(Report::News(news));
    }

    /// Tells the owner how far the job is.
    pub fn progress(&mut self, p: Progress) {
        (self.tell)(Report::Progress(p));
    }
}

/// Work done a slice at a time on whatever engine runs it.
pub trait Job: Send + 'static {
    /// What it tells along the way (each taken once, in order).
    type News: Send + 'static;
    /// What it ends with.
    type Output: Send + 'static;

    /// Works for about `slice.budget()` (at least one small step), telling news and
    /// progress through `slice`.
    fn work(&mut self, slice: &mut Slice<'_, Self::News>) -> Step<Self::Output>;

    /// The job's independent units, for an engine with workers to run elsewhere (the
    /// desktop's worker threads; later a tab's Web Workers). After this returns `Some`,
    /// `work` runs no unit itself: each result comes back through [`Job::unit_done`] (in
    /// any order) and `work` only takes them in. `None` (the default): `work` does all.
    fn units(&mut self) -> Option<Arc<dyn Units>> {
        None
    }

    /// Unit `i`'s result, from a worker (see [`Job::units`]).
    fn unit_done(&mut self, i: usize, out: Vec<u8>) {
        let _ = (i, out);
    }

    /// Unit `i` gave no result: its worker failed (`why`: a tab's Web Worker that could not
    /// start, or whose module trapped). By default as a unit that gave no bytes.
    fn unit_failed(&mut self, i: usize, why: String) {
        let _ = why;
        self.unit_done(i, Vec::new());
    }
}

/// Independent units of a job, runnable on any worker: unit `i` in, its result as bytes
/// out (bytes, so a worker need share no memory with the owner).
pub trait Units: Send + Sync + 'static {
    /// How many units.
    fn count(&self) -> usize;
    /// Runs unit `i` whole (a worker's time is its own); `cancel` may cut it short (its
    /// result is then thrown away).
    fn run(&self, i: usize, cancel: &AtomicBool) -> Vec<u8>;

    /// The units as data, for a worker that shares no memory with the owner (a tab's Web
    /// Worker, a module instance of its own): whoever reads the recipe back by its `kind`
    /// (`web::worker`) makes the same units. `None` (the default): they run only where
    /// they are.
    fn recipe(&self) -> Option<Recipe> {
        None
    }
}

/// Units as data ([`Units::recipe`]): which kind of units, and their bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    pub kind: &'static str,
    pub bytes: Vec<u8>,
}

/// Workers elsewhere that run a job's units and hand their results back when asked — a
/// tab's pool of Web Workers (`host::tab_pool`). [`farmed`] polls it from the owner's
/// frames.
pub trait Farm {
    /// Begins running `units`; false when it cannot (they have no recipe, no worker could
    /// be made): the job's units then run on the owner's frames, one a poll.
    fn start(&mut self, units: &Arc<dyn Units>) -> bool;
    /// The units finished since last asked: their index and bytes, or why the unit's
    /// worker failed. Every unit comes back once, as one or the other.
    fn take(&mut self) -> Vec<(usize, Result<Vec<u8>, String>)>;
}

/// What an engine hands the owner.
pub enum Report<N> {
    News(N),
    Progress(Progress),
}

/// What one [`JobHandle::poll`] took in.
pub struct Polled<N, O> {
    /// The news told since the last poll, oldest first.
    pub news: Vec<N>,
    /// The end, once (`None` while it works).
    pub done: Option<Result<O, JobError>>,
}

/// A job's end on a thread.
enum Message<N, O> {
    Report(Report<N>),
    Done(Result<O, JobError>),
}

/// Who runs a job.
enum Engine<J: Job> {
    /// Its own thread (and a pool of workers for its units).
    Thread(Receiver<Message<J::News, J::Output>>),
    /// The owner's frames: a slice per poll.
    Frames(Box<J>),
    /// Its units on a [`Farm`], the job itself in the owner's frames (taking them in).
    Farmed(Box<J>, Farmed),
    /// Finished: nothing more comes.
    Ended,
}

/// The owner's end of a job: poll it every frame, read its progress, cancel it.
pub struct JobHandle<J: Job> {
    engine: Engine<J>,
    cancel: Arc<AtomicBool>,
    progress: Progress,
}

/// Wall time a job takes of each viewer frame in a tab (a third of a 60 Hz frame, so the
/// view stays smooth).
pub const FRAME_SLICE: Duration = Duration::from_millis(5);
/// How often a job on a thread reports, at most (its news are told at once).
pub const THREAD_SLICE: Duration = Duration::from_millis(100);

impl<J: Job> JobHandle<J> {
    /// Takes in what the job told since the last poll; in frames, runs its slice first.
    pub fn poll(&mut self) -> Polled<J::News, J::Output> {
        let mut out = Polled {
            news: Vec::new(),
            done: None,
        };
        match &mut self.engine {
            Engine::Thread(rx) => loop {
                match rx.try_recv() {
                    Ok(Message::Report(Report::News(n))) => out.news.push(n),
                    Ok(Message::Report(Report::Progress(p))) => self.progress = p,
                    Ok(Message::Done(r)) => {
                        out.done = Some(r);
                        break;
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        out.done = Some(Err(JobError::Failed("the job's thread stopped".into())));
                        break;
                    }
                }
            },
            Engine::Frames(job) => {
                out.done = in_a_frame(
                    job.as_mut(),
                    &self.cancel,
                    &mut self.progress,
                    &mut out.news,
                );
            }
            Engine::Farmed(job, farmed) => {
                farmed.hand_in(job.as_mut());
                out.done = in_a_frame(
                    job.as_mut(),
                    &self.cancel,
                    &mut self.progress,
                    &mut out.news,
                );
            }
            Engine::Ended => {}
        }
        if out.done.is_some() {
            self.engine = Engine::Ended;
        }
        out
    }

    /// How far it is (as last told).
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Asks it to stop (it stops at its next safe point; the runs in flight finish).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Cancel was asked for.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// It has not ended yet.
    pub fn running(&self) -> bool {
        !matches!(self.engine, Engine::Ended)
    }

    /// It runs in the owner's frames (a tab), not on a thread (its units may be on a
    /// [`Farm`]).
    pub fn in_frames(&self) -> bool {
        matches!(self.engine, Engine::Frames(_) | Engine::Farmed(..))
    }
}

/// One slice of `job` in the owner's frame: its news into `news`, its progress into
/// `progress`, its end if it ended.
fn in_a_frame<J: Job>(
    job: &mut J,
    cancel: &AtomicBool,
    progress: &mut Progress,
    news: &mut Vec<J::News>,
) -> Option<Result<J::Output, JobError>> {
    if cancel.load(Ordering::Relaxed) {
        return Some(Err(JobError::Cancelled));
    }
    let mut reports = Vec::new();
    let step = {
        let mut slice = Slice {
            started: Instant::now(),
            budget: FRAME_SLICE,
            cancel,
            tell: &mut |r| reports.push(r),
        };
        job.work(&mut slice)
    };
    for r in reports {
        match r {
            Report::News(n) => news.push(n),
            Report::Progress(p) => *progress = p,
        }
    }
    match step {
        Step::Done(r) => Some(r),
        Step::Busy => None,
    }
}

impl<J: Job> Drop for JobHandle<J> {
    /// An owner that lets go of a job stops it (a thread finishes its slice and ends).
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Runs `job` in the owner's frames: each [`JobHandle::poll`] works one slice of
/// [`FRAME_SLICE`].
pub fn in_frames<J: Job>(job: J) -> JobHandle<J> {
    JobHandle {
        engine: Engine::Frames(Box::new(job)),
        cancel: Arc::default(),
        progress: Progress::default(),
    }
}

/// Runs `job` in the owner's frames with its units, if it has any, on `farm` (a tab's Web
/// Workers); a job without units, or whose units the farm cannot take, runs as
/// [`in_frames`] runs it (units then one a poll, whole).
pub fn farmed<J: Job>(mut job: J, mut farm: Box<dyn Farm>) -> JobHandle<J> {
    let engine = match job.units() {
        None => Engine::Frames(Box::new(job)),
        Some(units) => {
            let here = match farm.start(&units) {
                true => None,
                false => Some((units, 0)),
            };
            Engine::Farmed(Box::new(job), Farmed { farm, here })
        }
    };
    JobHandle {
        engine,
        cancel: Arc::default(),
        progress: Progress::default(),
    }
}

/// A farmed job's units: on the farm, or (when the farm could not take them) run here, the
/// next one each poll.
struct Farmed {
    farm: Box<dyn Farm>,
    here: Option<(Arc<dyn Units>, usize)>,
}

impl Farmed {
    /// Hands the job what the farm finished (or runs the next unit here).
    fn hand_in<J: Job>(&mut self, job: &mut J) {
        if let Some((units, next)) = &mut self.here {
            if *next < units.count() {
                job.unit_done(*next, units.run(*next, &AtomicBool::new(false)));
                *next += 1;
            }
            return;
        }
        for (i, out) in self.farm.take() {
            match out {
                Ok(bytes) => job.unit_done(i, bytes),
                Err(why) => job.unit_failed(i, why),
            }
        }
    }
}

/// Runs `job` on a thread of its own (its units, if it has any, on `workers` more).
pub fn spawn_thread<J: Job>(
    mut job: J,
    name: &str,
    workers: usize,
) -> Result<JobHandle<J>, String> {
    let (tx, rx) = mpsc::channel();
    let cancel: Arc<AtomicBool> = Arc::default();
    let flag = cancel.clone();
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || {
            let end = match job.units() {
                Some(units) => pooled(&mut job, units, workers, &flag, &tx),
                None => alone(&mut job, &flag, &tx),
            };
            let _ = tx.send(Message::Done(end));
        })
        .map_err(|e| e.to_string())?;
    Ok(JobHandle {
        engine: Engine::Thread(rx),
        cancel,
        progress: Progress::default(),
    })
}

/// A job's loop on its thread: slice after slice until it ends (or is cancelled).
fn alone<J: Job>(
    job: &mut J,
    cancel: &AtomicBool,
    tx: &Sender<Message<J::News, J::Output>>,
) -> Result<J::Output, JobError> {
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(JobError::Cancelled);
        }
        if let Step::Done(r) = slice_on_thread(job, cancel, tx) {
            return r;
        }
    }
}

fn slice_on_thread<J: Job>(
    job: &mut J,
    cancel: &AtomicBool,
    tx: &Sender<Message<J::News, J::Output>>,
) -> Step<J::Output> {
    let mut slice = Slice {
        started: Instant::now(),
        budget: THREAD_SLICE,
        cancel,
        tell: &mut |r| {
            let _ = tx.send(Message::Report(r));
        },
    };
    job.work(&mut slice)
}

/// A job whose units run on `workers` threads: they take the next unit as they finish
/// one; the job's own thread hands their results in and lets the job take them in.
fn pooled<J: Job>(
    job: &mut J,
    units: Arc<dyn Units>,
    workers: usize,
    cancel: &Arc<AtomicBool>,
    tx: &Sender<Message<J::News, J::Output>>,
) -> Result<J::Output, JobError> {
    let count = units.count();
    let next = Arc::new(AtomicUsize::new(0));
    let (utx, urx) = mpsc::channel::<(usize, Vec<u8>)>();
    for w in 0..workers.clamp(1, 256).min(count.max(1)) {
        let (units, next, utx, flag) = (units.clone(), next.clone(), utx.clone(), cancel.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("job worker {w}"))
            .spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || flag.load(Ordering::Relaxed) {
                    break;
                }
                // A unit that panics gives no bytes (the job says what that means).
                let out =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| units.run(i, &flag)))
                        .unwrap_or_default();
                if utx.send((i, out)).is_err() {
                    break;
                }
            });
        if let Err(e) = spawned {
            cancel.store(true, Ordering::Relaxed);
            return Err(JobError::Failed(format!("cannot start a worker: {e}")));
        }
    }
    drop(utx);
    let mut workers_gone = false;
    loop {
        // What the workers finished, then the job takes it in (and may end).
        if !workers_gone {
            match urx.recv_timeout(THREAD_SLICE) {
                Ok((i, out)) => {
                    job.unit_done(i, out);
                    while let Ok((i, out)) = urx.try_recv() {
                        job.unit_done(i, out);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => workers_gone = true,
            }
        }
        if let Step::Done(r) = slice_on_thread(job, cancel, tx) {
            return r;
        }
        if workers_gone {
            // No more results can come and the job still waits for some.
            return Err(match cancel.load(Ordering::Relaxed) {
                true => JobError::Cancelled,
                false => JobError::Failed("the workers stopped before every unit was done".into()),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts to `n`, one a step, telling each number.
    struct Count {
        at: usize,
        n: usize,
    }

    impl Job for Count {
        type News = usize;
        type Output = usize;
        fn work(&mut self, s: &mut Slice<'_, usize>) -> Step<usize> {
            loop {
                if self.at == self.n {
                    return Step::Done(Ok(self.n));
                }
                self.at += 1;
                s.tell(self.at);
                s.progress(Progress {
                    done: self.at,
                    total: self.n,
                });
                if s.over() {
                    return Step::Busy;
                }
            }
        }
    }

    fn finish<J: Job>(mut h: JobHandle<J>) -> (Vec<J::News>, Result<J::Output, JobError>) {
        let mut news = Vec::new();
        loop {
            let p = h.poll();
            news.extend(p.news);
            if let Some(d) = p.done {
                return (news, d);
            }
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_job_tells_the_same_news_in_frames_and_on_a_thread() {
        let (a, ra) = finish(in_frames(Count { at: 0, n: 1000 }));
        let (b, rb) = finish(spawn_thread(Count { at: 0, n: 1000 }, "count", 1).unwrap());
        assert_eq!(a, (1..=1000).collect::<Vec<_>>());
        assert_eq!(a, b);
        assert_eq!(ra, Ok(1000));
        assert_eq!(rb, Ok(1000));
    }

    /// Squares units on workers and takes them in order.
    struct Squares {
        got: Vec<Option<u64>>,
        told: usize,
    }

    struct SquareUnits(usize);

    impl Units for SquareUnits {
        fn count(&self) -> usize {
            self.0
        }
        fn recipe(&self) -> Option<Recipe> {
            Some(Recipe {
                kind: "squares",
                bytes: self.0.to_le_bytes().to_vec(),
            })
        }
        fn run(&self, i: usize, _: &AtomicBool) -> Vec<u8> {
            ((i * i) as u64).to_le_bytes().to_vec()
        }
    }

    impl Job for Squares {
        type News = u64;
        type Output = usize;
        fn work(&mut self, s: &mut Slice<'_, u64>) -> Step<usize> {
            while let Some(Some(v)) = self.got.get(self.told) {
                s.tell(*v);
                self.told += 1;
            }
            if self.told == self.got.len() {
                return Step::Done(Ok(self.told));
            }
            Step::Busy
        }
        fn units(&mut self) -> Option<Arc<dyn Units>> {
            Some(Arc::new(SquareUnits(self.got.len())))
        }
        fn unit_done(&mut self, i: usize, out: Vec<u8>) {
            let bytes: [u8; 8] = out.try_into().unwrap_or_default();
            self.got[i] = Some(u64::from_le_bytes(bytes));
        }
    }

    #[test]
    fn units_on_a_pool_of_workers_come_back_in_order() {
        let job = Squares {
            got: vec![None; 500],
            told: 0,
        };
        let (news, end) = finish(spawn_thread(job, "squares", 4).unwrap());
        assert_eq!(news, (0..500u64).map(|i| i * i).collect::<Vec<_>>());
        assert_eq!(end, Ok(500));
    }

    /// A farm that ran every unit "elsewhere" from its recipe alone, and hands one result
    /// back a poll, last first; unit 7's worker failed.
    struct Elsewhere {
        results: Vec<(usize, Result<Vec<u8>, String>)>,
        can: bool,
    }

    impl Farm for Elsewhere {
        fn start(&mut self, units: &Arc<dyn Units>) -> bool {
            let Some(recipe) = units.recipe().filter(|_| self.can) else {
                return false;
            };
            assert_eq!(recipe.kind, "squares");
            let count = usize::from_le_bytes(recipe.bytes.try_into().unwrap());
            let made = SquareUnits(count);
            for i in 0..count {
                let out = match i {
                    7 => Err("its module trapped".to_string()),
                    _ => Ok(made.run(i, &AtomicBool::new(false))),
                };
                self.results.push((i, out));
            }
            true
        }
        fn take(&mut self) -> Vec<(usize, Result<Vec<u8>, String>)> {
            self.results.pop().into_iter().collect()
        }
    }

    #[test]
    fn units_on_a_farm_come_back_in_order_and_a_failed_worker_is_that_units_alone() {
        for can in [true, false] {
            let job = Squares {
                got: vec![None; 20],
                told: 0,
            };
            let farm = Elsewhere {
                results: Vec::new(),
                can,
            };
            let (news, end) = finish(farmed(job, Box::new(farm)));
            let want: Vec<u64> = (0..20u64)
                .map(|i| if can && i == 7 { 0 } else { i * i })
                .collect();
            assert_eq!(news, want, "farm took them: {can}");
            assert_eq!(end, Ok(20));
        }
    }

    #[test]
    fn a_cancelled_job_ends_cancelled_in_frames() {
        let h = in_frames(Count {
            at: 0,
            n: usize::MAX,
        });
        h.cancel();
        let (_, end) = finish(h);
        assert_eq!(end, Err(JobError::Cancelled));
    }
}
