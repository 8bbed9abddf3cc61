//! Where a world step goes, for `lurobotsim bench`'s profile: the step's own parts as
//! [`World::step_marked`] marks their ends, and rapier's stages from its counters. The world
//! reads no clock: the marks are the caller's, and rapier times its stages only while
//! [`World::profile_rapier`] has switched its counters on (nothing else does).

use super::World;

/// A part of [`World::step`], as [`World::step_marked`] marks its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepPhase {
    /// `--realism rcx`'s motors: PWM and the DC law, every step.
    Motors,
    /// Our wheels' grip and motors (`wheels.rs`), before rapier's step.
    Wheels,
    /// rapier's step (its stages: [`RapierStages`]).
    Rapier,
    /// Our own step of robots alone on the floor, instead of rapier's (`alone.rs`).
    Floor,
    /// The wheels' angles and the rotation sensors after it.
    Angles,
}

/// rapier's own account of its last step, in milliseconds (its `counters`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RapierStages {
    /// The whole step.
    pub step: f64,
    /// Bodies' kinematics and mass properties brought up to date.
    pub update: f64,
    /// The broad phase (pairs of boxes that overlap) and its final update.
    pub broad_phase: f64,
    /// The narrow phase (contacts of those pairs).
    pub narrow_phase: f64,
    /// Islands, and the solver's persistent contact graph.
    pub islands: f64,
    /// The solver: its constraints built …
    pub assembly: f64,
    /// … solved …
    pub resolution: f64,
    /// … the bodies' velocities and positions updated, and impulses written back.
    pub integration: f64,
    /// Changes made by the user (bodies moved, colliders changed) taken in.
    pub user_changes: f64,
}

impl RapierStages {
    /// Adds another step's figures.
    pub fn add(&mut self, o: &RapierStages) {
        self.step += o.step;
        self.update += o.update;
        self.broad_phase += o.broad_phase;
        self.narrow_phase += o.narrow_phase;
        self.islands += o.islands;
        self.assembly += o.assembly;
        self.resolution += o.resolution;
        self.integration += o.integration;
        self.user_changes += o.user_changes;
    }
}

impl World {
    /// Switches rapier's stage counters on or off (off by default, and in every clone).
    pub fn profile_rapier(&mut self, on: bool) {
        let c = &mut self.pipeline.0.counters;
        if on {
            c.enable();
        } else {
            c.disable();
        }
    }

    /// rapier's stages in the last step (zeros while its counters are off).
    pub fn rapier_stages(&self) -> RapierStages {
        let c = &self.pipeline.0.counters;
        let (st, cd, so) = (&c.stages, &c.cd, &c.solver);
        RapierStages {
            step: c.step_time_ms(),
            update: st.update_time.time_ms(),
            broad_phase: cd.broad_phase_time.time_ms() + cd.final_broad_phase_time.time_ms(),
            narrow_phase: cd.narrow_phase_time.time_ms(),
            islands: st.island_construction_time.time_ms()
                + st.island_constraints_collection_time.time_ms(),
            assembly: so.velocity_assembly_time.time_ms(),
            resolution: so.velocity_resolution_time.time_ms(),
            integration: so.velocity_update_time.time_ms() + so.velocity_writeback_time.time_ms(),
            user_changes: st.user_changes.time_ms(),
        }
    }
}
