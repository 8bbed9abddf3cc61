//! The app's RCX link: started with the window (a failure is a message, the simulator
//! works without it) and its typed events turned into messages and run commands.

use super::*;

impl LuApp {
    /// Link events as messages; a ROBOLAB transfer or a host's task start runs the clock.
    pub(super) fn poll_link(&mut self) {
        let mut events = Vec::new();
        if let Some(l) = &self.link {
            while let Some(e) = l.try_event() {
                events.push(e);
            }
        }
        for e in events {
            match e {
                LinkEvent::TextTransferComplete { .. } => {
                    self.note(Level::Info, "ROBOLAB transfer complete: running task 0.");
                    self.start_and_run();
                }
                LinkEvent::TaskStarted { task } => {
                    self.note(Level::Info, format!("The host started task {task}."));
                    self.leave_replay();
                    self.runner.send(Command::Run);
                }
                LinkEvent::Connected { peer } => {
                    self.note(Level::Info, format!("{peer} connected."))
                }
                // Downloads, and malformed or aborted ones, are news for the user.
                e if e.is_problem() => self.note(Level::Warning, format!("Link: {e}")),
                e @ (LinkEvent::DownloadStarted { .. }
                | LinkEvent::ProgramInstalled { .. }
                | LinkEvent::FirmwareInstalled { .. }) => {
                    self.note(Level::Info, format!("Link: {e}"))
                }
                // Problems were taken by `is_problem` above; the rest (listening, pty
                // ready, disconnected, dialect chosen) is routine and only logged.
                _ => {}
            }
        }
    }
}

pub(super) fn start_link(
    addr: &str,
    pty: Option<PathBuf>,
    base: &LinkConfig,
    runner: &RunnerHandle,
) -> (Option<LinkHandle>, Option<String>) {
    let listen = match crate::link::parse_listen(addr) {
        Ok(a) => Some(a),
        Err(e) => return (None, Some(e)),
    };
    let config = LinkConfig {
        listen,
        pty,
        ..base.clone()
    };
    match crate::link::start(config, runner.sender()) {
        Ok(h) => (Some(h), None),
        Err(e) => (None, Some(e.to_string())),
    }
}
