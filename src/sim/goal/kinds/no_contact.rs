//! `no_contact`: no part of the robot touches a wall or a box (failed the moment one does).

use super::prelude::*;

/// Touch no wall or box (the environment's or one put down; not the floor, low mats or
/// another robot).
#[derive(Clone, Debug, PartialEq)]
pub struct NoContact;

/// When it first touched one, if it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contact {
    pub first_contact_s: Option<f64>,
}

impl CriterionKind for NoContact {
    const NAME: &'static str = "no_contact";
    type Raw = NoFields;
    /// The first moment it touched.
    type Seen = Option<u64>;
    type Observed = Contact;

    fn read(_: NoFields, _: &Cx) -> Result<Self, SpecError> {
        Ok(NoContact)
    }

    fn look(&self, at: &mut Option<u64>, m: &mut Moment) {
        if at.is_none() && m.sim.world().touches_wall(m.k) {
            *at = Some(m.t);
        }
    }

    fn state(&self, at: &Option<u64>, _: Robot<'_>, _: u64) -> LiveState {
        match at {
            Some(a) => LiveState::Failed { at_ms: *a },
            None => LiveState::Pending,
        }
    }

    fn ended_at(&self, at: &Option<u64>, _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        at.unwrap_or(end_ms)
    }

    fn judge(&self, at: &Option<u64>, _: Robot<'_>) -> (bool, Contact) {
        (
            at.is_none(),
            Contact {
                first_contact_s: at.map(secs_of),
            },
        )
    }

    fn expected(&self) -> Value {
        json!("no contact with a wall or box")
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(l, "goal-no-contact")
    }

    fn outcome(&self, o: &Contact, _: bool, l: Lang) -> String {
        match o.first_contact_s {
            Some(t) => crate::tr!(l, "goal-touched", t = secs(l, t)),
            None => crate::tr!(l, "goal-never-touched"),
        }
    }
}
