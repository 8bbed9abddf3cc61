//! The RCX 2.0 instruction set as one table: every other part of the crate (bytecode codec,
//! LASM assembler and disassembler, the VM, the link's reply lengths) reads it from here.
//!
//! Facts come from the project's RCX reference (opcode table, §2.3): byte values, LASM
//! mnemonics, operand layouts, whether an opcode is accepted as a direct command (D) or in
//! program bytecode (P), and the reply each direct command gets. Every opcode in the table
//! has bit 3 clear; bit 3 is the IR toggle bit, so `op ^ 0x08` decodes like `op`.

/// How one operand is laid out in bytes and written in LASM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// One raw byte, 0–255. LASM: one number.
    Byte,
    /// A 16-bit little-endian word (frequency, length, sequence). LASM: one number.
    Word,
    /// Source byte + signed 16-bit LE argument. LASM: `src, value`.
    Value16,
    /// Source byte + 8-bit argument. LASM: `src, value`.
    Value8,
    /// Output code `(mode << 6) | motors` (`out`, `gout`, `dir`, `gdir`).
    /// LASM: `mode, motors` — ROBOLAB's order (rcx.md §2.4, §3.2a).
    ModeMotors,
    /// Sensor mode byte `(mode << 5) | slope`. LASM: `mode, slope`.
    ModeSlope,
    /// A byte that is always 0 and that LASM does not write (`disp`'s first byte).
    Zero,
    /// The 5-byte test of `chk`/`chkl`: `(rel << 6) | src1`, `src2`, arg1 (i16 LE), arg2 (u8).
    /// LASM: `src1, val1, rel, src2, val2`.
    Test,
    /// Branch offset, sign-magnitude byte, relative to the offset byte's own address.
    Sm8,
    /// Branch offset, 15-bit magnitude with the sign in bit 7 of the first byte.
    Sm16,
    /// Branch offset, unsigned byte (forward only).
    U8Off,
    /// Branch offset, two's complement 16-bit LE.
    S16Off,
    /// Transfer-data body of opcode 0x45: `seq (u16), len (u16), data[len], block checksum`.
    Transfer,
}

impl Operand {
    /// Bytes this operand occupies (Transfer: the fixed 4-byte head only).
    pub const fn size(self) -> usize {
        match self {
            Operand::Byte | Operand::ModeMotors | Operand::ModeSlope | Operand::Zero => 1,
            Operand::Word | Operand::Value8 => 2,
            Operand::Value16 => 3,
            Operand::Test => 5,
            Operand::Sm8 | Operand::U8Off => 1,
            Operand::Sm16 | Operand::S16Off => 2,
            Operand::Transfer => 4,
        }
    }

    /// Numbers this operand takes in LASM text (a branch offset takes one label).
    pub const fn lasm_fields(self) -> usize {
        match self {
            Operand::Zero | Operand::Transfer => 0,
            Operand::Byte | Operand::Word => 1,
            Operand::Value16 | Operand::Value8 | Operand::ModeMotors | Operand::ModeSlope => 2,
            Operand::Test => 5,
            Operand::Sm8 | Operand::Sm16 | Operand::U8Off | Operand::S16Off => 1,
        }
    }

    /// True for the four branch-offset encodings.
    pub const fn is_offset(self) -> bool {
        matches!(
            self,
            Operand::Sm8 | Operand::Sm16 | Operand::U8Off | Operand::S16Off
        )
    }
}

/// What a direct command answers after its reply opcode (`!op` as received).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// No reply at all (`f7` msgs, `d2` remote, `c2` uart, program-only opcodes).
    None,
    /// The reply opcode alone.
    Ack,
    /// The reply opcode and one status byte.
    Status,
    /// A 16-bit little-endian value (`poll`, `pollb`).
    Value16,
    /// A fixed number of bytes (`pollp` 8, `memmap` 188, `boot` 25).
    Bytes(u8),
    /// `pollm`: as many bytes as requested.
    Memory,
    /// `polld`: three bytes per datalog entry requested.
    Datalog,
}

/// Where an opcode may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// Accepted as a direct command packet.
    pub direct: bool,
    /// Valid in downloaded program bytecode.
    pub program: bool,
}

const D: Context = Context {
    direct: true,
    program: false,
};
const P: Context = Context {
    direct: false,
    program: true,
};
const DP: Context = Context {
    direct: true,
    program: true,
};

