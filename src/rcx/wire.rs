//! The IR wire framing of rcx.md §1.2–1.3 as pure bytes ↔ frames: header `55 ff 00`, every
//! payload byte followed by its complement, then the checksum (sum of the payload bytes
//! mod 256) and its complement. Requests and replies are framed the same way.
//!
//! Owns only the codec: no I/O, no clock, no VM. The link (`crate::link`) buffers bytes,
//! calls [`decode`], and routes the payloads. Decoding tells a frame that needs more bytes
//! ([`WireError::Incomplete`]) from bytes that cannot start a valid frame
//! ([`WireError::Invalid`], with how many bytes to drop before trying again), so one bad
//! byte never stalls or kills a connection.

use super::opcode;

/// The standard header (rcx.md §1.2).
pub const HEADER: [u8; 3] = [0x55, 0xff, 0x00];

/// One decoded frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Opcode (as received, toggle bit included) and parameters, complements removed.
    pub payload: Vec<u8>,
    /// How many header bytes preceded the opcode (3 for `55 ff 00`, 0 for a header-less
    /// frame as NQC `-x` sends).
    pub header_len: usize,
}

/// Why [`decode`] returned no frame.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// The bytes are a valid beginning of a frame; wait for more.
    #[error("incomplete frame")]
    Incomplete,
    /// The bytes at the front cannot be (the start of) a frame: drop `skip` bytes (≥ 1)
    /// and decode again.
    #[error("invalid frame ({reason}); skipping {skip} byte(s)")]
    Invalid { skip: usize, reason: &'static str },
}

/// True for the bytes a header is made of. The firmware accepts any run of them before the
/// opcode (rcx.md §1.2, Dick Swan). Of the three, only `ff` is also an opcode byte — the
/// toggled form of `f7` (set message) — which [`decode`] takes care of.
pub fn is_header_byte(b: u8) -> bool {
    matches!(b, 0x55 | 0xff | 0x00)
}

/// The checksum of a payload: its bytes summed mod 256.
pub fn checksum(payload: &[u8]) -> u8 {
    payload.iter().fold(0u8, |a, &b| a.wrapping_add(b))
}

/// Frames a payload (a request or a reply): `55 ff 00`, each byte and its complement, the
/// checksum and its complement.
pub fn encode(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(3 + 2 * payload.len() + 2);
    out.extend_from_slice(&HEADER);
    for &b in payload {
        out.push(b);
        out.push(!b);
    }
    let ck = checksum(payload);
    out.push(ck);
    out.push(!ck);
    out
}

/// Decodes the first frame in `buf`. On success returns the frame and the number of bytes
/// it used (header included). Header tolerance: any run of `55`/`ff`/`00` bytes — the full
/// `55 ff 00`, NQC's partial `ff 00` or `00`, or none — may precede the opcode.
///
/// A toggled set-message (`ff 00 v ~v ck ~ck`) starts with two bytes that look like header
/// bytes, so when the opcode after the whole header run does not give a frame, each `ff`
/// inside the run is tried as the opcode too (a frame needs its checksum to match, so a
/// wrong guess is rejected).
pub fn decode(buf: &[u8]) -> Result<(Frame, usize), WireError> {
    let run = buf.iter().take_while(|&&b| is_header_byte(b)).count();
    let first = decode_at(buf, run);
    if first.is_ok() {
        return first;
    }
    let mut incomplete = first == Err(WireError::Incomplete);
    // `ff` is both a header byte and an opcode (toggled `f7`). Try the latest `ff` of the
    // header run first: a real frame's header comes before its opcode, and an earlier `ff`
    // can make a different frame that also checks out (payload `ff fe` after `55 ff 00`
    // also parses as `ff ff` from the header's own `ff`).
    for i in (0..run).rev().filter(|&i| buf[i] == 0xff) {
        match decode_at(buf, i) {
            Ok(f) => return Ok(f),
            Err(WireError::Incomplete) => incomplete = true,
            Err(_) => {}
        }
    }
    if incomplete {
        Err(WireError::Incomplete)
    } else {
        first
    }
}

