//! The example programs one click away (the original's demonstrations), as ROBOLAB-style
//! LASM embedded from `assets/examples/`, each with the robot and environment it is for.

use crate::i18n::Lang;

/// One example.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub title: &'static str,
    pub tooltip: &'static str,
    pub file: &'static str,
    pub robot: &'static str,
    pub env: &'static str,
    pub lasm: &'static str,
}

/// An [`Example`] whose LASM is `assets/examples/FILE`, embedded: the file is named once.
macro_rules! example {
    ($title:expr, $tooltip:expr, $file:literal, $robot:literal, $env:literal $(,)?) => {
        Example {
            title: $title,
            tooltip: $tooltip,
            file: $file,
            robot: $robot,
            env: $env,
            lasm: include_str!(concat!("../../assets/examples/", $file)),
        }
    };
}

impl Example {
    /// The key of its texts in assets/i18n (`example-motor-2s`; `-tip` for the tooltip).
    fn key(&self) -> String {
        let stem = self.file.trim_end_matches(".lasm").replace('_', "-");
        format!("example-{stem}")
    }

    /// The title in the window's language.
    pub fn shown_title(&self, lang: Lang) -> String {
        crate::i18n::text_or_in(lang, &self.key(), self.title)
    }

    /// The tooltip in the window's language.
    pub fn shown_tooltip(&self, lang: Lang) -> String {
        crate::i18n::text_or_in(lang, &format!("{}-tip", self.key()), self.tooltip)
    }
}

/// The key of a scene example's texts (`scene-ir-elect`; `-tip` for the tooltip).
pub fn scene_key(file: &str) -> String {
    format!("scene-{}", file.trim_end_matches(".toml").replace('_', "-"))
}

/// The examples, in menu order: title, tooltip, file, robot, environment.
pub const EXAMPLES: [Example; 5] = [
    example!(
        "Motor for 2 seconds",
        "Both motors forward for 2 seconds, then stop (robot M4, plain floor E1). \
         The real robot went 1.05 m.",
        "motor_2s.lasm",
        "M4",
        "E1",
    ),
    example!(
        "Touch the wall",
        "Drive until the touch sensor hits the wall, stop 1 s, back up 2 s \
         (robot M2, walled floor E2)",
        "touch.lasm",
        "M2",
        "E2",
    ),
    example!(
        "Line follower",
        "Drive to the black line, then follow its edge with the light sensor \
         (robot M5, line floor E3)",
        "line_follower.lasm",
        "M5",
        "E3",
    ),
    example!(
        "Wait for darker",
        "Drive until the floor gets darker than at the start (robot M5, line floor \
         E3) — the original simulator could not run this one",
        "wait_for_darker.lasm",
        "M5",
        "E3",
    ),
    example!(
        "Task split",
        "Two tasks at once: one drives, the other beeps (robot M3, plain floor E1)",
        "task_split.lasm",
        "M3",
        "E1",
    ),
];

/// Scenes of several robots talking by IR (files in `assets/examples/`, opened as files:
/// their programs sit next to them): title, tooltip, file.
pub const SCENES: [(&str, &str, &str); 2] = [
    (
        "IR: master and slave",
        "Two M4s: the master sends \"forward\", \"back\", \"stop\" by infrared two seconds \
         apart; the slave obeys (scene: two robots, each with its own RCX)",
        "ir_master_slave.toml",
    ),
    (
        "IR: elect a leader",
        "Two M4s run one program: each waits a random time and claims the lead by \
         infrared; a brick that hears a claim first follows. The leader drives forward for \
         a second (scene: two robots)",
        "ir_elect.toml",
    ),
];

/// Where a scene example is: `assets/examples/FILE` where the host finds the program's
/// assets (`None`: not installed with this program, or a tab).
pub fn scene_path(host: &crate::host::Host, file: &str) -> Option<std::path::PathBuf> {
    host.asset_path(&format!("examples/{file}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_scene_and_built_in_has_its_texts_in_english() {
        let keys = crate::i18n::keys(crate::i18n::Lang::En);
        let mut wanted: Vec<String> = Vec::new();
        for e in EXAMPLES {
            wanted.push(e.key());
            wanted.push(format!("{}-tip", e.key()));
        }
        for (_, _, file) in SCENES {
            wanted.push(scene_key(file));
            wanted.push(format!("{}-tip", scene_key(file)));
        }
        for b in crate::world::spec::BUILTIN_ROBOTS {
            wanted.push(format!("robot-{}", b.name.to_lowercase()));
        }
        for b in crate::world::spec::BUILTIN_ENVS {
            wanted.push(format!("env-{}", b.name.to_lowercase()));
        }
        let missing: Vec<&String> = wanted.iter().filter(|k| !keys.contains(k)).collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    #[test]
    fn every_example_assembles_and_has_icons() {
        for e in EXAMPLES {
            let p = crate::rcx::lasm::assemble(e.lasm, e.file)
                .unwrap_or_else(|err| panic!("{}: {err}", e.file));
            assert!(!crate::trace::recognise(&p).is_empty(), "{}", e.file);
        }
    }
}
