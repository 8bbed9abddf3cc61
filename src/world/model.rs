//! The robot model: a checked robot file ([`spec::RobotSpec`]) read, in one pure step, into
//! what the world builds — which bodies are rigid bodies, which shapes ride on them, which
//! hinges are wheels of our own (`wheels.rs`), which spherical joints are casters, which
//! joints rapier solves, what each motor drives and what each sensor reads — with the reason
//! for every inferred choice. [`World`](super::World) instantiates a model; `lurobotsim robot
//! show` prints one. No rapier sets, no clock, no files.

use super::spec::{self, JointKind, RobotSpec, SensorKind, SensorPart, ShapeKind};
use super::view::{euler, v3};
use super::V3;
use std::fmt::{self, Write as _};
use std::sync::Arc;

/// What one body of the file becomes (by body index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyRole {
    /// A rigid body of its own.
    Body,
    /// A shape fixed to body `.0` (`attach`).
    Attached(usize),
    /// A caster ball, a frictionless shape fixed to body `.0` (its spherical joint's body1).
    Caster(usize),
    /// The shape of wheel `.0` (index into [`RobotModel::wheels`]), on its carrier.
    Wheel(usize),
}

/// What one joint of the file becomes (by joint index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JointRole {
    /// Wheel `.0` of [`RobotModel::wheels`]: no rapier joint.
    Wheel(usize),
    /// A caster ball: no joint at all (its ball is fixed to `body1`).
    Caster,
    /// A rapier revolute joint.
    Hinge,
    /// A rapier spherical joint.
    Ball,
}

/// How a joint's role was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The file says so (`wheel = true`, `caster = true`).
    Said,
    /// Inferred from its shapes: the rule it met.
    Inferred(String),
    /// Not a wheel (a hinge) or not a caster (a spherical joint): why not.
    Not(String),
}

/// One joint of the file and what it became.
#[derive(Clone, Debug)]
pub struct JointModel {
    pub role: JointRole,
    pub decided: Decided,
}

/// A wheel of our own: its hinge, its body (the tyre) and its carrier (the hinge's body1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WheelModel {
    pub joint: usize,
    pub body: usize,
    pub carrier: usize,
}

/// A caster ball: its spherical joint, its ball and the body it is fixed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CasterModel {
    pub joint: usize,
    pub body: usize,
    pub on: usize,
}

/// What a motor drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drives {
    /// Wheel `.0`'s spin.
    Wheel(usize),
    /// Joint `.0`'s rapier motor.
    Joint(usize),
}

/// An output driving a hinge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MotorModel {
    pub output: spec::Output,
    pub reverse: bool,
    pub drives: Drives,
}

/// What a sensor reads (port 1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SensorModel {
    /// The collider of body (or attached shape) `body` is the switch.
    Touch { port: usize, body: usize },
    /// The spot under body `body`.
    Light { port: usize, body: usize },
    /// The angle of joint `joint` (a wheel's spin or a rapier hinge's).
    Rotation { port: usize, joint: usize },
}

/// A robot as the world builds it (see the module's comment).
#[derive(Clone, Debug)]
pub struct RobotModel {
    pub spec: Arc<RobotSpec>,
    /// The body whose pose is the brick's.
    pub brick: usize,
    /// One per body of the file.
    pub bodies: Vec<BodyRole>,
    /// One per joint of the file.
    pub joints: Vec<JointModel>,
    /// In the order of their hinges (motors and sensors refer to them so).
    pub wheels: Vec<WheelModel>,
    pub casters: Vec<CasterModel>,
    /// In the order of their joints.
    pub motors: Vec<MotorModel>,
    pub sensors: Vec<SensorModel>,
}

fn body_index(spec: &RobotSpec, name: &str) -> Option<usize> {
    spec.bodies.iter().position(|b| b.name.get_ref() == name)
}

