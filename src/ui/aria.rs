//! The window's accessibility tree as ARIA, for a browser tab. On the desktop egui's
//! AccessKit tree reaches screen readers natively (AT-SPI, UI Automation); eframe's web
//! runner drops it. [`AriaMirror`] is an egui [`Plugin`](egui::Plugin) that takes each
//! frame's AccessKit update and turns it into [`Element`]s — an ARIA role, a name, states
//! and bounds per node, in reading order — for a sink to show (`crate::web` keeps hidden DOM
//! elements in step with them), and feeds what assistive technology does to those elements
//! (click, focus: [`AriaMirror::request`]) back into egui as AccessKit action requests, the
//! same events a desktop screen reader's actions become. Pure: no DOM here, so the tests run
//! it against the real app natively.

use egui::accesskit::{self, Action, ActionRequest, Live, Node, NodeId, Role, Toggled, TreeUpdate};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One node of the tree as an element of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// The AccessKit node's id (the element's DOM id is [`dom_id`] of it).
    pub id: u64,
    /// The nearest mirrored ancestor (`None`: a child of the mirror's root).
    pub parent: Option<u64>,
    /// Attributes: `role`, `aria-label`, `aria-pressed`, `aria-live`, … (sorted by name).
    pub attrs: Attrs,
    /// The element's text (a label's words; a text field's or combo box's value).
    pub text: Option<String>,
    /// Where the node is drawn, in egui points (min x, min y, max x, max y).
    pub bounds: Option<[f32; 4]>,
    /// A click on it is a click on the widget.
    pub clickable: bool,
}

impl Element {
    /// The value of attribute `name`, if set.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Its ARIA role (`button`, `checkbox`, …), if it has one.
    pub fn role(&self) -> Option<&str> {
        self.attr("role")
    }

    /// The name a screen reader says: its label, else its text.
    pub fn name(&self) -> Option<&str> {
        self.attr("aria-label").or(self.text.as_deref())
    }
}

/// The whole tree for one frame: elements in reading order (parents before children) and
/// the focused one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mirror {
    pub elements: Vec<Element>,
    pub focus: Option<u64>,
    /// The window's language (a BCP 47 code, for the page's `lang`).
    pub language: Option<String>,
}

impl Mirror {
    /// The first element with `role` whose name is exactly `name`.
    pub fn find(&self, role: &str, name: &str) -> Option<&Element> {
        self.elements
            .iter()
            .find(|e| e.role() == Some(role) && e.name() == Some(name))
    }
}

/// The DOM id of the element mirroring AccessKit node `id`.
pub fn dom_id(id: u64) -> String {
    format!("lurobotsim-ax-{id}")
}

/// The AccessKit node id a DOM id of [`dom_id`] stands for.
pub fn node_of_dom_id(dom: &str) -> Option<u64> {
    dom.strip_prefix("lurobotsim-ax-")?.parse().ok()
}

/// The ARIA role of an AccessKit role (`None`: a plain container or text).
fn aria_role(role: Role) -> Option<&'static str> {
    Some(match role {
        Role::Button | Role::DefaultButton => "button",
        Role::CheckBox => "checkbox",
        Role::Switch => "switch",
        Role::RadioButton => "radio",
        Role::RadioGroup => "radiogroup",
        Role::TextInput | Role::MultilineTextInput | Role::SearchInput => "textbox",
        Role::Slider => "slider",
        Role::SpinButton => "spinbutton",
        Role::ComboBox | Role::EditableComboBox => "combobox",
        Role::ListBox => "listbox",
        Role::ListBoxOption => "option",
        Role::Menu => "menu",
        Role::MenuBar => "menubar",
        Role::MenuItem => "menuitem",
        Role::MenuItemCheckBox => "menuitemcheckbox",
        Role::MenuItemRadio => "menuitemradio",
        Role::Dialog => "dialog",
        Role::AlertDialog => "alertdialog",
        Role::Alert => "alert",
        Role::Status => "status",
        Role::Log => "log",
        Role::Timer => "timer",
        Role::Meter => "meter",
        Role::ProgressIndicator => "progressbar",
        Role::Tooltip => "tooltip",
        Role::Link => "link",
        Role::Image => "img",
        Role::Heading => "heading",
        Role::List => "list",
        Role::ListItem => "listitem",
        Role::Tab => "tab",
        Role::TabList => "tablist",
        Role::TabPanel => "tabpanel",
        Role::Toolbar => "toolbar",
        Role::Table => "table",
        Role::Row => "row",
        Role::Cell => "cell",
        Role::ColumnHeader => "columnheader",
        Role::RowHeader => "rowheader",
        Role::Grid => "grid",
        Role::Tree => "tree",
        Role::TreeItem => "treeitem",
        Role::Group => "group",
        Role::Region | Role::Pane => "region",
        // A pane's resize handle (egui's panels), named after its pane.
        Role::Splitter => "separator",
        _ => return None,
    })
}

