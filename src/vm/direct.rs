//! Direct commands (context D of rcx.md §2.3): one command in, the exact reply payload out.
//! Download and firmware opcodes belong to the link and are answered `None` here; the
//! link also handles framing and the toggle-bit retransmission rule.

use super::{OutputMode, Vm, MEMORY_BYTES};
use crate::rcx::opcode::{self as op, Reply};

/// Where the simulated program memory starts. The firmware image occupies 0x8000 up to
/// 0x8000 + 0x4c00 (the range its download checksum covers, rcx.md §7.4), so user memory
/// is CHOSEN to start right after it; `memmap`/`pollm` use this layout.
pub const PROGRAM_BASE: u16 = 0xcc00;

/// `pollp`'s key (rcx.md §2.3); any other key gets no reply.
const VERSION_KEY: [i32; 5] = [1, 3, 5, 7, 11];
/// ROM 0003.0001 and firmware 0003.0208 (= 0328, the standard RCX 2.0 firmware).
const VERSIONS: [u8; 8] = [0x00, 0x03, 0x00, 0x01, 0x00, 0x03, 0x02, 0x08];

/// Remote-control key bits, with the packet's first byte as the high byte (brickOS's
/// reading; rcx.md §6.8 marks the byte order UNCERTAIN — NQC `-remote XXYY` sends
/// `d2 YY XX`, and S5's bit list 0x02–0x80 for programs/stop/sound matches the high byte).
mod key {
    pub const MESSAGES: [u16; 3] = [0x0001, 0x0002, 0x0004];
    pub const FORWARD: [u16; 3] = [0x0008, 0x0010, 0x0020];
    pub const BACKWARD: [u16; 3] = [0x0040, 0x0080, 0x0100];
    pub const PROGRAMS: [u16; 5] = [0x0200, 0x0400, 0x0800, 0x1000, 0x2000];
    pub const STOP: u16 = 0x4000;
    pub const SOUND: u16 = 0x8000;
}

impl Vm {
    pub(crate) fn direct_command(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        let &byte = payload.first()?;
        let info = op::info(byte)?;
        let r = !byte;
        // Downloads and firmware: the link's business.
        if matches!(
            info.op,
            op::TASK | op::SUB | op::TRANSFER | op::DELFIRM | op::FIRM | op::BOOT
        ) {
            return None;
        }
        // Program-only opcodes sent directly: UNKNOWN on the brick; ignore, no reply
        // (rcx.md §1.3's recommendation).
        if !info.ctx.direct {
            return None;
        }
        let ins = crate::rcx::decode_one(payload, 0).ok()?;
        let a = ins.args;
        let reply = match info.op {
            op::POLL => {
                let v = self.read(None, a[0] as u8, a[1]);
                let [lo, hi] = v.to_le_bytes();
                vec![r, lo, hi]
            }
            op::POLLB => {
                let [lo, hi] = self.battery_mv.to_le_bytes();
                vec![r, lo, hi]
            }
            op::POLLP => {
                if ins.fields() != VERSION_KEY {
                    return None;
                }
                let mut v = vec![r];
                v.extend_from_slice(&VERSIONS);
                v
            }
            op::MEMMAP => {
                let mut v = vec![r];
                for w in self.memory_map() {
                    v.extend_from_slice(&w.to_be_bytes());
                }
                v
            }
            op::POLLM => {
                let image = self.memory_image();
                let (addr, count) = (a[0] as usize, a[1] as usize);
                let mut v = vec![r];
                v.extend((addr..addr + count).map(|x| {
                    x.checked_sub(PROGRAM_BASE as usize)
                        .and_then(|i| image.get(i).copied())
                        .unwrap_or(0)
                }));
                v
            }
            op::POLLD => {
                // Only the entries the datalog holds: a count past its end (up to 65535)
                // gets the entries there are, not 3 × count bytes of padding, so one
                // 5-byte request cannot make a 196 KB reply (CHOSEN: rcx.md §6.7 does not
                // say what the firmware does past the end).
                let log = self.datalog();
                let (first, count) = (a[0] as usize, a[1] as usize);
                let entries = log.get(first..).unwrap_or(&[]);
                let entries = &entries[..count.min(entries.len())];
                let mut v = Vec::with_capacity(1 + 3 * entries.len());
                v.push(r);
                for &(ty, val) in entries {
                    let [lo, hi] = val.to_le_bytes();
                    v.extend_from_slice(&[ty, lo, hi]);
                }
                v
            }
            op::DELT => {
                self.delete_tasks();
                vec![r]
            }
            op::DELT1 => {
                self.delete_task(a[0] as usize);
                vec![r]
            }
            op::DELS => {
                self.delete_subs();
                vec![r]
            }
            op::DELS1 => {
                self.delete_sub(a[0] as usize);
                vec![r]
            }
            op::LOGZ => vec![r, self.datalog_alloc(a[0] as u16)],
            op::LOG => vec![r, self.datalog_append(None, a[0] as u8, a[1])],
            op::REMOTE => {
                self.remote(((a[0] as u16) << 8) | a[1] as u16);
                return None;
            }
            _ => {
                self.exec(None, &ins);
                match info.reply {
                    Reply::None => return None,
                    Reply::Status => vec![r, 0],
                    _ => vec![r],
                }
            }
        };
        Some(reply)
    }

