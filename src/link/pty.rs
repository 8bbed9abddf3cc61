//! `--pty PATH`: a pseudo-terminal whose slave end is reachable at PATH (a symlink), so NQC
//! can use it as its serial tower with no socat (`nqc -TRCX2 -SPATH …`, rcx.md §8.1–8.2).
//! It speaks the IR-framed dialect with tower echo.
//!
//! NQC opens and closes the device on every invocation. When nobody has a pty's slave
//! open, reads on the master fail with EIO (Linux) — so the link keeps its own descriptor
//! of the slave open for as long as it serves: the master then never hangs up, and one
//! session (framing, toggle memory, download state) serves one NQC run after another.
//!
//! Unix only (Linux; macOS has the same `openpty` but is untested). Windows has no
//! pseudo-terminals: there [`Pty::open`] fails with [`UNSUPPORTED`], which names the TCP
//! routes to use instead (NQC 4's `-Stcp:`, ROBOLAB's `sym.txt`).

/// Whether this platform has pseudo-terminals (`--pty`): Unix only. The one platform test
/// the CLI and the help read.
pub const SUPPORTED: bool = cfg!(all(unix, feature = "desktop"));

/// Why `--pty` cannot work off Unix, and what to use instead.
pub const UNSUPPORTED: &str = "pseudo-terminals exist only on Linux and macOS; on Windows \
download over TCP instead: NQC 4.x with `nqc -TRCX2 -Stcp:localhost:4266 -d prog.nqc -run`, \
ROBOLAB with a sym.txt pointing at localhost:4266";

#[cfg(all(unix, feature = "desktop"))]
pub use unix::*;

#[cfg(not(all(unix, feature = "desktop")))]
pub use other::*;

/// The stand-in off Unix: opening always fails with [`UNSUPPORTED`].
#[cfg(not(all(unix, feature = "desktop")))]
mod other {
    use super::super::{LinkError, Shared};
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    /// Never constructed off Unix.
    #[derive(Debug)]
    pub struct Pty {
        link: PathBuf,
    }

    impl Pty {
        /// Always fails: no pseudo-terminals here.
        pub fn open(link: &Path) -> Result<Pty, LinkError> {
            Err(LinkError::Pty {
                path: link.display().to_string(),
                message: super::UNSUPPORTED.into(),
            })
        }

        /// The symlink path.
        pub fn link(&self) -> &Path {
            &self.link
        }
    }

    /// Nothing to serve (a `Pty` cannot exist here).
    pub(crate) async fn serve_pty(pty: Pty, shared: Arc<Shared>) {
        let _ = (pty, shared);
    }
}

#[cfg(all(unix, feature = "desktop"))]
mod unix {
    use super::super::server::{pty_dialect, step};
    use super::super::session::Session;
    use super::super::{LinkError, Shared};
    use std::ffi::CStr;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::path::{Path, PathBuf};
    use std::sync::Arc;
    use std::time::Duration;
    use tokio::io::unix::AsyncFd;

    /// An open pty and the symlink pointing at its slave.
    #[derive(Debug)]
    pub struct Pty {
        master: OwnedFd,
        /// Kept open so the master never sees a hangup between NQC runs.
        _slave: OwnedFd,
        link: PathBuf,
    }

    fn os_err(path: &Path, what: &str) -> LinkError {
        LinkError::Pty {
            path: path.display().to_string(),
            message: format!("{what}: {}", std::io::Error::last_os_error()),
        }
    }

    impl Pty {
        /// Opens a pty in raw mode and points `link` at its slave. An existing symlink at
        /// `link` (left by an earlier run) is replaced; any other file there is an error.
        pub fn open(link: &Path) -> Result<Pty, LinkError> {
            let (mut m, mut s) = (-1, -1);
            // SAFETY: openpty writes two descriptors into the given ints; the name, termios and
            // window-size pointers may be null.
            let rc = unsafe {
                libc::openpty(
                    &mut m,
                    &mut s,
                    std::ptr::null_mut(),
                    std::ptr::null(),
                    std::ptr::null(),
                )
            };
            if rc != 0 {
                return Err(os_err(link, "openpty"));
            }
            // SAFETY: both descriptors were just returned by openpty and are owned by nobody else.
            let (master, slave) = unsafe { (OwnedFd::from_raw_fd(m), OwnedFd::from_raw_fd(s)) };
            // Raw mode on the slave: no echo, no line editing, 8 bits — the bytes NQC writes
            // reach us untouched and only our tower echo goes back (rcx.md §8.2 `echo=0`).
            // SAFETY: termios is plain data; tcgetattr fills it for a valid descriptor.
            unsafe {
                let mut t: libc::termios = std::mem::zeroed();
                if libc::tcgetattr(slave.as_raw_fd(), &mut t) == 0 {
                    libc::cfmakeraw(&mut t);
                    libc::tcsetattr(slave.as_raw_fd(), libc::TCSANOW, &t);
                }
            }
            // SAFETY: fcntl on a descriptor we own.
            unsafe {
                let flags = libc::fcntl(master.as_raw_fd(), libc::F_GETFL);
                if flags < 0
                    || libc::fcntl(master.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) < 0
                {
                    return Err(os_err(link, "fcntl"));
                }
            }
            let mut name = [0 as libc::c_char; 256];
            // SAFETY: ttyname_r writes a NUL-terminated name into the buffer of the given size.
            let rc = unsafe { libc::ttyname_r(slave.as_raw_fd(), name.as_mut_ptr(), name.len()) };
            if rc != 0 {
                return Err(LinkError::Pty {
                    path: link.display().to_string(),
                    message: format!("ttyname: error {rc}"),
                });
            }
            // SAFETY: ttyname_r succeeded, so the buffer holds a NUL-terminated string.
            let slave_name = unsafe { CStr::from_ptr(name.as_ptr()) }
                .to_string_lossy()
                .into_owned();
            match std::fs::symlink_metadata(link) {
                Ok(m) if m.file_type().is_symlink() => {
                    let _ = std::fs::remove_file(link);
                }
                Ok(_) => {
                    return Err(LinkError::Pty {
                        path: link.display().to_string(),
                        message: "a file that is not a symlink is in the way".into(),
                    })
                }
                Err(_) => {}
            }
            std::os::unix::fs::symlink(&slave_name, link).map_err(|e| LinkError::Pty {
                path: link.display().to_string(),
                message: format!("symlink to {slave_name}: {e}"),
            })?;
            Ok(Pty {
                master,
                _slave: slave,
                link: link.to_path_buf(),
            })
        }