/// Decodes a frame whose opcode is at `buf[header_len]`.
fn decode_at(buf: &[u8], header_len: usize) -> Result<(Frame, usize), WireError> {
    let body = &buf[header_len..];
    // Invalid data is dropped one byte past the header run, so the next attempt starts at
    // the byte after the one that failed to be an opcode.
    let skip = header_len + 1;
    let mut payload: Vec<u8> = Vec::with_capacity(8);
    let mut at = 0usize;
    loop {
        let want = match opcode::packet_len(&payload) {
            Ok(Some(n)) if n > MAX_PAYLOAD => {
                return Err(WireError::Invalid {
                    skip,
                    reason: "longer than any host's frame",
                })
            }
            Ok(Some(n)) => n,
            Ok(None) => payload.len() + 1,
            Err(()) => {
                return Err(WireError::Invalid {
                    skip,
                    reason: "unknown opcode",
                })
            }
        };
        if payload.len() >= want {
            break;
        }
        let Some(&b) = body.get(at) else {
            return Err(WireError::Incomplete);
        };
        if payload.is_empty() && opcode::info(b).is_none() {
            return Err(WireError::Invalid {
                skip,
                reason: "unknown opcode",
            });
        }
        let Some(&c) = body.get(at + 1) else {
            return Err(WireError::Incomplete);
        };
        if c != !b {
            return Err(WireError::Invalid {
                skip,
                reason: "byte not followed by its complement",
            });
        }
        payload.push(b);
        at += 2;
    }
    let (Some(&ck), Some(&nck)) = (body.get(at), body.get(at + 1)) else {
        return Err(WireError::Incomplete);
    };
    if nck != !ck {
        return Err(WireError::Invalid {
            skip,
            reason: "checksum not followed by its complement",
        });
    }
    if ck != checksum(&payload) {
        return Err(WireError::Invalid {
            skip,
            reason: "checksum mismatch",
        });
    }
    Ok((
        Frame {
            payload,
            header_len,
        },
        header_len + at + 2,
    ))
}

/// Decodes a frame whose payload length the reader knows in advance — how a host reads a
/// reply (NQC's `ExpectedReplyLength`): reply opcodes are complements and say nothing about
/// their length. Same header tolerance and checks as [`decode`].
pub fn decode_reply(buf: &[u8], len: usize) -> Result<(Frame, usize), WireError> {
    let header_len = buf.iter().take_while(|&&b| is_header_byte(b)).count();
    let body = &buf[header_len..];
    let skip = header_len + 1;
    let mut payload = Vec::with_capacity(len);
    for k in 0..=len {
        let (Some(&b), Some(&c)) = (body.get(2 * k), body.get(2 * k + 1)) else {
            return Err(WireError::Incomplete);
        };
        if c != !b {
            return Err(WireError::Invalid {
                skip,
                reason: "byte not followed by its complement",
            });
        }
        if k == len {
            if b != checksum(&payload) {
                return Err(WireError::Invalid {
                    skip,
                    reason: "checksum mismatch",
                });
            }
        } else {
            payload.push(b);
        }
    }
    Ok((
        Frame {
            payload,
            header_len,
        },
        header_len + 2 * len + 2,
    ))
}

/// Splits the first unframed packet (opcode + parameters, lengths from the opcode table)
/// off `buf`, for the raw dialect: `Ok((payload, used))`, `Incomplete`, or `Invalid` for an
/// unknown opcode (skip 1).
pub fn decode_raw(buf: &[u8]) -> Result<(Vec<u8>, usize), WireError> {
    match opcode::packet_len(buf) {
        Ok(None) => Err(WireError::Incomplete),
        Ok(Some(n)) if buf.len() >= n => Ok((buf[..n].to_vec(), n)),
        Ok(Some(_)) => Err(WireError::Incomplete),
        Err(()) => Err(WireError::Invalid {
            skip: 1,
            reason: "unknown opcode",
        }),
    }
}

