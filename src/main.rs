//! The `lurobotsim` binary: parses the command line (cli.md) and runs the chosen command.
use clap::Parser;

fn main() {
    let cli = lurobotsim::cli::Cli::parse();
    if let Err(e) = lurobotsim::cli::main_with(cli) {
        eprintln!("lurobotsim: {e}");
        std::process::exit(e.exit_code());
    }
}