    /// Acts on a remote-control bitmap: the firmware reacts to keys that became pressed
    /// (and to motor keys being let go) — the remote repeats the bitmap while keys are held.
    fn remote(&mut self, keys: u16) {
        let pressed = keys & !self.remote_keys;
        let released = self.remote_keys & !keys;
        self.remote_keys = keys;
        for (i, &k) in key::MESSAGES.iter().enumerate() {
            if pressed & k != 0 {
                self.receive_message(i as u8 + 1);
            }
        }
        for o in 0..3u8 {
            let (f, b) = (key::FORWARD[o as usize], key::BACKWARD[o as usize]);
            if pressed & f != 0 {
                self.set_out_dir(1 << o, 2);
                self.set_out_mode(1 << o, 2);
            } else if pressed & b != 0 {
                self.set_out_dir(1 << o, 0);
                self.set_out_mode(1 << o, 2);
            } else if released & (f | b) != 0 && keys & (f | b) == 0 {
                // Motor keys drive only while held; letting go lets the motor coast.
                self.set_out_mode(1 << o, 0);
            }
        }
        for (p, &k) in key::PROGRAMS.iter().enumerate() {
            if pressed & k != 0 {
                // A program key selects that program and runs it.
                self.select_slot(p);
                self.start_task(0);
            }
        }
        if pressed & key::STOP != 0 {
            // "Stop program & motors": tasks stop, outputs coast (CHOSEN: float, as the
            // Run button's stop leaves them).
            self.stop_all();
            for o in self.outputs.iter_mut() {
                o.mode = OutputMode::Float;
            }
        }
        if pressed & key::SOUND != 0 {
            // The remote's sound key: CHOSEN system sound 0 (the short blip).
            let ins = crate::rcx::Instr::new(op::PLAYS, &[0], None);
            self.exec(None, &ins);
        }
    }

    /// `memmap`: 94 words (rcx.md §2.3): sub starts [p·8+s], task starts [40+p·10+t],
    /// then first datalog address, next datalog address, first free, last valid. Programs
    /// are laid out slot by slot, subs before tasks (NQC's image order), from
    /// [`PROGRAM_BASE`]; an undefined task or sub reports where it would start.
    pub(crate) fn memory_map(&self) -> [u16; 94] {
        let mut m = [0u16; 94];
        let mut at = PROGRAM_BASE as usize;
        for (p, prog) in self.slots.iter().enumerate() {
            for (s, code) in prog.subs.iter().enumerate() {
                m[p * 8 + s] = at as u16;
                at += code.as_ref().map_or(0, |c| c.len());
            }
            for (t, code) in prog.tasks.iter().enumerate() {
                m[40 + p * 10 + t] = at as u16;
                at += code.as_ref().map_or(0, |c| c.len());
            }
        }
        m[90] = at as u16;
        m[91] = (at + 3 * self.datalog().len()) as u16;
        m[92] = (at + self.datalog_size.map_or(0, |n| (n as usize + 1) * 3)) as u16;
        m[93] = (PROGRAM_BASE as usize + MEMORY_BYTES - 1) as u16;
        m
    }

    /// The bytes of program memory as laid out by [`Self::memory_map`] (for `pollm`).
    pub(crate) fn memory_image(&self) -> Vec<u8> {
        let mut img = Vec::with_capacity(MEMORY_BYTES);
        for prog in &self.slots {
            for code in prog.subs.iter().chain(prog.tasks.iter()).flatten() {
                img.extend_from_slice(code);
            }
        }
        for (ty, v) in self.datalog() {
            let [lo, hi] = v.to_le_bytes();
            img.extend_from_slice(&[ty, lo, hi]);
        }
        img.resize(img.len().max(MEMORY_BYTES), 0);
        img
    }
}
