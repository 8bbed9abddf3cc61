//! The TCP side and the per-chunk plumbing shared with the pty: read bytes, hand the
//! connection's [`Session`] and the bytes to the simulation thread, write what came back.
//! Each connection owns its session, so a client that sends garbage or vanishes in the
//! middle of a download affects nobody else.

use super::session::{Output, Session};
use super::{Connection, Dialect, LinkEvent, Shared};
use crate::runner::Command;
use crate::sim::Rcx;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;

/// How long an `Auto` connection whose first bytes are ambiguous (printable, no line end
/// yet) may stay quiet before it is decided: long enough for a LASM line to arrive in
/// pieces, short against NQC's 300–500 ms reply timeouts (rcx.md §8.3).
pub const DETECT_IDLE: Duration = Duration::from_millis(150);

/// Runs `f` on the brick behind `runner` (the runner's simulation, or one brick of a
/// scene), between ticks on its thread, and awaits its answer without blocking the runtime.
/// The job sees only the [`Rcx`]: it reads the RCX and changes it by typed inputs.
pub async fn on_sim<R: Send + 'static>(
    runner: &Sender<Command>,
    brick: usize,
    f: impl FnOnce(&mut dyn Rcx) -> R + Send + 'static,
) -> Option<R> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: crate::runner::BrickJob = Box::new(move |rcx| {
        let _ = tx.send(f(rcx));
    });
    runner.send(Command::OnBrick(brick, job)).ok()?;
    rx.await.ok()
}

/// Moves `session` to the simulation thread, applies `f`, and brings it back with the
/// output. `None` when the runner has gone away.
pub(crate) async fn step(
    shared: &Shared,
    session: Session,
    f: impl FnOnce(&mut Session, &mut dyn Rcx) -> Output + Send + 'static,
) -> Option<(Session, Output)> {
    on_sim(&shared.runner, shared.config.brick, move |sim| {
        let mut s = session;
        let out = f(&mut s, sim);
        (s, out)
    })
    .await
}

/// Accepts connections until the runtime is dropped.
pub(crate) async fn serve_tcp(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let _ = stream.set_nodelay(true);
                let shared = shared.clone();
                tokio::spawn(async move {
                    serve_stream(stream, peer.to_string(), shared).await;
                });
            }
            Err(e) => {
                shared.emit(LinkEvent::Failed {
                    what: "accept".into(),
                    error: e.to_string(),
                });
                // Out of file descriptors or similar: back off instead of spinning.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// One TCP connection from accept to close.
pub(crate) async fn serve_stream<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    peer: String,
    shared: Arc<Shared>,
) {
    let mut conn = shared.open_connection(&peer);
    let mut session = Some(Session::new(
        shared.config.dialect,
        shared.config.echo,
        peer.clone(),
    ));
    let mut buf = vec![0u8; 4096];
    while let Some(s) = session.take() {
        if s.more_to_answer() {
            // Commands received earlier still wait for their replies (the last output
            // reached the reply budget): answer them before reading more.
            let Some((s, out)) = step(&shared, s, |s, sim| s.resume(sim)).await else {
                break;
            };
            shared.deliver(&mut conn, &out);
            if !write_or_drop(&mut stream, &out.bytes, &shared, &mut conn).await {
                break;
            }
            session = Some(s);
            continue;
        }
        // An undecided connection waits for more bytes only a short while; one whose log
        // holds back a summary waits until the summary is due, then logs it.
        let idle = match s.undecided() {
            true => Some(DETECT_IDLE),
            false => conn.summary_due_in(),
        };
        let read = match idle {
            Some(idle) => tokio::time::timeout(idle, stream.read(&mut buf)).await.ok(),
            None => Some(stream.read(&mut buf).await),
        };
        let result = match read {
            None if !s.undecided() => {
                shared.report_due(&mut conn);
                session = Some(s);
                continue;
            }
            None => step(&shared, s, |s, sim| s.decide_now(sim)).await,
            Some(Ok(0)) | Some(Err(_)) => {
                session = Some(s);
                break;
            }
            Some(Ok(n)) => {
                let bytes = buf[..n].to_vec();
                shared.capture(&conn.label, "RX", &bytes);
                step(&shared, s, move |s, sim| s.feed(sim, &bytes)).await
            }
        };
        let Some((s, out)) = result else { break };
        shared.deliver(&mut conn, &out);
        if !write_or_drop(&mut stream, &out.bytes, &shared, &mut conn).await {
            break;
        }
        session = Some(s);
    }
    // Closed: the session drops any half-done download and completes a LASM transfer.
    if let Some(s) = session {
        if let Some((_, out)) = step(&shared, s, |s, sim| s.close(sim)).await {
            shared.deliver(&mut conn, &out);
            if !out.bytes.is_empty() {
                let _ = stream.write_all(&out.bytes).await;
            }
        }
    }
    shared.close_connection(conn);
}

/// How long a write of replies may wait for a client to read them before the connection
/// is dropped: with at most [`super::session::REPLY_BUDGET`] bytes pending per
/// connection, a client that sends and never reads costs bounded memory, then nothing.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Writes `bytes`; false when the connection failed or the client did not read them within
/// [`WRITE_TIMEOUT`] (then the connection is to be dropped).
async fn write_or_drop<S: AsyncWrite + Unpin>(
    stream: &mut S,
    bytes: &[u8],
    shared: &Shared,
    conn: &mut Connection,
) -> bool {
    if bytes.is_empty() {
        return true;
    }
    match tokio::time::timeout(WRITE_TIMEOUT, stream.write_all(bytes)).await {
        Ok(Ok(())) => true,
        Ok(Err(_)) => false,
        Err(_) => {
            let dropped = LinkEvent::ConnectionDropped {
                peer: conn.peer.clone(),
                secs: WRITE_TIMEOUT.as_secs(),
            };
            shared.report(conn, &[dropped]);
            false
        }
    }
}

/// The dialect a pty speaks: IR frames, unless one was forced.
pub fn pty_dialect(forced: Dialect) -> Dialect {
    match forced {
        Dialect::Auto => Dialect::Framed,
        d => d,
    }
}
