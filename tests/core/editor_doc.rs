//! The icon document: programs from anywhere open as icons (generic code kept byte for
//! byte), validation names the icon that cannot compile, and the editor's text format.

use lurobotsim::rcx::{load_program_file, Program};
use lurobotsim::trace::edit::{
    add_sub, add_task, check, from_text, generate, insert, insert_structure, move_icon, remove,
    set_param, to_text, Doc, EditError, Icon, Kind, Param, Pos, StripId, PROGRAM_MEMORY,
};
use std::path::Path;

fn load(rel: &str) -> Program {
    load_program_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

fn icon(kind: Kind, params: &[(Param, i32)]) -> Icon {
    params
        .iter()
        .fold(Icon::new(kind), |i, &(p, v)| i.with(p, v).unwrap())
}

fn doc_of(icons: Vec<Icon>) -> Doc {
    let mut d = Doc::default();
    d.strips[0].icons = icons;
    d
}

/// Every defined block's bytes, tasks then subs.
fn blocks(p: &Program) -> Vec<Option<Vec<u8>>> {
    p.tasks.iter().chain(p.subs.iter()).cloned().collect()
}

#[test]
fn nqc_programs_open_as_icons_and_generate_back_to_the_same_bytecode() {
    for rel in [
        "assets/examples/ir_master.rcx",
        "assets/examples/ir_slave.rcx",
        "assets/examples/ir_elect.rcx",
        "tests/data/nqc/globals.rcx",
    ] {
        let program = load(rel);
        let doc = Doc::from_program(&program);
        let generics = doc
            .strips
            .iter()
            .flat_map(|s| &s.icons)
            .filter(|i| i.kind == Kind::Generic)
            .count();
        assert!(
            generics > 0,
            "{rel}: NQC code the editor would not write is generic"
        );
        assert!(
            doc.strips
                .iter()
                .all(|s| !s.header || matches!(s.id, StripId::Sub(_))),
            "{rel}: NQC tasks have no ROBOLAB prologue"
        );
        let g = generate(&doc).unwrap_or_else(|p| panic!("{rel}: {p:?}"));
        assert_eq!(blocks(&g.program), blocks(&program), "{rel}\n{}", g.lasm);
        // Saved as text and read back, still the same bytes.
        let again = from_text(&to_text(&doc)).unwrap();
        assert_eq!(again, doc, "{rel}");
    }
}

#[test]
fn an_nqc_motor_icon_stays_generic_because_robolab_writes_motors_differently() {
    let program = load("tests/data/nqc/globals.rcx");
    let doc = Doc::from_program(&program);
    assert!(doc
        .strips
        .iter()
        .flat_map(|s| &s.icons)
        .all(|i| !matches!(i.kind, Kind::MotorForward | Kind::MotorBackward)));
}

#[test]
fn the_shipped_robolab_examples_open_as_the_icons_they_were_built_from() {
    let program = load("assets/examples/line_follower.lasm");
    let doc = Doc::from_program(&program);
    let kinds: Vec<Kind> = doc.strips[0].icons.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::MotorForward,
            Kind::WaitDark,
            Kind::Land,
            Kind::MotorForward,
            Kind::MotorStop,
            Kind::WaitLight,
            Kind::MotorForward,
            Kind::MotorStop,
            Kind::WaitDark,
            Kind::Jump,
        ]
    );
    assert!(doc.strips[0].header);
    assert_eq!(doc.strips[0].icons[5].get(Param::Threshold), Some(55));
    let task_split = Doc::from_program(&load("assets/examples/task_split.lasm"));
    let kinds: Vec<Kind> = task_split.strips[1].icons.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::LoopForever,
            Kind::PlaySound,
            Kind::WaitTime,
            Kind::LoopEnd
        ]
    );
    assert_eq!(task_split.strips[0].icons[1].kind, Kind::TaskSplit);
}

fn reasons_at(doc: &Doc, strip: usize, index: Option<usize>) -> Vec<String> {
    check(doc)
        .into_iter()
        .filter(|p| p.strip == strip && p.index == index)
        .map(|p| p.reason.to_string())
        .collect()
}

#[test]
fn a_fork_without_its_merge_is_refused_on_the_fork() {
    let doc = doc_of(vec![
        icon(Kind::MotorForward, &[]),
        icon(Kind::TouchFork, &[]),
        icon(Kind::MotorStop, &[]),
        icon(Kind::ForkBranch, &[]),
    ]);
    assert_eq!(reasons_at(&doc, 0, Some(1)), ["fork without its merge"]);
    assert_eq!(check(&doc).len(), 1);
    let refused = generate(&doc).unwrap_err();
    assert_eq!(refused[0].index, Some(1));
}