/// One row of the opcode table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// Canonical opcode byte (toggle bit clear).
    pub op: u8,
    /// LASM mnemonic (LEGO SDK name; download-only opcodes carry NQC's `_task`-style names).
    pub mnemonic: &'static str,
    /// Operand layout in byte order.
    pub operands: &'static [Operand],
    /// D / P context.
    pub ctx: Context,
    /// Reply to a direct command.
    pub reply: Reply,
    /// New in firmware 2.0.
    pub rcx2: bool,
}

use Operand::*;

macro_rules! op {
    ($op:expr, $m:expr, [$($o:expr),*], $ctx:expr, $reply:expr, $rcx2:expr) => {
        OpInfo { op: $op, mnemonic: $m, operands: &[$($o),*], ctx: $ctx, reply: $reply, rcx2: $rcx2 }
    };
}

/// Opcode names: the canonical byte (toggle bit clear) of each row of [`OPCODES`], named
/// by its mnemonic in capitals (the download-only `_task`, `_sub`, `_transfer`, `_firm`,
/// `_delfirm` without the underscore). The table is built from these, so code that matches
/// on opcodes reads `SETV`, not `0x14`.
macro_rules! names {
    ($($name:ident = $byte:expr,)*) => {
        $(pub const $name: u8 = $byte;)*
        /// Every opcode name with its byte, for checks and tools.
        pub static NAMES: &[(&str, u8)] = &[$((stringify!($name), $byte)),*];
    };
}

names! {
    PLAYV = 0x02,
    EVENT = 0x03,
    CALE = 0x04,
    SET = 0x05,
    DELE = 0x06,
    PING = 0x10,
    POLL = 0x12,
    PWR = 0x13,
    SETV = 0x14,
    POLLP = 0x15,
    CALLS = 0x17,
    MEMMAP = 0x20,
    OUT = 0x21,
    SETW = 0x22,
    PLAYT = 0x23,
    SUMV = 0x24,
    TASK = 0x25,
    JMP = 0x27,
    POLLB = 0x30,
    TXS = 0x31,
    SENT = 0x32,
    VIEW = 0x33,
    SUBV = 0x34,
    SUB = 0x35,
    LOOPC = 0x37,
    DELT = 0x40,
    SENM = 0x42,
    WAIT = 0x43,
    DIVV = 0x44,
    TRANSFER = 0x45,
    STOP = 0x50,
    PLAYS = 0x51,
    LOGZ = 0x52,
    MULV = 0x54,
    OFFP = 0x60,
    DELT1 = 0x61,
    LOG = 0x62,
    POLLM = 0x63,
    SGNV = 0x64,
    DELFIRM = 0x65,
    GOUT = 0x67,
    DELS = 0x70,
    START = 0x71,
    JMPL = 0x72,
    MONAL = 0x73,
    ABSV = 0x74,
    FIRM = 0x75,
    GDIR = 0x77,
    PLAYZ = 0x80,
    STOP1 = 0x81,
    LOOPS = 0x82,
    ANDV = 0x84,
    CHK = 0x85,
    MSGZ = 0x90,
    PRGM = 0x91,
    LOOPCL = 0x92,
    SETE = 0x93,
    ORV = 0x94,
    CHKL = 0x95,
    CNTI = 0x97,
    MONAX = 0xa0,
    TMRZ = 0xa1,
    GPWR = 0xa3,
    POLLD = 0xa4,
    BOOT = 0xa5,
    CNTD = 0xa7,
    MONEX = 0xb0,
    TOUT = 0xb1,
    MSG = 0xb2,
    MONE = 0xb4,
    MONEL = 0xb5,
    CNTZ = 0xb7,
    DELS1 = 0xc1,
    UART = 0xc2,
    MUTE = 0xd0,
    SENZ = 0xd1,
    REMOTE = 0xd2,
    SETP = 0xd7,
    SPEAK = 0xe0,
    DIR = 0xe1,
    DISP = 0xe5,
    DECVJN = 0xf2,
    DECVJNL = 0xf3,
    RETS = 0xf6,
    MSGS = 0xf7,
}

