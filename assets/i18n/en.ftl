# lurobotsim — English, the source. Every other file has exactly these keys (a test checks).
# Keys are grouped by where they show: menu-, tool-, panel-…

# Used by the layer's own tests.
test-seconds = { $secs ->
    [one] { $secs } second
   *[other] { $secs } seconds
}

## The window, status bar and dialogs (src/ui/mod.rs)

main-run = ▶ Run
main-pause = ⏸ Pause
main-step-1-ms = Step 1 ms
main-step-instruction = Step instruction
main-step-icon = Step icon
main-slower = 🐢 Slower
main-faster = 🐇 Faster
main-stop = ⏹ Stop
main-replay = ⟲ Replay
main-resume-from-here = ⏵ Resume from here
main-live = Live
main-turn-left-15 = Turn left 15°
main-turn-right-15 = Turn right 15°
main-ok = OK
main-cancel = Cancel
main-save-recording = 💾 Save recording…
main-export-trace-as-csv = 💾 Export trace as CSV…
main-save-a-screenshot = 📷 Save a screenshot…
main-save = 💾 Save
main-replace = Replace
main-tile-windows = Tile windows
main-cascade-windows = Cascade windows
main-readouts = Readouts
main-program-trace = Program trace
main-plots = Plots
main-the-newest-message-all-of = The newest message; all of them are under View > Messages
main-ready = Ready.
main-messages-about-files-downloads-and = Messages about files, downloads and program faults appear here
main-this-program-cannot-be-opened = This program cannot be opened
main-this-assignment-cannot-be-used = This assignment cannot be used
main-line-of = Line { $line } of { $file }:
main-correct-the-red-line-of = Correct the red line of the file, save it and press Start again (docs/grading.md lists every key).
main-check-the-spelling-of-the = Check the spelling of the instruction on the red line and its numbers, save the file and open it again.
main-change-the-robot-to = Change the robot to { $r }?
main-change-the-environment-to = Change the environment to { $e }?
main-change-the-realism-to = Change the realism to { $realism_name }?
main-a-program-is-running-it = A program is running. It will stop, the example's program replaces it, and the robot goes back to the start.
main-a-program-is-running-every = A program is running. Every robot of this world goes, and the scene's robots and programs take their place.
main-a-program-is-running-every-2 = A program is running. Every robot of this world goes, and the run's robot, floor and program take their place.
main-a-program-is-running-it-2 = A program is running. It will stop and the robot goes back to the start. The program is kept.
main-yes-change-it-now = Yes, change it now
main-no-keep-the-program-running = No, keep the program running
main-messages = Messages
main-clear = Clear
main-forget-all-messages = Forget all messages
main-open-the-scene = Open the scene { $file_name }?
main-open-the-graded-run = Open the graded run { $gradingas_ref }?
main-load-the-example = Load the example "{ $examplesget }"?

## Menus and toolbar (src/ui/toolbar.rs)

toolbar-copy-link-to-this-run = 🔗 Copy link to this run
toolbar-file = File
toolbar-open-a-program-robot-environment = 📂 Open a program, robot, environment or recording…
toolbar-open-a-lasm-or-rcx = Open a .lasm or .rcx program, a robot / environment .toml file, or a .json recording. You can also drop a file on the window.
toolbar-grade-every-pupil-s-program = Grade every pupil's program against an assignment (scenarios and criteria) in the background, see the class table, and open any pupil's run here
toolbar-save-the-run-so-far = Save the run so far as a replay file (.json); open it later to watch it or resume from any moment. You choose the folder and the name.
toolbar-save-time-pose-motor-powers = Save time, pose, motor powers, sensor values and the running icon (one row per 50 ms) as a CSV file for a spreadsheet. You choose the folder and the name.
toolbar-take-a-picture-of-the = Take a picture of the whole window now, then choose where to save it as PNG
toolbar-copy-a-link-that-opens = Copy a link that opens this run — robot, floor, realism, battery, start and program — in a browser. The program travels inside the link itself, not through any server.
toolbar-link-copied-characters-paste-it = Link copied ({ $len } characters): paste it to share this run.
toolbar-quit = Quit
toolbar-close-the-simulator = Close the simulator
toolbar-open-programs-export-the-trace = Open programs, export the trace, screenshots
toolbar-run = Run
toolbar-run-pause-step-slow-down = Run, pause, step, slow down and speed up (also on the toolbar)
toolbar-robot = Robot
toolbar-choose-the-robot-model = Choose the robot model
toolbar-environment = Environment
toolbar-choose-the-floor-and-walls = Choose the floor and walls
toolbar-examples = Examples
toolbar-ready-made-robolab-programs-one = Ready-made ROBOLAB programs, one click away
toolbar-view = View
toolbar-n10-cm-grid = 10 cm grid
toolbar-show-a-grid-on-the = Show a grid on the floor: thin lines every 10 cm, thick every metre
toolbar-shadows = Shadows
toolbar-soft-shadows-under-the-robot = Soft shadows under the robot and the boxes, so you can see they stand on the floor
toolbar-follow-the-robot = Follow the robot
toolbar-keep-the-camera-pointed-at = Keep the camera pointed at the robot as it drives
toolbar-second-view-top = Second view (top)
toolbar-show-a-top-view-beside = Show a top view beside the 3D view
toolbar-running-icon-above-the-robot = Running icon above the robot
toolbar-show-the-icon-that-is = Show the icon that is running now floating above the robot
toolbar-messages = Messages…
toolbar-show-all-messages-errors-downloads = Show all messages (errors, downloads, faults)
toolbar-what-the-3d-view-shows = What the 3D view shows
toolbar-language = Language
toolbar-language-tip = The language of the window; it switches at once, the run goes on, and it is kept for next time
toolbar-window = Window
toolbar-arrange-the-panes-around-the = Arrange the panes around the 3D view, or close and reopen them
toolbar-help = Help
toolbar-what-the-icons-mean-how = What the icons mean; how to run, slow down, step and replay; connecting ROBOLAB and NQC
toolbar-the-version-of-this-simulator = The version of this simulator
toolbar-how-to-use-the-simulator = How to use the simulator
toolbar-stop-the-clock = Stop the clock
toolbar-run-the-program = Run the program
toolbar-space = Space
toolbar-dock-the-panes-around-the = Dock the panes around the 3D view, side by side
toolbar-float-the-panes-over-the = Float the panes over the 3D view as windows, one a step below the other; you can drag, resize and close them
toolbar-the-clock-robot-motor-sensor = The clock, robot, motor, sensor and program readouts
toolbar-the-program-s-icons-with = The program's icons, with the running one lit
toolbar-sensor-values-and-motor-power = Sensor values and motor power over time
toolbar-use-robot = Use robot { $name }: { $tip }
toolbar-robot-file = Robot file…
toolbar-use-your-own-robot-description = Use your own robot description (.toml)
toolbar-use-environment = Use environment { $name }: { $tip }
toolbar-remove-dropped-boxes = Remove dropped boxes
toolbar-take-away-the-boxes-you = Take away the boxes you dropped on the floor
toolbar-remove = 🗑 Remove { $name }
toolbar-environment-file = Environment file…
toolbar-use-your-own-environment-description = Use your own environment description (.toml)
toolbar-how-real-the-brick-behaves = How real the brick behaves: original = the 2007 simulator (every task runs one instruction per ms, ideal motors); rcx brick = a real RCX (about 300 instructions a second shared by all tasks, power levels as PWM on DC motors that slow under load, brake without holding torque). Choosing one puts the robot back at its start; the program is kept
toolbar-realism = Realism: { $realism_name }
toolbar-rcx-brick = rcx brick
toolbar-behave-like-the-2007-simulator = Behave like the 2007 simulator (the default)
toolbar-behave-like-a-real-rcx = Behave like a real RCX brick on a real table
toolbar-on = { $title }  ({ $robot } on { $env })
toolbar-n2-robots = { $title }  (2 robots)
toolbar-open = 📂 Open
toolbar-open-a-program-file-lasm = Open a program file (.lasm from ROBOLAB or the SDK, .rcx from NQC); you can also drop it on the window — Ctrl+O
toolbar-examples-2 = ⭐ Examples
toolbar-load-a-ready-made-program = Load a ready-made program with the right robot and floor
toolbar-run-the-program-starts-task = Run the program (starts task 0 if it is not running) — space bar
toolbar-open-a-program-first-open = Open a program first (📂 Open, ⭐ Examples, or download one from ROBOLAB or NQC)
toolbar-pause-time-stops-you-can = Pause: time stops, you can still move the camera — space bar
toolbar-step = ⏭ Step
toolbar-advance-the-simulation-by-one = Advance the simulation by one 1 ms tick
toolbar-run-until-a-task-has = Run until a task has executed one more instruction
toolbar-run-until-the-running-icon = Run until the running icon changes
toolbar-step-through-the-program-by = Step through the program: by one tick, one instruction or one icon
toolbar-stop-put-the-robot-back = Stop: put the robot back at the start; the program is kept
toolbar-slow-down-wait-10-ms = Slow down: wait 10 ms more after every 1 ms step (up to 200 ms) and show every step; the physics stays the same
toolbar-speed-up-first-undo-slow = Speed up: first undo slow motion 10 ms at a time, then 0.1×, 0.2×, 0.5×, 1×, 2×, 5×, 10×, 20×, 50×, then as fast as possible
toolbar-robot-2 = Robot { $robot_label }
toolbar-choose-the-robot-asks-first = Choose the robot (asks first if a program is running)
toolbar-floor = Floor { $env_label }
toolbar-choose-the-environment-e1-plain = Choose the environment: E1 plain floor, E2 walls, E3 black line
toolbar-write-or-change-a-program = Write or change a program with ROBOLAB's icons (no ROBOLAB needed), then Download it to the robot
toolbar-camera-presets-f-front-b = Camera presets: F front, B back, T top, S side, i initial
toolbar-follow = 🎯 Follow
toolbar-keep-the-camera-on-the = Keep the camera on the robot as it drives
toolbar-top-view = Top view
toolbar-open-a-second-view-from = Open a second view from above beside the 3D view
toolbar-move-robot = ✋ Move robot
toolbar-pick-up-the-robot-drag = Pick up the robot: drag it on the floor with the left mouse button and let go where it should stand
toolbar-turn-the-robot-15-to = Turn the robot 15° to the left on the spot (Stop brings it back facing this way)
toolbar-turn-the-robot-15-to-2 = Turn the robot 15° to the right on the spot
toolbar-grid = Grid
toolbar-a-grid-on-the-floor = A grid on the floor: thin lines every 10 cm, thick every metre
toolbar-soft-shadows-under-the-robot-2 = Soft shadows under the robot and the boxes
toolbar-icon-above-robot = Icon above robot
toolbar-show-the-running-icon-floating = Show the running icon floating above the robot
toolbar-tile = Tile
toolbar-cascade = Cascade
toolbar-float-the-panes-over-the-2 = Float the panes over the 3D view as windows, one a step below the other
toolbar-speed-simulated-seconds-per-real = Speed: simulated seconds per real second (1× = real time, max = as fast as the computer can); moving it ends slow motion
toolbar-slow-ms-step = slow +{ $slow } ms/step
toolbar-slow-motion-a-pause-after = Slow motion: a pause after every 1 ms step, every step shown; press Faster to undo
toolbar-of = {" "}of { $name }
toolbar-no-tcp = no TCP
toolbar-pty-ready = {" "}· pty { $display } ready
toolbar-waiting-for-robolab-or-nqc = waiting for ROBOLAB or NQC
toolbar-n1-client-connected = 1 client connected
toolbar-clients-connected = { $n } clients connected
toolbar-link = Link{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download = 
    ROBOLAB and NQC can download programs here, as to a real RCX. Recent link events:
    {""}
toolbar-copy-sym-txt-settings = copy sym.txt settings
toolbar-copy-the-three-lines-robolab = Copy the three lines ROBOLAB's sym.txt needs (SymName, SymAddr, SymPort) to the clipboard
toolbar-sym-txt-settings-copied-paste = sym.txt settings copied: paste them into sym.txt in ROBOLAB's folder.
toolbar-link-off = Link{ $whose } off
toolbar-the-rcx-link-could-not = The RCX link could not start: { $e }. Start the app with --listen ADDR to use another port.
toolbar-link-off-2 = Link off
toolbar-no-rcx-link-in-this = No RCX link in this window
toolbar-take-away-only-dropped-at = Take away only { $name } (dropped at x { $x } m, z { $z } m); the other boxes stay
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } is not installed next to this program

