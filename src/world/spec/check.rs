//! Parsing a robot or environment file and checking every value and name once.

use super::limits::*;
use super::source::SpecSource;
use super::*;
use std::ops::Range;

fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn err(file: &str, text: &str, span: Range<usize>, message: String) -> SpecError {
    SpecError {
        file: file.to_string(),
        line: line_of(text, span.start),
        message,
    }
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, SpecError> {
    toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        err(file, text, span, e.message().to_string())
    })
}

/// The range a number must lie in, with its unit.
#[derive(Clone, Copy)]
struct Limit {
    lo: f32,
    /// true: the number must be more than `lo`; false: at least `lo`.
    lo_open: bool,
    hi: f32,
    unit: &'static str,
}

/// lo ≤ v ≤ hi.
const fn within(lo: f32, hi: f32, unit: &'static str) -> Limit {
    Limit {
        lo,
        lo_open: false,
        hi,
        unit,
    }
}

/// lo < v ≤ hi.
const fn above(lo: f32, hi: f32, unit: &'static str) -> Limit {
    Limit {
        lo,
        lo_open: true,
        hi,
        unit,
    }
}

impl Limit {
    fn holds(&self, v: f32) -> bool {
        v.is_finite()
            && v <= self.hi
            && if self.lo_open {
                v > self.lo
            } else {
                v >= self.lo
            }
    }

    fn describe(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        if self.lo_open {
            format!("more than {} and at most {}{unit}", self.lo, self.hi)
        } else {
            format!("from {} to {}{unit}", self.lo, self.hi)
        }
    }
}

const ROBOT_COORD: Limit = within(-ROBOT_LENGTH_M, ROBOT_LENGTH_M, "m");
const ROBOT_SIZE: Limit = within(MIN_SIZE_M, ROBOT_LENGTH_M, "m");
const ENV_COORD: Limit = within(-ENV_LENGTH_M, ENV_LENGTH_M, "m");
const ENV_SIZE: Limit = within(MIN_SIZE_M, ENV_LENGTH_M, "m");
const ANGLE: Limit = within(-ANGLE_DEG, ANGLE_DEG, "degrees");
const COLOUR: Limit = within(0.0, 1.0, "");
const FRICTION_LIMIT: Limit = within(0.0, FRICTION, "");

/// Checks values of one file and turns a span into `FILE:LINE: message`.
struct Check<'a> {
    file: &'a str,
    text: &'a str,
}

impl Check<'_> {
    fn at(&self, span: Range<usize>, message: String) -> SpecError {
        err(self.file, self.text, span, message)
    }

    fn line(&self, span: Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    /// Every value of `values` within `limit`.
    fn numbers(
        &self,
        span: Range<usize>,
        what: &str,
        values: &[f32],
        limit: Limit,
    ) -> Result<(), SpecError> {
        match values.iter().find(|v| !limit.holds(**v)) {
            None => Ok(()),
            Some(v) => {
                let each = if values.len() > 1 { ": each value" } else { "" };
                Err(self.at(
                    span,
                    format!("{what}{each} must be {} (got {v})", limit.describe()),
                ))
            }
        }
    }

    fn number(&self, v: &Spanned<f32>, what: &str, limit: Limit) -> Result<(), SpecError> {
        self.numbers(v.span(), what, &[*v.get_ref()], limit)
    }

    fn colour(&self, c: &Spanned<Vec<f32>>, what: &str) -> Result<(), SpecError> {
        if !(3..=4).contains(&c.get_ref().len()) {
            return Err(self.at(
                c.span(),
                format!("{what} needs 3 or 4 values (red, green, blue and optional alpha)"),
            ));
        }
        self.numbers(c.span(), what, c.get_ref(), COLOUR)
    }
}

/// Where a name is defined: its line and, for an attached shape, what it is attached to.
struct Named<'a> {
    line: usize,
    attached_to: Option<&'a str>,
    collider: bool,
}

type Verdict = fn(&RobotSpec, usize) -> Result<usize, String>;

/// A name that must be a body of its own (not an attached shape).
fn must_be_body(
    c: &Check,
    names: &HashMap<&str, Named>,
    s: &Spanned<String>,
    role: &str,
) -> Result<(), SpecError> {
    match names.get(s.get_ref().as_str()) {
        None => Err(c.at(s.span(), format!("no body named \"{}\"", s.get_ref()))),
        Some(Named {
            attached_to: Some(to),
            ..
        }) => Err(c.at(
            s.span(),
            format!(
                "\"{}\" is a shape attached to \"{to}\", not a body: {role} needs a body",
                s.get_ref()
            ),
        )),
        Some(_) => Ok(()),
    }
}