/// Every opcode of the standard RCX 2.0 firmware (0328/0332), in byte order.
pub static OPCODES: &[OpInfo] = &[
    op!(PLAYV, "playv", [Byte, Byte], DP, Reply::Ack, true),
    op!(EVENT, "event", [Value16], DP, Reply::Ack, true),
    op!(CALE, "cale", [Byte, Byte, Byte, Byte], DP, Reply::Ack, true),
    op!(SET, "set", [Byte, Byte, Value16], DP, Reply::Ack, true),
    op!(DELE, "dele", [], DP, Reply::Ack, true),
    op!(PING, "ping", [], DP, Reply::Ack, false),
    op!(POLL, "poll", [Value8], D, Reply::Value16, false),
    op!(PWR, "pwr", [Byte, Value8], DP, Reply::Ack, false),
    op!(SETV, "setv", [Byte, Value16], DP, Reply::Ack, false),
    op!(
        POLLP,
        "pollp",
        [Byte, Byte, Byte, Byte, Byte],
        D,
        Reply::Bytes(8),
        false
    ),
    op!(CALLS, "calls", [Byte], P, Reply::None, false),
    op!(MEMMAP, "memmap", [], D, Reply::Bytes(188), false),
    op!(OUT, "out", [ModeMotors], DP, Reply::Ack, false),
    op!(SETW, "setw", [Byte, Byte], DP, Reply::Ack, false),
    op!(PLAYT, "playt", [Word, Byte], DP, Reply::Ack, false),
    op!(SUMV, "sumv", [Byte, Value16], DP, Reply::Ack, false),
    op!(
        TASK,
        "_task",
        [Byte, Byte, Byte, Word],
        D,
        Reply::Status,
        false
    ),
    op!(JMP, "jmp", [Sm8], P, Reply::None, false),
    op!(POLLB, "pollb", [], D, Reply::Value16, false),
    op!(TXS, "txs", [Byte], DP, Reply::Ack, false),
    op!(SENT, "sent", [Byte, Byte], DP, Reply::Ack, false),
    op!(VIEW, "view", [Value16], DP, Reply::Ack, false),
    op!(SUBV, "subv", [Byte, Value16], DP, Reply::Ack, false),
    op!(
        SUB,
        "_sub",
        [Byte, Byte, Byte, Word],
        D,
        Reply::Status,
        false
    ),
    op!(LOOPC, "loopc", [U8Off], P, Reply::None, false),
    op!(DELT, "delt", [], D, Reply::Ack, false),
    op!(SENM, "senm", [Byte, ModeSlope], DP, Reply::Ack, false),
    op!(WAIT, "wait", [Value16], P, Reply::None, false),
    op!(DIVV, "divv", [Byte, Value16], DP, Reply::Ack, false),
    op!(TRANSFER, "_transfer", [Transfer], D, Reply::Status, false),
    op!(STOP, "stop", [], DP, Reply::Ack, false),
    op!(PLAYS, "plays", [Byte], DP, Reply::Ack, false),
    op!(LOGZ, "logz", [Word], DP, Reply::Status, false),
    op!(MULV, "mulv", [Byte, Value16], DP, Reply::Ack, false),
    op!(OFFP, "offp", [], DP, Reply::Ack, false),
    op!(DELT1, "delt1", [Byte], D, Reply::Ack, false),
    // UNCERTAIN (rcx.md §2.3): Kekoa lists a status byte, the SDK an ack; we answer a status.
    op!(LOG, "log", [Value8], DP, Reply::Status, false),
    op!(POLLM, "pollm", [Word, Byte], D, Reply::Memory, false),
    op!(SGNV, "sgnv", [Byte, Value16], DP, Reply::Ack, false),
    op!(
        DELFIRM,
        "_delfirm",
        [Byte, Byte, Byte, Byte, Byte],
        D,
        Reply::Ack,
        false
    ),
    op!(GOUT, "gout", [ModeMotors], DP, Reply::Ack, true),
    op!(DELS, "dels", [], D, Reply::Ack, false),
    op!(START, "start", [Byte], DP, Reply::Ack, false),
    op!(JMPL, "jmpl", [Sm16], P, Reply::None, false),
    op!(MONAL, "monal", [Byte, Sm16], P, Reply::None, true),
    op!(ABSV, "absv", [Byte, Value16], DP, Reply::Ack, false),
    op!(FIRM, "_firm", [Word, Word, Byte], D, Reply::Status, false),
    op!(GDIR, "gdir", [ModeMotors], DP, Reply::Ack, true),
    op!(PLAYZ, "playz", [], DP, Reply::Ack, true),
    op!(STOP1, "stop1", [Byte], DP, Reply::Ack, false),
    op!(LOOPS, "loops", [Value8], P, Reply::None, false),
    op!(ANDV, "andv", [Byte, Value16], DP, Reply::Ack, false),
    op!(CHK, "chk", [Test, U8Off], P, Reply::None, false),
    op!(MSGZ, "msgz", [], DP, Reply::Ack, false),
    op!(PRGM, "prgm", [Byte], DP, Reply::Ack, false),
    op!(LOOPCL, "loopcl", [S16Off], P, Reply::None, false),
    op!(SETE, "sete", [Byte, Byte, Byte], DP, Reply::Ack, true),
    op!(ORV, "orv", [Byte, Value16], DP, Reply::Ack, false),
    op!(CHKL, "chkl", [Test, S16Off], P, Reply::None, false),
    op!(CNTI, "cnti", [Byte], DP, Reply::Ack, true),
    op!(MONAX, "monax", [], P, Reply::None, true),
    op!(TMRZ, "tmrz", [Byte], DP, Reply::Ack, false),
    op!(GPWR, "gpwr", [Byte, Value8], DP, Reply::Ack, true),
    op!(POLLD, "polld", [Word, Word], D, Reply::Datalog, false),
    op!(
        BOOT,
        "boot",
        [Byte, Byte, Byte, Byte, Byte],
        D,
        Reply::Bytes(25),
        false
    ),
    op!(CNTD, "cntd", [Byte], DP, Reply::Ack, true),
    op!(MONEX, "monex", [], P, Reply::None, true),
    op!(TOUT, "tout", [Byte], DP, Reply::Ack, false),
    op!(MSG, "msg", [Value8], P, Reply::None, false),
    op!(MONE, "mone", [Value16, Sm8], P, Reply::None, true),
    op!(MONEL, "monel", [Value16, Sm16], P, Reply::None, true),
    op!(CNTZ, "cntz", [Byte], DP, Reply::Ack, true),
    op!(DELS1, "dels1", [Byte], D, Reply::Ack, false),
    op!(UART, "uart", [Byte, Byte], DP, Reply::None, true),
    op!(MUTE, "mute", [], DP, Reply::Ack, true),
    op!(SENZ, "senz", [Byte], DP, Reply::Ack, false),
    op!(REMOTE, "remote", [Byte, Byte], D, Reply::None, false),
    op!(SETP, "setp", [Byte], P, Reply::None, true),
    op!(SPEAK, "speak", [], DP, Reply::Ack, true),
    op!(DIR, "dir", [ModeMotors], DP, Reply::Ack, false),
    op!(DISP, "disp", [Zero, Byte, Value16], DP, Reply::Ack, true),
    op!(DECVJN, "decvjn", [Byte, Sm8], P, Reply::None, true),
    op!(DECVJNL, "decvjnl", [Byte, Sm16], P, Reply::None, true),
    op!(RETS, "rets", [], P, Reply::None, false),
    op!(MSGS, "msgs", [Byte], DP, Reply::None, false),
];

