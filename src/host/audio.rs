//! The brick's speaker through the computer's speaker, in step with simulated time.
//!
//! Each new sound the simulation plays (the snapshot's `recent_sounds`) is scheduled when the
//! app sees it: it starts after the simulated time still to go before it, and every length
//! is divided by the speed (simulated seconds per real second), so slow motion stretches a
//! tone (its pitch stays — the RCX's beeper has one pitch per tone) and 2× halves it. Sounds
//! are skipped above [`MAX_AUDIBLE_SPEED`] (fast-forward), while paused nothing plays (what
//! was scheduled is dropped), and while an earlier moment is shown nothing plays.
//!
//! Output without a build-time dependency: on Linux the ALSA library (`libasound.so.2`,
//! present on every desktop) is loaded at run time with `dlopen`, so building needs no
//! `libasound2-dev` or `pkg-config` (cpal would, through alsa-sys) and the Windows
//! cross-build is untouched. On Windows it is winmm's waveOut (every Windows has winmm.dll;
//! MinGW ships its import library), again with no crate. Where no library or no sound
//! device exists (CI, Xvfb, a server, Wine without a sound driver), or on other platforms,
//! the speaker stays silent and says so once. Samples come
//! from the core's synthesiser (`sim::audio`), the same that writes `run --audio`. In a
//! browser tab (feature `web`) the page's Web Audio plays the same notes as square-wave
//! oscillators scheduled on its own clock; a tab has no thread, so what the speaker sends is
//! taken at once (`web_audio::pump`).

use crate::sim::audio;
use crate::vm::SoundEvent;
#[cfg(any(target_os = "linux", windows))]
use std::sync::mpsc;
use std::sync::mpsc::Sender;

/// Output sample rate, Hz.
const RATE: u32 = 44_100;
/// Square-wave amplitude of the speaker's notes.
#[cfg_attr(not(any(target_os = "linux", windows)), allow(dead_code))]
const AMPLITUDE: i16 = 8000;
/// Samples written per block (10 ms).
#[cfg_attr(not(any(target_os = "linux", windows)), allow(dead_code))]
const BLOCK: usize = 441;
/// Above this many simulated seconds per real second, sounds are skipped.
pub const MAX_AUDIBLE_SPEED: f64 = 2.5;

enum Msg {
    /// Notes (Hz, real ms; 0 Hz = rest) starting `delay_ms` real ms from now.
    Play {
        delay_ms: f64,
        notes: Vec<(u32, f64)>,
    },
    /// Drop everything scheduled (pause, seek, mute).
    Hush,
}

/// Why the speaker is silent: typed, so the app says it in the language it speaks
/// ([`Silence::words`]), whichever thread found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Silence {
    /// The sound thread could not start (the system's words).
    NoThread(String),
    /// This build has no sound output for its platform.
    NotBuilt,
    /// The browser has no Web Audio (its words).
    NoWebAudio(String),
    /// The ALSA library is not installed.
    NoLibrary,
    /// The ALSA library lacks a function (its name).
    LibraryLacks(String),
    /// No sound card.
    NoCard,
    /// No sound device.
    NoDevice,
    /// The device refused 16-bit mono at 44.1 kHz.
    Refused,
    /// The device refused 16-bit mono at 44.1 kHz, with the system's code.
    RefusedCode(u32),
    /// The output stopped while playing.
    Stopped,
}

impl Silence {
    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            Silence::NoThread(e) => {
                crate::tr!(
                    lang,
                    "app-audio-cannot-start-the-sound-thread",
                    e = e.as_str()
                )
            }
            Silence::NotBuilt => crate::tr!(lang, "app-audio-sound-output-is-built-for"),
            Silence::NoWebAudio(e) => {
                crate::tr!(lang, "app-audio-this-browser-has-no-web", e = e.as_str())
            }
            Silence::NoLibrary => crate::tr!(lang, "app-audio-the-alsa-sound-library-libasound"),
            Silence::LibraryLacks(name) => {
                crate::tr!(
                    lang,
                    "app-audio-libasound-has-no",
                    to_string_lossy = name.as_str()
                )
            }
            Silence::NoCard => crate::tr!(lang, "app-audio-no-sound-card"),
            Silence::NoDevice => crate::tr!(lang, "app-audio-no-sound-device"),
            Silence::Refused => crate::tr!(lang, "app-audio-the-sound-device-refused-16"),
            Silence::RefusedCode(r) => {
                crate::tr!(
                    lang,
                    "app-audio-the-sound-device-refused-16-2",
                    r = r.to_string()
                )
            }
            Silence::Stopped => crate::tr!(lang, "app-audio-the-sound-output-stopped"),
        }
    }
}