/// Roles whose words are their name (`aria-label` would hide nothing: they are text).
fn is_text(role: Role) -> bool {
    matches!(role, Role::Label | Role::Paragraph)
}

/// Roles whose value is what they show (the words inside the element).
fn shows_value(role: Role) -> bool {
    matches!(
        role,
        Role::TextInput
            | Role::MultilineTextInput
            | Role::SearchInput
            | Role::ComboBox
            | Role::EditableComboBox
    )
}

/// A number as ARIA writes it (no needless decimals).
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// An element's attributes (name, value).
type Attrs = Vec<(&'static str, String)>;

/// One node's attributes, text and whether it takes clicks (`None`: not mirrored itself —
/// its children go to its parent).
fn element_of(node: &Node) -> Option<(Attrs, Option<String>, bool)> {
    let role = node.role();
    if node.is_hidden() || role == Role::TextRun {
        return None;
    }
    let mut attrs: Attrs = Vec::new();
    let mut text = None;
    let aria = aria_role(role);
    let label = node.label().filter(|l| !l.is_empty()).map(str::to_string);
    let value = node.value().filter(|v| !v.is_empty()).map(str::to_string);
    // A pane without a name is no landmark: a plain container.
    let aria = match aria {
        Some("region") if label.is_none() => None,
        a => a,
    };
    if is_text(role) {
        // egui keeps a label's words as its value.
        text = Some(value.clone().or_else(|| label.clone())?);
    } else if shows_value(role) {
        text = value.clone();
    }
    if let Some(r) = aria {
        attrs.push(("role", r.to_string()));
    } else if !is_text(role) && label.is_none() && node.description().is_none() {
        // A nameless container: skipped, its children go to its parent.
        if node.live().is_none_or(|l| l == Live::Off) {
            return None;
        }
    }
    if !is_text(role) {
        if let Some(l) = &label {
            attrs.push(("aria-label", l.clone()));
        }
    }
    // The description: a button's caption or other value that is not its name (an icon's
    // parameters), then its tooltip unless that only repeats the name.
    let extra = value
        .as_ref()
        .filter(|_| !is_text(role) && !shows_value(role) && aria != Some("slider"))
        .filter(|v| label.as_deref() != Some(v.as_str()));
    let tip = node
        .description()
        .filter(|d| !d.is_empty())
        .filter(|d| label.as_deref() != Some(*d) && text.as_deref() != Some(*d));
    match (extra, tip) {
        (Some(v), Some(d)) => attrs.push(("aria-description", format!("{v}. {d}"))),
        (Some(v), None) => attrs.push(("aria-description", v.clone())),
        (None, Some(d)) => attrs.push(("aria-description", d.to_string())),
        (None, None) => {}
    }
    if let Some(p) = node.placeholder().filter(|p| !p.is_empty()) {
        attrs.push(("aria-placeholder", p.to_string()));
    }
    if let Some(t) = node.toggled() {
        let word = match t {
            Toggled::True => "true",
            Toggled::False => "false",
            Toggled::Mixed => "mixed",
        };
        let attr = match aria {
            Some("button") => "aria-pressed",
            Some("checkbox" | "switch" | "radio" | "menuitemcheckbox" | "menuitemradio") => {
                "aria-checked"
            }
            _ => "aria-selected",
        };
        attrs.push((attr, word.to_string()));
    }
    if node.is_disabled() {
        attrs.push(("aria-disabled", "true".into()));
    }
    if let Some(e) = node.is_expanded() {
        attrs.push(("aria-expanded", e.to_string()));
    }
    if let Some(s) = node.is_selected() {
        attrs.push(("aria-selected", s.to_string()));
    }
    if matches!(
        aria,
        Some("slider" | "spinbutton" | "progressbar" | "meter")
    ) {
        if let Some(v) = node.numeric_value() {
            attrs.push(("aria-valuenow", number(v)));
        }
        if let Some(v) = node.min_numeric_value() {
            attrs.push(("aria-valuemin", number(v)));
        }
        if let Some(v) = node.max_numeric_value() {
            attrs.push(("aria-valuemax", number(v)));
        }
        if let Some(v) = &value {
            attrs.push(("aria-valuetext", v.clone()));
        }
    }
    match node.live() {
        Some(Live::Polite) => attrs.push(("aria-live", "polite".into())),
        Some(Live::Assertive) => attrs.push(("aria-live", "assertive".into())),
        _ => {}
    }
    if !node.labelled_by().is_empty() && label.is_none() {
        let ids: Vec<String> = node.labelled_by().iter().map(|n| dom_id(n.0)).collect();
        attrs.push(("aria-labelledby", ids.join(" ")));
    }
    attrs.sort();
    let clickable = node.supports_action(Action::Click) && !node.is_disabled();
    Some((attrs, text, clickable))
}

/// The mirror of a whole-tree update (egui sends the whole tree every frame).
pub fn mirror(update: &TreeUpdate) -> Mirror {
    let nodes: HashMap<NodeId, &Node> = update.nodes.iter().map(|(id, n)| (*id, n)).collect();
    let Some(root) = update.tree.as_ref().map(|t| t.root) else {
        return Mirror::default();
    };
    let mut out = Mirror {
        language: nodes
            .get(&root)
            .and_then(|r| r.language())
            .map(str::to_string),
        ..Mirror::default()
    };
    // Depth first in children order (the reading order), iteratively.
    let mut stack: Vec<(NodeId, Option<u64>)> = Vec::new();
    if let Some(r) = nodes.get(&root) {
        for c in r.children().iter().rev() {
            stack.push((*c, None));
        }
    }
    while let Some((id, parent)) = stack.pop() {
        let Some(node) = nodes.get(&id) else { continue };
        if node.is_hidden() {
            continue;
        }
        let mine = element_of(node).map(|(attrs, text, clickable)| Element {
            id: id.0,
            parent,
            attrs,
            text,
            bounds: node
                .bounds()
                .map(|b| [b.x0 as f32, b.y0 as f32, b.x1 as f32, b.y1 as f32]),
            clickable,
        });
        let below = match &mine {
            Some(_) => Some(id.0),
            None => parent,
        };
        if let Some(e) = mine {
            out.elements.push(e);
        }
        if node.role() == Role::TextRun {
            continue;
        }
        for c in node.children().iter().rev() {
            stack.push((*c, below));
        }
    }
    let shown: std::collections::HashSet<u64> = out.elements.iter().map(|e| e.id).collect();
    out.focus = Some(update.focus.0).filter(|f| *f != root.0 && shown.contains(f));
    out
}

/// What assistive technology can do to an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Click,
    Focus,
}

