//! Shared helpers of the VM tests: a scripted fake brick and a tiny label-resolving
//! builder over `Instr::new` + `rcx::encode` (so the VM's tests do not need the LASM
//! assembler).
#![allow(dead_code)]

use lurobotsim::rcx::{bytecode::instr_len, encode, Instr, Program};
use lurobotsim::vm::{Brick, Vm, VmConfig};

/// A brick whose sensor readings the test sets.
#[derive(Clone, Debug)]
pub struct FakeBrick {
    pub raw: [u16; 3],
    pub rotation: [i32; 3],
    pub battery_mv: u16,
    /// Whether each port was last read powered.
    pub powered: [bool; 3],
}

impl Default for FakeBrick {
    fn default() -> Self {
        FakeBrick {
            raw: [1023; 3],
            rotation: [0; 3],
            battery_mv: 9000,
            powered: [false; 3],
        }
    }
}

impl Brick for FakeBrick {
    fn sensor_raw(&mut self, port: usize, powered: bool) -> u16 {
        self.powered[port] = powered;
        self.raw[port]
    }
    fn rotation_count(&mut self, port: usize) -> i32 {
        self.rotation[port]
    }
    fn battery_mv(&self) -> u16 {
        self.battery_mv
    }
}

/// Builds one task or sub: instructions with symbolic branch labels.
#[derive(Default)]
pub struct Asm {
    items: Vec<(u8, Vec<i32>, Option<String>)>,
    labels: Vec<(String, usize)>,
}

impl Asm {
    pub fn new() -> Asm {
        Asm::default()
    }
    /// An instruction without a branch.
    pub fn op(mut self, op: u8, args: &[i32]) -> Asm {
        self.items.push((op, args.to_vec(), None));
        self
    }
    /// A branching instruction to `label`.
    pub fn br(mut self, op: u8, args: &[i32], label: &str) -> Asm {
        self.items
            .push((op, args.to_vec(), Some(label.to_string())));
        self
    }
    /// A label at the current position.
    pub fn label(mut self, name: &str) -> Asm {
        self.labels.push((name.to_string(), self.items.len()));
        self
    }
    pub fn bytes(&self) -> Vec<u8> {
        let mut addr = vec![0usize];
        for (op, _, _) in &self.items {
            let last = *addr.last().unwrap();
            addr.push(last + instr_len(*op).unwrap());
        }
        let instrs: Vec<Instr> = self
            .items
            .iter()
            .map(|(op, args, label)| {
                let target = label.as_ref().map(|l| {
                    let idx = self
                        .labels
                        .iter()
                        .find(|(n, _)| n == l)
                        .unwrap_or_else(|| panic!("no label {l}"))
                        .1;
                    addr[idx] as i32
                });
                Instr::new(*op, args, target)
            })
            .collect();
        encode(&instrs).unwrap()
    }
}

/// A program from task and sub builders.
pub fn program(tasks: &[Asm], subs: &[Asm]) -> Program {
    let mut p = Program::default();
    for (i, t) in tasks.iter().enumerate() {
        p.tasks[i] = Some(t.bytes());
    }
    for (i, s) in subs.iter().enumerate() {
        p.subs[i] = Some(s.bytes());
    }
    p
}

/// A VM with `p` in slot 0 and task 0 started.
pub fn vm_with(p: Program) -> Vm {
    let mut vm = Vm::new(VmConfig::default());
    vm.load(0, p);
    vm.start_task(0);
    vm
}

/// Runs `ms` ticks.
pub fn run(vm: &mut Vm, brick: &mut FakeBrick, ms: u64) {
    for _ in 0..ms {
        vm.tick(brick);
    }
}

/// Runs one task's code to its end (at most `ms` ticks) and returns the VM.
pub fn run_task(t: Asm, ms: u64) -> Vm {
    let mut vm = vm_with(program(&[t], &[]));
    run(&mut vm, &mut FakeBrick::default(), ms);
    vm
}