/// Joint `ji`'s body2 as a free end: a collider of its own centred on the joint's anchor that
/// no other joint, attached shape or sensor names and that is not the brick (casters and
/// wheels are made of these). Its index, or why not.
fn free_end(spec: &RobotSpec, ji: usize) -> Result<usize, String> {
    let j = &spec.joints[ji];
    let name = j.body2.get_ref();
    let bi = body_index(spec, name).ok_or_else(|| format!("no body \"{name}\""))?;
    let b = &spec.bodies[bi];
    let centre = *b.position.get_ref();
    let anchor = *j.anchor.get_ref();
    if b.attached_to().is_some() {
        return Err(format!("\"{name}\" is an attached shape"));
    }
    if !b.collider {
        return Err(format!("\"{name}\" has collider = false"));
    }
    if !(0..3).all(|i| (centre[i] - anchor[i]).abs() < 1e-6) {
        return Err(format!(
            "the anchor is not at the centre of \"{name}\" (it would swing, not turn in place)"
        ));
    }
    let other_joint = spec
        .joints
        .iter()
        .enumerate()
        .find(|(k, o)| *k != ji && (o.body1.get_ref() == name || o.body2.get_ref() == name));
    if let Some((k, _)) = other_joint {
        return Err(format!(
            "\"{name}\" is also joined by {} (it carries or hangs from more than this joint)",
            joint_label(spec, k)
        ));
    }
    if let Some(o) = spec
        .bodies
        .iter()
        .find(|o| o.attached_to().is_some_and(|a| a.get_ref() == name))
    {
        return Err(format!(
            "the shape \"{}\" is attached to \"{name}\" (a wheel or caster of ours has no body \
             of its own to carry it)",
            o.name.get_ref()
        ));
    }
    if let Some(s) = spec
        .sensors
        .iter()
        .find(|s| s.body() == Some(name.as_str()))
    {
        return Err(format!(
            "the {} sensor on port {} is on \"{name}\" (a wheel or caster of ours has no body or \
             collider of its own: a touch sensor there could not tell its contacts from its \
             carrier's other wheels', and a light sensor would turn with the tyre)",
            sensor_word(s.kind()),
            s.port.get_ref()
        ));
    }
    if spec.brick.get_ref() == name {
        return Err(format!("\"{name}\" is the brick"));
    }
    Ok(bi)
}

/// Why hinge `ji` is a wheel of our own (the rule, as `robot show` prints it), or why not:
/// its free end (`free_end`) is a capsule or cylinder turning about its own axis, on a body1
/// that is not an attached shape and starts with the same rotation.
pub fn wheel_verdict(spec: &RobotSpec, ji: usize) -> Result<usize, String> {
    let j = &spec.joints[ji];
    if j.kind != JointKind::Hinge {
        return Err("a wheel turns on a hinge (kind = \"hinge\"), not a spherical joint".into());
    }
    let bi = free_end(spec, ji)?;
    let b = &spec.bodies[bi];
    let b1 = body_index(spec, j.body1.get_ref())
        .map(|i| &spec.bodies[i])
        .ok_or_else(|| format!("no body \"{}\"", j.body1.get_ref()))?;
    let shape = *b.shape.get_ref();
    if !matches!(shape, ShapeKind::Capsule | ShapeKind::Cylinder) {
        return Err(format!(
            "\"{}\" is a {}, not a capsule or cylinder",
            b.name.get_ref(),
            shape.name()
        ));
    }
    if b1.attached_to().is_some() {
        return Err(format!("\"{}\" is an attached shape", b1.name.get_ref()));
    }
    let rot = euler(*b.rotation.get_ref());
    let rot1 = euler(*b1.rotation.get_ref());
    let axis = v3(*j.axis.get_ref()).normalize_or_zero();
    // Its own axis (capsules and cylinders run along local Z) is the hinge's, and both
    // bodies start with the same rotation (as the robot file requires of a hinge).
    if (rot * V3::Z).dot(axis).abs() <= 0.9999 {
        return Err(format!(
            "the hinge's axis is not the length of \"{}\" (it would tumble, not roll)",
            b.name.get_ref()
        ));
    }
    if rot.dot(rot1).abs() <= 0.9999 {
        return Err(format!(
            "\"{}\" and \"{}\" start with different rotations",
            b.name.get_ref(),
            b1.name.get_ref()
        ));
    }
    Ok(bi)
}

