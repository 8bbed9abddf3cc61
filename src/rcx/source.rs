//! Operand source types (rcx.md §3.1, §3.2): the first byte of every value operand.

/// Source type numbers of the RCX 2.0 firmware, plus the ROBOLAB 2.9 extras we accept.
pub mod src {
    pub const VAR: u8 = 0;
    pub const TIMER: u8 = 1;
    pub const CONST: u8 = 2;
    pub const MOTOR_STATUS: u8 = 3;
    pub const RANDOM: u8 = 4;
    /// ROBOLAB 2.9: signed motor power in percent, index = output 0–2 (rcx.md §3.2).
    pub const MOTOR_POWER_SIGNED: u8 = 5;
    pub const PROGRAM: u8 = 8;
    pub const SENSOR_VALUE: u8 = 9;
    pub const SENSOR_TYPE: u8 = 10;
    pub const SENSOR_MODE: u8 = 11;
    pub const SENSOR_RAW: u8 = 12;
    pub const SENSOR_BOOL: u8 = 13;
    pub const WATCH: u8 = 14;
    pub const MESSAGE: u8 = 15;
    pub const GLOBAL_MOTOR_STATUS: u8 = 17;
    pub const COUNTER: u8 = 21;
    /// ROBOLAB: 1 ms timer.
    pub const TIMER_1MS: u8 = 22;
    pub const TASK_EVENTS: u8 = 23;
    /// ROBOLAB 2.9 "System" parameters (`set 24,9,2,1`).
    pub const SYSTEM: u8 = 24;
    pub const EVENT_STATE: u8 = 25;
    pub const FAST_TIMER: u8 = 26;
    pub const CLICK_COUNTER: u8 = 27;
    pub const UPPER_THRESHOLD: u8 = 28;
    pub const LOWER_THRESHOLD: u8 = 29;
    pub const HYSTERESIS: u8 = 30;
    pub const DURATION: u8 = 31;
    /// ROBOLAB: power 0–7.
    pub const MOTOR_POWER8: u8 = 32;
    pub const UART: u8 = 33;
    pub const BATTERY: u8 = 34;
    pub const FIRMWARE_VERSION: u8 = 35;
    pub const INDIRECT_VAR: u8 = 36;
}

/// Human name of a source, as NQC's listings print it (`var[n]`, `Input(n)`, …).
pub fn describe(source: u8, arg: i32) -> String {
    match source {
        src::VAR => format!("var[{arg}]"),
        src::TIMER => format!("Timer({arg})"),
        src::CONST => format!("{arg}"),
        src::MOTOR_STATUS => format!("OutputStatus({arg})"),
        src::RANDOM => format!("Random({arg})"),
        src::MOTOR_POWER_SIGNED => format!("MotorPower({arg})"),
        src::PROGRAM => "Program()".into(),
        src::SENSOR_VALUE => format!("Input({arg})"),
        src::SENSOR_TYPE => format!("SensorType({arg})"),
        src::SENSOR_MODE => format!("SensorMode({arg})"),
        src::SENSOR_RAW => format!("SensorRaw({arg})"),
        src::SENSOR_BOOL => format!("SensorBool({arg})"),
        src::WATCH => "Watch()".into(),
        src::MESSAGE => "Message()".into(),
        src::GLOBAL_MOTOR_STATUS => format!("GlobalOutputStatus({arg})"),
        src::COUNTER => format!("Counter({arg})"),
        src::TIMER_1MS => format!("Timer1ms({arg})"),
        src::TASK_EVENTS => format!("ActiveEvents({arg})"),
        src::SYSTEM => format!("System({arg})"),
        src::EVENT_STATE => format!("EventState({arg})"),
        src::FAST_TIMER => format!("FastTimer({arg})"),
        src::CLICK_COUNTER => format!("ClickCounter({arg})"),
        src::UPPER_THRESHOLD => format!("UpperLimit({arg})"),
        src::LOWER_THRESHOLD => format!("LowerLimit({arg})"),
        src::HYSTERESIS => format!("Hysteresis({arg})"),
        src::DURATION => format!("ClickTime({arg})"),
        src::MOTOR_POWER8 => format!("MotorPower8({arg})"),
        src::UART => format!("SerialData({arg})"),
        src::BATTERY => "BatteryLevel()".into(),
        src::FIRMWARE_VERSION => "FirmwareVersion()".into(),
        src::INDIRECT_VAR => format!("*var[{arg}]"),
        s => format!("Source{s}({arg})"),
    }
}