/// The app's speaker: schedules the simulation's sounds on an output thread.
pub struct Speaker {
    muted: bool,
    /// How many of the run's sounds have been handled (the snapshot's `sounds_count`).
    handled: usize,
    out: Option<Sender<Msg>>,
    /// Why there is no output, once known (shown to the user once).
    pub unavailable: Option<Silence>,
    told: bool,
}

impl Default for Speaker {
    fn default() -> Self {
        Speaker {
            muted: false,
            handled: usize::MAX,
            out: None,
            unavailable: None,
            told: false,
        }
    }
}

impl Speaker {
    pub fn muted(&self) -> bool {
        self.muted
    }

    pub fn set_muted(&mut self, muted: bool) {
        self.muted = muted;
        if muted {
            self.send(Msg::Hush);
        }
    }

    /// Called each frame with the live moment: `now_ms` simulated time, the run's sounds
    /// so far (`count`, the newest of them in `recent`), whether time runs and how fast
    /// (simulated s per real s). Returns why there is no output, once (the app says it).
    pub fn frame(
        &mut self,
        now_ms: u64,
        count: usize,
        recent: &[SoundEvent],
        running: bool,
        speed: f64,
    ) -> Option<Silence> {
        if self.handled == usize::MAX || count < self.handled {
            // First frame, or the run restarted (stop, seek, new program): nothing old plays.
            self.handled = count;
            self.send(Msg::Hush);
            return None;
        }
        let new = count - self.handled;
        self.handled = count;
        if !running {
            self.send(Msg::Hush);
            return None;
        }
        if new == 0 || self.muted || !(speed > 0.0 && speed <= MAX_AUDIBLE_SPEED) {
            return None;
        }
        let fresh = &recent[recent.len().saturating_sub(new)..];
        for s in fresh {
            let notes: Vec<(u32, f64)> = audio::notes(s)
                .into_iter()
                .map(|(_, hz, ms)| (hz, ms as f64 / speed))
                .collect();
            let delay_ms = s.time_ms.saturating_sub(now_ms) as f64 / speed;
            self.send(Msg::Play { delay_ms, notes });
        }
        if self.out.is_none() && self.unavailable.is_none() {
            match open_output() {
                Ok(tx) => self.out = Some(tx),
                Err(e) => self.unavailable = Some(e),
            }
            // Replay this frame's sounds now that the output exists.
            if self.out.is_some() {
                self.handled -= new;
                return self.frame(now_ms, count, recent, running, speed);
            }
        }
        match (&self.unavailable, self.told) {
            (Some(why), false) => {
                self.told = true;
                Some(why.clone())
            }
            _ => None,
        }
    }

    fn send(&mut self, m: Msg) {
        if let Some(tx) = &self.out {
            if tx.send(m).is_err() {
                self.out = None;
                self.unavailable = Some(Silence::Stopped);
            }
        }
        #[cfg(all(target_arch = "wasm32", feature = "web"))]
        web_audio::pump();
    }
}

/// Renders scheduled notes block by block (square waves, as the core's synthesiser).
#[derive(Default)]
#[cfg_attr(not(any(target_os = "linux", windows)), allow(dead_code))]
struct Mixer {
    /// (start sample, end sample, Hz) on the output's own sample clock.
    notes: Vec<(u64, u64, u32)>,
    clock: u64,
}

