//! The `lurobotsim` binary: parses the command line (cli.md) and runs the chosen command.
use clap::Parser as _;

fn main() {
    lurobotsim::logger::init();
    // A mistyped command line is the user's input being wrong: exit 1 (cli.md), not
    // clap's 2, which this program keeps for internal errors. Help and version exit 0.
    // `brick` alone keeps 2 for a bad argument (cli.md: 1 there means the brick or the
    // tower failed).
    let cli = lurobotsim::cli::Cli::try_parse().unwrap_or_else(|e| {
        let _ = e.print();
        let brick = std::env::args().nth(1).as_deref() == Some("brick");
        std::process::exit(match (e.use_stderr(), brick) {
            (false, _) => 0,
            (true, true) => 2,
            (true, false) => 1,
        });
    });
    if let Err(e) = lurobotsim::cli::main_with(cli) {
        // Not `eprintln!`: it panics (exit 101) when stderr is a closed pipe.
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "lurobotsim: {e}");
        std::process::exit(e.exit_code());
    }
}
