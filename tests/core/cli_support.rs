//! The real binary as the command-line tests call it.

use std::process::{Command, Output};

/// Runs `lurobotsim ARGS` to the end and returns what it printed and its exit status.
pub fn lurobotsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(args)
        .output()
        .expect("the binary runs")
}