#[cfg_attr(not(any(target_os = "linux", windows)), allow(dead_code))]
impl Mixer {
    fn apply(&mut self, m: Msg) {
        match m {
            Msg::Hush => self.notes.clear(),
            Msg::Play { delay_ms, notes } => {
                // Queued sounds follow the ones already scheduled, as the firmware's queue.
                let mut t = (self.clock + (delay_ms * RATE as f64 / 1000.0) as u64)
                    .max(self.notes.iter().map(|n| n.1).max().unwrap_or(0));
                for (hz, ms) in notes {
                    let len = (ms * RATE as f64 / 1000.0) as u64;
                    if hz > 0 && hz * 2 < RATE {
                        self.notes.push((t, t + len, hz));
                    }
                    t += len;
                }
            }
        }
    }

    fn block(&mut self, out: &mut [i16]) {
        out.fill(0);
        for &(a, b, hz) in &self.notes {
            for (k, v) in out.iter_mut().enumerate() {
                let n = self.clock + k as u64;
                if n >= a && n < b {
                    *v = audio::square(n - a, hz, RATE, AMPLITUDE);
                }
            }
        }
        self.clock += out.len() as u64;
        let now = self.clock;
        self.notes.retain(|n| n.1 > now);
    }

    fn idle(&self) -> bool {
        self.notes.is_empty()
    }
}

#[cfg(target_os = "linux")]
fn open_output() -> Result<Sender<Msg>, Silence> {
    let pcm = alsa::Pcm::open()?;
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("speaker".into())
        .spawn(move || play(pcm, rx))
        .map_err(|e| Silence::NoThread(e.to_string()))?;
    Ok(tx)
}

#[cfg(windows)]
fn open_output() -> Result<Sender<Msg>, Silence> {
    let out = winmm::WaveOut::open()?;
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("speaker".into())
        .spawn(move || play(out, rx))
        .map_err(|e| Silence::NoThread(e.to_string()))?;
    Ok(tx)
}

#[cfg(all(target_arch = "wasm32", feature = "web"))]
fn open_output() -> Result<Sender<Msg>, Silence> {
    web_audio::open()
}

#[cfg(not(any(
    target_os = "linux",
    windows,
    all(target_arch = "wasm32", feature = "web")
)))]
fn open_output() -> Result<Sender<Msg>, Silence> {
    Err(Silence::NotBuilt)
}

/// The page's Web Audio: each note a square-wave oscillator started and stopped on the
/// audio context's clock (the browser mixes them), queued after the notes before it as
/// the firmware's sound queue is.
#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod web_audio {
    use super::Msg;
    use std::cell::RefCell;
    use std::sync::mpsc::{self, Receiver, Sender};

    /// Notes kept to stop on a hush, at most (older ones have ended by then).
    const MAX_SCHEDULED: usize = 256;
    /// The oscillators' loudness (0–1): a square wave is loud.
    const GAIN: f32 = 0.08;

    struct Player {
        rx: Receiver<Msg>,
        ctx: web_sys::AudioContext,
        /// Scheduled oscillators and when each ends (audio clock, s).
        scheduled: Vec<(web_sys::OscillatorNode, f64)>,
        busy_until: f64,
    }

    thread_local! {
        static PLAYER: RefCell<Option<Player>> = const { RefCell::new(None) };
    }

    pub(super) fn open() -> Result<Sender<Msg>, super::Silence> {
        let ctx = web_sys::AudioContext::new()
            .map_err(|e| super::Silence::NoWebAudio(format!("{:?}", e)))?;
        let (tx, rx) = mpsc::channel();
        PLAYER.with(|p| {
            *p.borrow_mut() = Some(Player {
                rx,
                ctx,
                scheduled: Vec::new(),
                busy_until: 0.0,
            })
        });
        Ok(tx)
    }

    /// Takes what the speaker sent and schedules it.
    pub(super) fn pump() {
        PLAYER.with(|p| {
            if let Some(p) = p.borrow_mut().as_mut() {
                while let Ok(m) = p.rx.try_recv() {
                    p.apply(m);
                }
            }
        });
    }

    impl Player {
        fn apply(&mut self, m: Msg) {
            let now = self.ctx.current_time();
            match m {
                Msg::Hush => {
                    for (o, _) in self.scheduled.drain(..) {
                        let _ = o.stop();
                    }
                    self.busy_until = 0.0;
                }
                Msg::Play { delay_ms, notes } => {
                    // A tab started without a click keeps its audio suspended until one.
                    let _ = self.ctx.resume();
                    let mut t = (now + delay_ms / 1000.0).max(self.busy_until);
                    for (hz, ms) in notes {
                        let end = t + ms / 1000.0;
                        if hz > 0 {
                            if let Some(o) = self.note(hz, t, end) {
                                self.scheduled.push((o, end));
                            }
                        }
                        t = end;
                    }
                    self.busy_until = t;
                    self.scheduled.retain(|(_, end)| *end > now);
                    if self.scheduled.len() > MAX_SCHEDULED {
                        let extra = self.scheduled.len() - MAX_SCHEDULED;
                        self.scheduled.drain(..extra);
                    }
                }
            }
        }

        fn note(&self, hz: u32, start: f64, end: f64) -> Option<web_sys::OscillatorNode> {
            let o = self.ctx.create_oscillator().ok()?;
            o.set_type(web_sys::OscillatorType::Square);
            o.frequency().set_value(hz as f32);
            let gain = self.ctx.create_gain().ok()?;
            gain.gain().set_value(GAIN);
            o.connect_with_audio_node(&gain).ok()?;
            gain.connect_with_audio_node(&self.ctx.destination()).ok()?;
            o.start_with_when(start).ok()?;
            o.stop_with_when(end).ok()?;
            Some(o)
        }
    }
}

