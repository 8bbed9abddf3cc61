//! Shared helpers of the link tests: a real simulation behind a real runner and a real link
//! on port 0, and a blocking TCP client that sends bytes and reads exact replies.
#![allow(dead_code)]

use lurobotsim::link::{self, Dialect, LinkConfig, LinkHandle};
use lurobotsim::rcx::wire;
use lurobotsim::runner::{self, RunnerConfig, RunnerHandle};
use lurobotsim::sim::specs::SpecSource;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::Simulation;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Parses `"55 ff 00 10"` into bytes.
pub fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).expect("hex byte"))
        .collect()
}

/// A running simulation + link.
pub struct Rig {
    pub runner: RunnerHandle,
    pub link: Option<LinkHandle>,
}

impl Rig {
    pub fn new(dialect: Dialect, echo: bool) -> Rig {
        Rig::with_config(LinkConfig {
            listen: Some("127.0.0.1:0".parse().unwrap()),
            dialect,
            echo,
            ..LinkConfig::default()
        })
    }

    pub fn with_config(config: LinkConfig) -> Rig {
        let sim = SimDef::from_files(
            &SpecSource::robot("M1").expect("robot M1"),
            &SpecSource::env("E1").expect("environment E1"),
        )
        .and_then(|d| Simulation::create(&d))
        .expect("simulation");
        let runner = runner::spawn(sim, RunnerConfig::default());
        let link = link::start(config, runner.sender()).expect("link starts");
        Rig {
            runner,
            link: Some(link),
        }
    }

    pub fn link(&self) -> &LinkHandle {
        self.link.as_ref().unwrap()
    }

    pub fn connect(&self) -> Client {
        let addr = self.link().local_addr().expect("tcp address");
        let s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.set_nodelay(true).unwrap();
        Client { s }
    }

    /// Runs `f` on the simulation thread and waits for its answer.
    pub fn with<R: Send + 'static>(&self, f: impl FnOnce(&Simulation) -> R + Send + 'static) -> R {
        self.runner
            .with(f)
            .recv_timeout(Duration::from_secs(10))
            .expect("runner answers")
    }

    /// Ticks the simulation `ms` times.
    pub fn tick(&self, ms: u64) {
        self.runner.send(lurobotsim::runner::Command::RunFor(ms));
        self.with(|_| ());
    }

    pub fn var(&self, i: usize) -> i16 {
        self.with(move |sim| sim.robot(0).unwrap().vm().variables()[i])
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        if let Some(l) = self.link.take() {
            l.shutdown();
        }
    }
}

/// A blocking test client.
pub struct Client {
    pub s: TcpStream,
}

impl Client {
    pub fn send(&mut self, bytes: &[u8]) {
        self.s.write_all(bytes).expect("send");
    }

    /// Reads exactly `n` bytes.
    pub fn read(&mut self, n: usize) -> Vec<u8> {
        let mut b = vec![0; n];
        self.s.read_exact(&mut b).expect("reply bytes");
        b
    }

    /// Sends a framed payload and reads back the echo plus the framed reply of `reply_len`
    /// payload bytes; returns the reply payload after checking the echo and framing.
    pub fn framed(&mut self, payload: &[u8], reply_len: usize) -> Vec<u8> {
        let frame = wire::encode(payload);
        self.send(&frame);
        let echo = self.read(frame.len());
        assert_eq!(echo, frame, "tower echo");
        self.framed_reply(reply_len)
    }

    /// Reads one framed reply with `reply_len` payload bytes.
    pub fn framed_reply(&mut self, reply_len: usize) -> Vec<u8> {
        let bytes = self.read(3 + 2 * reply_len + 2);
        let (f, n) = wire::decode_reply(&bytes, reply_len).expect("a valid reply frame");
        assert_eq!(n, bytes.len());
        f.payload
    }

    /// Framed ping: proves the connection is alive and nothing else is queued before it.
    pub fn ping(&mut self) {
        assert_eq!(self.framed(&[0x10], 1), vec![0xef]);
    }
}
