//! `--capture FILE`: every byte in and out of every connection, one line per chunk, with
//! the seconds since the link started (wall clock — the link is a frontend layer; the
//! simulation never sees this time). The format follows the fake-RCX logs the protocol
//! notes were made with, so captures from real ROBOLAB sessions can be compared with them:
//!
//! ```text
//!   0.012345 #1 127.0.0.1:50228 CONN
//!   0.012901 #1 127.0.0.1:50228 RX    55 ff 00 10 ef 10 ef
//!   0.013377 #1 127.0.0.1:50228 TX    55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// An open capture file.
#[derive(Debug)]
pub struct Capture {
    out: Mutex<BufWriter<File>>,
    start: Instant,
}

impl Capture {
    pub fn create(path: &Path) -> std::io::Result<Capture> {
        let mut w = BufWriter::new(File::create(path)?);
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        writeln!(
            w,
            "# lurobotsim link capture; started at unix time {since_epoch}; \
             RX = bytes from the host, TX = bytes we sent (echo included)"
        )?;
        w.flush()?;
        Ok(Capture {
            out: Mutex::new(w),
            start: Instant::now(),
        })
    }

    /// Records bytes (`RX`/`TX`) or an event with no bytes (`CONN`, `CLOSE`, notes).
    pub fn record(&self, conn: &str, what: &str, bytes: &[u8]) {
        let t = self.start.elapsed().as_secs_f64();
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        // The lock is held only for this synchronous write, never across an await.
        if let Ok(mut w) = self.out.lock() {
            let _ = writeln!(w, "{t:11.6} {conn} {what:<5} {}", hex.join(" "));
            let _ = w.flush();
        }
    }
}
