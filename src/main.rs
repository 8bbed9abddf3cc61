//! The `lurobotsim` command line (cli.md): gui (default) | run | serve | lasm | bench.
fn main() {
    println!("lurobotsim");
}