/// Why spherical joint `ji` is a caster (a free ball), or why not: its free end is a sphere
/// that no rotation sensor counts.
pub fn caster_verdict(spec: &RobotSpec, ji: usize) -> Result<usize, String> {
    let j = &spec.joints[ji];
    if j.kind != JointKind::Spherical {
        return Err("a caster turns on a spherical joint (kind = \"spherical\")".into());
    }
    let bi = free_end(spec, ji)?;
    let b = &spec.bodies[bi];
    if *b.shape.get_ref() != ShapeKind::Sphere {
        return Err(format!(
            "\"{}\" is a {}, not a sphere",
            b.name.get_ref(),
            b.shape.get_ref().name()
        ));
    }
    let counted = spec
        .sensors
        .iter()
        .any(|s| s.joint() == Some(j.name.get_ref().as_str()));
    if counted {
        return Err("a rotation sensor counts it".into());
    }
    Ok(bi)
}

/// The rule a wheel met, as `robot show` says it.
fn wheel_rule(spec: &RobotSpec, body: usize) -> String {
    format!(
        "{} on a hinge at its centre, turning about its own axis, nothing else on it",
        spec.bodies[body].shape.get_ref().name()
    )
}

const CASTER_RULE: &str = "sphere on a spherical joint at its centre, nothing else on it";

fn sensor_word(kind: SensorKind) -> &'static str {
    match kind {
        SensorKind::Touch => "touch",
        SensorKind::Light => "light",
        SensorKind::Rotation => "rotation",
    }
}

fn joint_label(spec: &RobotSpec, ji: usize) -> String {
    let j = &spec.joints[ji];
    if j.name.get_ref().is_empty() {
        format!(
            "joint {} ({}–{})",
            ji + 1,
            j.body1.get_ref(),
            j.body2.get_ref()
        )
    } else {
        format!("joint {} \"{}\"", ji + 1, j.name.get_ref())
    }
}

impl RobotModel {
    /// The model of a checked robot file (`RobotSpec::parse` has judged every name and
    /// every `wheel = true` / `caster = true`; a name it did not would simply be left out).
    pub fn of(spec: Arc<RobotSpec>) -> RobotModel {
        let s = spec.as_ref();
        let mut bodies: Vec<BodyRole> = s
            .bodies
            .iter()
            .map(|b| match b.attached_to() {
                Some(a) => body_index(s, a.get_ref()).map_or(BodyRole::Body, BodyRole::Attached),
                None => BodyRole::Body,
            })
            .collect();
        let mut joints = Vec::with_capacity(s.joints.len());
        let mut wheels = Vec::new();
        let mut casters = Vec::new();
        for (ji, j) in s.joints.iter().enumerate() {
            let carrier = body_index(s, j.body1.get_ref()).unwrap_or(0);
            let said = |flag: &Option<toml::Spanned<bool>>| flag.as_ref().map(|f| *f.get_ref());
            let (role, decided) = match j.kind {
                JointKind::Hinge => match (said(&j.wheel), wheel_verdict(s, ji)) {
                    (Some(false), _) => (
                        JointRole::Hinge,
                        Decided::Not("the file says wheel = false".into()),
                    ),
                    (flag, Ok(body)) => {
                        bodies[body] = BodyRole::Wheel(wheels.len());
                        wheels.push(WheelModel {
                            joint: ji,
                            body,
                            carrier,
                        });
                        let decided = match flag {
                            Some(true) => Decided::Said,
                            _ => Decided::Inferred(wheel_rule(s, body)),
                        };
                        (JointRole::Wheel(wheels.len() - 1), decided)
                    }
                    (_, Err(why)) => (JointRole::Hinge, Decided::Not(why)),
                },
                JointKind::Spherical => match (said(&j.caster), caster_verdict(s, ji)) {
                    (Some(false), _) => (
                        JointRole::Ball,
                        Decided::Not("the file says caster = false".into()),
                    ),
                    (flag, Ok(body)) => {
                        bodies[body] = BodyRole::Caster(carrier);
                        casters.push(CasterModel {
                            joint: ji,
                            body,
                            on: carrier,
                        });
                        let decided = match flag {
                            Some(true) => Decided::Said,
                            _ => Decided::Inferred(CASTER_RULE.into()),
                        };
                        (JointRole::Caster, decided)
                    }
                    (_, Err(why)) => (JointRole::Ball, Decided::Not(why)),
                },
            };
            joints.push(JointModel { role, decided });
        }
        let motors = s
            .joints
            .iter()
            .zip(&joints)
            .enumerate()
            .filter_map(|(ji, (j, m))| {
                let drives = match m.role {
                    JointRole::Wheel(w) => Drives::Wheel(w),
                    JointRole::Caster => return None,
                    JointRole::Hinge | JointRole::Ball => Drives::Joint(ji),
                };
                Some(MotorModel {
                    output: j.output?,
                    reverse: j.reverse,
                    drives,
                })
            })
            .collect();
        let sensors = s.sensors.iter().filter_map(|x| sensor_of(s, x)).collect();
        RobotModel {
            brick: body_index(s, s.brick.get_ref()).unwrap_or(0),
            spec,
            bodies,
            joints,
            wheels,
            casters,
            motors,
            sensors,
        }
    }
}