#[test]
fn a_jump_without_its_land_is_refused_on_the_jump() {
    let doc = doc_of(vec![
        icon(Kind::Land, &[(Param::Label, 2)]),
        icon(Kind::PlaySound, &[]),
        icon(Kind::Jump, &[(Param::Label, 3)]),
    ]);
    assert_eq!(
        reasons_at(&doc, 0, Some(2)),
        ["jump without its land 3 in this strip"]
    );
    assert_eq!(check(&doc).len(), 1);
}

#[test]
fn an_eleventh_task_is_refused_on_its_strip() {
    let mut doc = Doc::default();
    for _ in 0..10 {
        doc = add_task(&doc).unwrap().0;
    }
    assert_eq!(doc.strips.len(), 11);
    assert_eq!(doc.strips[10].id, StripId::Task(10));
    let problems = check(&doc);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].strip, 10);
    assert!(
        problems[0]
            .reason
            .to_string()
            .contains("more than 10 tasks"),
        "{problems:?}"
    );
    // With an icon in it, the reason goes on the task's first icon.
    let doc = insert(&doc, Pos::new(10, 0), icon(Kind::PlaySound, &[])).unwrap();
    assert_eq!(check(&doc)[0].index, Some(0));
}

#[test]
fn a_ninth_subroutine_is_refused_on_its_strip() {
    let mut doc = Doc::default();
    for _ in 0..9 {
        doc = add_sub(&doc).unwrap().0;
    }
    let problems = check(&doc);
    assert_eq!(problems.len(), 1);
    assert_eq!(doc.strips[problems[0].strip].id, StripId::Sub(8));
    assert!(problems[0]
        .reason
        .to_string()
        .contains("more than 8 subroutines"));
}

#[test]
fn too_much_code_is_refused_on_the_icon_that_goes_past_the_program_memory() {
    // Each motor icon is 19 bytes with one port; after the 8-byte header.
    let n = PROGRAM_MEMORY / 19 + 5;
    let doc = doc_of(vec![icon(Kind::MotorForward, &[]); n]);
    let problems = check(&doc);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let at = problems[0].index.unwrap();
    // The first icon whose last byte lies past the memory.
    assert_eq!(at, (PROGRAM_MEMORY - 8) / 19);
    assert!(problems[0].reason.to_string().contains("program memory"));
    let fits = doc_of(vec![icon(Kind::MotorForward, &[]); at]);
    assert!(check(&fits).is_empty());
}

#[test]
fn structures_out_of_order_say_which_structure_is_open() {
    let doc = doc_of(vec![
        icon(Kind::LoopCount, &[]),
        icon(Kind::TouchFork, &[]),
        icon(Kind::LoopEnd, &[]),
        icon(Kind::ForkMerge, &[]),
    ]);
    let r = reasons_at(&doc, 0, Some(2));
    assert_eq!(
        r,
        ["loop end inside the fork at icon 2: the fork needs its merge first"]
    );
    assert_eq!(reasons_at(&doc, 0, Some(0)), ["loop without its end"]);
}

#[test]
fn editing_operations_leave_the_original_document_as_it_was() {
    let doc = Doc::default();
    let one = insert_structure(&doc, Pos::new(0, 0), icon(Kind::TouchFork, &[])).unwrap();
    let kinds: Vec<Kind> = one.strips[0].icons.iter().map(|i| i.kind).collect();
    assert_eq!(kinds, [Kind::TouchFork, Kind::ForkBranch, Kind::ForkMerge]);
    assert!(doc.strips[0].icons.is_empty());
    let two = insert(&one, Pos::new(0, 1), icon(Kind::MotorStop, &[])).unwrap();
    let moved = move_icon(&two, Pos::new(0, 1), Pos::new(0, 3)).unwrap();
    let kinds: Vec<Kind> = moved.strips[0].icons.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::TouchFork,
            Kind::ForkBranch,
            Kind::MotorStop,
            Kind::ForkMerge
        ]
    );
    assert_eq!(
        set_param(&moved, Pos::new(0, 2), Param::Ports, 8),
        Err(EditError::OutOfRange {
            param: Param::Ports,
            value: 8,
            range: 1..=7
        })
    );
    assert_eq!(
        set_param(&moved, Pos::new(0, 2), Param::Power, 3),
        Err(EditError::NoSuchParam {
            kind: Kind::MotorStop,
            param: Param::Power
        })
    );
    let g = insert(&moved, Pos::new(0, 0), Icon::generic(vec![0x90])).unwrap();
    assert_eq!(
        set_param(&g, Pos::new(0, 0), Param::Ports, 1),
        Err(EditError::Generic)
    );
    assert_eq!(remove(&g, Pos::new(0, 0)).unwrap(), moved);
    assert!(check(&moved).is_empty());
}

