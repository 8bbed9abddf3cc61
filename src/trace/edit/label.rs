//! An icon described with its modifiers, in the language given ("Motor AC forward, power
//! 5"): the editor's tooltips, its modifiers' title and the LASM pane's blocks.

use super::{ports_text, Icon, Kind, Param};
use crate::i18n::{core_text_in, num_in, Lang};

impl Icon {
    /// A one-line description with the modifiers in `lang` ("Motor AC forward, power 5"):
    /// the editor's tooltips, its modifiers' title and the LASM pane's blocks.
    pub fn label_in(&self, lang: Lang) -> String {
        let ports = ports_text(self.val(Param::Ports));
        let port = self.val(Param::SensorPort);
        let secs = |p: Param| num_in(lang, self.val(p) as f64 / 100.0, 2);
        let v = |p: Param| self.val(p);
        match self.kind {
            Kind::MotorForward => {
                crate::tr!(
                    lang,
                    "icon-label-motor-forward",
                    ports = ports,
                    power = v(Param::Power)
                )
            }
            Kind::MotorBackward => {
                crate::tr!(
                    lang,
                    "icon-label-motor-backward",
                    ports = ports,
                    power = v(Param::Power)
                )
            }
            Kind::MotorStop => crate::tr!(lang, "icon-label-stop-motor", ports = ports),
            Kind::MotorFloat => crate::tr!(lang, "icon-label-float-motor", ports = ports),
            Kind::WaitTime => {
                crate::tr!(lang, "icon-label-wait-for-time", secs = secs(Param::Time))
            }
            Kind::WaitPush => crate::tr!(lang, "icon-label-wait-for-push", port = port),
            Kind::WaitLetgo => crate::tr!(lang, "icon-label-wait-for-let-go", port = port),
            Kind::WaitDark => crate::tr!(
                lang,
                "icon-label-wait-for-dark",
                port = port,
                threshold = v(Param::Threshold)
            ),
            Kind::WaitLight => crate::tr!(
                lang,
                "icon-label-wait-for-light",
                port = port,
                threshold = v(Param::Threshold)
            ),
            Kind::WaitDarker => crate::tr!(
                lang,
                "icon-label-wait-for-darker",
                port = port,
                change = v(Param::Change)
            ),
            Kind::WaitLighter => crate::tr!(
                lang,
                "icon-label-wait-for-lighter",
                port = port,
                change = v(Param::Change)
            ),
            Kind::WaitRotation => crate::tr!(
                lang,
                "icon-label-wait-for-rotation",
                port = port,
                count = v(Param::Count)
            ),
            Kind::LoopCount => crate::tr!(lang, "icon-label-loop-count", count = v(Param::Count)),
            Kind::LoopTouch if v(Param::Until) == 1 => {
                crate::tr!(lang, "icon-label-loop-until-pressed", port = port)
            }
            Kind::LoopTouch => crate::tr!(lang, "icon-label-loop-until-released", port = port),
            Kind::LoopLight => crate::tr!(
                lang,
                "icon-label-loop-until-light",
                port = port,
                op = if v(Param::Until) == 1 { "≤" } else { "≥" },
                threshold = v(Param::Threshold)
            ),
            Kind::TouchFork => crate::tr!(lang, "icon-label-touch-fork", port = port),
            Kind::LightFork => crate::tr!(
                lang,
                "icon-label-light-fork",
                port = port,
                threshold = v(Param::Threshold)
            ),
            Kind::Jump => crate::tr!(lang, "icon-label-jump", label = v(Param::Label)),
            Kind::Land => crate::tr!(lang, "icon-label-land", label = v(Param::Label)),
            Kind::TaskSplit => crate::tr!(lang, "icon-label-task-split", task = v(Param::Task)),
            Kind::StartTask => crate::tr!(lang, "icon-label-start-task", task = v(Param::Task)),
            Kind::StopTask => crate::tr!(lang, "icon-label-stop-task", task = v(Param::Task)),
            Kind::Subroutine => crate::tr!(lang, "icon-label-subroutine", sub = v(Param::Sub)),
            Kind::PlaySound => crate::tr!(lang, "icon-label-play-sound", sound = v(Param::Sound)),
            Kind::PlayTone => crate::tr!(
                lang,
                "icon-label-play-tone",
                hz = v(Param::Frequency),
                secs = secs(Param::Duration)
            ),
            Kind::Container => crate::tr!(
                lang,
                "icon-label-container",
                container = v(Param::Container),
                op = *["=", "+=", "-=", "*=", "/="]
                    .get(v(Param::Operation) as usize)
                    .unwrap_or(&"="),
                value = v(Param::Value)
            ),
            Kind::TimerReset => crate::tr!(lang, "icon-label-reset-timer", timer = v(Param::Timer)),
            Kind::Generic => crate::tr!(lang, "icon-label-instructions", bytes = self.code.len()),
            k => core_text_in(lang, "icon", k.title()),
        }
    }
}