/// A device that takes blocks of 16-bit mono samples at [`RATE`], blocking while full.
#[cfg(any(target_os = "linux", windows))]
trait Output {
    fn write(&self, s: &[i16]) -> Result<(), ()>;
}

#[cfg(target_os = "linux")]
impl Output for alsa::Pcm {
    fn write(&self, s: &[i16]) -> Result<(), ()> {
        alsa::Pcm::write(self, s)
    }
}

#[cfg(windows)]
impl Output for winmm::WaveOut {
    fn write(&self, s: &[i16]) -> Result<(), ()> {
        winmm::WaveOut::write(self, s)
    }
}

#[cfg(any(target_os = "linux", windows))]
fn play(pcm: impl Output, rx: mpsc::Receiver<Msg>) {
    let mut mixer = Mixer::default();
    let mut buf = vec![0i16; BLOCK];
    loop {
        // Idle: wait for work without writing (the device then just runs dry).
        if mixer.idle() {
            match rx.recv() {
                Ok(m) => mixer.apply(m),
                Err(_) => return,
            }
        }
        loop {
            match rx.try_recv() {
                Ok(m) => mixer.apply(m),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => return,
            }
        }
        mixer.block(&mut buf);
        if pcm.write(&buf).is_err() {
            return;
        }
    }
}

