//! `no_fault`: the program runs without a fault (decided at the end, failed at the first).

use super::prelude::*;

/// No task of the robot's brick stopped or went on because of a fault.
#[derive(Clone, Debug, PartialEq)]
pub struct NoFault;

/// The first fault of a run and how many there were.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstFault {
    pub count: usize,
    pub time_ms: u64,
    pub task: u8,
    pub message: String,
}

/// What `no_fault` observed: no fault, or the first of them. `runs.jsonl` writes it as
/// words ("no fault", "2 fault(s); the first at 1.5 s in task 0: …").
#[derive(Clone, Debug, PartialEq)]
pub struct Faults(pub Option<FirstFault>);

const NONE: &str = "no fault";

impl Serialize for Faults {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            None => s.serialize_str(NONE),
            Some(f) => s.serialize_str(&format!(
                "{} fault(s); the first at {} s in task {}: {}",
                f.count,
                secs_of(f.time_ms),
                f.task,
                f.message
            )),
        }
    }
}

impl<'de> Deserialize<'de> for Faults {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == NONE {
            return Ok(Faults(None));
        }
        let parse = || {
            let (n, rest) = s.split_once(" fault(s); the first at ")?;
            let (t, rest) = rest.split_once(" s in task ")?;
            let (task, message) = rest.split_once(": ")?;
            Some(FirstFault {
                count: n.parse().ok()?,
                time_ms: (t.parse::<f64>().ok()? * 1000.0).round() as u64,
                task: task.parse().ok()?,
                message: message.to_string(),
            })
        };
        parse()
            .map(|f| Faults(Some(f)))
            .ok_or_else(|| serde::de::Error::custom("not a no_fault observation"))
    }
}

fn first_fault_ms(robot: Robot<'_>) -> Option<u64> {
    robot.vm().faults().first().map(|f| f.time_ms)
}

impl CriterionKind for NoFault {
    const NAME: &'static str = "no_fault";
    type Raw = NoFields;
    type Seen = ();
    type Observed = Faults;

    fn read(_: NoFields, _: &Cx) -> Result<Self, SpecError> {
        Ok(NoFault)
    }

    fn look(&self, _: &mut (), _: &mut Moment) {}

    fn state(&self, _: &(), robot: Robot<'_>, _: u64) -> LiveState {
        match first_fault_ms(robot) {
            Some(at_ms) => LiveState::Failed { at_ms },
            None => LiveState::Pending,
        }
    }

    fn ended_at(&self, _: &(), _: bool, robot: Robot<'_>, end_ms: u64) -> u64 {
        first_fault_ms(robot).unwrap_or(end_ms)
    }

    fn judge(&self, _: &(), robot: Robot<'_>) -> (bool, Faults) {
        let faults = robot.vm().faults();
        match faults.first() {
            None => (true, Faults(None)),
            Some(f) => (
                false,
                Faults(Some(FirstFault {
                    count: faults.len(),
                    time_ms: f.time_ms,
                    task: f.task,
                    message: f.message.clone(),
                })),
            ),
        }
    }

    fn expected(&self) -> Value {
        json!(NONE)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(l, "goal-no-fault")
    }

    fn outcome(&self, o: &Faults, pass: bool, l: Lang) -> String {
        match (&o.0, pass) {
            (None, true) => crate::tr!(l, "goal-no-fault-happened"),
            (None, false) => crate::tr!(l, "goal-a-fault"),
            (Some(f), _) => crate::tr!(
                l,
                "goal-faults",
                n = f.count.to_string(),
                t = crate::i18n::decimal_in(l, secs_of(f.time_ms)),
                task = f.task.to_string(),
                message = f.message.clone()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_reads_back_from_the_words_runs_jsonl_writes() {
        let f = Faults(Some(FirstFault {
            count: 2,
            time_ms: 1500,
            task: 3,
            message: "jump: no such label: here".into(),
        }));
        let text = serde_json::to_string(&f).unwrap();
        assert_eq!(
            text,
            "\"2 fault(s); the first at 1.5 s in task 3: jump: no such label: here\""
        );
        assert_eq!(serde_json::from_str::<Faults>(&text).unwrap(), f);
        assert_eq!(
            serde_json::from_str::<Faults>("\"no fault\"").unwrap(),
            Faults(None)
        );
        assert!(serde_json::from_str::<Faults>("\"a fault\"").is_err());
        assert_eq!(
            NoFault.outcome(&f, false, Lang::De),
            "2 Fehler; der erste bei 1,5 s in Task 3: jump: no such label: here"
        );
    }
}