        /// The symlink path.
        pub fn link(&self) -> &Path {
            &self.link
        }
    }

    impl Drop for Pty {
        fn drop(&mut self) {
            // Remove our symlink only if it still points at a pty (not something the user put
            // there since).
            if std::fs::symlink_metadata(&self.link).is_ok_and(|m| m.file_type().is_symlink()) {
                let _ = std::fs::remove_file(&self.link);
            }
        }
    }

    /// Serves the pty until the runtime is dropped.
    pub(crate) async fn serve_pty(pty: Pty, shared: Arc<Shared>) {
        let link = pty.link.display().to_string();
        // SAFETY: the Pty owns its master descriptor for its whole life and `as_raw_fd` always
        // returns that same descriptor.
        let Ok(fd) = (unsafe { AsyncFd::register(pty) }) else {
            shared.emit(crate::link::LinkEvent::Failed {
                what: format!("pty {link}"),
                error: "cannot register with the runtime".into(),
            });
            return;
        };
        let mut conn = shared.open_connection(&format!("pty {link}"));
        let dialect = pty_dialect(shared.config.dialect);
        let mut session = Session::new(dialect, shared.config.echo, format!("pty {link}"));
        let mut buf = vec![0u8; 4096];
        loop {
            // A summary held back by the log is written when due, even if the host is quiet.
            let got = match conn.summary_due_in() {
                Some(due) => match tokio::time::timeout(due, read(&fd, &mut buf)).await {
                    Ok(got) => got,
                    Err(_) => {
                        shared.report_due(&mut conn);
                        continue;
                    }
                },
                None => read(&fd, &mut buf).await,
            };
            let n = match got {
                Ok(n) => n,
                Err(e) => {
                    // EIO while no one holds the slave (cannot happen while we hold it, but
                    // be safe) or a transient error: wait and keep serving.
                    if e.raw_os_error() != Some(libc::EIO) {
                        let failed = crate::link::LinkEvent::Failed {
                            what: format!("pty {link}: read"),
                            error: e.to_string(),
                        };
                        shared.report(&mut conn, &[failed]);
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let bytes = buf[..n].to_vec();
            shared.capture(&conn.label, "RX", &bytes);
            let Some((s, out)) = step(&shared, session, move |s, sim| s.feed(sim, &bytes)).await
            else {
                return;
            };
            session = s;
            shared.deliver(&mut conn, &out);
            if let Err(e) = write_all(&fd, &out.bytes).await {
                let failed = crate::link::LinkEvent::Failed {
                    what: format!("pty {link}: write"),
                    error: e.to_string(),
                };
                shared.report(&mut conn, &[failed]);
            }
        }
    }

    async fn read(fd: &AsyncFd<Pty>, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let mut guard = fd.readable().await?;
            let r = guard.try_io(|inner| {
                // SAFETY: reading into a valid buffer of the given length from our descriptor.
                let n = unsafe {
                    libc::read(
                        inner.get_ref().master.as_raw_fd(),
                        buf.as_mut_ptr().cast(),
                        buf.len(),
                    )
                };
                if n < 0 {
                    Err(std::io::Error::last_os_error())
                } else {
                    Ok(n as usize)
                }
            });
            match r {
                Ok(Ok(0)) => {
                    // End of file on a master only happens without a slave; wait for one.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Ok(result) => return result,
                Err(_would_block) => continue,
            }
        }
    }

    async fn write_all(fd: &AsyncFd<Pty>, mut bytes: &[u8]) -> std::io::Result<()> {
        while !bytes.is_empty() {
            let mut guard = fd.writable().await?;
            let r = guard.try_io(|inner| {
                // SAFETY: writing from a valid buffer of the given length to our descriptor.
                let n = unsafe {
                    libc::write(
                        inner.get_ref().master.as_raw_fd(),
                        bytes.as_ptr().cast(),
                        bytes.len(),
                    )
                };
                if n < 0 {
                    Err(std::io::Error::last_os_error())
                } else {
                    Ok(n as usize)
                }
            });
            match r {
                Ok(Ok(n)) => bytes = &bytes[n..],
                Ok(Err(e)) => return Err(e),
                Err(_would_block) => continue,
            }
        }
        Ok(())
    }

    impl AsRawFd for Pty {
        fn as_raw_fd(&self) -> std::os::fd::RawFd {
            self.master.as_raw_fd()
        }
    }
}
