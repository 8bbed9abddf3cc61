//! Paces a [`crate::sim::Simulation`] against the wall clock on its own thread: normal
//! (real time, a snapshot every N ticks), slow, paused, fast. Commands in, snapshots out,
//! through channels; rendering never slows or changes the physics.