#[test]
fn a_half_finished_program_survives_the_text_format_as_it_was() {
    let doc = doc_of(vec![
        icon(Kind::MotorForward, &[(Param::Ports, 5), (Param::Power, 3)]),
        icon(Kind::WaitTime, &[(Param::Time, 250)]),
        icon(
            Kind::LightFork,
            &[(Param::SensorPort, 2), (Param::Threshold, 45)],
        ),
        icon(Kind::LoopCount, &[(Param::Count, 4)]),
        icon(
            Kind::PlayTone,
            &[(Param::Frequency, 880), (Param::Duration, 5)],
        ),
        icon(Kind::LoopEnd, &[]),
        icon(Kind::ForkBranch, &[]),
        Icon::generic(vec![0x90, 0x12]),
    ]);
    let (doc, s) = add_sub(&doc).unwrap();
    let mut doc = insert(
        &doc,
        Pos::new(s, 0),
        icon(Kind::Container, &[(Param::Value, -7)]),
    )
    .unwrap();
    doc.strips[0].header = false;
    assert!(!check(&doc).is_empty(), "the fork has no merge yet");
    let text = to_text(&doc);
    assert!(
        text.contains("\tmotor_forward ports=AC power=3\n"),
        "{text}"
    );
    assert!(
        text.contains("\t\tloop_count count=4\n\t\t\tplay_tone frequency=880 duration=0.05\n"),
        "{text}"
    );
    assert!(text.contains("generic code=9012"), "{text}");
    assert!(text.contains("task 0 no-prologue\n"), "{text}");
    assert_eq!(from_text(&text).unwrap(), doc);
}

#[test]
fn a_mistake_in_editor_text_is_reported_with_its_line() {
    let text = "# lurobotsim icon program, format 1\ntask 0\n\tmotor_forward ports=AC power=3\n\twait_time time=2.5\n\tmotor_forward ports=AD\n";
    let e = from_text(text).unwrap_err();
    assert_eq!(e.line, 5);
    assert!(e.message.contains("ports are letters"), "{e}");
    let e = from_text("task 0\n\n\tplay_sound sound=9\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3: Sound must be 0–5 (not 9)");
    let e = from_text("\tplay_sound\n").unwrap_err();
    assert_eq!(e.line, 1);
    let e = from_text("task 0\n\tfly_away\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2: unknown icon 'fly_away'");
    // Seconds read with up to two decimals.
    let d = from_text("task 0\n\twait_time time=2.5\n").unwrap();
    assert_eq!(d.strips[0].icons[0].get(Param::Time), Some(250));
}

#[test]
fn the_generated_code_maps_each_icon_to_its_lasm_lines_and_bytes() {
    let doc = doc_of(vec![
        icon(Kind::MotorForward, &[(Param::Ports, 1)]),
        icon(Kind::WaitTime, &[(Param::Time, 200)]),
        icon(Kind::MotorStop, &[(Param::Ports, 1)]),
    ]);
    let g = generate(&doc).unwrap();
    let lines: Vec<&str> = g.lasm.lines().collect();
    let wait = &g.icons[0][1];
    assert_eq!(&lines[wait.lines.clone()], ["\twait 2,200"]);
    // Header 8 bytes, motor 19: the wait starts at 27.
    assert_eq!(wait.bytes, 27..31);
    assert_eq!(g.icon_at(StripId::Task(0), 28), Some(Pos::new(0, 1)));
    assert_eq!(g.line_at(StripId::Task(0), 27), Some(wait.lines.start));
    assert_eq!(
        g.icon_at(StripId::Task(0), 3),
        None,
        "the header is no icon's"
    );
}

