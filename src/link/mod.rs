//! The RCX link: a TCP server (default 127.0.0.1:4266) and a pseudo-terminal that speak the
//! RCX protocol to ROBOLAB, NQC and other hosts, as a brick would. Frames are pure bytes →
//! frames (`crate::rcx` wire codec); this module buffers, routes and talks to the one shared
//! simulated RCX through channels.