/// ALSA's simple PCM API, loaded at run time (no build-time library or headers).
#[cfg(target_os = "linux")]
mod alsa {
    use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr};

    type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
    type SetParams =
        unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
    type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
    type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
    type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
    type CardNext = unsafe extern "C" fn(*mut c_int) -> c_int;

    /// An open playback device: 16-bit little-endian mono at 44.1 kHz, ≈ 60 ms latency.
    pub struct Pcm {
        handle: *mut c_void,
        writei: WriteI,
        recover: Recover,
        close: Close,
    }

    // The handle is used by one thread at a time (moved to the speaker thread).
    unsafe impl Send for Pcm {}

    fn sym<T: Copy>(lib: *mut c_void, name: &CStr) -> Result<T, super::Silence> {
        // SAFETY: dlsym on a handle from dlopen with a NUL-terminated name; the pointer is
        // only transmuted to the C signature documented for that ALSA function.
        let p = unsafe { libc::dlsym(lib, name.as_ptr()) };
        if p.is_null() {
            return Err(super::Silence::LibraryLacks(
                name.to_string_lossy().into_owned(),
            ));
        }
        Ok(unsafe { std::mem::transmute_copy::<*mut c_void, T>(&p) })
    }

    impl Pcm {
        pub fn open() -> Result<Pcm, super::Silence> {
            // SAFETY: dlopen with a constant NUL-terminated name.
            let lib = unsafe { libc::dlopen(c"libasound.so.2".as_ptr(), libc::RTLD_NOW) };
            if lib.is_null() {
                return Err(super::Silence::NoLibrary);
            }
            let open: Open = sym(lib, c"snd_pcm_open")?;
            let set_params: SetParams = sym(lib, c"snd_pcm_set_params")?;
            let writei: WriteI = sym(lib, c"snd_pcm_writei")?;
            let recover: Recover = sym(lib, c"snd_pcm_recover")?;
            let close: Close = sym(lib, c"snd_pcm_close")?;
            // `LUROBOTSIM_ALSA_DEVICE` names another device (e.g. `null`, for tests).
            let device = std::env::var("LUROBOTSIM_ALSA_DEVICE")
                .ok()
                .and_then(|d| std::ffi::CString::new(d).ok());
            if device.is_none() {
                // No card at all (CI, containers): say so without asking for "default",
                // which would make ALSA print its configuration errors on stderr.
                let card_next: CardNext = sym(lib, c"snd_card_next")?;
                let mut card: c_int = -1;
                // SAFETY: ALSA's documented call with a valid pointer.
                if unsafe { card_next(&mut card) } < 0 || card < 0 {
                    return Err(super::Silence::NoCard);
                }
            }
            let name = device.as_deref().unwrap_or(c"default");
            let mut handle = std::ptr::null_mut();
            // SAFETY: ALSA's documented calls with valid pointers; 0 = playback, mode 0.
            let r = unsafe { open(&mut handle, name.as_ptr(), 0, 0) };
            if r < 0 || handle.is_null() {
                return Err(super::Silence::NoDevice);
            }
            // SND_PCM_FORMAT_S16_LE = 2, SND_PCM_ACCESS_RW_INTERLEAVED = 3.
            let r = unsafe { set_params(handle, 2, 3, 1, super::RATE, 1, 60_000) };
            if r < 0 {
                unsafe { close(handle) };
                return Err(super::Silence::Refused);
            }
            Ok(Pcm {
                handle,
                writei,
                recover,
                close,
            })
        }

        /// Writes all samples (blocking while the device's buffer is full).
        pub fn write(&self, mut s: &[i16]) -> Result<(), ()> {
            while !s.is_empty() {
                // SAFETY: the buffer holds s.len() mono 16-bit frames.
                let n =
                    unsafe { (self.writei)(self.handle, s.as_ptr().cast(), s.len() as c_ulong) };
                if n < 0 {
                    // An underrun (we were idle): recover and go on.
                    if unsafe { (self.recover)(self.handle, n as c_int, 1) } < 0 {
                        return Err(());
                    }
                    continue;
                }
                s = &s[(n as usize).min(s.len())..];
            }
            Ok(())
        }
    }

    impl Drop for Pcm {
        fn drop(&mut self) {
            // SAFETY: the handle came from snd_pcm_open and is closed once.
            unsafe { (self.close)(self.handle) };
        }
    }
}

/// Windows' waveOut API (winmm.dll, part of every Windows; no crate, no build-time SDK
/// beyond MinGW's import library): a few 10 ms buffers queued in turn, written again when
/// the system marks them done.
#[cfg(windows)]
mod winmm {
    use std::cell::RefCell;
    use std::ffi::c_void;

    #[repr(C)]
    struct WaveFormatEx {
        format_tag: u16,
        channels: u16,
        samples_per_sec: u32,
        avg_bytes_per_sec: u32,
        block_align: u16,
        bits_per_sample: u16,
        cb_size: u16,
    }