/// Index from any opcode byte (either toggle form) to its row in [`OPCODES`].
static LOOKUP: std::sync::OnceLock<[Option<u8>; 256]> = std::sync::OnceLock::new();

fn lookup_table() -> &'static [Option<u8>; 256] {
    LOOKUP.get_or_init(|| {
        let mut t = [None; 256];
        for (i, info) in OPCODES.iter().enumerate() {
            t[info.op as usize] = Some(i as u8);
            t[(info.op ^ TOGGLE_BIT) as usize] = Some(i as u8);
        }
        t
    })
}

/// The IR toggle bit (rcx.md §1.4).
pub const TOGGLE_BIT: u8 = 0x08;

/// The table row for an opcode byte in either toggle form.
pub fn info(byte: u8) -> Option<&'static OpInfo> {
    lookup_table()[byte as usize].map(|i| &OPCODES[i as usize])
}

/// The row for a LASM mnemonic (case-insensitive). `stop` and `delt`/`dels` with one
/// operand are told apart by [`by_mnemonic_arity`].
pub fn by_mnemonic(name: &str) -> Option<&'static OpInfo> {
    OPCODES
        .iter()
        .find(|i| i.mnemonic.eq_ignore_ascii_case(name))
}

/// LASM writes `stop`, `delt` and `dels` with and without a task/sub operand; pick the row
/// by the number of LASM fields given.
pub fn by_mnemonic_arity(name: &str, fields: usize) -> Option<&'static OpInfo> {
    let lower = name.to_ascii_lowercase();
    let alias = match (lower.as_str(), fields) {
        ("stop", 1) => "stop1",
        ("delt", 1) => "delt1",
        ("dels", 1) => "dels1",
        _ => lower.as_str(),
    };
    by_mnemonic(alias)
}