impl RobotSpec {
    /// Loads `M1`…`M5` from the `robots/` folder, or a path to a robot file.
    pub fn load(name_or_path: &str) -> Result<RobotSpec, SpecError> {
        SpecSource::robot(name_or_path)?.robot_spec()
    }

    /// Parses and checks a robot file's text (`file` labels errors).
    pub fn parse(file: &str, text: &str) -> Result<RobotSpec, SpecError> {
        let mut spec: RobotSpec = parse(file, text)?;
        spec.file = file.to_string();
        let c = Check { file, text };
        (spec.bodies, spec.sensors) = spec.check(&c)?;
        spec.check_roles(&c)?;
        Ok(spec)
    }

    /// Every value and name; the sensors as their kinds need them.
    fn check(&self, c: &Check) -> Result<(Vec<BodySpec>, Vec<SensorSpec>), SpecError> {
        // Names first, so every reference below can be judged.
        let names = self.check_names(c)?;
        let body = |s: &Spanned<String>, role: &str| must_be_body(c, &names, s, role);
        if !names.contains_key(self.brick.get_ref().as_str()) {
            return Err(c.at(
                self.brick.span(),
                format!(
                    "no body named \"{}\" for the brick (brick = \"…\" names the body whose \
                     pose is the RCX's)",
                    self.brick.get_ref()
                ),
            ));
        }
        body(&self.brick, "the brick")?;
        let bodies = self
            .body_tables
            .iter()
            .map(|b| Self::check_body(c, b, &body))
            .collect::<Result<Vec<_>, _>>()?;
        let joint_names = self.check_joints(c, &body)?;
        let sensors = self.check_sensors(c, &names, &joint_names, &body)?;
        self.check_motor(c)?;
        Ok((bodies, sensors))
    }

