//! A brick's typed inputs: the one place an [`Input`] that concerns the RCX (programs,
//! tasks, direct commands, buttons) is applied to a [`Vm`], used by
//! [`super::Simulation::apply`] for every robot's brick, and the
//! [`Rcx`] trait through which a link (or anything else outside the core) reads one brick
//! and changes it — only by typed inputs, never by a mutable VM.

use super::input::Input;
use crate::vm::{Brick, Vm};

/// One simulated RCX as a link sees it: to read it, and to change it only by typed inputs
/// (a simulation applies and logs them, so recordings and seeks replay downloads; a scene
/// brick applies them to that brick alone). Implemented by each robot's handle
/// ([`super::RobotMut`]) and, for the link's unit tests, a bare
/// [`Vm`] (in `link::session`).
pub trait Rcx {
    fn vm(&self) -> &Vm;
    /// Executes a direct command and returns its reply payload (reply opcode first).
    fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>>;
    /// Applies a change to the brick's programs ([`Input::InstallTask`],
    /// [`Input::InstallSub`], [`Input::DeleteTasks`], [`Input::DeleteSubs`]) or tasks.
    fn apply(&mut self, input: Input);
}

/// Whether `input` concerns the RCX alone (everything but the world's `PlaceRobot`,
/// `AddBox` and `RemoveBox`).
pub fn is_brick_input(input: &Input) -> bool {
    !matches!(
        input,
        Input::PlaceRobot { .. } | Input::AddBox { .. } | Input::RemoveBox { .. }
    )
}

/// Applies a brick input to `vm`; `brick` is the robot a direct command reads. Returns the
/// reply of a direct command. Inputs that are not the brick's ([`is_brick_input`]) and
/// programs or bytecode that cannot be decoded (an edited file) change nothing. The caller
/// re-traces the program when it changed (see `Simulation::apply`).
pub fn apply_to_vm<B: Brick>(vm: &mut Vm, brick: &mut B, input: &Input) -> Option<Vec<u8>> {
    match input {
        Input::Program { slot, program } => {
            // A program that cannot be decoded (an edited file) is dropped whole.
            if let Ok(p) = program.to_program() {
                // Downloads stop every task (Vm::install_task), so loads here do too.
                vm.stop_all();
                vm.load(*slot, p);
            }
        }
        Input::InstallTask { slot, task, code } => {
            vm.install_task(*slot, *task as usize, code.clone());
        }
        Input::InstallSub { slot, sub, code } => {
            vm.install_sub(*slot, *sub as usize, code.clone());
        }
        Input::DeleteTasks => vm.delete_tasks(),
        Input::DeleteSubs => vm.delete_subs(),
        Input::SelectSlot { slot } => vm.select_slot(*slot),
        Input::StartTask { task } => {
            // A program cannot run on a switched-off brick: starting one (the toolbar's Run,
            // `run`) switches it on first, as a pupil presses On-Off before Run.
            if vm.is_off() {
                vm.press(crate::vm::Button::OnOff);
            }
            vm.start_task(*task)
        }
        Input::StopAll => vm.stop_all(),
        Input::Direct { bytes } => return vm.direct(brick, bytes),
        Input::Button { button } => vm.press(*button),
        Input::PlaceRobot { .. } | Input::AddBox { .. } | Input::RemoveBox { .. } => {}
    }
    None
}