fn sensor_of(s: &RobotSpec, x: &spec::SensorSpec) -> Option<SensorModel> {
    let port = (*x.port.get_ref()).clamp(1, 3) as usize;
    Some(match &x.part {
        SensorPart::Touch { body } => SensorModel::Touch {
            port,
            body: body_index(s, body.get_ref())?,
        },
        SensorPart::Light(light) => SensorModel::Light {
            port,
            body: body_index(s, light.body.get_ref())?,
        },
        SensorPart::Rotation { joint } => SensorModel::Rotation {
            port,
            joint: s
                .joints
                .iter()
                .position(|j| j.name.get_ref() == joint.get_ref())?,
        },
    })
}

impl fmt::Display for RobotModel {
    /// What `lurobotsim robot show` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.spec.as_ref();
        let name = |bi: usize| s.bodies[bi].name.get_ref().as_str();
        writeln!(f, "robot {} ({})", s.name, s.file)?;
        writeln!(f, "bodies:")?;
        for (bi, role) in self.bodies.iter().enumerate() {
            let b = &s.bodies[bi];
            let mut line = format!("  {} — {}", name(bi), b.shape.get_ref().name());
            let _ = match role {
                BodyRole::Body if bi == self.brick => write!(line, ", a rigid body (the brick)"),
                BodyRole::Body => write!(line, ", a rigid body"),
                BodyRole::Attached(to) => write!(line, ", fixed to {}", name(*to)),
                BodyRole::Caster(on) => write!(line, ", caster ball fixed to {}", name(*on)),
                BodyRole::Wheel(w) => write!(
                    line,
                    ", wheel {} on {}",
                    w + 1,
                    name(self.wheels[*w].carrier)
                ),
            };
            if !b.collider {
                line.push_str(", drawn only");
            }
            writeln!(f, "{line}")?;
        }
        writeln!(f, "joints:")?;
        for (ji, m) in self.joints.iter().enumerate() {
            let what = match m.role {
                JointRole::Wheel(w) => format!("wheel {}", w + 1),
                JointRole::Caster => "caster".into(),
                JointRole::Hinge => "hinge solved by rapier".into(),
                JointRole::Ball => "spherical joint solved by rapier".into(),
            };
            let how = match &m.decided {
                Decided::Said => "(the file says so)".to_string(),
                Decided::Inferred(rule) => format!("(inferred: {rule})"),
                Decided::Not(why) if matches!(m.role, JointRole::Ball) => {
                    format!("— not a caster: {why}")
                }
                Decided::Not(why) => format!("— not a wheel: {why}"),
            };
            writeln!(f, "  {}: {what} {how}", joint_label(s, ji))?;
        }
        writeln!(f, "motors:")?;
        if self.motors.is_empty() {
            writeln!(f, "  none")?;
        }
        for m in &self.motors {
            let what = match m.drives {
                Drives::Wheel(w) => format!("wheel {} ({})", w + 1, name(self.wheels[w].body)),
                Drives::Joint(j) => joint_label(s, j),
            };
            let rev = if m.reverse { ", reversed" } else { "" };
            writeln!(f, "  output {:?} drives {what}{rev}", m.output)?;
        }
        writeln!(f, "sensors:")?;
        if self.sensors.is_empty() {
            writeln!(f, "  none")?;
        }
        for x in &self.sensors {
            match *x {
                SensorModel::Touch { port, body } => {
                    writeln!(f, "  port {port}: touch, the switch is {}", name(body))
                }
                SensorModel::Light { port, body } => {
                    writeln!(f, "  port {port}: light, under {}", name(body))
                }
                SensorModel::Rotation { port, joint } => {
                    writeln!(
                        f,
                        "  port {port}: rotation, counts {}",
                        joint_label(s, joint)
                    )
                }
            }?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> RobotModel {
        RobotModel::of(Arc::new(RobotSpec::parse("robot.toml", text).unwrap()))
    }

    fn builtin(name: &str) -> RobotModel {
        RobotModel::of(Arc::new(RobotSpec::load(name).unwrap()))
    }

    /// M1's file with `extra` added to its front wheel's joint (the table after
    /// `output = "A"`) and `tail` at the end.
    fn m1_with(extra: &str, tail: &str) -> String {
        let m1 = crate::world::spec::BUILTIN_ROBOTS[0].text;
        m1.replacen("output = \"A\"\n", &format!("output = \"A\"\n{extra}"), 1) + tail
    }

    #[test]
    fn m1s_three_capsules_on_hinges_are_wheels_inferred_and_the_display_is_fixed_to_the_brick() {
        let m = builtin("M1");
        assert_eq!(m.wheels.len(), 3);
        assert!(m.casters.is_empty());
        let brick = m.brick;
        assert_eq!(m.bodies[brick], BodyRole::Body);
        assert_eq!(m.bodies[1], BodyRole::Attached(brick));
        for (w, wheel) in m.wheels.iter().enumerate() {
            assert_eq!(wheel.carrier, brick);
            assert_eq!(m.joints[wheel.joint].role, JointRole::Wheel(w));
            assert!(
                matches!(&m.joints[wheel.joint].decided, Decided::Inferred(r) if r.starts_with("capsule on a hinge at its centre")),
                "{:?}",
                m.joints[wheel.joint].decided
            );
        }
        assert_eq!(
            m.motors,
            vec![MotorModel {
                output: spec::Output::A,
                reverse: false,
                drives: Drives::Wheel(0)
            }]
        );
        assert!(m.sensors.is_empty());
    }

    #[test]
    fn m3s_ball_is_a_caster_fixed_to_the_brick_and_its_two_wheels_are_driven_by_a_and_c() {
        let m = builtin("M3");
        assert_eq!(m.casters.len(), 1);
        let c = m.casters[0];
        assert_eq!(c.on, m.brick);
        assert_eq!(m.bodies[c.body], BodyRole::Caster(m.brick));
        assert_eq!(m.joints[c.joint].role, JointRole::Caster);
        let outputs: Vec<_> = m.motors.iter().map(|x| (x.output, x.drives)).collect();
        assert_eq!(
            outputs,
            vec![
                (spec::Output::A, Drives::Wheel(0)),
                (spec::Output::C, Drives::Wheel(1))
            ]
        );
    }

    #[test]
    fn every_builtin_robot_prints_its_bodies_joints_motors_and_sensors() {
        for b in crate::world::spec::BUILTIN_ROBOTS {
            let text = builtin(b.name).to_string();
            for part in ["bodies:", "joints:", "motors:", "sensors:", "wheel 1"] {
                assert!(text.contains(part), "{} lacks {part}:\n{text}", b.name);
            }
        }
        let m5 = builtin("M5").to_string();
        assert!(m5.contains("port 1: light, under rcx"), "{m5}");
        assert!(m5.contains("caster (inferred: sphere"), "{m5}");
    }

    #[test]
    fn a_touch_sensor_on_a_wheel_keeps_it_a_solved_hinge_and_the_model_says_why() {
        let m = model(&m1_with(
            "",
            "[[sensor]]\nport = 1\nkind = \"touch\"\nbody = \"front\"\n",
        ));
        let front = &m.joints[0];
        assert_eq!(front.role, JointRole::Hinge);
        let Decided::Not(why) = &front.decided else {
            panic!("{:?}", front.decided)
        };
        assert!(why.contains("the touch sensor on port 1"), "{why}");
        assert_eq!(m.wheels.len(), 2);
        let text = m.to_string();
        assert!(
            text.contains("hinge solved by rapier — not a wheel: the touch sensor on port 1"),
            "{text}"
        );
        // Its motor drives the rapier joint.
        assert_eq!(m.motors[0].drives, Drives::Joint(0));
    }

    #[test]
    fn a_rotation_sensor_on_a_wheels_hinge_keeps_it_a_wheel() {
        let m = model(&m1_with(
            "",
            "[[sensor]]\nport = 2\nkind = \"rotation\"\njoint = \"front\"\n",
        ));
        assert_eq!(m.joints[0].role, JointRole::Wheel(0));
        assert_eq!(m.sensors, vec![SensorModel::Rotation { port: 2, joint: 0 }]);
    }

    #[test]
    fn wheel_true_is_taken_as_said_and_wheel_false_keeps_a_solved_hinge() {
        let said = model(&m1_with("wheel = true\n", ""));
        assert_eq!(said.joints[0].role, JointRole::Wheel(0));
        assert_eq!(said.joints[0].decided, Decided::Said);
        let kept = model(&m1_with("wheel = false\n", ""));
        assert_eq!(kept.joints[0].role, JointRole::Hinge);
        assert_eq!(
            kept.joints[0].decided,
            Decided::Not("the file says wheel = false".into())
        );
        // The other two are still wheels, numbered from 1 again.
        assert_eq!(kept.joints[1].role, JointRole::Wheel(0));
    }

    #[test]
    fn wheel_true_on_a_hinge_that_cannot_be_one_is_an_error_at_its_line_saying_why() {
        let text = m1_with(
            "wheel = true\n",
            "[[sensor]]\nport = 1\nkind = \"light\"\nbody = \"front\"\n",
        );
        let line = text.lines().position(|l| l == "wheel = true").unwrap() + 1;
        let e = RobotSpec::parse("robot.toml", &text).unwrap_err();
        assert_eq!(e.line, line, "{e}");
        assert!(
            e.message.starts_with("wheel = true, but this joint cannot be a wheel: the light sensor on port 1 is on \"front\""),
            "{e}"
        );
        let e = RobotSpec::parse("robot.toml", &m1_with("caster = true\n", "")).unwrap_err();
        assert!(e.message.contains("spherical"), "{e}");
    }

    #[test]
    fn a_box_on_a_hinge_is_no_wheel_because_of_its_shape() {
        let text = m1_with("", "").replace(
            "name = \"front\"\nshape = \"capsule\"\nsize = [0.021, 0.013]",
            "name = \"front\"\nshape = \"box\"\nsize = [0.021, 0.013, 0.02]",
        );
        let m = model(&text);
        assert_eq!(
            m.joints[0].decided,
            Decided::Not("\"front\" is a box, not a capsule or cylinder".into())
        );
    }
}