## Readouts, timeline and plots (src/ui/readouts.rs)

readouts-s-of-s = { $what } { $v0 } s of { $live } s
readouts-running-at-real-time = running at { $rtf }× real time
readouts-starting = Starting…
readouts-simulated-time-since-the-start = Simulated time since the start (1 ms steps); shown to the millisecond while paused, stepping or in slow motion
readouts-running-paused-in-slow-motion = Running, paused, in slow motion, or showing an earlier moment of the run; the real-time factor is simulated seconds per real second over the last second
readouts-robot = Robot
readouts-the-robot-model-the-environment = The robot model, the environment and the realism (original = the 2007 simulator, rcx brick = a real RCX)
readouts-on = { $robot } on { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Centre of the RCX brick in metres (x forward at the start, z to the right), and the direction the robot faces (degrees anticlockwise seen from above)
readouts-straight-line-distance-from-where = Straight-line distance from where the robot started, and (in brackets) the length of the path it has driven
readouts-motors = Motors
readouts-forward = ▶ forward
readouts-backward = ◀ backward
readouts-brake = ⏹ brake
readouts-float = ○ float
readouts-output = output { $name }
readouts-motor-output-on-direction-power = Motor output: on (direction, power level 0–7 and percent), brake, or float (coasting)
readouts-sensors = Sensors
readouts-ports-1-3 = ports 1–3
readouts-this-robot-has-no-sensors = This robot has no sensors
readouts-no-sensor = no sensor
readouts-port = port { $port1 }
readouts-sensor-type-and-mode-the = Sensor: type and mode, the value the program reads, and the raw reading (0–1023)
readouts-program = Program
readouts-running-pc = running · pc { $pc }
readouts-waiting-s-pc = waiting { $v0 } s · pc { $pc }
readouts-waiting-pc = waiting · pc { $pc }
readouts-stopped-pc = stopped · pc { $pc }
readouts-task = task { $task }
readouts-a-task-of-the-program = A task of the program: running, waiting or stopped, and its instruction address
readouts-the-four-rcx-timers-in = The four RCX timers, in 100 ms ticks
readouts-variables = Variables
readouts-all-32-are-0 = all 32 are 0
readouts-the-rcx-s-32-global = The RCX's 32 global variables (containers)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = A global variable (ROBOLAB container) that is not 0
readouts-faults = Faults
readouts-the-rcx-stopped-this-task = The RCX stopped this task because of a mistake in the program
readouts-replay-nothing-recorded-yet = Replay: nothing recorded yet
readouts-every-run-is-recorded-once = Every run is recorded; once it has started you can scrub back through it here
readouts-play-the-run-again-from = Play the run again from the moment shown (from the start when you are at the end), at the chosen speed; it stops at the present
readouts-the-timeline-drag-to-see = The timeline: drag to see any moment of the run
readouts-continue-the-simulation-from-this = Continue the simulation from this moment (the rest of the recording is dropped)
readouts-leave-the-replay-and-show = Leave the replay and show the simulation as it is now
readouts-sensor = sensor { $port1 }
readouts-sensor-values = Sensor values
readouts-what-the-program-reads-from = What the program reads from each sensor, over time; thin lines mark where an icon started
readouts-motor-power = Motor power (%)
readouts-power-of-outputs-a-b = Power of outputs A, B, C in percent: positive forward, negative backward, 0 when braked or floating; thin lines mark where an icon started
readouts-robots = Robots
readouts-robot-link = Robot link
readouts-add-robot = Add robot
readouts-put-another-robot-of-this = Put another robot of this model beside the others, with its own RCX and its own link port (everything starts again from 0 s)
readouts-remove-robot = Remove robot
readouts-take-the-chosen-robot-out = Take the chosen robot out of the world (everything starts again from 0 s; the other robots keep their programs)
readouts-no-link = no link
readouts-replaying = replaying
readouts-showing = showing
readouts-slow-motion-ms-after-each = slow motion: +{ $slow_delay_ms } ms after each 1 ms step
readouts-paused = paused
readouts-raw = { $name } · { $info }: { $value }   raw { $raw }
readouts-robot-its-rcx-listens-on = Robot { $k1 }: { $name } ({ $model }). Its RCX listens on { $link } (NQC, ROBOLAB or nqc -S…). ▶ its program runs, ⏹ it runs none. Click to show its brick, readouts, program and plots; the Robot menu and File > Open then act on it.

## The program trace (src/ui/trace.rs)

trace-var = var { $rest }
trace-var-2 = 
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = port { $sp }
trace-pwr = pwr { $pw }
trace-task = task { $t }
trace-hz = { $f } Hz
trace-program = Program
trace-no-program-yet = No program yet.
trace-open-a-lasm-or-rcx = Open a .lasm or .rcx file, drop one on the window, pick an example, or download from ROBOLAB or NQC.
trace-program-2 = Program: { $name }
trace-the-icons-of-the-program = The icons of the program; the one running now is lit
trace-no-icons-recognised-in-this = No icons recognised in this program.
trace-subroutine = Subroutine { $s }
trace-task-2 = Task { $task }
trace-hide-the-lasm-lines = Hide the LASM lines
trace-icon = icon { $label }: { $title }
trace-running = running
trace-waiting = waiting
trace-stopped = stopped
trace-click-to-see-its-lasm = 
    { $label } — { $title }
    { $params }
    Click to see its LASM lines.

## The brick face (src/ui/brick.rs)

brick-brick-on-off = Brick On-Off
brick-brick-run = Brick Run
brick-brick-prgm = Brick Prgm
brick-brick-view = Brick View
brick-lcd-off = LCD off
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: switch the brick off (programs stop, outputs float, the display goes blank; programs and variables are kept) or on again (the watch restarts at 00.00)
brick-run-start-the-selected-program = Run: start the selected program (its task 0), or stop it while it runs
brick-prgm-stop-the-program-and = Prgm: stop the program and select the next program slot (1-5)
brick-view-show-the-next-of = View: show the next of the watch, sensors 1-3 and outputs A-C on the display
brick-the-brick-s-speaker-is = The brick's speaker is silent here: { $why }. `run --audio FILE.wav` writes its sound to a file.
brick-the-brick-s-beeps-and = The brick's beeps and tones through this computer's speaker, in step with simulated time: slower in slow motion, silent while paused and at fast-forward (above 2.5x)
brick-mute-speaker = Mute speaker
brick-unmute-speaker = Unmute speaker
brick-lcd-program = LCD { $text } · program { $program } · { $view } · { $state }
brick-the-rcx-s-display-the = 
    { $line }
    The RCX's display: the watch (hours.minutes since switched on), a sensor's value, an output's power, or the program's own number; the slot 1-5 at the right; the figure walks while a program runs
brick-off = off
brick-running = running
brick-stopped = stopped

## The 3D view (src/ui/view3d.rs)

view3d-remove = 🗑 Remove { $name }
view3d-take-away-this-box-the = Take away this box; the other boxes stay
view3d-n3d-view-no-graphics-adapter = 3D view (no graphics adapter)
view3d-top-view = Top view
view3d-drag-the-robot-to-where = Drag the robot to where it should stand
view3d-drag-turn-right-drag-move = drag: turn · right-drag: move · wheel: zoom · keys: arrows, F1–F4
view3d-box = Box
view3d-drag-this-box-onto-the = Drag this box onto the floor to put an obstacle in the robot's way
view3d-drag-me = drag me
view3d-replay = {"  "}(replay)
view3d-slow-ms-step = {"  "}slow +{ $slow_delay_ms } ms/step
view3d-real-time = {"  "}{ $realtime_factor }× real time
view3d-paused = {"  "}paused


## The file window (src/ui/files.rs)

files-use-this-folder = ✔ Use this folder
files-open-a-file = Open a file
files-choose-the-assignment = Choose the assignment
files-choose-the-programs-folder = Choose the programs folder
files-choose-the-output-folder = Choose the output folder
files-up = ⬆ Up
files-go-to-the-folder-above = Go to the folder above
files-choose-the-folder-shown-above = Choose the folder shown above
files-no-programs-robots-or-environments = No programs, robots or environments here.
files-no-toml-files-here = No .toml files here.
files-no-folders-here = No folders here.
files-open-this-folder = Open this folder
files-use-this-assignment-file = Use this assignment file
files-open-this-file-a-lasm = Open this file: a .lasm/.rcx program, a robot/environment .toml, or a .json recording
files-or-type-a-path = or type a path
files-a-file-path-absolute-or = A file path, absolute or relative to the folder above; Enter opens it
files-open = Open
files-choose = Choose
files-open-the-typed-path = Open the typed path
files-does-not-exist = { $display } does not exist.
files-already-exists-replace-it = { $display } already exists. Replace it?
files-overwrite-the-existing-file = Overwrite the existing file
files-keep-the-existing-file-and = Keep the existing file and choose another name
files-save-into-this-folder = Save into this folder
files-name = Name:
files-save-under-this-name-in = Save under this name in the folder above
files-close-without-saving = Close without saving


files-name-tip = The file name (.{ $ext } is added if you leave the extension out); a path is taken as it is

## The Grade window (src/ui/grade.rs)

grade-grade-a-class = Grade a class…
grade-grade-a-class-2 = Grade a class
grade-choose-the-assignment = 📂 Choose the assignment…
grade-choose-the-programs-folder = 📂 Choose the programs folder…
grade-choose-the-output-folder = 📂 Choose the output folder…
grade-assignment-file = Assignment file
grade-programs-folder = Programs folder
grade-output-folder = Output folder
grade-start-grading = ▶ Start grading
grade-copy-the-report-s-path = Copy the report's path
grade-cancel-grading = ⏹ Cancel grading
grade-pupils-files = Pupils' programs
grade-choose-the-pupils-files = Choose the pupils' files…
grade-pupils-files-tip = The pupils' programs (.rcx, .lasm or .nqc: one file per pupil, or a zip of the programs folder with a folder per pupil). You can also drop them on this window.
grade-none-yet = (none yet)
grade-drop-here = Or drop the assignment and the pupils' files (or a zip of them) on this window.
grade-download-all = ⬇ Download all (graded.zip)
grade-download-all-tip = The graded class as one zip, its files as `lurobotsim grade` writes its output folder: runs.jsonl, grades.csv, junit.xml, report.html and Gradescope's results (Ctrl+S).
grade-download = ⬇ Download { $name }
grade-download-tip = Save this file of the graded class: the same bytes `lurobotsim grade` writes.
grade-open = Open { $run }
grade-the-assignment-toml-its-scenarios = The assignment (.toml): its scenarios and criteria (docs/grading.md)
grade-one-program-per-pupil-alice = One program per pupil: alice.rcx, bob.lasm, carol.nqc, or a folder per pupil holding one program
grade-where-runs-jsonl-grades-csv = Where runs.jsonl, grades.csv, junit.xml, the Gradescope files and report.html go (a 'graded' folder beside the assignment unless you choose one)
grade-run-every-pupil-s-program = Run every pupil's program in every scenario of the assignment, in the background; the simulator keeps working meanwhile
grade-stop-after-the-runs-being = Stop after the runs being simulated now; no report is written
grade-choose-an-assignment-and-the = Choose an assignment and the pupils' programs, then Start.
grade-runs-not-ok = { $done } / { $total } runs · { $not_ok } not ok
grade-about-s-left = {" "}· about { $left } s left
grade-report = Report:
grade-open-it-in-a-browser = Open it in a browser; grades.csv, junit.xml, runs.jsonl and gradescope/ are beside it
grade-copy-the-report-s-path-2 = Copy the report's path, to paste into a browser or a file manager
grade-grading-stopped = Grading stopped: { $e }
grade-click-a-pupil-to-see = Click a pupil to see their runs.
grade-pupil = Pupil
grade-points = Points
grade-points-in-this-scenario-the = Points in this scenario (the mean over its seeds)
grade-status = Status
grade-show-this-pupil-s-runs = Show this pupil's runs and criteria
grade-open-this-run-in-the = Open this run in the main view: the scenario's robot, floor and start, this pupil's program, the run's seed and realism; then press Run or Replay
grade-pass = ✔ pass
grade-fail = ✖ fail
grade-simulations-at-once-a-run = { $jobs } simulations at once; a run is not ok when its program did not load or it could not be graded
grade-graded-runs-in-s = Graded { $total } runs in { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Cancelled after { $done } of { $total } runs: no report was written.
grade-of = of
grade-of-points = { $student }: { $points } of { $points2 } points · { $status }
grade-of-points-2 = { $points } of { $points2 } points ·

## The program editor (src/ui/editor.rs)

editor-program-editor = ✏ Program editor
editor-edit-program = ✏ Edit program
editor-download = ⬇ Download
editor-run-program = ▶ Run program
editor-stop-program = ⏹ Stop program
editor-undo = ⟲ Undo
editor-redo = ⟳ Redo
editor-new = 📄 New
editor-save-program = 💾 Save program
editor-edit-the-robot-s-program = 📥 Edit the robot's program
editor-delete-icon = 🗑 Delete icon
editor-task = + Task
editor-subroutine = + Subroutine
editor-restore-it = Restore it
editor-replace-the-file = Replace the file
editor-keep-the-file = Keep the file
editor-discard-it = Discard it
editor-close-without-saving = Close without saving
editor-keep-editing = Keep editing
editor-start-a-new-program-empty = Start a new program: empty, or from a ready-made beginning you can change (Undo brings the old one back)
editor-take-back-the-last-change = Take back the last change — Ctrl+Z
editor-do-again-what-undo-took = Do again what Undo took back — Ctrl+Y
editor-stop-the-robot-and-put = Stop the robot and put it back at its start (the program stays)
editor-run-the-program-the-robot = Run the program the robot has (the toolbar's ▶ Run)
editor-download-a-program-first = Download a program first
editor-save-the-program-as-a = Save the program as a file: .rcx or .lasm when it is finished, or a draft (the editor's own format) when it is not
editor-open-the-program-the-robot = Open the program the robot has now (a file, an example or a download from ROBOLAB or NQC) as icons here
editor-the-robot-has-no-program = The robot has no program yet
editor-exists-already = { $name } exists already.
editor-write-over-it = Write over it
editor-leave-it-choose-another-name = Leave it; choose another name in 💾 Save program
editor-the-robot-still-runs-the = The robot still runs the program as you last downloaded it. Your changes take effect at the next ⬇ Download.
editor-folder = Folder: { $display }
editor-name = Name:
editor-it-comes-with-its-partner = {" "}It comes with its partner icons (a loop with its end, a fork with its merge, a jump with its land).
editor-add-a-strip-for-a = Add a strip for a subroutine (a Subroutine icon in a task calls it)
editor-strip = { $title } strip
editor-drag-icons-from-the-palette = Drag icons from the palette here
editor-click-to-set-its-modifiers = 
    {""}
    Click to set its modifiers; drag to move it, or onto the palette to delete it.
editor-click-an-icon-to-set = Click an icon to set its modifiers (port, power, seconds, …). Tab moves between icons, Enter edits, Delete removes.
editor-click-an-icon-to-set-2 = Click an icon to set its modifiers.
editor-take-this-icon-out-of = Take this icon out of the program — Delete
editor-modifiers-of = Modifiers of { $title }
editor-this-icon-has-no-modifiers = This icon has no modifiers.
editor-port = Port { $port }
editor-the-motor-outputs-this-icon = The motor outputs this icon drives (one or more of A, B, C)
editor-to = { $title }: { $min } to { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = The RCX code each icon compiles to, as ROBOLAB writes it; the line running now is lit
editor-this-program-cannot-compile-yet = This program cannot compile yet; fix the icons marked ⚠:
editor-each-icon-s-code-appears = Each icon's code appears here.
editor-restore-your-program = Restore your program?
editor-open-it-in-the-program = Open it in the program editor
editor-forget-it-and-start-with = Forget it and start with an empty program
editor-your-program-is-not-saved = Your program is not saved
editor-the-program-editor-has-changes = The program editor has changes you have not saved as a file. Save it first (💾 Save program in the editor), or close without saving.
editor-close-the-simulator-the-program = Close the simulator; the program is lost
editor-send-this-program-to-the = Send this program to the robot ({ $editor_target }), as ROBOLAB's download does; then press ▶ Run
editor-drag-it-into-a-strip = 
    { $title }
    Drag it into a strip, or click to add it after the selected icon.{ $more }
editor-touch = touch
editor-light = light
editor-to-seconds = { $title }: { $v0 } to { $v02 } seconds
editor-the-program-editor-was-not = The program editor was not closed properly last time. Its program was saved: { $summary }.

editor-name-tip = The file's name; the extension is added for you
editor-add-task-tip = Add a strip for another task (a Task split or Start task icon starts it)

## Help and About (src/ui/help.rs)

help-how-to-use-the-simulator = How to use the simulator
help-about-lurobotsim = About lurobotsim
help-turns-a-motor-on-forwards = Turns a motor on, forwards. The letter says which port: A, B or C.
help-turns-a-motor-on-backwards = Turns a motor on, backwards.
help-stops-a-motor-at-once = Stops a motor at once (brake).
help-lets-a-motor-run-freely = Lets a motor run freely until it rolls to a stop.
help-waits-for-some-seconds-the = Waits for some seconds; the countdown shows on the icon.
help-waits-until-the-touch-sensor = Waits until the touch sensor is pressed.
help-waits-until-the-touch-sensor-2 = Waits until the touch sensor is let go.
help-waits-until-the-light-sensor = Waits until the light sensor sees dark (below a number).
help-waits-until-the-light-sensor-2 = Waits until the light sensor sees light (above a number).
help-waits-until-the-light-sensor-3 = Waits until the light sensor sees darker than now.
help-waits-until-the-light-sensor-4 = Waits until the light sensor sees lighter than now.
help-waits-until-a-wheel-has = Waits until a wheel has turned far enough.
help-goes-one-way-if-the = Goes one way if the touch sensor is pressed, the other way if not.
help-goes-one-way-if-the-2 = Goes one way if the light sensor sees light, the other way if dark.
help-where-the-two-ways-of = Where the two ways of a fork meet again.
help-jumps-to-the-land-icon = Jumps to the Land icon with the same colour.
help-where-a-jump-arrives = Where a Jump arrives.
help-start-of-a-part-that = Start of a part that is repeated.
help-end-of-the-repeated-part = End of the repeated part: back to the Loop icon.
help-starts-a-second-line-of = Starts a second line of icons that runs at the same time.
help-plays-one-of-the-rcx = Plays one of the RCX's sounds.
help-plays-a-note = Plays a note.
help-sets-or-changes-a-number = Sets or changes a number the program remembers (a container).
help-sets-a-timer-back-to = Sets a timer back to zero.
help-tells-the-rcx-which-sensor = Tells the RCX which sensor is on a port.
help-starts-another-task = Starts another task.
help-stops-a-task = Stops a task.
help-runs-a-group-of-icons = Runs a group of icons kept elsewhere, then comes back.
help-instructions-that-are-not-one = Instructions that are not one of ROBOLAB's icons.
help-n1-get-a-program = 1. Get a program
help-examples-gives-ready-made-programs = ⭐ Examples gives ready-made programs with the right robot and floor.
help-open-ctrl-o-opens-a = 📂 Open (Ctrl+O) opens a .lasm or .rcx file; you can also drop a file on the window.
help-or-download-from-robolab-or = Or download from ROBOLAB or NQC, as to a real RCX (see below).
help-or-write-your-own-with = Or write your own with ✏ Edit program: drag ROBOLAB's icons from the palette into the strip, click an icon to set its ports, power or seconds, then ⬇ Download and ▶ Run program. Undo (Ctrl+Z) takes back any change; your program is saved automatically.
help-n2-run-it = 2. Run it
help-run-starts-the-program-pause = ▶ Run starts the program. ⏸ Pause stops the clock; ▶ Run carries on from there. The space bar does both.
help-stop-puts-the-robot-back = ⏹ Stop puts the robot back where it started; the program and your boxes stay.
help-on-the-right-the-program = On the right, the program's icons: the one running now is lit yellow. Click an icon to see its instructions.
help-n3-watch-it-slowly = 3. Watch it slowly
help-slower-every-click-waits-10 = 🐢 Slower: every click waits 10 ms more after each 1 ms step (up to 200 ms), so you can follow every icon. 🐇 Faster undoes it, then goes faster.
help-the-speed-slider-0-1 = The speed slider: 0.1× is ten times slower than real life, 1× is real time, max is as fast as the computer can.
help-step-one-millisecond-one-instruction = ⏭ Step: one millisecond, one instruction, or until the next icon lights up. The clock then shows milliseconds.
help-n4-look-back = 4. Look back
help-drag-the-timeline-under-the = Drag the timeline under the 3D view to see any earlier moment.
help-replay-plays-the-run-again = ⟲ Replay plays the run again from there; ⏵ Resume from here carries on from that moment; Live goes back to now.
help-n5-change-the-world = 5. Change the world
help-pick-another-robot-m1-m5 = Pick another robot (M1–M5) or floor (E1–E3) in the toolbar. Drag the red Box onto the floor to put an obstacle in the way; the Environment menu takes boxes away again, all or one, and a right click on a box offers to remove just that box. Realism: original behaves like the 2007 simulator, rcx brick like a real RCX (slower firmware, motors that slow under load).
help-move-robot-drag-the-robot = ✋ Move robot: drag the robot to a new place; the Turn buttons change where it faces.
help-the-rcx-itself = The RCX itself
help-at-the-top-of-the = At the top of the readouts, the yellow brick: its display shows the watch (hours.minutes since it was switched on), a sensor's value, an output's power or the program's own number, the program slot 1-5 at the right, and a little figure that walks while a program runs.
help-click-its-buttons-as-on = Click its buttons as on a real brick: View shows the next sensor or motor, Prgm picks the next program slot, Run starts or stops the selected program, On-Off switches the brick off and on (programs are kept).
help-its-beeps-and-tunes-play = Its beeps and tunes play through this computer's speaker, slower in slow motion and silent while paused; Mute speaker turns them off.
help-connecting-robolab = Connecting ROBOLAB
help-press-copy-sym-txt-settings = Press "copy sym.txt settings" in the status bar and paste the lines into the file sym.txt in ROBOLAB's folder.
help-in-robolab-choose-the-simulator = In ROBOLAB choose the simulator (LegoSim) as the port, then press the white arrow: the program appears here and runs.
help-connecting-nqc = Connecting NQC
help-nqc-4-x-downloads-straight = NQC 4.x downloads straight over TCP: nqc -TRCX2 -Stcp:localhost:4266 -d program.nqc -run
help-older-nqc-speaks-only-to = Older NQC speaks only to a serial port: start the simulator with --pty /tmp/rcx, then nqc -TRCX2 -S/tmp/rcx -d program.nqc
help-on-windows-there-is-no = On Windows there is no pseudo-terminal (--pty): use NQC 4.x over TCP as above.
help-or-compile-nqc-trcx2-oprogram = Or compile: nqc -TRCX2 -Oprogram.rcx program.nqc, and open program.rcx here.
help-mouse-and-keys = Mouse and keys
help-left-drag-turns-the-camera = Left-drag turns the camera, the wheel zooms, right-drag moves it. View buttons F, B, T, S, i jump to a view.
help-arrows-move-the-camera-f1 = Arrows move the camera, F1/F2 lower/raise it, F3/F4 turn it. Space: run or pause. Ctrl+O: open a file.
help-what-the-icons-mean = What the icons mean
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = A simulator for LEGO MINDSTORMS RCX programs: test ROBOLAB and NQC programs on virtual robots and watch each icon light up as it runs.
help-a-rust-port-of-lurobotsim = A Rust port of LURobotSim.
grade-skipped = skipped
toolbar-original = original

editor-2nd = 2nd

## Examples, built-in robots and floors (src/app/examples.rs, src/world/spec/source.rs)

example-motor-2s = Motor for 2 seconds
example-motor-2s-tip = Both motors forward for 2 seconds, then stop (robot M4, plain floor E1). The real robot went 1.05 m.
example-touch = Touch the wall
example-touch-tip = Drive until the touch sensor hits the wall, stop 1 s, back up 2 s (robot M2, walled floor E2)
example-line-follower = Line follower
example-line-follower-tip = Drive to the black line, then follow its edge with the light sensor (robot M5, line floor E3)
example-wait-for-darker = Wait for darker
example-wait-for-darker-tip = Drive until the floor gets darker than at the start (robot M5, line floor E3) — the original simulator could not run this one
example-task-split = Task split
example-task-split-tip = Two tasks at once: one drives, the other beeps (robot M3, plain floor E1)
scene-ir-master-slave = IR: master and slave
scene-ir-master-slave-tip = Two M4s: the master sends "forward", "back", "stop" by infrared two seconds apart; the slave obeys (scene: two robots, each with its own RCX)
scene-ir-elect = IR: elect a leader
scene-ir-elect-tip = Two M4s run one program: each waits a random time and claims the lead by infrared; a brick that hears a claim first follows. The leader drives forward for a second (scene: two robots)
robot-m1 = One motor (A), one driven front wheel, no sensor
robot-m2 = M1 plus a touch sensor at the front (port 1)
robot-m3 = Two motors (A, C) and a free caster wheel at the back
robot-m4 = Two motors (A, C) and four wheels
robot-m5 = M3 plus a light sensor looking at the floor (port 1)
env-e1 = A flat, empty floor
env-e2 = A floor with a wall all around (for the touch sensor)
env-e3 = A white floor with a black square line (for the light sensor)

## Names the core keeps in English, shown translated (i18n::core_text: prefix + the English words)

icon-motor-forward = Motor forward
icon-motor-backward = Motor backward
icon-stop-motor = Stop motor
icon-float-motor = Float motor
icon-wait-for-time = Wait for time
icon-wait-for-push = Wait for push
icon-wait-for-let-go = Wait for let go
icon-wait-for-dark = Wait for dark
icon-wait-for-light = Wait for light
icon-wait-for-darker = Wait for darker
icon-wait-for-lighter = Wait for lighter
icon-wait-for-rotation = Wait for rotation
icon-touch-sensor-fork = Touch sensor fork
icon-light-sensor-fork = Light sensor fork
icon-fork-merge = Fork merge
icon-jump = Jump
icon-land = Land
icon-loop = Loop
icon-end-of-loop = End of loop
icon-task-split = Task split
icon-play-sound = Play sound
icon-play-tone = Play tone
icon-container = Container
icon-reset-timer = Reset timer
icon-sensor-setup = Sensor setup
icon-start-task = Start task
icon-stop-task = Stop task
icon-subroutine = Subroutine
icon-instructions = Instructions
group-outputs = Outputs
group-wait-for = Wait for
group-structures = Structures
group-sensors-and-timers = Sensors and timers
group-tasks-and-subroutines = Tasks and subroutines
group-sounds-and-tones = Sounds and tones
group-containers = Containers
group-other = Other
param-ports = Ports
param-power-level = Power level
param-seconds = Seconds
param-sensor-port = Sensor port
param-threshold = Threshold
param-change = Change
param-count = Count
param-until = Until
param-frequency-hz = Frequency (Hz)
param-duration-s = Duration (s)
param-sound = Sound
param-container = Container
param-operation = Operation
param-value = Value
param-task = Task
param-subroutine = Subroutine
param-timer = Timer
param-label = Label
icon-loop-a-number-of-times = Loop a number of times
icon-loop-forever = Loop forever
icon-loop-until-touch = Loop until touch
icon-loop-until-light = Loop until light
icon-second-branch = Second branch

choice-released = released
choice-pressed = pressed
choice-light = light
choice-dark = dark
choice-fill = fill
choice-add = add
choice-subtract = subtract
choice-multiply = multiply
choice-divide = divide
choice-click = click
choice-double-beep = double beep
choice-sweep-down = sweep down
choice-sweep-up = sweep up
choice-error-buzz = error buzz
choice-fast-sweep-up = fast sweep up

## Messages and errors the app shows (src/app)

app-audio-the-brick-s-speaker-is = The brick's speaker is silent: { $why }
app-audio-the-sound-output-stopped = the sound output stopped
app-audio-cannot-start-the-sound-thread = cannot start the sound thread: { $e }
app-audio-sound-output-is-built-for = sound output is built for Linux and Windows only (use `run --audio FILE.wav`)
app-audio-this-browser-has-no-web = this browser has no Web Audio ({ $e })
app-audio-libasound-has-no = libasound has no { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = the ALSA sound library (libasound.so.2) is not installed
app-audio-no-sound-card = no sound card
app-audio-no-sound-device = no sound device
app-audio-the-sound-device-refused-16 = the sound device refused 16-bit mono at 44.1 kHz
app-audio-the-sound-device-refused-16-2 = the sound device refused 16-bit mono at 44.1 kHz (waveOutOpen error { $r })
app-connection-robolab-transfer-complete-running-task = { $who }ROBOLAB transfer complete: running task 0.
app-connection-the-host-started-task = { $who }The host started task { $task }.
app-connection-connected = { $who }{ $peer } connected.
app-connection-link = { $who }Link: { $e }
app-connection-rcx-link-of-robot-it = RCX link of robot { $k1 }: { $e }. It works without one.
app-connection-no-link = no link: { $e }
app-connection-port = port { $port }
app-editor-empty-program = Empty program
app-editor-one-motor-for-a-time = One motor for a time
app-editor-two-motors-then-wait = Two motors, then wait
app-editor-line-follower-skeleton = Line follower (skeleton)
app-editor-task-0-with-no-icons = Task 0 with no icons: drag icons in from the palette
app-editor-motor-a-forward-wait-2 = Motor A forward, wait 2 s, stop A (ROBOLAB Pilot 1)
app-editor-motors-a-and-c-forward = Motors A and C forward, wait 2 s, stop both (ROBOLAB Pilot 2); for robots M3–M5
app-editor-drive-until-the-light-sensor = Drive until the light sensor on port 1 sees the black line, then follow its edge forever: on dark turn with C, on light turn back with A (robot M5, floor E3)
app-editor-save-as-rcx-finished-program = Save as .rcx (finished program)
app-editor-save-as-lasm-finished-program = Save as .lasm (finished program)
app-editor-save-as-a-draft-icons = Save as a draft (.icons, may be unfinished)
app-editor-the-program-as-a-brick = The program as a brick image: runs here (File > Open, run --program), in NQC's tools and on a real RCX
app-editor-the-program-as-robolab-s = The program as ROBOLAB's LASM text: readable, and it runs here and in the SDK
app-editor-the-icons-as-the-editor = The icons as the editor's small text format: keeps a program that cannot compile yet (a fork without its merge); open it again here
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } icon
       *[other] { $icons } icons
    } in { $len ->
        [one] { $len } strip
       *[other] { $len } strips
    }
app-editor-the-autosaved-program-could-not = The autosaved program could not be read (line { $line }: { $message }).
app-editor-autosave-failed = Autosave failed: { $e }
app-editor-kept-as-it-is-it = { $label } (kept as it is: it can be moved or deleted, not edited)
app-editor-task = Task { $t }
app-editor-subroutine = Subroutine { $s }
app-editor-pwr = pwr { $v }
app-editor-by = by { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = pressed
app-editor-released = released
app-editor-var = var { $v }
app-editor-sound = sound { $v }
app-editor-bytes = { $code } bytes
app-editor-new-program-undo-brings-the = New program: { $title }. Undo brings the old one back.
app-editor-your-program-is-back-save = Your program is back. Save it (💾 Save program) to keep it as a file.
app-editor-opened-the-draft-as-icons = Opened the draft { $name } as icons.
app-editor-cannot-open-the-draft = Cannot open the draft { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = The robot has no program yet: start from New or drag icons in.
app-editor-part-s-robolab-has-no = {" "}{ $generic } part(s) ROBOLAB has no icon for are kept as they are (grey "Instructions" icons): move or delete them, they cannot be edited.
app-editor-opened-as-icons = Opened { $name } as icons.{ $more }
app-editor-nothing-to-download-yet-drag = Nothing to download yet: drag icons from the palette into Task 0.
app-editor-download-refused = Download refused: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Download refused: the program cannot compile.
app-editor-downloaded-to-the-old-program = Downloaded to { $robot }: the old program stopped. Press ▶ Run to start the new one.
app-editor-downloaded-to-press-run-to = Downloaded to { $robot }. Press ▶ Run to start it.
app-editor-strip = strip { $strip1 }
app-editor-icon = { $strip_title }, icon { $i1 } ({ $title })
app-editor-type-a-name-for-the = Type a name for the file first.
app-editor-it-cannot-compile-yet-save = it cannot compile yet ({ $reason }); save it as a draft instead
app-editor-saved = Saved { $display }.
app-editor-not-saved = Not saved: { $e }
app-editor-task-0-starts-when-you = Task 0 starts when you press Run
app-editor-a-subroutine-a-subroutine-icon = A subroutine: a Subroutine icon runs it
app-editor-running = running
app-editor-waiting = waiting
app-editor-icon-2 = { $title }, icon { $i1 }: { $label }
app-files-save-the-recording-as = Save the recording as
app-files-export-the-trace-as = Export the trace as
app-files-save-the-screenshot-as = Save the screenshot as
app-files-cannot-open-the-recording = Cannot open the recording: { $e }
app-files-recording-2 = Recording { $display }: { $e }
app-files-opening-the-recording = Opening the recording { $display }…
app-files-scene = Scene: { $e }
app-files-recording-saved-as = Recording saved as { $display }.
app-files-cannot-save-the-recording = Cannot save the recording: { $e }
app-files-trace-saved-as-rows-s = Trace saved as { $display } ({ $rows } rows, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Cannot export the trace: { $e }
app-files-recording-loaded-press-replay-drag = Recording loaded: press Replay, drag the timeline, or resume from any moment.
app-files-type-a-file-name-to = Type a file name to save as.
app-files-is-a-folder-type-a = { $display } is a folder; type a file name.
app-files-screenshot-saved-as = Screenshot saved as { $display }.
app-files-screenshot-2 = Screenshot: { $e }
app-files-screenshot-the-picture-was-not = Screenshot: the picture was not taken.
app-files-cannot-open-the-program = Cannot open the program: { $e }
app-files-cannot-open-the-program-2 = Cannot open the program: { $message }
app-files-cannot-download = cannot download { $name }: { $e }
app-files-cannot-write = cannot write { $display }: { $e }
app-files-the-screenshot-had-a-wrong = the screenshot had a wrong size
app-files-cannot-encode = cannot encode { $display }: { $e }
app-program-raw = { $a }: raw { $codea }
app-shot-the-window-never-produced-a = the window never produced a frame to capture
app-world-robot-file = Robot file: { $e }
app-world-environment-file = Environment file: { $e }
app-world-example = Example: { $title }
app-world-example-2 = Example { $file }: { $err }
app-world-cannot-open-the-draft = Cannot open the draft: { $e }
app-world-cannot-open-the-program = Cannot open the program: { $message }
app-world-loaded-icon-s-in-strip = Loaded { $name }: { $len ->
        [one] { $len } icon
       *[other] { $len } icons
    } in { $len2 ->
        [one] { $len2 } strip
       *[other] { $len2 } strips
    }.
app-world-the-last-robot-stays-a = The last robot stays: a world needs one.
app-world-try-another-robot-robot-menu = { $w } Try another robot (Robot menu).
app-robot-file-using-m1-instead = Robot file: { $e }. Using M1 instead.
app-environment-file-using-e1-instead = Environment file: { $e }. Using E1 instead.
app-scene-showing-one-robot-instead = Scene: { $e }. Showing one robot instead.
app-cannot-build-the-world = cannot build the world: { $e }
app-the-world-has-no-robot = the world has no robot
app-rcx-link-the-simulator-works = RCX link: { $e }. The simulator works without it.
app-no-program-loaded-yet-open = No program loaded yet: open one (File > Open) or pick an example.
app-scene-robots-pick-one-under = Scene { $file }: { $len } robots. Pick one under Robots to see its brick; Run starts every robot's program.
app-s-program = { $name }'s program
app-downloaded-program = downloaded program
app-new-program-received-icon-s = New program received: { $len ->
        [one] { $len } icon
       *[other] { $len } icons
    }.
app-program-fault = Program fault { $f }
msg-language-not-remembered = The language could not be kept for next time: { $error }
app-grade-files-given = { $count ->
    [one] 1 file
   *[other] { $count } files
    }
app-grade-downloads = the downloads of the Grade window
app-grade-choose-first = Choose an assignment file and a programs folder first.
app-grade-cannot-use-assignment = Cannot use the assignment: { $e }
app-grade-programs-folder = Programs folder { $e }
app-grade-cannot-start = Cannot start grading: { $e }
app-grade-grading = Grading { $name }: { $runs } runs ({ $pupils } pupils), { $jobs } at once, into { $out }.
app-grade-opened-run = Opened { $id }: { $robot } on { $env }, { $name } loaded (seed { $seed }, realism { $realism }). { $then }
app-grade-press-the-brick = The grader pressed the brick's buttons in this scenario: press them on the brick.
app-grade-press-run = Press Run.
app-notice-the-robot-runs-no-program = The robot runs no program: stepped 1 ms (an instruction or icon step needs a running program)
app-notice-robot-runs-no-program = { $robot } runs no program: stepped 1 ms (an instruction or icon step needs a running program)
app-notice-history-restarted = History restarted at { $secs } s: the input log reached its { $mib } MiB bound
app-share-program-not-opened = The link's program could not be opened: { $e }
app-grade-graded = Graded { $runs } runs in { $secs } s ({ $not_ok } not ok); reports in { $out }.
app-grade-graded-with-errors = Graded, but { $count ->
        [one] { $count } run
       *[other] { $count } runs
    } could not be graded: { $errors }
app-grade-cancelled = Grading cancelled after { $done } of { $runs } runs; nothing was written to { $out }.
app-grade-stopped = Grading stopped: { $out }: { $e }
app-share-link-not-opened = This link could not be opened ({ $e }); the defaults are shown.

## The challenge panel (src/ui/challenge.rs, src/app/challenge.rs)

challenge-open-challenge = Open challenge…
challenge-challenges = Challenges
challenge-grade-all-seeds = Grade all seeds
challenge-close-challenge = Close challenge
challenge-this-challenge-cannot-be-opened = This challenge cannot be opened
challenge-result = Result:
challenge-path-trail = Path trail
challenge-trail = Trail
challenge-challenge = Challenge: { $name }
challenge-failed-at-s = ✖ { $task } — failed at { $v0 } s
challenge-of-points = { $result } { $points } of { $points2 } points
challenge-all-seeds-of-points-as = All seeds: { $points } of { $points2 } points (as the teacher's grade gives it)
challenge-no-built-in-challenges-in = No built-in challenges in this build.
challenge-open-this-challenge-its-robot = Open this challenge: its robot, floor and start, and what to do
challenge-open-a-challenge-file-toml = Open a challenge file (.toml, as a teacher writes an assignment): its robot, floor, start and what to do
challenge-robot-on-s-seed = Robot { $robot_label } on { $env_label } · { $end_ms } s · seed { $seed }
challenge-open-your-program-file-open = Open your program (File > Open), then press ▶ Run.
challenge-criterion = criterion { $id }
challenge-hide-this-panel-the-robot = Hide this panel; the robot and floor stay
challenge-your-program-could-not-be = Your program could not be loaded: { $e }
challenge-every-criterion-passed-well-done = Every criterion passed. Well done!
challenge-show-this-moment-of-the = Show this moment of the run
challenge-all-seeds-runs = All seeds: { $done } / { $total } runs
challenge-all-seeds = All seeds: { $e }
challenge-run-your-program-on-all = Run your program on all { $seeds } start(s) the teacher grades, in the background, and total it as the teacher's grade does
challenge-open-your-program-first = Open your program first
challenge-goal = goal
challenge-keep-out = keep out
app-challenge-no-scenario = { $file }: no scenario { $k }
app-challenge-cannot-open-the-challenge = Cannot open the challenge: { $e }
app-challenge-opened = Challenge "{ $name }", scenario { $scenario }: { $robot } on { $env }, { $secs } s. { $then }
app-challenge-open-and-run = Open your program (File > Open) and press Run.
app-challenge-open-your-program-first-file = Open your program first (File > Open).
app-challenge-cannot-grade-the-seeds = Cannot grade the seeds: { $e }
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } point
       *[other] { $points } points
    }
files-open-a-challenge = Open a challenge
files-open-this-challenge = Open this challenge
main-a-program-is-running-challenge = A program is running. Every robot of this world goes, and the challenge's robot, floor and start take their place; open your program for it afterwards.
main-open-the-challenge = Open the challenge { $name }?
toolbar-challenges-tip = Tasks to solve with a program: reach a place, avoid another, follow a line; each says how it is scored
toolbar-trail-tip = Draw where the robot has driven as an orange line on the floor (pale after the moment shown); Stop clears it
toolbar-trail-short-tip = Draw where the robot has driven as an orange line on the floor; Stop clears it
app-world-no-motor = The program turns on output { $output }, but robot { $robot } has no motor on { $output }: nothing moves there.
app-world-no-sensor = The program reads a sensor on port { $port }, but robot { $robot } has no sensor there: it always reads nothing.

## Reports of a class whose assignment says language = (src/grade/report.rs)

report-summary = { $pupils } pupils, { $scenarios } scenario(s), { $points } points in all. Click a pupil for their runs.
report-pupil = pupil
report-points = points
report-of = of
report-status = status
report-criterion = criterion
report-task = task
report-result = result
report-what-happened = what happened
report-points-of = { $points } of { $max } points
report-seed = seed { $seed }: { $text }
report-did-not-load = seed { $seed }: the program did not load: { $error }
report-passed = passed
report-skipped = skipped: a criterion it requires did not pass
report-not-graded = could not be graded: { $error }
report-status-ok = ok
report-status-load_failed = load_failed
report-status-error = error
report-status-pass = pass
report-status-fail = fail
report-status-skipped = skipped

## A criterion in plain words (src/sim/goal/words.rs): the challenge panel and the reports

goal-robot-task = { $robot }: { $task }
goal-no-fault = Run without a fault
goal-reach = Reach the green area by { $by }
goal-visit = Visit the blue areas 1 to { $n } in order by { $by }
goal-never-enter = Never enter the red area
goal-no-contact = Do not touch a wall or a box
goal-displacement = End { $range } from the start
goal-path-length = Drive { $range } in all
goal-variable = Have variable { $index } be { $expect } at { $at }
goal-display = Show { $what } on the display at { $at }
goal-anything = anything
goal-sound = Play { $tones }
goal-line = Keep the light sensor within { $max } of the line { $percent }% of the time{ $after }
goal-after = {" "}after { $t }
goal-between = between { $a } and { $b }
goal-at-least = at least { $a }
goal-at-most = at most { $b }
goal-any-distance = any distance
goal-tone = { $f } Hz for { $d }
goal-from-to = from { $a } to { $b }
goal-any-value = any value
goal-not-checked = not checked
goal-faults = { $n } fault(s); the first at { $t } s in task { $task }: { $message }
goal-not-checked-because = not checked: "{ $requires }" did not pass
goal-no-such-robot = the run has no such robot
goal-no-light-sensor = the robot has no light sensor
goal-did-not-load = the program did not load
goal-no-fault-happened = no fault
goal-a-fault = a fault
goal-reached = reached it at { $t }; needed by { $by }
goal-ended-away = ; ended { $d } from the green area
goal-not-reached = not reached by { $by }{ $away }
goal-visited-all = visited all { $n } by { $t }
goal-visited-some = visited { $n } of { $of } by { $by }; missed { $missed }
goal-entered = entered it at { $t }
goal-never-entered = never entered it
goal-touched = touched at { $t }
goal-never-touched = never touched
goal-ended-from-start = ended { $d } from the start; needed { $range }
goal-drove = drove { $d }; needed { $range }
goal-variable-was = variable { $index } was { $v } at { $at }; needed { $expect }
goal-run-ended-before = the run ended before { $at }
goal-nothing = nothing
goal-display-showed = the display showed { $shown } at { $at }
goal-played-all = played all { $n } tones
goal-did-not-play = did not play { $tones }{ $instead }
goal-near-line = near the line { $f }% of the time (needed { $need }%); at most { $w } from the line
goal-where-green = {" "}inside the green area
goal-event-at = { $did } at { $t }
goal-event-none = { $none } by { $by }{ $miss }
goal-miss-outside = ; { $did } at { $t }, { $d } outside the green area
goal-miss-late = ; { $did } at { $t }, too late
goal-miss-other = ; { $did } at { $t }
goal-touch = Press the touch sensor{ $place } by { $by }
goal-did-press = pressed the touch sensor
goal-none-press = did not press the touch sensor
goal-no-touch-sensor = the robot has no touch sensor there
goal-message = Send { $which }{ $place } by { $by }
goal-message-value = message { $v }
goal-message-any = a message
goal-did-send = sent message { $v }
goal-none-send = sent no message
goal-none-send-value = did not send message { $v }
goal-played = Play { $which }{ $place } by { $by }
goal-a-tone-of = a { $f } Hz tone
goal-a-sound = a sound
goal-did-play = played { $sound }
goal-none-play = played no sound
goal-none-play-this = did not play { $which }
goal-system-sound = system sound { $n }
goal-stopped = Stop the motors ({ $motors }){ $place } by { $by }
goal-did-stop = stopped the motors
goal-none-stop = did not stop the motors
goal-counted-from = {" "}(counted from { $t })
goal-after-task = After { $ids }: { $task }
goal-played-no-tone = ; played no tone
goal-played-instead = ; played { $n } tone(s): { $tones }
challenge-scenario = Scenario:
challenge-scenario-tip = Show this scenario: its robot, floor and start; your program stays loaded

## Save as GIF (the challenge card)
challenge-save-gif = Save as GIF…
challenge-save-gif-hover = Save this run as an animated GIF of the 3D view, to share or keep
app-files-save-the-run-as-gif = Save the run as an animated GIF
app-files-gif-saved-as = GIF saved as { $path }.
app-files-gif-error = GIF: { $e }
app-challenge-gif-needs-a-program = Open a challenge and your program first.
app-challenge-gif-needs-the-desktop = A GIF needs the desktop app (or lurobotsim run --gif).
app-challenge-gif-drawing = Drawing the run as a GIF into { $path }…

## The built-in challenge pack (assets/challenges): titles and tasks, keyed by their English words
pack-4-bump-the-wall-and-back-off = 4 · Bump the wall and back off
say-drive-until-you-bump-into-the-wall-within-5-seconds = Drive until you bump into the wall (within 5 seconds)
say-then-back-away-from-the-wall-at-least-30-cm = Then back away from the wall: at least 30 cm
pack-6-drive-a-square = 6 · Drive a square
say-drive-to-the-four-corners-of-the-square-one-after-the-other-within-12-seconds = Drive to the four corners of the square, one after the other, within 12 seconds
say-end-where-you-started-less-than-35-cm-away = End where you started: less than 35 cm away
pack-1-drive-into-the-box-and-stop = 1 · Drive into the box and stop
say-drive-into-the-box-within-4-seconds = Drive into the box within 4 seconds
say-stop-inside-the-box-don-t-drive-out-of-it = Stop inside the box: don't drive out of it
pack-8-follow-the-line-around-two-corners = 8 · Follow the line around two corners
say-keep-the-light-sensor-on-the-black-line-9-times-out-of-10 = Keep the light sensor on the black line (9 times out of 10)
say-follow-the-line-around-two-corners-within-30-seconds = Follow the line around two corners within 30 seconds
pack-9-infrared-relay = 9 · Infrared relay
say-drive-your-robot-to-the-circle-beside-your-friend-within-4-seconds = Drive your robot to the circle beside your friend within 4 seconds
say-once-there-send-a-message-from-inside-the-circle = Once there, send a message from inside the circle
say-send-a-message-so-your-friend-drives-into-the-finish-box-within-6-seconds = Send a message so your friend drives into the finish box within 6 seconds
pack-2-park-by-the-wall-and-beep = 2 · Park by the wall and beep
say-stop-close-to-the-wall-at-least-1-15-m-from-where-you-started = Stop close to the wall: at least 1.15 m from where you started
say-don-t-touch-the-wall = Don't touch the wall
say-then-beep-a-440-hz-tone-for-half-a-second = Then beep: a 440 Hz tone for half a second
pack-7-stop-at-the-second-black-line = 7 · Stop at the second black line
say-cross-the-first-black-line-and-reach-the-second-one-within-7-seconds = Cross the first black line and reach the second one within 7 seconds
say-stop-with-the-light-sensor-on-the-second-black-line = Stop with the light sensor on the second black line
say-don-t-drive-over-the-second-line = Don't drive over the second line
pack-5-stop-at-the-black-line = 5 · Stop at the black line
say-stop-with-the-light-sensor-on-the-black-line = Stop with the light sensor on the black line
say-don-t-drive-over-the-line = Don't drive over the line
pack-3-there-and-back = 3 · There and back
say-drive-to-the-circle-1-m-ahead-within-4-seconds = Drive to the circle 1 m ahead within 4 seconds
say-then-come-back-to-the-start-within-8-seconds = Then come back to the start within 8 seconds
say-stop-where-you-started-less-than-20-cm-away = Stop where you started: less than 20 cm away

## Accessibility (issue 44): the look, spoken names of painted things, regions
msg-setting-not-remembered = The setting could not be kept for next time: { $error }
toolbar-high-contrast = High contrast
toolbar-high-contrast-tip = Black on white with strong outlines, easier to read (remembered)
toolbar-reduce-motion = Reduce motion
toolbar-reduce-motion-tip = No animations; the camera jumps to the robot instead of gliding (remembered)
toolbar-zoom-in = Zoom in
toolbar-zoom-out = Zoom out
toolbar-actual-size = Actual size
toolbar-zoom-now = Everything in the window is drawn at { $percent } % (up to 200 %, remembered)
trace-icon-bare = icon { $title }
trace-say-output = output { $ports }
trace-say-sensor = sensor port { $port }
trace-say-power = power { $power }
trace-say-seconds = { $seconds } seconds
trace-say-compare = value { $relation } { $value }
trace-say-times = { $count } times
trace-say-task = task { $task }
trace-say-hertz = { $hz } hertz
trace-say-variable = variable { $var }
trace-say-label = label { $label }
trace-now-task = task { $task }: { $icon }
trace-now-running = Running now: { $icons }
trace-now-nothing = No icon is running
main-menu-bar = Menu bar
main-toolbar = Toolbar
main-status = Status
readouts-row-robot = robot
readouts-row-position = position
readouts-row-distance = distance
readouts-row-timers = timers
readouts-timeline-at = Timeline: { $shown } s of { $end } s
challenge-row-state = { $row } — { $state }
challenge-state-pending = not decided yet
challenge-state-passed = passed
challenge-state-failed = failed
challenge-state-skipped = skipped
brick-view-sensor = sensor { $n }
brick-view-output = output { $o }
brick-view-watch = watch
brick-view-user = user display
toolbar-more = More…
toolbar-more-tip = More of the toolbar: open, examples, the program editor, camera views and the realism (the window is too small for all of it)
vary-x = ±{ $d } in x
vary-z = ±{ $d } in z
vary-yaw = ±{ $d }° of heading
vary-moved = moved the start { $dx } in x and { $dz } in z and turned it { $dyaw }
vary-noise = the sensors read with this seed's noise
vary-seed = Seed { $seed }: { $changes }.
check-title = Checking "{ $name }" ({ $file })
check-scenario = Scenario "{ $id }" (line { $line }): { $secs }, seeds { $seeds }.
check-scenario-varies = Each seed moves the start { $bounds }.
check-scenario-noise = The sensors read with noise.
check-stock-heading = Programs that should earn nothing (doing nothing) or less than half:
check-stock-nothing = a program that does nothing
check-stock-forward = a program that drives forward for ever
check-stock-spin = a program that spins on the spot
check-stock-timed = a program that drives forward for { $t } and stops
check-scores = { $program } scores { $points } of { $max }
check-criterion = criterion { $id } (line { $line })
check-excused = (the challenge says driving for a time is its task: [check] timed = true)
check-solution-heading = The solution ({ $name }):
check-no-solution = No solution given (--solution, or NAME/solution.* beside the file): its margins are not checked.
check-solution-error = The solution could not be read: { $e }
check-solution-full = it scores { $max } of { $max } on every seed
check-solution-short = on seed { $seed } of scenario "{ $id }" it scores { $points } of { $max }: { $failed }
check-margin = { $numbers }{ $at }: passes with { $lo }–{ $hi }
check-margin-fails = ; fails with { $v } ({ $percent }) on seed { $seed }: { $failed }
check-margin-precision = (a precision challenge: [check] precision = true)
check-waits = waits of { $v }
check-powers = power { $v }
check-lines = line { $lines }
check-seeds-heading = Seeds:
check-seeds-differ = scenario "{ $id }": the { $n } seeds give different runs (they end up to { $d } apart)
check-seeds-alike = scenario "{ $id }": the { $n } seeds give identical runs, so All seeds counts one run { $n } times (let the seeds move the start with vary, or use a robot whose sensors read with noise)
check-seeds-one = scenario "{ $id }": one seed only; list more and let them move the start (vary) to test robustness
check-fair = Fair: no problems found.
check-unfair = { $n } problem(s) found.

## The editor's Save window (issue 44)
editor-save-downloads = Your browser downloads the file (it goes where your downloads go).
editor-save-cancel = Cancel
editor-save-cancel-tip = Close without saving
editor-port-last = Port { $port } stays on: an icon drives at least one port. Light another port first, then this one goes off.
help-keyboard-shortcuts = Keyboard shortcuts
view3d-name = 3D view: { $robot } at x { $x } m, z { $z } m, facing { $heading }°. Drag to turn the camera; arrows move it
