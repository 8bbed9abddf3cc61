//! The brick's speaker as sound samples: what `run --audio FILE.wav` writes (and what an
//! app may play). Pure and deterministic — the VM's sound list in, 16-bit mono PCM out — so
//! it belongs to the core and is tested without a sound device.
//!
//! The RCX drives a piezo beeper with a square wave; `playt`/`playv` tones play at the
//! frequency and for the duration asked (1/100 s units), one after another from the
//! firmware's queue (the VM stamps each sound with the time it starts, see
//! `Vm::queue_sound`). A tone of 0 Hz is a rest.
//!
//! The six system sounds (`plays` 0–5): their names come from the LEGO SDK and leJOS's
//! `Sound.systemSound` documentation — short beep (the "click"), double beep, descending
//! arpeggio, ascending arpeggio, long low beep (buzz), quick ascending arpeggio. Their notes
//! are NOT published; the frequencies below are ESTIMATES (chosen by ear to match those
//! descriptions), and their total lengths are the queue times the VM already uses for
//! them (50, 250, 400, 400, 500, 250 ms), so the audio and the sound queue agree.

use crate::vm::{SoundEvent, SoundKind};

/// Sample rate of rendered audio, Hz.
pub const SAMPLE_RATE: u32 = 44_100;
/// Square-wave amplitude (about a third of full scale: loud enough, never clipping).
const AMPLITUDE: i16 = 10_000;

/// One note of a system sound: frequency (0 = silence) and length in ms.
type Note = (u32, u32);

/// The ESTIMATED notes of system sounds 0–5 (see the module notes).
pub const SYSTEM_SOUNDS: [&[Note]; 6] = [
    // 0 short beep / click
    &[(1397, 50)],
    // 1 double beep
    &[(1047, 100), (0, 50), (1047, 100)],
    // 2 descending arpeggio (sweep down)
    &[(1568, 100), (1319, 100), (1047, 100), (784, 100)],
    // 3 ascending arpeggio (sweep up)
    &[(784, 100), (1047, 100), (1319, 100), (1568, 100)],
    // 4 long low beep (error buzz)
    &[(110, 500)],
    // 5 quick ascending arpeggio
    &[(784, 50), (988, 50), (1175, 50), (1397, 50), (1568, 50)],
];

/// The notes one sound event plays, one after another: (start ms, Hz with 0 a rest, ms).
/// Also what the app's speaker plays.
pub fn notes(s: &SoundEvent) -> Vec<(u64, u32, u32)> {
    match s.kind {
        SoundKind::System => {
            let mut t = s.time_ms;
            let mut v = Vec::new();
            if let Some(ns) = usize::try_from(s.value)
                .ok()
                .and_then(|i| SYSTEM_SOUNDS.get(i))
            {
                for &(hz, ms) in ns.iter() {
                    v.push((t, hz, ms));
                    t += ms as u64;
                }
            }
            v
        }
        SoundKind::Tone => vec![(s.time_ms, s.value.max(0) as u32, s.duration_ms)],
    }
}

/// Renders the sounds that play in `[from_ms, to_ms)` as samples at `rate` Hz; sample `i`
/// is at `from_ms + i / rate` seconds. Rendering a long span in pieces gives the same
/// samples as rendering it whole.
pub fn render<'a>(
    sounds: impl IntoIterator<Item = &'a SoundEvent>,
    from_ms: u64,
    to_ms: u64,
    rate: u32,
) -> Vec<i16> {
    let first = sample_at(from_ms, rate);
    let last = sample_at(to_ms.max(from_ms), rate);
    let mut out = vec![0i16; (last - first) as usize];
    for s in sounds {
        for (start, hz, ms) in notes(s) {
            if hz == 0 || hz * 2 >= rate {
                continue; // a rest, or a pitch the sample rate cannot carry
            }
            let a = sample_at(start, rate);
            let b = sample_at(start + ms as u64, rate);
            let (lo, hi) = (a.max(first), b.min(last));
            for n in lo..hi {
                out[(n - first) as usize] = square(n - a, hz, rate, AMPLITUDE);
            }
        }
    }
    out
}

/// Sample `n` (counted from the note's start) of a square wave of `hz` at `rate` Hz: the
/// half-period it falls in decides its sign. The app's speaker draws its notes with it too.
pub fn square(n: u64, hz: u32, rate: u32, amplitude: i16) -> i16 {
    let half = (n * 2 * hz as u64) / rate as u64;
    if half.is_multiple_of(2) {
        amplitude
    } else {
        -amplitude
    }
}

fn sample_at(ms: u64, rate: u32) -> u64 {
    ms * rate as u64 / 1000
}

