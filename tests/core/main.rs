//! The core's integration tests: RCX codecs, LASM and NQC images, the VM, the ROBOLAB icon tracer, the robots, the simulation, recordings, the runner and the command line.
//! Grouped in one crate so the test build links one binary instead of one per file.
#![allow(clippy::unwrap_used)]

mod challenges_pack;
mod check_script;
#[cfg(feature = "desktop")]
mod cli_support;
mod editor_doc;
mod editor_examples;
mod editor_roundtrip;
mod grade_cancel;
#[cfg(feature = "desktop")]
mod grade_cli;
#[cfg(feature = "desktop")]
mod grade_cluster;
mod grade_goal;
mod i18n_files;
#[cfg(feature = "desktop")]
mod rcx_cli;
mod rcx_host;
mod rcx_image;
mod rcx_lasm;
mod rcx_nqc;
mod shape;
#[cfg(feature = "desktop")]
mod sim_cli;
mod sim_core;
mod sim_golden;
mod sim_rcx;
mod sim_record;
mod sim_runner;
mod sim_scenarios;
mod trace_kinds;
mod trace_recognise;
mod trace_robust;
mod trace_support;
mod trace_tracer;
mod trace_vm;
#[cfg(feature = "desktop")]
mod vm_cli;
mod vm_core;
mod vm_direct;
mod vm_flow;
mod vm_io;
mod vm_lasm;
mod vm_nqc;
mod vm_proptest;
mod vm_robolab;
mod vm_support;
mod world_alone;
mod world_robots;

/// Every `.rs` file under `dir`, into `out` (the shape, translation and layering tests).
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}