/// Where the mirror goes each frame (the page's DOM in a tab; a test's capture).
pub type Sink = Box<dyn FnMut(&egui::Context, &Mirror) + Send + Sync>;

/// The plugin: mirrors each frame's tree into its sink and hands the actions asked of the
/// elements to egui at the start of the next frame.
pub struct AriaMirror {
    sink: Sink,
    requests: Arc<Mutex<Vec<ActionRequest>>>,
    last: Option<Mirror>,
}

/// Where a sink's page asks for actions: [`Requests::push`], then repaint.
#[derive(Clone, Default)]
pub struct Requests(Arc<Mutex<Vec<ActionRequest>>>);

impl Requests {
    /// Asks for `act` on the element mirroring node `id` (taken at the next frame).
    pub fn push(&self, id: u64, act: Act) {
        let action = match act {
            Act::Click => Action::Click,
            Act::Focus => Action::Focus,
        };
        if let Ok(mut q) = self.0.lock() {
            // A page cannot flood the app: a frame takes at most a few actions.
            if q.len() < 64 {
                q.push(ActionRequest {
                    action,
                    target_tree: accesskit::TreeId::ROOT,
                    target_node: NodeId(id),
                    data: None,
                });
            }
        }
    }
}

impl AriaMirror {
    /// A mirror into `sink`, and the handle its page asks for actions through.
    pub fn new(sink: Sink) -> (AriaMirror, Requests) {
        let requests = Requests::default();
        (
            AriaMirror {
                sink,
                requests: requests.0.clone(),
                last: None,
            },
            requests,
        )
    }
}

impl egui::Plugin for AriaMirror {
    fn debug_name(&self) -> &'static str {
        "lurobotsim ARIA mirror"
    }

    fn setup(&mut self, ctx: &egui::Context) {
        // eframe's web runner never asks egui for the tree: ask for it here.
        ctx.enable_accesskit();
    }

    fn input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        let taken = match self.requests.lock() {
            Ok(mut q) => std::mem::take(&mut *q),
            Err(_) => Vec::new(),
        };
        for r in taken {
            input.events.push(egui::Event::AccessKitActionRequest(r));
        }
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = output.platform_output.accesskit_update.as_ref() else {
            return;
        };
        let m = mirror(update);
        // Most frames change nothing a screen reader hears.
        if self.last.as_ref() != Some(&m) {
            (self.sink)(ctx, &m);
            self.last = Some(m);
        }
    }
}