#[test]
fn a_half_finished_program_still_shows_the_lasm_of_each_icon() {
    let doc = doc_of(vec![
        icon(Kind::TouchFork, &[(Param::SensorPort, 2)]),
        icon(Kind::PlaySound, &[(Param::Sound, 3)]),
    ]);
    assert!(generate(&doc).is_err());
    let (lasm, icons) = lurobotsim::trace::edit::lasm_preview(&doc);
    let lines: Vec<&str> = lasm.lines().collect();
    assert_eq!(
        &lines[icons[0][0].lines.clone()],
        ["\tchkl 2,0,1,9,1,Label1001"]
    );
    assert_eq!(&lines[icons[0][1].lines.clone()], ["\tplays 3"]);
}

#[test]
fn every_program_in_the_repository_opens_as_icons_and_generates_back_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["assets/examples", "tests/programs", "tests/data/nqc"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "lasm" || x == "rcx") {
                files.push(p);
            }
        }
    }
    let mut opened = 0;
    for p in files {
        // Some test programs are deliberately broken: only the ones that load count.
        let Ok(program) = load_program_file(&p) else {
            continue;
        };
        let doc = Doc::from_program(&program);
        let g = generate(&doc).unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
        assert_eq!(blocks(&g.program), blocks(&program), "{}", p.display());
        opened += 1;
    }
    assert!(opened > 30, "only {opened} programs opened");
}

/// Generates a document, opens the program again and expects the same document.
fn round_trip(doc: &Doc) {
    let g = generate(doc).unwrap();
    assert_eq!(Doc::from_program(&g.program), *doc, "\n{}", g.lasm);
}

#[test]
fn a_forever_loop_nested_in_a_forever_loop_opens_as_two_loops() {
    round_trip(&doc_of(vec![
        icon(Kind::LoopForever, &[]),
        icon(Kind::LoopForever, &[]),
        icon(Kind::PlaySound, &[]),
        icon(Kind::LoopEnd, &[]),
        icon(Kind::LoopEnd, &[]),
    ]));
}

#[test]
fn a_forever_loop_ending_in_a_wait_opens_as_a_loop_not_as_a_jump() {
    round_trip(&doc_of(vec![
        icon(Kind::LoopForever, &[]),
        icon(Kind::WaitPush, &[]),
        icon(Kind::LoopEnd, &[]),
    ]));
}

#[test]
fn a_fork_with_an_empty_second_branch_closing_another_forks_second_branch_keeps_both_forks() {
    round_trip(&doc_of(vec![
        icon(Kind::TouchFork, &[]),
        icon(Kind::PlaySound, &[]),
        icon(Kind::ForkBranch, &[]),
        icon(Kind::TouchFork, &[]),
        icon(Kind::MotorStop, &[]),
        icon(Kind::ForkBranch, &[]),
        icon(Kind::ForkMerge, &[]),
        icon(Kind::ForkMerge, &[]),
    ]));
}

#[test]
fn a_land_right_before_a_forever_loop_stays_a_land_for_the_jump_to_it() {
    round_trip(&doc_of(vec![
        icon(Kind::Jump, &[(Param::Label, 4)]),
        icon(Kind::PlaySound, &[]),
        icon(Kind::Land, &[(Param::Label, 4)]),
        icon(Kind::LoopForever, &[]),
        icon(Kind::WaitTime, &[]),
        icon(Kind::LoopEnd, &[]),
    ]));
}

/// The editor's problems were English prose the app showed untranslated (issue 40): each is
/// now a typed reason said in the reader's language, with every number in its place.
#[test]
fn editor_problems_are_said_in_every_language_not_in_english_prose() {
    use lurobotsim::i18n::Lang;
    use lurobotsim::trace::edit::Why;
    for why in Why::examples() {
        let english = why.words(Lang::En);
        assert_eq!(english, why.to_string(), "the app's English is the CLI's");
        let numbers: Vec<String> = (why.to_string())
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        for l in lurobotsim::i18n::ALL {
            let w = why.words(l);
            assert!(!w.contains("edit-why") && !w.contains('{'), "{l:?}: {w}");
            for n in &numbers {
                assert!(w.contains(n.as_str()), "{l:?} lost {n}: {w}");
            }
            if l != Lang::En {
                assert_ne!(w, english, "{l:?} says {why:?} in English");
            }
        }
    }
    // A real check's problem, in German.
    let doc = doc_of(vec![icon(Kind::LoopForever, &[])]);
    let p = &check(&doc)[0];
    assert_eq!(p.reason, Why::LoopWithoutEnd);
    assert_eq!(p.reason.words(Lang::De), "Schleife ohne ihr Ende");
}
