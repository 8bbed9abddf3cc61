//! The link served over real TCP on port 0, with a real simulation behind the real runner:
//! each dialect's replies byte for byte, the tower echo, toggle-bit repeats, download
//! status codes, garbage, disconnects mid-download, and many clients at once.

mod link_support;

use link_support::{hex, Rig};
use lurobotsim::link::Dialect;

#[test]
fn a_framed_ping_is_echoed_then_answered() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    c.send(&hex("55 ff 00 10 ef 10 ef"));
    assert_eq!(c.read(14), hex("55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10"));
}

#[test]
fn a_framed_poll_of_a_variable_returns_its_value() {
    let rig = Rig::new(Dialect::Auto, true);
    rig.with(|sim| {
        // var 5 = 300 through a direct setv, as a host would.
        let _ = lurobotsim::link::session::Rcx::direct(sim, &[0x14, 5, 2, 0x2c, 0x01]);
    });
    let mut c = rig.connect();
    assert_eq!(c.framed(&[0x12, 0x00, 0x05], 3), vec![0xed, 0x2c, 0x01]);
}
