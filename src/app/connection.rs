//! The app's RCX link, through the host (`host::link`): started with the window (a
//! failure is a message, the simulator works without it), one per robot, its typed
//! events turned into messages. What a host finished (a transfer, a task started) the
//! link tells the runner itself.

use super::*;
use crate::host::link::LinkEvent;

impl LuApp {
    /// Link events as messages (the runner was told of a transfer or a host's task start
    /// by the link itself).
    pub(super) fn poll_link(&mut self) {
        let lang = self.view.lang;
        let mut events = Vec::new();
        let links = self
            .links
            .iter()
            .enumerate()
            .filter_map(|(k, l)| l.as_ref().ok().map(|l| (k, l)));
        for (k, l) in links {
            while let Some(e) = l.try_event() {
                events.push((k, e));
            }
        }
        let several = self.robot_count() > 1;
        let names: Vec<String> = self
            .shown()
            .map(|s| s.robots.iter().map(|r| r.name.clone()).collect())
            .unwrap_or_default();
        for (k, e) in events {
            // In a scene every line says whose link it is.
            let who = match names.get(k) {
                Some(n) if several => format!("[{n}] "),
                _ => String::new(),
            };
            match e {
                LinkEvent::TextTransferComplete { .. } => self.note(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-connection-robolab-transfer-complete-running-task",
                        who = who.to_string()
                    ),
                ),
                LinkEvent::TaskStarted { task } => self.note(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-connection-the-host-started-task",
                        who = who.to_string(),
                        task = task.to_string()
                    ),
                ),
                LinkEvent::Connected { peer } => self.note(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-connection-connected",
                        who = who.to_string(),
                        peer = peer.to_string()
                    ),
                ),
                // Downloads, and malformed or aborted ones, are news for the user.
                e if e.is_problem() => self.note(
                    Level::Warning,
                    crate::tr!(
                        lang,
                        "app-connection-link",
                        who = who.to_string(),
                        e = e.to_string()
                    ),
                ),
                e @ (LinkEvent::DownloadStarted { .. }
                | LinkEvent::ProgramInstalled { .. }
                | LinkEvent::FirmwareInstalled { .. }) => self.note(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-connection-link",
                        who = who.to_string(),
                        e = e.to_string()
                    ),
                ),
                // Problems were taken by `is_problem` above; the rest (listening, pty
                // ready, disconnected, dialect chosen) is routine and only logged.
                _ => {}
            }
        }
    }
}

impl LuApp {
    /// One link per robot: robot k's listens on the first link's port + k (its pty is
    /// `PATH-k+1`, its capture `FILE-k+1`); links past the last robot are shut down.
    pub(super) fn sync_links(&mut self, robots: usize) {
        let lang = self.view.lang;
        let Some((addr, pty, base)) = self.link_setup.clone() else {
            return;
        };
        while self.links.len() > robots.max(1) {
            if let Some(Ok(l)) = self.links.pop() {
                l.shutdown();
            }
        }
        while self.links.len() < robots {
            let k = self.links.len();
            let r = crate::host::link::start(&addr, pty.clone(), &base, k, self.runner.sender());
            if let Err(e) = &r {
                self.note(
                    Level::Warning,
                    crate::tr!(
                        lang,
                        "app-connection-rcx-link-of-robot-it",
                        k1 = (k + 1).to_string(),
                        e = e.to_string()
                    ),
                );
            }
            self.links.push(r);
        }
    }

    /// The shown robot's link, or why it has none.
    pub fn shown_link(&self) -> (Option<&LinkHandle>, Option<&String>) {
        match self.links.get(self.selected) {
            Some(Ok(l)) => (Some(l), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        }
    }

    /// Robot `k`'s link, when it has one that started.
    pub fn link(&self, k: usize) -> Option<&LinkHandle> {
        self.links.get(k)?.as_ref().ok()
    }

    /// Where robot `k`'s link listens ("tcp 127.0.0.1:4267 · pty /tmp/rcx-2"), if it has one.
    pub fn link_of(&self, k: usize) -> Option<String> {
        let lang = self.view.lang;
        let l = match (k, self.links.get(k)?) {
            (_, Ok(l)) => l,
            // The first robot's failure is the status bar's "Link off".
            (0, Err(_)) => return None,
            (_, Err(e)) => {
                return Some(crate::tr!(
                    lang,
                    "app-connection-no-link",
                    e = e.to_string()
                ))
            }
        };
        let mut parts = Vec::new();
        if let Some(a) = l.local_addr() {
            parts.push(crate::tr!(
                lang,
                "app-connection-port",
                port = a.port().to_string()
            ));
        }
        if let Some(p) = l.pty_path() {
            parts.push(p.display().to_string());
        }
        Some(parts.join(" · "))
    }
}