    #[repr(C)]
    struct WaveHdr {
        data: *mut u8,
        buffer_length: u32,
        bytes_recorded: u32,
        user: usize,
        flags: u32,
        loops: u32,
        next: *mut WaveHdr,
        reserved: usize,
    }

    const WAVE_MAPPER: u32 = 0xFFFF_FFFF;
    const WAVE_FORMAT_PCM: u16 = 1;
    const WHDR_DONE: u32 = 1;
    const HDR: u32 = std::mem::size_of::<WaveHdr>() as u32;
    /// Buffers in flight: 6 × 10 ms.
    const BUFFERS: usize = 6;

    #[link(name = "winmm")]
    extern "system" {
        fn waveOutGetNumDevs() -> u32;
        fn waveOutOpen(
            out: *mut *mut c_void,
            device: u32,
            format: *const WaveFormatEx,
            callback: usize,
            instance: usize,
            flags: u32,
        ) -> u32;
        fn waveOutPrepareHeader(out: *mut c_void, hdr: *mut WaveHdr, size: u32) -> u32;
        fn waveOutUnprepareHeader(out: *mut c_void, hdr: *mut WaveHdr, size: u32) -> u32;
        fn waveOutWrite(out: *mut c_void, hdr: *mut WaveHdr, size: u32) -> u32;
        fn waveOutReset(out: *mut c_void) -> u32;
        fn waveOutClose(out: *mut c_void) -> u32;
    }

    struct Slots {
        /// Boxed so that their addresses stay put while the system holds them.
        hdrs: Box<[WaveHdr; BUFFERS]>,
        bufs: Vec<Vec<i16>>,
        queued: [bool; BUFFERS],
    }

    /// An open output: 16-bit mono at 44.1 kHz through the default device.
    pub struct WaveOut {
        handle: *mut c_void,
        slots: RefCell<Slots>,
    }

    // The handle and buffers are used by one thread at a time (moved to the speaker thread).
    unsafe impl Send for WaveOut {}

    impl WaveOut {
        pub fn open() -> Result<WaveOut, super::Silence> {
            // SAFETY: winmm's documented calls with valid pointers; CALLBACK_NULL (0).
            if unsafe { waveOutGetNumDevs() } == 0 {
                return Err(super::Silence::NoDevice);
            }
            let format = WaveFormatEx {
                format_tag: WAVE_FORMAT_PCM,
                channels: 1,
                samples_per_sec: super::RATE,
                avg_bytes_per_sec: super::RATE * 2,
                block_align: 2,
                bits_per_sample: 16,
                cb_size: 0,
            };
            let mut handle = std::ptr::null_mut();
            let r = unsafe { waveOutOpen(&mut handle, WAVE_MAPPER, &format, 0, 0, 0) };
            if r != 0 || handle.is_null() {
                return Err(super::Silence::RefusedCode(r));
            }
            let hdrs = Box::new(std::array::from_fn(|_| WaveHdr {
                data: std::ptr::null_mut(),
                buffer_length: 0,
                bytes_recorded: 0,
                user: 0,
                flags: 0,
                loops: 0,
                next: std::ptr::null_mut(),
                reserved: 0,
            }));
            Ok(WaveOut {
                handle,
                slots: RefCell::new(Slots {
                    hdrs,
                    bufs: vec![vec![0; super::BLOCK]; BUFFERS],
                    queued: [false; BUFFERS],
                }),
            })
        }