impl OpInfo {
    /// The mnemonic as LASM writes it (`stop1` → `stop`).
    pub fn lasm_name(&self) -> &'static str {
        match self.mnemonic {
            "stop1" => "stop",
            "delt1" => "delt",
            "dels1" => "dels",
            m => m,
        }
    }

    /// Fixed length in bytes including the opcode (for 0x45: without data and block checksum).
    pub fn fixed_len(&self) -> usize {
        1 + self.operands.iter().map(|o| o.size()).sum::<usize>()
    }

    /// Number of LASM fields.
    pub fn lasm_fields(&self) -> usize {
        self.operands.iter().map(|o| o.lasm_fields()).sum()
    }

    /// The branch-offset operand, if this opcode branches.
    pub fn offset_operand(&self) -> Option<Operand> {
        self.operands.iter().copied().find(|o| o.is_offset())
    }
}

/// Length in bytes of the packet/instruction starting with `bytes[0]`, if it can be known from
/// what is there: `Ok(Some(n))`, `Ok(None)` when more bytes are needed (only 0x45 needs its
/// head), `Err(())` for an unknown opcode.
#[allow(clippy::result_unit_err)]
pub fn packet_len(bytes: &[u8]) -> Result<Option<usize>, ()> {
    let Some(&first) = bytes.first() else {
        return Ok(None);
    };
    let info = info(first).ok_or(())?;
    if info.op == TRANSFER {
        if bytes.len() < 5 {
            return Ok(None);
        }
        let len = u16::from_le_bytes([bytes[3], bytes[4]]) as usize;
        return Ok(Some(5 + len + 1));
    }
    Ok(Some(info.fixed_len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canonical_opcode_has_the_toggle_bit_clear() {
        for i in OPCODES {
            assert_eq!(i.op & TOGGLE_BIT, 0, "{:02x}", i.op);
        }
    }

    #[test]
    fn lengths_follow_the_firmware_rule_except_the_documented_exceptions() {
        // rcx.md §2.1: parameter count = op & 7, with 6 → 0 and 7 → 1, except 45, 85, 95.
        for i in OPCODES {
            if matches!(i.op, 0x45 | 0x85 | 0x95) {
                continue;
            }
            let n = match i.op & 7 {
                6 => 0,
                7 => 1,
                n => n as usize,
            };
            assert_eq!(i.fixed_len() - 1, n, "{} {:02x}", i.mnemonic, i.op);
        }
        assert_eq!(info(0x85).unwrap().fixed_len(), 7);
        assert_eq!(info(0x95).unwrap().fixed_len(), 8);
    }

    #[test]
    fn every_row_has_one_name_spelled_like_its_mnemonic() {
        assert_eq!(NAMES.len(), OPCODES.len());
        for (row, (name, byte)) in OPCODES.iter().zip(NAMES) {
            assert_eq!(row.op, *byte, "{name}");
            assert_eq!(row.mnemonic.trim_start_matches('_').to_uppercase(), *name);
        }
    }

    #[test]
    fn toggled_forms_decode_like_the_canonical_form() {
        assert_eq!(info(0x18).unwrap().op, 0x10);
        assert_eq!(info(0x4d).unwrap().op, 0x45);
        assert!(info(0x00).is_none());
        assert!(info(0x47).is_none());
    }

    #[test]
    fn transfer_packet_length_comes_from_its_head() {
        assert_eq!(packet_len(&[0x45, 0, 0, 2]), Ok(None));
        assert_eq!(packet_len(&[0x45, 0, 0, 2, 0]), Ok(Some(8)));
        assert_eq!(packet_len(&[0x10]), Ok(Some(1)));
        assert_eq!(packet_len(&[0x47]), Err(()));
    }
}
