//! The LASM text dialect: ROBOLAB's simulator link as LURobotSim received it — LASM lines,
//! one instruction per line (rcx.md §2.4, §9). `task N` … `endt` and `sub N` … `ends`
//! blocks are collected and assembled with the crate's assembler (`rcx::lasm`); lines
//! outside a block are direct commands, encoded with the opcode table.
//!
//! Pure text → items; the session acts on them. No I/O, no VM access.

use crate::rcx::bytecode::{encode_one, Instr};
use crate::rcx::lasm::{assemble_with, is_nqc_listing, AsmOptions, OutOrder};
use crate::rcx::opcode::{self, TOGGLE_BIT};

/// What text lines produced, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextItem {
    /// A direct command's payload (opcode with the toggle bit applied, then parameters).
    Direct(Vec<u8>),
    /// An assembled block.
    Block { sub: bool, index: u8, code: Vec<u8> },
    /// A line or block that could not be used, as `LINE:COL: message` text.
    Error(String),
}

/// A line longer than this is not LASM; it is cut (and reported) to bound memory.
const MAX_LINE: usize = 1024;
/// A block longer than this many lines cannot fit the brick's ~6 KB anyway.
const MAX_BLOCK_LINES: usize = 10_000;

#[derive(Debug)]
struct OpenBlock {
    first_line: usize,
    text: String,
    lines: usize,
}

/// Line assembly state of one LASM connection.
#[derive(Debug, Default)]
pub struct LasmText {
    partial: Vec<u8>,
    line_no: usize,
    block: Option<OpenBlock>,
    /// Toggle bit for the next direct command.
    toggle: bool,
    /// An `nqc -L -c` header comment was seen: `out`/`gout` are written motors first.
    nqc_listing: bool,
}

impl LasmText {
    /// Takes received bytes; returns what the complete lines produced.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<TextItem> {
        let mut items = Vec::new();
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                // `\r\n` would give an empty line in between, which is harmless.
                let line = std::mem::take(&mut self.partial);
                self.line(&String::from_utf8_lossy(&line), &mut items);
            } else if self.partial.len() < MAX_LINE {
                self.partial.push(b);
            }
        }
        items
    }

    /// The connection ended: a last line without a terminator counts; a block left open is
    /// reported and dropped.
    pub fn finish(&mut self) -> Vec<TextItem> {
        let mut items = Vec::new();
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            self.line(&String::from_utf8_lossy(&line), &mut items);
        }
        if let Some(b) = self.block.take() {
            items.push(TextItem::Error(format!(
                "lasm:{}:1: block not closed before the connection ended; dropped",
                b.first_line
            )));
        }
        items
    }

    fn line(&mut self, line: &str, items: &mut Vec<TextItem>) {
        self.line_no += 1;
        if is_nqc_listing(line) {
            self.nqc_listing = true;
        }
        let words = words(line);
        let first = words.first().map(|w| w.to_ascii_lowercase());
        if let Some(b) = &mut self.block {
            b.text.push_str(line);
            b.text.push('\n');
            b.lines += 1;
            let closes = matches!(first.as_deref(), Some("endt" | "ends"));
            if closes || b.lines > MAX_BLOCK_LINES {
                if let Some(b) = self.block.take() {
                    items.push(self.assemble(b));
                }
            }
            return;
        }
        match first.as_deref() {
            None => {}
            Some("task" | "sub") => {
                self.block = Some(OpenBlock {
                    first_line: self.line_no,
                    text: format!("{line}\n"),
                    lines: 1,
                });
            }
            Some(_) => items.push(self.direct(&words)),
        }
    }

    fn assemble(&self, b: OpenBlock) -> TextItem {
        // The block alone is assembled; its error lines are moved to the connection's
        // (padding the source with empty lines instead cost work per line of the
        // connection for every block).
        let offset = b.first_line.saturating_sub(1);
        let options = AsmOptions {
            out_order: if self.nqc_listing {
                OutOrder::MotorsFirst
            } else {
                OutOrder::ModeFirst
            },
        };
        match assemble_with(&b.text, "lasm", &options) {
            Err(errors) => TextItem::Error(
                errors
                    .iter()
                    .map(|e| format!("lasm:{}:{}: {}", e.line.max(1) + offset, e.col, e.message))
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            Ok(p) => {
                if let Some((i, code)) = p
                    .tasks
                    .iter()
                    .enumerate()
                    .find_map(|(i, c)| Some((i, c.clone()?)))
                {
                    TextItem::Block {
                        sub: false,
                        index: i as u8,
                        code,
                    }
                } else if let Some((i, code)) = p
                    .subs
                    .iter()
                    .enumerate()
                    .find_map(|(i, c)| Some((i, c.clone()?)))
                {
                    TextItem::Block {
                        sub: true,
                        index: i as u8,
                        code,
                    }
                } else {
                    TextItem::Error(format!("lasm:{}:1: empty block", b.first_line))
                }
            }
        }
    }

    /// A direct command line: `mnemonic n, n, …`. The toggle bit alternates on every
    /// direct command, as ROBOLAB does on its IR packets (rcx.md §1.4, S9); the first one
    /// of a connection goes out canonical. Hosts compare replies under mask f7, so either
    /// form is understood.
    fn direct(&mut self, words: &[String]) -> TextItem {
        let line = self.line_no;
        let Some((name, args)) = words.split_first() else {
            return TextItem::Error(format!("lasm:{line}:1: empty command"));
        };
        let mut nums = Vec::with_capacity(args.len());
        for a in args {
            match parse_number(a) {
                Some(n) => nums.push(n),
                None => return TextItem::Error(format!("lasm:{line}:1: '{a}' is not a number")),
            }
        }
        let Some(info) =
            opcode::by_mnemonic_arity(name, nums.len()).filter(|i| !i.mnemonic.starts_with('_'))
        else {
            return TextItem::Error(format!("lasm:{line}:1: unknown mnemonic '{name}'"));
        };
        if !info.ctx.direct {
            return TextItem::Error(format!(
                "lasm:{line}:1: '{name}' only works inside a task or sub"
            ));
        }
        if self.nqc_listing && matches!(info.op, opcode::OUT | opcode::GOUT) && nums.len() == 2 {
            nums.swap(0, 1);
        }
        let mut bytes = Vec::new();
        if let Err(e) = encode_one(&Instr::new(info.op, &nums, None), 0, &mut bytes) {
            return TextItem::Error(format!("lasm:{line}:1: {e}"));
        }
        if self.toggle {
            bytes[0] ^= TOGGLE_BIT;
        }
        self.toggle = !self.toggle;
        TextItem::Direct(bytes)
    }
}