        /// Queues the samples, waiting while every buffer is still playing.
        pub fn write(&self, samples: &[i16]) -> Result<(), ()> {
            let mut slots = self.slots.borrow_mut();
            let Slots { hdrs, bufs, queued } = &mut *slots;
            for chunk in samples.chunks(super::BLOCK) {
                let i = loop {
                    let free = (0..BUFFERS).find(|&i| {
                        // SAFETY: the system sets WHDR_DONE from another thread.
                        !queued[i]
                            || unsafe { std::ptr::read_volatile(&hdrs[i].flags) } & WHDR_DONE != 0
                    });
                    match free {
                        Some(i) => break i,
                        None => std::thread::sleep(std::time::Duration::from_millis(2)),
                    }
                };
                let h: *mut WaveHdr = &mut hdrs[i];
                if queued[i] {
                    // SAFETY: the header was prepared for this handle and is done.
                    unsafe { waveOutUnprepareHeader(self.handle, h, HDR) };
                    queued[i] = false;
                }
                let buf = &mut bufs[i];
                buf.clear();
                buf.extend_from_slice(chunk);
                // SAFETY: the header points at a buffer that lives as long as `self` and is
                // not touched again until the system marks it done.
                unsafe {
                    (*h).data = buf.as_mut_ptr().cast();
                    (*h).buffer_length = (buf.len() * 2) as u32;
                    (*h).flags = 0;
                    (*h).loops = 0;
                    if waveOutPrepareHeader(self.handle, h, HDR) != 0 {
                        return Err(());
                    }
                    if waveOutWrite(self.handle, h, HDR) != 0 {
                        waveOutUnprepareHeader(self.handle, h, HDR);
                        return Err(());
                    }
                }
                queued[i] = true;
            }
            Ok(())
        }
    }

    impl Drop for WaveOut {
        fn drop(&mut self) {
            let slots = self.slots.get_mut();
            // SAFETY: reset returns every buffer (marked done); each prepared header is
            // unprepared once, then the handle is closed once.
            unsafe {
                waveOutReset(self.handle);
                for i in 0..BUFFERS {
                    if slots.queued[i] {
                        waveOutUnprepareHeader(self.handle, &mut slots.hdrs[i], HDR);
                    }
                }
                waveOutClose(self.handle);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::audio::tone;

    #[test]
    fn the_mixer_stretches_with_slow_motion_and_queues_in_order() {
        let mut m = Mixer::default();
        m.apply(Msg::Play {
            delay_ms: 10.0,
            notes: vec![(440, 20.0)],
        });
        m.apply(Msg::Play {
            delay_ms: 0.0,
            notes: vec![(880, 10.0)],
        });
        let mut out = vec![0i16; 441 * 5];
        m.block(&mut out);
        let sounding: Vec<usize> = (0..out.len()).filter(|&i| out[i] != 0).collect();
        assert_eq!(sounding.first(), Some(&441));
        assert_eq!(sounding.last(), Some(&(441 * 4 - 1)));
        assert!(m.idle());
        m.apply(Msg::Play {
            delay_ms: 0.0,
            notes: vec![(440, 1000.0)],
        });
        m.apply(Msg::Hush);
        assert!(m.idle(), "pause drops what was scheduled");
    }

    #[test]
    fn the_speaker_is_silent_when_paused_fast_or_muted_and_skips_old_sounds() {
        let mut s = Speaker {
            unavailable: Some(Silence::NoDevice),
            told: true,
            ..Speaker::default()
        };
        // The first frame only takes note of what already played.
        assert_eq!(s.frame(0, 3, &[tone(0, 440, 100)], true, 1.0), None);
        assert_eq!(s.handled, 3);
        s.frame(10, 4, &[tone(10, 440, 100)], true, 50.0);
        assert_eq!(s.handled, 4, "fast-forward skips it");
        s.frame(20, 2, &[], true, 1.0);
        assert_eq!(s.handled, 2, "a restart starts counting again");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn alsa_loaded_at_run_time_plays_into_its_null_device() {
        // SAFETY of the test: the variable is only read by `Pcm::open` in this process.
        std::env::set_var("LUROBOTSIM_ALSA_DEVICE", "null");
        let pcm = match alsa::Pcm::open() {
            Ok(p) => p,
            Err(e) => {
                println!("skipped: {}", e.words(crate::i18n::Lang::En));
                return;
            }
        };
        let mut m = Mixer::default();
        m.apply(Msg::Play {
            delay_ms: 0.0,
            notes: vec![(262, 50.0)],
        });
        let mut buf = vec![0i16; BLOCK];
        for _ in 0..5 {
            m.block(&mut buf);
            assert!(pcm.write(&buf).is_ok());
        }
        assert!(m.idle());
    }
}