/// The longest run a WAV file can hold at `rate` (its sizes are 32-bit), in ms.
pub fn max_wav_ms(rate: u32) -> u64 {
    // data bytes = 2 × samples ≤ u32::MAX − 36 (the RIFF size field counts the header).
    (u32::MAX as u64 - 36) / 2 * 1000 / rate as u64
}

/// Writes `[0, end_ms)` of `sounds` as a 16-bit mono PCM WAV to `w`, rendered a few
/// seconds at a time (memory does not grow with the run's length). Fails with
/// `InvalidInput` past [`max_wav_ms`].
pub fn write_wav<'a, W: std::io::Write>(
    mut w: W,
    sounds: impl IntoIterator<Item = &'a SoundEvent> + Clone,
    end_ms: u64,
    rate: u32,
) -> std::io::Result<W> {
    if end_ms > max_wav_ms(rate) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "a WAV file holds at most {} s at {rate} Hz",
                max_wav_ms(rate) / 1000
            ),
        ));
    }
    let data_len = (sample_at(end_ms, rate) * 2) as u32;
    w.write_all(&wav_header(data_len, rate))?;
    const CHUNK_MS: u64 = 10_000;
    let mut from = 0;
    while from < end_ms {
        let to = (from + CHUNK_MS).min(end_ms);
        let samples = render(sounds.clone(), from, to, rate);
        let mut b = Vec::with_capacity(samples.len() * 2);
        for s in samples {
            b.extend_from_slice(&s.to_le_bytes());
        }
        w.write_all(&b)?;
        from = to;
    }
    Ok(w)
}

fn wav_header(data_len: u32, rate: u32) -> Vec<u8> {
    let mut b = Vec::with_capacity(44);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&rate.to_le_bytes());
    b.extend_from_slice(&(rate * 2).to_le_bytes()); // bytes per second
    b.extend_from_slice(&2u16.to_le_bytes()); // block align
    b.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    b
}

/// A 16-bit mono PCM WAV file of `samples`.
pub fn wav_bytes(samples: &[i16], rate: u32) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = wav_header(data_len, rate);
    b.reserve(data_len as usize);
    for s in samples {
        b.extend_from_slice(&s.to_le_bytes());
    }
    b
}

/// A tone of `hz` for `ms` from `t` ms, for the tests of this module and the app's speaker.
#[cfg(test)]
pub(crate) fn tone(t: u64, hz: i32, ms: u32) -> SoundEvent {
    SoundEvent {
        time_ms: t,
        kind: SoundKind::Tone,
        value: hz,
        duration_ms: ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tone_is_a_square_wave_of_its_frequency_for_its_duration() {
        let s = render(&[tone(100, 440, 500)], 0, 1000, SAMPLE_RATE);
        assert_eq!(s.len(), 44_100);
        let sound: Vec<usize> = (0..s.len()).filter(|&i| s[i] != 0).collect();
        assert_eq!(sound.first(), Some(&4410));
        assert_eq!(sound.last(), Some(&(4410 + 22_050 - 1)));
        let crossings = s.windows(2).filter(|w| w[0] > 0 && w[1] < 0).count();
        assert!((219..=221).contains(&crossings), "{crossings}");
    }

    #[test]
    fn rendering_in_pieces_equals_rendering_whole() {
        let sounds = [
            tone(0, 262, 200),
            SoundEvent {
                time_ms: 200,
                kind: SoundKind::System,
                value: 3,
                duration_ms: 400,
            },
        ];
        let whole = render(&sounds, 0, 700, 8000);
        let mut parts = render(&sounds, 0, 333, 8000);
        parts.extend(render(&sounds, 333, 700, 8000));
        assert_eq!(whole, parts);
        assert!(whole[(8 * 250)..(8 * 550)].iter().any(|&v| v != 0));
    }

    #[test]
    fn system_sounds_last_as_long_as_the_queue_holds_them() {
        for (i, ms) in [50, 250, 400, 400, 500, 250].iter().enumerate() {
            let total: u32 = SYSTEM_SOUNDS[i].iter().map(|n| n.1).sum();
            assert_eq!(total, *ms, "sound {i}");
        }
    }

    #[test]
    fn the_wav_header_describes_16_bit_mono_pcm() {
        let b = wav_bytes(&[0, 1, -1], 8000);
        assert_eq!(&b[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes([b[4], b[5], b[6], b[7]]), 36 + 6);
        assert_eq!(&b[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([b[22], b[23]]), 1);
        assert_eq!(u32::from_le_bytes([b[24], b[25], b[26], b[27]]), 8000);
        assert_eq!(u16::from_le_bytes([b[34], b[35]]), 16);
        assert_eq!(&b[36..40], b"data");
        assert_eq!(b.len(), 44 + 6);
    }
}