/// A streaming decoder: push bytes in, take frames out; invalid bytes are dropped and
/// counted. Work is linear in the bytes pushed: dropped bytes only move a read offset (the
/// buffer is compacted when half of it is consumed), a run of header bytes longer than
/// [`MAX_HEADER_RUN`] is cut to its last bytes once, and no frame is longer than the
/// buffer bound, so each attempt at a position reads a bounded number of bytes.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Bytes of `buf` already consumed (frames taken or bytes dropped).
    start: usize,
    /// Bytes dropped because they could not start a frame.
    pub dropped: usize,
}

/// Longest frame worth buffering: a `45` block of 65535 data bytes would be ~128 KB on the
/// wire; hosts send ≤ 512 data bytes per block (rcx.md §7.1), so anything past this bound
/// is garbage and the buffer is cut to keep a hostile client from growing it.
const MAX_BUFFER: usize = 4096;

/// Header bytes kept of a longer run: enough for any frame made only of header bytes (a
/// toggled set-message `ff 00 00 ff ff 00` is 6) and the header before a real opcode.
pub const MAX_HEADER_RUN: usize = 16;

/// Longest payload a frame may announce (`45` with 1994 data bytes; with the longest header
/// run kept that is 4018 bytes on the wire, within the buffer bound); a longer one cannot
/// be a host's (they send ≤ 512 per block) and is treated as garbage at once instead of
/// being waited for.
pub const MAX_PAYLOAD: usize = 2000;

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Appends received bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.start > 0 && self.start * 2 >= self.buf.len() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// The next complete frame, if any; invalid bytes before it are dropped.
    pub fn next_frame(&mut self) -> Option<Frame> {
        self.next_with(decode, true)
    }

    /// The next complete unframed packet (raw dialect), if any.
    pub fn next_raw(&mut self) -> Option<Vec<u8>> {
        self.next_with(decode_raw, false)
    }

    fn drop_front(&mut self, n: usize) {
        let n = n.min(self.buf.len() - self.start);
        self.dropped += n;
        self.start += n;
    }

    fn next_with<T>(
        &mut self,
        mut f: impl FnMut(&[u8]) -> Result<(T, usize), WireError>,
        framed: bool,
    ) -> Option<T> {
        loop {
            if self.start >= self.buf.len() {
                self.buf.clear();
                self.start = 0;
                return None;
            }
            if framed {
                let run = self.buf[self.start..]
                    .iter()
                    .take_while(|&&b| is_header_byte(b))
                    .count();
                if run > MAX_HEADER_RUN {
                    self.drop_front(run - MAX_HEADER_RUN);
                }
            }
            match f(&self.buf[self.start..]) {
                Ok((t, n)) => {
                    self.start += n;
                    return Some(t);
                }
                Err(WireError::Incomplete) => {
                    if self.buf.len() - self.start > MAX_BUFFER {
                        self.drop_front(1);
                        continue;
                    }
                    return None;
                }
                Err(WireError::Invalid { skip, .. }) => self.drop_front(skip.max(1)),
            }
        }
    }

    /// Bytes buffered but not yet part of a frame.
    pub fn pending(&self) -> &[u8] {
        &self.buf[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str) -> Vec<u8> {
        s.split_whitespace()
            .map(|h| u8::from_str_radix(h, 16).unwrap())
            .collect()
    }

    #[test]
    fn the_protocol_notes_message_example_encodes_exactly() {
        assert_eq!(encode(&[0xf7, 0x12]), hex("55 ff 00 f7 08 12 ed 09 f6"));
    }

    #[test]
    fn battery_reply_matches_the_capture() {
        assert_eq!(
            encode(&[0xcf, 0x28, 0x23]),
            hex("55 ff 00 cf 30 28 d7 23 dc 1a e5")
        );
    }

    #[test]
    fn partial_headers_and_no_header_are_accepted() {
        for (bytes, h) in [
            ("55 ff 00 10 ef 10 ef", 3),
            ("ff 00 10 ef 10 ef", 2),
            ("00 10 ef 10 ef", 1),
            ("10 ef 10 ef", 0),
            ("55 55 ff 00 00 10 ef 10 ef", 5),
        ] {
            let (f, n) = decode(&hex(bytes)).unwrap();
            assert_eq!(f.payload, vec![0x10]);
            assert_eq!(f.header_len, h);
            assert_eq!(n, hex(bytes).len());
        }
    }

    #[test]
    fn a_prefix_is_incomplete_and_a_bad_complement_is_invalid() {
        let full = hex("55 ff 00 51 ae 05 fa 56 a9");
        for k in 0..full.len() {
            assert_eq!(decode(&full[..k]), Err(WireError::Incomplete), "{k}");
        }
        let mut bad = full.clone();
        bad[6] = 0x00;
        assert!(matches!(decode(&bad), Err(WireError::Invalid { .. })));
        let mut badck = full;
        badck[7] = 0x57;
        badck[8] = 0xa8;
        assert!(matches!(
            decode(&badck),
            Err(WireError::Invalid {
                reason: "checksum mismatch",
                ..
            })
        ));
    }

    #[test]
    fn a_toggled_set_message_is_not_mistaken_for_a_header() {
        let bytes = encode(&[0xff, 0x12]);
        assert_eq!(bytes, hex("55 ff 00 ff 00 12 ed 11 ee"));
        let (f, n) = decode(&bytes).unwrap();
        assert_eq!((f.payload, f.header_len, n), (vec![0xff, 0x12], 3, 9));
        assert_eq!(decode(&bytes[..7]), Err(WireError::Incomplete));
        let (f, _) = decode(&bytes[2..]).unwrap();
        assert_eq!(f.payload, vec![0xff, 0x12]);
    }

    #[test]
    fn a_megabyte_of_header_bytes_is_skipped_without_rescanning_it() {
        // Each push leaves at most MAX_HEADER_RUN bytes to look at again, so skipping is
        // linear (it used to rescan up to 4 KB for every byte it dropped).
        let mut d = Decoder::new();
        for _ in 0..256 {
            d.push(&[0u8; 4096]);
            assert_eq!(d.next_frame(), None);
            assert!(d.pending().len() <= MAX_HEADER_RUN, "{}", d.pending().len());
        }
        d.push(&encode(&[0x10]));
        assert_eq!(d.next_frame().unwrap().payload, vec![0x10]);
        // The frame's own header joins the run; the run's last 16 bytes stay its header.
        assert_eq!(d.dropped, 256 * 4096 + 3 - MAX_HEADER_RUN);
    }

    #[test]
    fn a_frame_announcing_more_than_any_host_sends_is_garbage_at_once() {
        // `45` with 0xffff data bytes: not waited for until 128 KB arrive.
        let head = encode(&[0x45, 1, 0, 0xff, 0xff])[..13].to_vec();
        assert!(matches!(decode(&head), Err(WireError::Invalid { .. })));
        let ok = encode(&[0x45, 1, 0, 2, 0, 7, 8, 15]);
        assert!(decode(&ok).is_ok());
    }

    #[test]
    fn the_decoder_resynchronises_after_garbage() {
        let mut d = Decoder::new();
        d.push(&hex("12 34 99 55 ff 00 10 ef"));
        assert_eq!(d.next_frame(), None);
        d.push(&hex("10 ef"));
        assert_eq!(d.next_frame().unwrap().payload, vec![0x10]);
        assert!(d.dropped >= 3);
        assert!(d.pending().is_empty());
    }
}
