//! The `lurobotsim` binary: parses the command line (cli.md) and runs the chosen command.
use clap::Parser as _;

fn main() {
    lurobotsim::logger::init();
    // A mistyped command line is the user's input being wrong: exit 1 (cli.md), not
    // clap's 2, which this program keeps for internal errors. Help and version exit 0.
    let cli = lurobotsim::cli::Cli::try_parse().unwrap_or_else(|e| {
        let _ = e.print();
        std::process::exit(if e.use_stderr() { 1 } else { 0 });
    });
    if let Err(e) = lurobotsim::cli::main_with(cli) {
        // Not `eprintln!`: it panics (exit 101) when stderr is a closed pipe.
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "lurobotsim: {e}");
        std::process::exit(e.exit_code());
    }
}
