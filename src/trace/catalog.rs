//! The catalogue of VI kinds: their JSON names, human titles and embedded icons
//! (`assets/icons/<kind>.png`, our own artwork, 48 px and 96 px). Pure data.

use super::ViKind;

impl ViKind {
    /// Every kind, in the order the catalogue lists them.
    pub const ALL: [ViKind; 29] = [
        ViKind::MotorForward,
        ViKind::MotorBackward,
        ViKind::MotorStop,
        ViKind::MotorFloat,
        ViKind::WaitTime,
        ViKind::WaitPush,
        ViKind::WaitLetgo,
        ViKind::WaitDark,
        ViKind::WaitLight,
        ViKind::WaitDarker,
        ViKind::WaitLighter,
        ViKind::WaitRotation,
        ViKind::TouchFork,
        ViKind::LightFork,
        ViKind::ForkMerge,
        ViKind::Jump,
        ViKind::Land,
        ViKind::Loop,
        ViKind::LoopEnd,
        ViKind::TaskSplit,
        ViKind::PlaySound,
        ViKind::PlayTone,
        ViKind::Container,
        ViKind::TimerReset,
        ViKind::SensorSetup,
        ViKind::StartTask,
        ViKind::StopTask,
        ViKind::Subroutine,
        ViKind::Generic,
    ];

    /// The kind's JSON string (also its icon's file name).
    pub fn as_str(self) -> &'static str {
        match self {
            ViKind::MotorForward => "motor_forward",
            ViKind::MotorBackward => "motor_backward",
            ViKind::MotorStop => "motor_stop",
            ViKind::MotorFloat => "motor_float",
            ViKind::WaitTime => "wait_time",
            ViKind::WaitPush => "wait_push",
            ViKind::WaitLetgo => "wait_letgo",
            ViKind::WaitDark => "wait_dark",
            ViKind::WaitLight => "wait_light",
            ViKind::WaitDarker => "wait_darker",
            ViKind::WaitLighter => "wait_lighter",
            ViKind::WaitRotation => "wait_rotation",
            ViKind::TouchFork => "touch_fork",
            ViKind::LightFork => "light_fork",
            ViKind::ForkMerge => "fork_merge",
            ViKind::Jump => "jump",
            ViKind::Land => "land",
            ViKind::Loop => "loop",
            ViKind::LoopEnd => "loop_end",
            ViKind::TaskSplit => "task_split",
            ViKind::PlaySound => "play_sound",
            ViKind::PlayTone => "play_tone",
            ViKind::Container => "container",
            ViKind::TimerReset => "timer_reset",
            ViKind::SensorSetup => "sensor_setup",
            ViKind::StartTask => "start_task",
            ViKind::StopTask => "stop_task",
            ViKind::Subroutine => "subroutine",
            ViKind::Generic => "generic",
        }
    }

    /// The kind's title as a tooltip shows it (ROBOLAB's wording where it has one).
    pub fn title(self) -> &'static str {
        match self {
            ViKind::MotorForward => "Motor forward",
            ViKind::MotorBackward => "Motor backward",
            ViKind::MotorStop => "Stop motor",
            ViKind::MotorFloat => "Float motor",
            ViKind::WaitTime => "Wait for time",
            ViKind::WaitPush => "Wait for push",
            ViKind::WaitLetgo => "Wait for let go",
            ViKind::WaitDark => "Wait for dark",
            ViKind::WaitLight => "Wait for light",
            ViKind::WaitDarker => "Wait for darker",
            ViKind::WaitLighter => "Wait for lighter",
            ViKind::WaitRotation => "Wait for rotation",
            ViKind::TouchFork => "Touch sensor fork",
            ViKind::LightFork => "Light sensor fork",
            ViKind::ForkMerge => "Fork merge",
            ViKind::Jump => "Jump",
            ViKind::Land => "Land",
            ViKind::Loop => "Loop",
            ViKind::LoopEnd => "End of loop",
            ViKind::TaskSplit => "Task split",
            ViKind::PlaySound => "Play sound",
            ViKind::PlayTone => "Play tone",
            ViKind::Container => "Container",
            ViKind::TimerReset => "Reset timer",
            ViKind::SensorSetup => "Sensor setup",
            ViKind::StartTask => "Start task",
            ViKind::StopTask => "Stop task",
            ViKind::Subroutine => "Subroutine",
            ViKind::Generic => "Instructions",
        }
    }

    /// True for the kinds that hold a task until something happens (the app may show a
    /// countdown for `wait_time`).
    pub fn is_wait(self) -> bool {
        matches!(
            self,
            ViKind::WaitTime
                | ViKind::WaitPush
                | ViKind::WaitLetgo
                | ViKind::WaitDark
                | ViKind::WaitLight
                | ViKind::WaitDarker
                | ViKind::WaitLighter
                | ViKind::WaitRotation
        )
    }

    /// The kind named by a JSON string.
    pub fn from_name(name: &str) -> Option<ViKind> {
        ViKind::ALL.iter().copied().find(|k| k.as_str() == name)
    }
}

/// Motor port letters for a motor mask (bit 0 = A): `5` → "AC".
pub fn ports(mask: u8) -> String {
    ['A', 'B', 'C']
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| *c)
        .collect()
}

/// ROBOLAB's and NQC's names of the system sounds 0–5 (rcx.md §2.3 `plays`).
pub fn sound_name(n: i32) -> &'static str {
    match n {
        0 => "click",
        1 => "double beep",
        2 => "sweep down",
        3 => "sweep up",
        4 => "error buzz",
        5 => "fast sweep up",
        _ => "unknown sound",
    }
}

/// Embeds both sizes of every kind's icon: `assets/icons/<kind>.png` (48 px) and
/// `<kind>@2x.png` (96 px), drawn by `assets/icons/build.py` from the SVG sources.
macro_rules! icons {
    ($($kind:ident => $file:literal,)*) => {
        /// The embedded icon of a kind, 48 px or (`large`) 96 px.
        pub fn icon_png(kind: ViKind, large: bool) -> Option<&'static [u8]> {
            let bytes: &'static [u8] = match (kind, large) {
                $(
                    (ViKind::$kind, false) => include_bytes!(concat!("../../assets/icons/", $file, ".png")),
                    (ViKind::$kind, true) => include_bytes!(concat!("../../assets/icons/", $file, "@2x.png")),
                )*
            };
            Some(bytes)
        }
    };
}

icons! {
    MotorForward => "motor_forward",
    MotorBackward => "motor_backward",
    MotorStop => "motor_stop",
    MotorFloat => "motor_float",
    WaitTime => "wait_time",
    WaitPush => "wait_push",
    WaitLetgo => "wait_letgo",
    WaitDark => "wait_dark",
    WaitLight => "wait_light",
    WaitDarker => "wait_darker",
    WaitLighter => "wait_lighter",
    WaitRotation => "wait_rotation",
    TouchFork => "touch_fork",
    LightFork => "light_fork",
    ForkMerge => "fork_merge",
    Jump => "jump",
    Land => "land",
    Loop => "loop",
    LoopEnd => "loop_end",
    TaskSplit => "task_split",
    PlaySound => "play_sound",
    PlayTone => "play_tone",
    Container => "container",
    TimerReset => "timer_reset",
    SensorSetup => "sensor_setup",
    StartTask => "start_task",
    StopTask => "stop_task",
    Subroutine => "subroutine",
    Generic => "generic",
}