/// The words of a line without its comment, split at spaces and commas.
fn words(line: &str) -> Vec<String> {
    let end = [line.find(';'), line.find("//")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    line[..end]
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Decimal (possibly negative) or `0x` hex.
fn parse_number(w: &str) -> Option<i32> {
    let (neg, w) = match w.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, w),
    };
    let v = match w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        Some(h) => i32::from_str_radix(h, 16).ok()?,
        None => w.parse::<i32>().ok()?,
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_assemble_and_direct_lines_alternate_the_toggle_bit() {
        let mut t = LasmText::default();
        let items = t.feed(b"poll 0, 3\ntask 0\nsetv 3, 2, 42\nendt\npoll 0, 3\n");
        assert_eq!(items.len(), 3);
        assert_eq!(items[0], TextItem::Direct(vec![0x12, 0x00, 0x03]));
        assert_eq!(
            items[1],
            TextItem::Block {
                sub: false,
                index: 0,
                code: vec![0x14, 3, 2, 42, 0]
            }
        );
        assert_eq!(items[2], TextItem::Direct(vec![0x1a, 0x00, 0x03]));
    }

    #[test]
    fn a_block_after_a_million_lines_is_assembled_alone_and_keeps_its_line_numbers() {
        let mut t = LasmText::default();
        let mut text = "\n".repeat(1_000_000);
        for _ in 0..200 {
            text.push_str("task 0\nsetv 3, 2, 42\nendt\n");
        }
        text.push_str("task 0\nbogus 1\nendt\n");
        let items = t.feed(text.as_bytes());
        assert_eq!(items.len(), 201);
        assert!(matches!(items[199], TextItem::Block { .. }));
        match &items[200] {
            TextItem::Error(e) => assert!(e.starts_with("lasm:1000602:"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_name_the_line_of_the_connection() {
        let mut t = LasmText::default();
        let items = t.feed(b"ping\n\ntask 0\nbogus 1\nendt\nfoo\n");
        assert_eq!(items[0], TextItem::Direct(vec![0x10]));
        match &items[1] {
            TextItem::Error(e) => assert!(e.starts_with("lasm:4:"), "{e}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(&items[2], TextItem::Error(e) if e.contains("foo")));
    }
}