// Opcodes by name: the product's own names (src/rcx/opcode.rs).
#[allow(unused_imports)] // each test crate uses some of them
pub use lurobotsim::rcx::opcode::{
    ABSV, ANDV, CALE, CALLS, CHK, CHKL, CNTD, CNTI, CNTZ, DECVJN, DECVJNL, DELE, DIR, DISP, DIVV,
    EVENT, GDIR, GOUT, GPWR, JMP, JMPL, LOG, LOGZ, LOOPC, LOOPCL, LOOPS, MONAL, MONAX, MONE, MONEL,
    MONEX, MSG, MSGS, MSGZ, MULV, MUTE, ORV, OUT, PING, PLAYS, PLAYT, PLAYV, PLAYZ, PRGM, PWR,
    RETS, SENM, SENT, SENZ, SET, SETE, SETP, SETV, SETW, SGNV, SPEAK, START, STOP, STOP1, SUBV,
    SUMV, TMRZ, VIEW, WAIT,
};

/// What a conformance program's header comments promise: `run ms N`, `expect var I = V`,
/// `expect sounds N`, `expect faults N`, `expect output A = on|off|float`.
#[derive(Debug, Default)]
pub struct Expect {
    pub run_ms: u64,
    pub vars: Vec<(usize, i16)>,
    pub sounds: Option<usize>,
    pub faults: Option<usize>,
    pub outputs: Vec<(usize, String)>,
}

/// Reads the header comments (`//` or `;`) of a conformance program.
pub fn parse_expect(src: &str) -> Expect {
    let mut e = Expect {
        run_ms: 1000,
        ..Expect::default()
    };
    for line in src.lines() {
        let l = line.trim();
        let Some(c) = l.strip_prefix("//").or_else(|| l.strip_prefix(';')) else {
            continue;
        };
        let words: Vec<&str> = c.split_whitespace().collect();
        match words.as_slice() {
            ["run", "ms", n] => e.run_ms = n.parse().unwrap(),
            ["expect", "var", i, "=", v] => e.vars.push((i.parse().unwrap(), v.parse().unwrap())),
            ["expect", "sounds", n] => e.sounds = Some(n.parse().unwrap()),
            ["expect", "faults", n] => e.faults = Some(n.parse().unwrap()),
            ["expect", "output", o, "=", m] => {
                let idx = "ABC".find(*o).unwrap();
                e.outputs.push((idx, m.to_string()));
            }
            _ => {}
        }
    }
    e
}

/// Runs `p` (task 0 started) for the header's time and checks every expectation.
pub fn check_program(name: &str, p: Program, e: &Expect) {
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), e.run_ms);
    let v = vm.variables();
    for &(i, want) in &e.vars {
        assert_eq!(v[i], want, "{name}: var {i} (faults {:?})", vm.faults());
    }
    if let Some(n) = e.sounds {
        assert_eq!(vm.sounds().len(), n, "{name}: sounds {:?}", vm.sounds());
    }
    if let Some(n) = e.faults {
        assert_eq!(vm.faults().len(), n, "{name}: faults {:?}", vm.faults());
    }
    let json = serde_json::Value::Object(vm.state_json());
    for (o, mode) in &e.outputs {
        let name_o = ["A", "B", "C"][*o];
        assert_eq!(
            json["outputs"][name_o]["mode"],
            mode.as_str(),
            "{name}: output {name_o}"
        );
    }
}

/// Reads an NQC `.rcx` image with the product's image reader.
pub fn parse_rcx_image(b: &[u8]) -> Program {
    lurobotsim::rcx::image::read(b)
        .expect("a valid RCX image")
        .program
}

/// The conformance programs with this prefix and extension under tests/programs.
pub fn programs(ext: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().to_string();
            n.starts_with("vm_") && n.ends_with(ext)
        })
        .collect();
    v.sort();
    v
}

/// Assembles a conformance program with the product's LASM assembler.
pub fn lasm(src: &str) -> Program {
    lurobotsim::rcx::lasm::assemble(src, "<conformance program>").unwrap_or_else(|e| panic!("{e}"))
}