    /// Every body's name, unique and not empty.
    fn check_names<'a>(&'a self, c: &Check) -> Result<HashMap<&'a str, Named<'a>>, SpecError> {
        let mut names: HashMap<&str, Named> = HashMap::new();
        for b in &self.body_tables {
            let name = b.name.get_ref().as_str();
            if name.is_empty() {
                return Err(c.at(b.name.span(), "a body needs a name".into()));
            }
            if let Some(first) = names.get(name) {
                return Err(c.at(
                    b.name.span(),
                    format!(
                        "two bodies named \"{name}\" (the first at line {})",
                        first.line
                    ),
                ));
            }
            names.insert(
                name,
                Named {
                    line: c.line(b.name.span()),
                    attached_to: b.attach.as_ref().map(|a| a.get_ref().as_str()),
                    collider: b.collider,
                },
            );
        }
        Ok(names)
    }

    /// One body's size, pose, colour, friction and weight, and what it is attached to.
    fn check_body(
        c: &Check,
        b: &BodyTable,
        body: &impl Fn(&Spanned<String>, &str) -> Result<(), SpecError>,
    ) -> Result<BodySpec, SpecError> {
        let name = b.name.get_ref();
        let shape = *b.shape.get_ref();
        let n = shape.size_count();
        if b.size.get_ref().len() != n {
            return Err(c.at(
                b.size.span(),
                format!(
                    "body \"{name}\": a {} needs {n} size value(s), got {}",
                    shape.name(),
                    b.size.get_ref().len()
                ),
            ));
        }
        c.numbers(
            b.size.span(),
            &format!("body \"{name}\": size"),
            b.size.get_ref(),
            ROBOT_SIZE,
        )?;
        c.numbers(
            b.position.span(),
            &format!("body \"{name}\": position"),
            b.position.get_ref(),
            ROBOT_COORD,
        )?;
        c.numbers(
            b.rotation.span(),
            &format!("body \"{name}\": rotation"),
            b.rotation.get_ref(),
            ANGLE,
        )?;
        c.colour(&b.colour, &format!("body \"{name}\": colour"))?;
        if let Some(f) = &b.friction {
            c.number(f, &format!("body \"{name}\": friction"), FRICTION_LIMIT)?;
        }
        // A body of its own must weigh something; an attached shape may add nothing.
        let (density, mass) = if b.attach.is_none() {
            (
                above(0.0, DENSITY_KG_M3, "kg/m³"),
                above(0.0, MASS_KG, "kg"),
            )
        } else {
            (
                within(0.0, DENSITY_KG_M3, "kg/m³"),
                within(0.0, MASS_KG, "kg"),
            )
        };
        if let Some(d) = &b.density {
            c.number(d, &format!("body \"{name}\": density"), density)?;
        }
        if let Some(m) = &b.mass {
            c.number(m, &format!("body \"{name}\": mass"), mass)?;
        }
        // The mass wins over a density given too.
        let weight = match (&b.mass, &b.density) {
            (Some(m), _) => Some(Weight::Mass(*m.get_ref())),
            (None, Some(d)) => Some(Weight::Density(*d.get_ref())),
            (None, None) => None,
        };
        let part = match (&b.attach, weight) {
            (None, None) => {
                return Err(c.at(
                    b.name.span(),
                    format!("body \"{name}\" needs a density (kg/m³) or a mass (kg)"),
                ))
            }
            (None, Some(weight)) => BodyPart::Body { weight },
            (Some(a), _) if a.get_ref() == name => {
                return Err(c.at(
                    a.span(),
                    format!("\"{name}\" is attached to itself: attach it to another body"),
                ))
            }
            (Some(a), weight) => {
                body(a, &format!("attaching \"{name}\""))?;
                BodyPart::Attached {
                    to: a.clone(),
                    weight,
                }
            }
        };
        Ok(BodySpec {
            name: b.name.clone(),
            shape: b.shape.clone(),
            size: b.size.clone(),
            position: b.position.clone(),
            rotation: b.rotation.clone(),
            colour: b.colour.clone(),
            collider: b.collider,
            friction: b.friction.clone(),
            part,
        })
    }

    /// Every joint's bodies, anchor, axis and name; the joints' names and kinds.
    fn check_joints(
        &self,
        c: &Check,
        body: &impl Fn(&Spanned<String>, &str) -> Result<(), SpecError>,
    ) -> Result<HashMap<&str, (usize, JointKind)>, SpecError> {
        let mut joint_names: HashMap<&str, (usize, JointKind)> = HashMap::new();
        for j in &self.joints {
            body(&j.body1, "a joint")?;
            body(&j.body2, "a joint")?;
            if j.body1.get_ref() == j.body2.get_ref() {
                return Err(c.at(
                    j.body2.span(),
                    format!(
                        "a joint from body \"{}\" to itself: body1 and body2 must differ",
                        j.body1.get_ref()
                    ),
                ));
            }
            let label = if j.name.get_ref().is_empty() {
                format!("joint {}–{}", j.body1.get_ref(), j.body2.get_ref())
            } else {
                format!("joint \"{}\"", j.name.get_ref())
            };
            c.numbers(
                j.anchor.span(),
                &format!("{label}: anchor"),
                j.anchor.get_ref(),
                ROBOT_COORD,
            )?;
            let axis = j.axis.get_ref();
            c.numbers(
                j.axis.span(),
                &format!("{label}: axis"),
                axis,
                within(-1.0e6, 1.0e6, ""),
            )?;
            let length = axis.iter().map(|v| (*v as f64).powi(2)).sum::<f64>().sqrt();
            if length < 1.0e-6 {
                return Err(c.at(
                    j.axis.span(),
                    format!("{label}: the axis {axis:?} has no direction (give a non-zero vector)"),
                ));
            }
            let name = j.name.get_ref().as_str();
            if !name.is_empty() {
                if let Some((first, _)) = joint_names.get(name) {
                    return Err(c.at(
                        j.name.span(),
                        format!("two joints named \"{name}\" (the first at line {first})"),
                    ));
                }
                joint_names.insert(name, (c.line(j.name.span()), j.kind));
            }
        }

        Ok(joint_names)
    }

    /// Every sensor's port and what it must name; each table as its kind needs it.
    fn check_sensors(
        &self,
        c: &Check,
        names: &HashMap<&str, Named>,
        joint_names: &HashMap<&str, (usize, JointKind)>,
        body: &impl Fn(&Spanned<String>, &str) -> Result<(), SpecError>,
    ) -> Result<Vec<SensorSpec>, SpecError> {
        let mut ports: HashMap<i64, usize> = HashMap::new();
        let mut sensors = Vec::with_capacity(self.sensor_tables.len());
        for s in &self.sensor_tables {
            let port = *s.port.get_ref();
            if !(1..=3).contains(&port) {
                return Err(c.at(
                    s.port.span(),
                    format!("port must be 1, 2 or 3 (got {port})"),
                ));
            }
            if let Some(first) = ports.get(&port) {
                return Err(c.at(
                    s.port.span(),
                    format!("two sensors on port {port} (the first at line {first})"),
                ));
            }
            ports.insert(port, c.line(s.port.span()));
            let needs_body = || {
                s.body.as_ref().ok_or_else(|| {
                    c.at(
                        s.kind.span(),
                        "this sensor needs a body (body = \"…\")".into(),
                    )
                })
            };
            let part = match s.kind.get_ref() {
                SensorKind::Touch => {
                    let b = needs_body()?;
                    match names.get(b.get_ref().as_str()) {
                        None => {
                            return Err(c.at(b.span(), format!("no body named \"{}\"", b.get_ref())))
                        }
                        Some(n) if !n.collider => {
                            return Err(c.at(
                                b.span(),
                                format!(
                                    "\"{}\" has collider = false, so a touch sensor on it \
                                     could never be pressed",
                                    b.get_ref()
                                ),
                            ))
                        }
                        Some(_) => {}
                    }
                    SensorPart::Touch { body: b.clone() }
                }
                SensorKind::Light => {
                    body(needs_body()?, "a light sensor")?;
                    c.numbers(
                        s.offset.span(),
                        "light sensor: offset",
                        s.offset.get_ref(),
                        ROBOT_COORD,
                    )?;
                    let percent = within(0.0, 100.0, "%");
                    c.number(&s.black, "light sensor: black", percent)?;
                    c.number(&s.white, "light sensor: white", percent)?;
                    c.number(&s.rcx_black, "light sensor: rcx_black", percent)?;
                    c.number(&s.rcx_white, "light sensor: rcx_white", percent)?;
                    c.number(
                        &s.spot_radius,
                        "light sensor: spot_radius",
                        within(0.0, SPOT_RADIUS_M, "m"),
                    )?;
                    SensorPart::Light(LightSpec {
                        body: needs_body()?.clone(),
                        offset: *s.offset.get_ref(),
                        black: *s.black.get_ref(),
                        white: *s.white.get_ref(),
                        rcx_black: *s.rcx_black.get_ref(),
                        rcx_white: *s.rcx_white.get_ref(),
                        spot_radius: *s.spot_radius.get_ref(),
                    })
                }
                SensorKind::Rotation => match &s.joint {
                    None => {
                        return Err(c.at(
                            s.kind.span(),
                            "a rotation sensor needs a joint (joint = \"…\")".into(),
                        ))
                    }
                    Some(j) => match joint_names.get(j.get_ref().as_str()) {
                        None => {
                            return Err(
                                c.at(j.span(), format!("no joint named \"{}\"", j.get_ref()))
                            )
                        }
                        Some((_, JointKind::Spherical)) => {
                            return Err(c.at(
                                j.span(),
                                format!(
                                    "joint \"{}\" is spherical: a rotation sensor needs a hinge",
                                    j.get_ref()
                                ),
                            ))
                        }
                        Some(_) => SensorPart::Rotation { joint: j.clone() },
                    },
                },
            };
            c.number(&s.noise, "sensor noise", within(0.0, 1023.0, "raw units"))?;
            sensors.push(SensorSpec {
                port: s.port.clone(),
                noise: s.noise.clone(),
                part,
            });
        }
        Ok(sensors)
    }

    /// Each `wheel = true` / `caster = true` names a joint that can be one
    /// (`world::model` says why not).
    fn check_roles(&self, c: &Check) -> Result<(), SpecError> {
        for (ji, j) in self.joints.iter().enumerate() {
            let insisted = [
                (
                    &j.wheel,
                    "wheel",
                    crate::world::model::wheel_verdict as Verdict,
                ),
                (&j.caster, "caster", crate::world::model::caster_verdict),
            ];
            for (flag, word, verdict) in insisted {
                let Some(flag) = flag.as_ref().filter(|f| *f.get_ref()) else {
                    continue;
                };
                if let Err(why) = verdict(self, ji) {
                    return Err(c.at(
                        flag.span(),
                        format!("{word} = true, but this joint cannot be a {word}: {why}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The motor table's numbers.
    fn check_motor(&self, c: &Check) -> Result<(), SpecError> {
        let m = &self.motor;
        c.numbers(
            m.curve.span(),
            "motor.curve",
            m.curve.get_ref(),
            within(0.0, SPEED_RAD_S, "rad/s"),
        )?;
        c.number(
            &m.max_torque,
            "motor.max_torque",
            within(0.0, TORQUE_NM, "N·m"),
        )?;
        let emf = above(0.0, EMF_CONSTANT_V_S_RAD, "V·s/rad");
        let resistance = above(0.0, RESISTANCE_OHM, "Ω");
        let viscous = within(0.0, VISCOUS_NMS, "N·m·s");
        let battery = above(0.0, BATTERY_V, "V");
        let friction = within(0.0, TORQUE_NM, "N·m");
        c.number(&m.ks, "motor.ks", emf)?;
        c.number(&m.ra, "motor.ra", resistance)?;
        c.number(&m.tc, "motor.tc", friction)?;
        c.number(&m.b, "motor.b", viscous)?;
        if let Some(v) = &m.battery_v {
            c.number(v, "motor.battery_v", battery)?;
        }
        c.number(&m.rcx_ke, "motor.rcx_ke", emf)?;
        c.number(&m.rcx_r, "motor.rcx_r", resistance)?;
        c.number(&m.rcx_friction, "motor.rcx_friction", friction)?;
        c.number(&m.rcx_viscous, "motor.rcx_viscous", viscous)?;
        c.number(&m.rcx_drop, "motor.rcx_drop", within(0.0, DROP_V, "V"))?;
        if let Some(v) = &m.rcx_volts {
            return Err(c.at(
                v.span(),
                "motor.rcx_volts is replaced by battery_v: a motor now sees battery_v − rcx_drop \
                 (e.g. battery_v = 9.0 gives the former 7.5 V; docs/realism.md)"
                    .into(),
            ));
        }
        Ok(())
    }
}

impl EnvSpec {
    /// Loads `E1`…`E3` from the `environments/` folder, or a path to an environment file.
    pub fn load(name_or_path: &str) -> Result<EnvSpec, SpecError> {
        SpecSource::env(name_or_path)?.env_spec()
    }

    /// Parses and checks an environment file's text.
    pub fn parse(file: &str, text: &str) -> Result<EnvSpec, SpecError> {
        let mut spec: EnvSpec = parse(file, text)?;
        spec.file = file.to_string();
        let c = Check { file, text };
        spec.check(&c)?;
        if let Some(f) = spec.floor.as_mut() {
            f.line = c.line(f.image.span());
        }
        Ok(spec)
    }

    fn check(&self, c: &Check) -> Result<(), SpecError> {
        c.colour(&self.ground_colour, "ground_colour")?;
        c.number(&self.ground_friction, "ground_friction", FRICTION_LIMIT)?;
        c.number(
            &self.rcx_ground_friction,
            "rcx_ground_friction",
            FRICTION_LIMIT,
        )?;
        c.number(&self.start.x, "start.x", ENV_COORD)?;
        c.number(&self.start.z, "start.z", ENV_COORD)?;
        c.number(&self.start.yaw, "start.yaw", ANGLE)?;
        for (i, b) in self.boxes.iter().enumerate() {
            let label = if b.name.is_empty() {
                format!("box {}", i + 1)
            } else {
                format!("box \"{}\"", b.name)
            };
            c.numbers(
                b.size.span(),
                &format!("{label}: size"),
                b.size.get_ref(),
                ENV_SIZE,
            )?;
            c.numbers(
                b.position.span(),
                &format!("{label}: position"),
                b.position.get_ref(),
                ENV_COORD,
            )?;
            c.numbers(
                b.rotation.span(),
                &format!("{label}: rotation"),
                b.rotation.get_ref(),
                ANGLE,
            )?;
            c.colour(&b.colour, &format!("{label}: colour"))?;
        }
        for (i, l) in self.lines.iter().enumerate() {
            let points = l.points.get_ref();
            if points.len() < 2 {
                return Err(c.at(
                    l.points.span(),
                    format!("line {}: points needs at least two [x, z] points", i + 1),
                ));
            }
            let flat: Vec<f32> = points.iter().flatten().copied().collect();
            c.numbers(
                l.points.span(),
                &format!("line {}: points", i + 1),
                &flat,
                ENV_COORD,
            )?;
        }
        if let Some(f) = &self.floor {
            if f.image.get_ref().trim().is_empty() {
                return Err(c.at(f.image.span(), "floor.image is empty".into()));
            }
            let [x0, z0, x1, z1] = *f.rect.get_ref();
            c.numbers(f.rect.span(), "floor.rect", f.rect.get_ref(), ENV_COORD)?;
            if x1 - x0 < MIN_FLOOR_SIDE_M || z1 - z0 < MIN_FLOOR_SIDE_M {
                return Err(c.at(
                    f.rect.span(),
                    format!(
                        "floor.rect = [x0, z0, x1, z1] must have x1 > x0 and z1 > z0, each side \
                         at least {MIN_FLOOR_SIDE_M} m (got {} × {} m)",
                        x1 - x0,
                        z1 - z0
                    ),
                ));
            }
        }
        Ok(())
    }
}
