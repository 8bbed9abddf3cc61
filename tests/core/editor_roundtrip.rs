//! The round trip is the test: random icon programs (loops in forks in loops, in several
//! tasks and subroutines, every kind and modifier range) are generated to LASM, assembled,
//! traced and opened as a document again, and come back icon for icon.

use lurobotsim::rcx::lasm;
use lurobotsim::trace::edit::{check, generate, to_text, Doc, Icon, Kind, Param, Strip, StripId};
use proptest::prelude::*;

/// A small deterministic generator (xorshift), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    /// A value in a modifier's range, often at its ends.
    fn value(&mut self, p: Param) -> i32 {
        let r = p.range();
        match self.below(5) {
            0 => *r.start(),
            1 => *r.end(),
            _ => {
                let span = (*r.end() as i64 - *r.start() as i64 + 1) as u64;
                (*r.start() as i64 + (self.next() % span) as i64) as i32
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Sensor {
    Touch,
    Light,
    Rotation,
}

struct Gen {
    rng: Rng,
    /// Sensor type of ports 1–3 for the whole program.
    sensors: [Sensor; 3],
    tasks: usize,
    subs: usize,
    /// The bytes of `msgz`, a generic icon the tracer cannot name.
    generic: Vec<u8>,
}

impl Gen {
    fn icon(&mut self, kind: Kind) -> Icon {
        let mut i = Icon::new(kind);
        for &p in kind.params() {
            let v = match p {
                Param::Task => self.rng.below(self.tasks) as i32,
                Param::Sub => self.rng.below(self.subs.max(1)) as i32,
                Param::SensorPort => {
                    let want = match kind {
                        Kind::WaitPush | Kind::WaitLetgo | Kind::TouchFork | Kind::LoopTouch => {
                            Sensor::Touch
                        }
                        Kind::WaitRotation => Sensor::Rotation,
                        _ => Sensor::Light,
                    };
                    let ports: Vec<i32> = (0..3)
                        .filter(|&n| self.sensors[n] == want)
                        .map(|n| n as i32 + 1)
                        .collect();
                    ports[self.rng.below(ports.len())]
                }
                _ => self.rng.value(p),
            };
            i.set(p, v).unwrap();
        }
        i
    }

    fn has(&self, s: Sensor) -> bool {
        self.sensors.contains(&s)
    }

    /// A simple (non-structure) icon of any kind the program can hold.
    fn simple(&mut self) -> Icon {
        loop {
            let kind = [
                Kind::MotorForward,
                Kind::MotorBackward,
                Kind::MotorStop,
                Kind::MotorFloat,
                Kind::WaitTime,
                Kind::WaitPush,
                Kind::WaitLetgo,
                Kind::WaitDark,
                Kind::WaitLight,
                Kind::WaitDarker,
                Kind::WaitLighter,
                Kind::WaitRotation,
                Kind::TaskSplit,
                Kind::StopTask,
                Kind::Subroutine,
                Kind::PlaySound,
                Kind::PlayTone,
                Kind::Container,
                Kind::TimerReset,
                Kind::Generic,
            ][self.rng.below(20)];
            let ok = match kind {
                Kind::WaitPush | Kind::WaitLetgo => self.has(Sensor::Touch),
                Kind::WaitRotation => self.has(Sensor::Rotation),
                Kind::WaitDark | Kind::WaitLight | Kind::WaitDarker | Kind::WaitLighter => {
                    self.has(Sensor::Light)
                }
                Kind::Subroutine => self.subs > 0,
                _ => true,
            };
            if !ok {
                continue;
            }
            if kind == Kind::Generic {
                return Icon::generic(self.generic.clone());
            }
            return self.icon(kind);
        }
    }

    /// A sequence of icons with structures nested up to `depth`.
    fn seq(&mut self, depth: usize, out: &mut Vec<Icon>) {
        let n = self.rng.below(5);
        for _ in 0..n {
            let r = self.rng.below(10);
            if depth >= 4 || r < 6 {
                out.push(self.simple());
                continue;
            }
            if r < 8 {
                let kind = [
                    Kind::LoopCount,
                    Kind::LoopForever,
                    Kind::LoopTouch,
                    Kind::LoopLight,
                ][self.rng.below(4)];
                let kind = match kind {
                    Kind::LoopTouch if !self.has(Sensor::Touch) => Kind::LoopCount,
                    Kind::LoopLight if !self.has(Sensor::Light) => Kind::LoopForever,
                    k => k,
                };
                out.push(self.icon(kind));
                let before = out.len();
                self.seq(depth + 1, out);
                // A loop-until with nothing inside is a wait: give it a body.
                if out.len() == before && matches!(kind, Kind::LoopTouch | Kind::LoopLight) {
                    out.push(self.simple());
                }
                out.push(Icon::new(Kind::LoopEnd));
            } else {
                let kind = if self.has(Sensor::Touch)
                    && (self.rng.chance(50) || !self.has(Sensor::Light))
                {
                    Kind::TouchFork
                } else if self.has(Sensor::Light) {
                    Kind::LightFork
                } else {
                    out.push(self.simple());
                    continue;
                };
                out.push(self.icon(kind));
                let first = out.len();
                self.seq(depth + 1, out);
                out.push(Icon::new(Kind::ForkBranch));
                let second = out.len();
                self.seq(depth + 1, out);
                // A fork with both branches empty is a check that goes nowhere: the tracer
                // (rightly) shows it as plain code.
                if out.len() == second && second == first + 1 {
                    out.push(self.simple());
                }
                out.push(Icon::new(Kind::ForkMerge));
            }
        }
    }

    fn strip(&mut self, id: StripId) -> Strip {
        let mut icons = Vec::new();
        self.seq(0, &mut icons);
        // A forward jump to a land, at the top level (with code between them, so that a
        // wait right before the jump exits to somewhere else than its own end).
        if self.rng.chance(40) {
            let label = self.rng.value(Param::Label);
            let j = self.rng.below(icons.len() + 1);
            let top = top_level(&icons);
            if top.contains(&j) {
                let after: Vec<usize> = top.into_iter().filter(|&t| t >= j).collect();
                let l = after[self.rng.below(after.len())];
                let mut land = Icon::new(Kind::Land);
                land.set(Param::Label, label).unwrap();
                let mut jump = Icon::new(Kind::Jump);
                jump.set(Param::Label, label).unwrap();
                icons.insert(l, land);
                let filler = self.icon(Kind::PlaySound);
                icons.insert(j, filler);
                icons.insert(j, jump);
            }
        }
        Strip {
            id,
            header: true,
            icons,
        }
    }

    fn doc(&mut self) -> Doc {
        let mut strips = Vec::new();
        for t in 0..self.tasks {
            strips.push(self.strip(StripId::Task(t as u8)));
        }
        for s in 0..self.subs {
            strips.push(self.strip(StripId::Sub(s as u8)));
        }
        let mut doc = Doc { strips };
        task_splits_first(&mut doc);
        doc
    }
}

/// Indices where a top-level icon may go (between structures, not inside one).
fn top_level(icons: &[Icon]) -> Vec<usize> {
    let mut depth = 0i32;
    let mut out = vec![];
    for (n, i) in icons.iter().enumerate() {
        if depth == 0 {
            out.push(n);
        }
        if i.kind.opens() {
            depth += 1;
        }
        if matches!(i.kind, Kind::LoopEnd | Kind::ForkMerge) {
            depth -= 1;
        }
    }
    out.push(icons.len());
    out
}

/// ROBOLAB draws the first start of a task (in program order) as its task split, every
/// later one — and a task starting itself — as a plain start.
fn task_splits_first(doc: &mut Doc) {
    let mut started = Vec::new();
    for s in &mut doc.strips {
        for i in &mut s.icons {
            if matches!(i.kind, Kind::TaskSplit | Kind::StartTask) {
                let t = i.get(Param::Task).unwrap();
                let own = s.id == StripId::Task(t as u8);
                let kind = if own || started.contains(&t) {
                    Kind::StartTask
                } else {
                    Kind::TaskSplit
                };
                started.push(t);
                let mut n = Icon::new(kind);
                n.set(Param::Task, t).unwrap();
                *i = n;
            }
        }
    }
}

/// The tracer (which lights the running icon) names each icon the editor wrote as that
/// icon, with its ports, power, sensor and threshold.
fn tracer_names_every_icon(
    doc: &Doc,
    g: &lurobotsim::trace::edit::Generated,
    program: &lurobotsim::rcx::Program,
) -> Result<(), TestCaseError> {
    use lurobotsim::trace::{Power, ViKind};
    let vis = lurobotsim::trace::recognise(program);
    for (si, s) in doc.strips.iter().enumerate() {
        let mut loops = Vec::new();
        for (n, icon) in s.icons.iter().enumerate() {
            let mut want = icon.kind.vi();
            if icon.kind.is_loop() {
                loops.push(icon.kind);
            }
            if icon.kind == Kind::LoopEnd && loops.pop() == Some(Kind::LoopForever) {
                // `L: … jmpl L`: the tracer draws a forever loop as a jump to a land.
                want = ViKind::Jump;
            }
            let code = &g.icons[si][n];
            if code.bytes.is_empty() {
                continue;
            }
            let vi = vis
                .iter()
                .filter(|v| match s.id {
                    StripId::Task(t) => v.sub.is_none() && v.task == t,
                    StripId::Sub(x) => v.sub == Some(x),
                })
                .find(|v| {
                    v.ranges
                        .iter()
                        .any(|r| r.0 <= code.bytes.start && code.bytes.start < r.1)
                })
                .unwrap();
            prop_assert_eq!(vi.kind, want, "{:?} at {:?}", icon, code);
            let q = &vi.params;
            if let Some(m) = icon.get(Param::Ports) {
                prop_assert_eq!(q.port.clone(), Some(lurobotsim::trace::edit::ports_text(m)));
            }
            if let Some(p) = icon.get(Param::Power) {
                prop_assert_eq!(q.power, Some(Power::Level(p)));
            }
            if let Some(p) = icon.get(Param::SensorPort) {
                prop_assert_eq!(q.sensor_port, Some(p));
            }
            if let Some(t) = icon.get(Param::Threshold) {
                prop_assert_eq!(q.threshold, Some(t));
            }
        }
    }
    Ok(())
}

fn generic_bytes() -> Vec<u8> {
    let p = lasm::assemble("task 0\n\tmsgz\nendt\n", "msgz").unwrap();
    p.tasks[0].clone().unwrap()
}

fn random_doc(seed: u64) -> Doc {
    let mut rng = Rng(seed | 1);
    let sensors = [0, 1, 2].map(|_| match rng.below(3) {
        0 => Sensor::Touch,
        1 => Sensor::Light,
        _ => Sensor::Rotation,
    });
    let tasks = 1 + rng.below(4);
    let subs = rng.below(3);
    Gen {
        rng,
        sensors,
        tasks,
        subs,
        generic: generic_bytes(),
    }
    .doc()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_icon_programs_come_back_icon_for_icon_through_lasm_and_the_tracer(seed in any::<u64>()) {
        let doc = random_doc(seed);
        prop_assert_eq!(check(&doc), vec![]);
        let g = generate(&doc).unwrap();
        let program = lasm::assemble(&g.lasm, "generated").unwrap();
        prop_assert_eq!(&program.tasks, &g.program.tasks);
        let back = Doc::from_program(&program);
        prop_assert_eq!(to_text(&back), to_text(&doc), "\n{}", g.lasm);
        prop_assert_eq!(&back, &doc);
        tracer_names_every_icon(&doc, &g, &program)?;
    }
}

#[test]
fn the_random_programs_hold_every_kind_of_icon() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..400 {
        for s in random_doc(seed * 7919 + 1).strips {
            for i in s.icons {
                seen.insert(i.kind);
            }
        }
    }
    let missing: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| !seen.contains(k))
        .collect();
    assert_eq!(missing, vec![], "kinds the generator never makes");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever a block holds — ROBOLAB's shapes, NQC's, or bytes that are no program at
    /// all — it opens as icons and generates back byte for byte.
    #[test]
    fn any_bytes_open_as_icons_and_generate_back_byte_for_byte(
        task in proptest::collection::vec(any::<u8>(), 0..120),
        sub in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..40)),
        robolab in any::<bool>(),
    ) {
        let mut program = lurobotsim::rcx::Program::default();
        let header = lasm::assemble("task 0\n\ttmrz 3\n\tset 24,9,2,1\nendt\n", "h").unwrap();
        let mut code = if robolab { header.tasks[0].clone().unwrap() } else { vec![] };
        code.extend(task);
        program.tasks[0] = Some(code);
        program.subs[1] = sub;
        let doc = Doc::from_program(&program);
        let g = generate(&doc).unwrap();
        prop_assert_eq!(&g.program.tasks, &program.tasks);
        prop_assert_eq!(&g.program.subs, &program.subs);
    }
}
