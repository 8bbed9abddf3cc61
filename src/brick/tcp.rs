//! `tcp:HOST:PORT`: the IR link over a socket — lurobotsim's own link (`serve`, the app) or
//! BrickEmu's IR port. No tower, so no echo and no IR time.

use super::{TowerError, Transport};
use crate::rcx::host::Line;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// How long connecting may take.
const CONNECT: Duration = Duration::from_secs(5);

pub struct TcpTower {
    stream: TcpStream,
    addr: String,
}

impl TcpTower {
    /// Connects to `addr` (`HOST:PORT`).
    pub fn connect(addr: &str) -> Result<TcpTower, TowerError> {
        let addrs: Vec<_> = addr
            .to_socket_addrs()
            .map_err(|e| TowerError(format!("tcp:{addr}: not an address I can find ({e})")))?
            .collect();
        let mut last = None;
        for a in addrs {
            match TcpStream::connect_timeout(&a, CONNECT) {
                Ok(stream) => {
                    let _ = stream.set_nodelay(true);
                    return Ok(TcpTower {
                        stream,
                        addr: addr.to_string(),
                    });
                }
                Err(e) => last = Some(e),
            }
        }
        Err(TowerError(format!(
            "nothing answers at tcp:{addr} ({}): is `lurobotsim serve` (or the app, or BrickEmu) \
             running and listening there?",
            last.map_or("no address".to_string(), |e| e.to_string())
        )))
    }
}

impl Transport for TcpTower {
    fn line(&self) -> Line {
        Line::TCP
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        self.stream
            .write_all(bytes)
            .map_err(|e| TowerError(format!("the connection to tcp:{} broke: {e}", self.addr)))
    }

    fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError> {
        let broke = |e: std::io::Error, a: &str| {
            TowerError(format!("the connection to tcp:{a} broke: {e}"))
        };
        let mut buf = [0u8; 2048];
        let mut first = true;
        loop {
            // Wait for the first bytes only; then take what else is there.
            let nonblocking = !first || wait.is_zero();
            self.stream
                .set_nonblocking(nonblocking)
                .map_err(|e| broke(e, &self.addr))?;
            if !nonblocking {
                self.stream
                    .set_read_timeout(Some(wait))
                    .map_err(|e| broke(e, &self.addr))?;
            }
            first = false;
            match self.stream.read(&mut buf) {
                Ok(0) => {
                    return Err(TowerError(format!(
                        "tcp:{} closed the connection",
                        self.addr
                    )))
                }
                Ok(n) => {
                    into.extend_from_slice(&buf[..n]);
                    if into.len() > 8192 {
                        return Ok(());
                    }
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return Ok(())
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(broke(e, &self.addr)),
            }
        }
    }

    fn describe(&self) -> String {
        format!("tcp:{}", self.addr)
    }
}
