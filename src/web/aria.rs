//! The tab's accessibility tree: hidden DOM elements kept in step with egui's AccessKit
//! tree (`crate::ui::aria` turns it into ARIA roles, names and states), so a browser's
//! screen reader and its accessibility tree see the app's controls by name, and a click or
//! focus that assistive technology gives an element reaches the widget it mirrors.
//!
//! The canvas keeps the keyboard (egui walks its own Tab order): it is the page's
//! `application`, owns the mirror (`aria-owns`) and names the focused widget's element as
//! its `aria-activedescendant`, so a screen reader says each widget Tab reaches. The mirror
//! lies under the canvas, each element at its widget's place (a screen reader's highlight
//! shows where), never drawn (transparent, no pointer events).

use crate::ui::aria::{self, Act, AriaMirror, Element, Mirror, Requests};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The mirror's root element's id.
const ROOT_ID: &str = "lurobotsim-a11y";

/// A mirrored element: the DOM element, what it shows, its style.
struct Shown {
    el: web_sys::HtmlElement,
    element: Element,
    style: String,
}

/// The page's side of the mirror.
struct Dom {
    document: web_sys::Document,
    root: web_sys::HtmlElement,
    canvas: web_sys::HtmlElement,
    shown: HashMap<u64, Shown>,
}

thread_local! {
    static DOM: RefCell<Option<Dom>> = const { RefCell::new(None) };
}

/// Makes the canvas the page's application with the mirror under it, and adds the mirror
/// plugin to `ctx`.
pub fn install(ctx: &egui::Context, canvas: &web_sys::HtmlCanvasElement) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let root = document
        .create_element("div")?
        .dyn_into::<web_sys::HtmlElement>()?;
    root.set_id(ROOT_ID);
    // Under the canvas (earlier in the page, so the canvas paints over it), transparent,
    // and never in the pointer's way.
    root.set_attribute(
        "style",
        "position:fixed;left:0;top:0;width:100%;height:100%;overflow:hidden;\
         color:transparent;pointer-events:none;user-select:none;",
    )?;
    let canvas: web_sys::HtmlElement = canvas.clone().unchecked_into();
    canvas
        .parent_node()
        .ok_or("the canvas is not in the page")?
        .insert_before(&root, Some(&canvas))?;
    canvas.set_attribute("role", "application")?;
    canvas.set_attribute("aria-roledescription", "RCX robot simulator")?;
    canvas.set_attribute("aria-label", "lurobotsim")?;
    canvas.set_attribute("aria-owns", ROOT_ID)?;
    let (plugin, requests) = AriaMirror::new(Box::new(show));
    listen(&root, "click", Act::Click, ctx.clone(), requests.clone())?;
    listen(&root, "focusin", Act::Focus, ctx.clone(), requests)?;
    DOM.with(|d| {
        *d.borrow_mut() = Some(Dom {
            document,
            root,
            canvas,
            shown: HashMap::new(),
        })
    });
    ctx.add_plugin(plugin);
    Ok(())
}

/// What assistive technology does to a mirrored element (`event` on it) becomes `act` on
/// its widget at the next frame.
fn listen(
    root: &web_sys::HtmlElement,
    event: &str,
    act: Act,
    ctx: egui::Context,
    requests: Requests,
) -> Result<(), JsValue> {
    let handler = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(target) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Ok(Some(el)) = target.closest("[id^=lurobotsim-ax-]") else {
            return;
        };
        if let Some(id) = aria::node_of_dom_id(&el.id()) {
            if act == Act::Click {
                e.prevent_default();
            }
            requests.push(id, act);
            ctx.request_repaint();
        }
    });
    root.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref())?;
    handler.forget();
    Ok(())
}

/// The element's place over the canvas, in CSS pixels.
fn style_of(e: &Element, zoom: f32) -> String {
    let [x0, y0, x1, y1] = e.bounds.unwrap_or([0.0, 0.0, 1.0, 1.0]);
    format!(
        "position:fixed;overflow:hidden;white-space:nowrap;margin:0;padding:0;border:0;\
         left:{:.0}px;top:{:.0}px;width:{:.0}px;height:{:.0}px;",
        x0 * zoom,
        y0 * zoom,
        ((x1 - x0) * zoom).max(1.0),
        ((y1 - y0) * zoom).max(1.0)
    )
}

/// Brings the DOM in step with `m` (called by the plugin when the tree changed).
fn show(ctx: &egui::Context, m: &Mirror) {
    let zoom = ctx.zoom_factor();
    DOM.with(|d| {
        if let Some(dom) = d.borrow_mut().as_mut() {
            if let Err(e) = dom.show(m, zoom) {
                log::warn!("the accessibility mirror failed: {e:?}");
            }
        }
    });
}

impl Dom {
    fn show(&mut self, m: &Mirror, zoom: f32) -> Result<(), JsValue> {
        let mut keep = HashSet::new();
        // The last element placed under each parent (None: the root), to keep reading order.
        let mut last: HashMap<Option<u64>, web_sys::Element> = HashMap::new();
        for e in &m.elements {
            keep.insert(e.id);
            let style = style_of(e, zoom);
            let el = match self.shown.get_mut(&e.id) {
                Some(s) => {
                    if s.element != *e {
                        update(&s.el, &s.element, e)?;
                        s.element = e.clone();
                    }
                    if s.style != style {
                        s.el.set_attribute("style", &style)?;
                        s.style = style;
                    }
                    s.el.clone()
                }
                None => {
                    let el = self
                        .document
                        .create_element("div")?
                        .dyn_into::<web_sys::HtmlElement>()?;
                    el.set_id(&aria::dom_id(e.id));
                    el.set_attribute("style", &style)?;
                    create(&el, e)?;
                    self.shown.insert(
                        e.id,
                        Shown {
                            el: el.clone(),
                            element: e.clone(),
                            style,
                        },
                    );
                    el
                }
            };
            let parent: web_sys::Element = match e.parent.and_then(|p| self.shown.get(&p)) {
                Some(p) => p.el.clone().into(),
                None => self.root.clone().into(),
            };
            let prev = last.get(&e.parent);
            let placed = el.parent_element().as_ref() == Some(&parent)
                && el.previous_element_sibling().as_ref() == prev;
            if !placed {
                let before: Option<web_sys::Node> = match prev {
                    Some(p) => p.next_sibling(),
                    None => parent.first_element_child().map(Into::into),
                };
                parent.insert_before(&el, before.as_ref())?;
            }
            last.insert(e.parent, el.into());
        }
        self.shown.retain(|id, s| {
            let stays = keep.contains(id);
            if !stays {
                s.el.remove();
            }
            stays
        });
        if let Some(lang) = &m.language {
            if self.root.get_attribute("lang").as_deref() != Some(lang.as_str()) {
                self.root.set_attribute("lang", lang)?;
                self.canvas.set_attribute("lang", lang)?;
                if let Some(html) = self.document.document_element() {
                    html.set_attribute("lang", lang)?;
                }
            }
        }
        match m.focus {
            Some(f) => self
                .canvas
                .set_attribute("aria-activedescendant", &aria::dom_id(f))?,
            None => self.canvas.remove_attribute("aria-activedescendant")?,
        }
        // While a text field (a number box being typed in included) has the keyboard,
        // eframe's hidden <input>, the canvas's next sibling, takes the page's focus and a
        // screen reader says that input: it gets the focused widget's name, not none.
        if let Some(agent) = self
            .canvas
            .next_element_sibling()
            .filter(|e| e.tag_name().eq_ignore_ascii_case("input"))
        {
            let name = m
                .focus
                .and_then(|f| m.elements.iter().find(|e| e.id == f))
                .and_then(Element::name);
            match name {
                Some(n) if agent.get_attribute("aria-label").as_deref() != Some(n) => {
                    agent.set_attribute("aria-label", n)?
                }
                Some(_) => {}
                None => agent.remove_attribute("aria-label")?,
            }
        }
        Ok(())
    }
}

/// A new element's attributes and text.
fn create(el: &web_sys::HtmlElement, e: &Element) -> Result<(), JsValue> {
    for (k, v) in &e.attrs {
        el.set_attribute(k, v)?;
    }
    if e.clickable {
        el.set_tab_index(-1);
    }
    set_text(el, e.text.as_deref())
}

/// An element's changes since `old`.
fn update(el: &web_sys::HtmlElement, old: &Element, new: &Element) -> Result<(), JsValue> {
    for (k, _) in &old.attrs {
        if new.attr(k).is_none() {
            el.remove_attribute(k)?;
        }
    }
    for (k, v) in &new.attrs {
        if old.attr(k) != Some(v.as_str()) {
            el.set_attribute(k, v)?;
        }
    }
    if old.clickable != new.clickable {
        if new.clickable {
            el.set_tab_index(-1);
        } else {
            el.remove_attribute("tabindex")?;
        }
    }
    if old.text != new.text {
        set_text(el, new.text.as_deref())?;
    }
    Ok(())
}

/// The element's own words: a text node before its child elements (which stay).
fn set_text(el: &web_sys::HtmlElement, text: Option<&str>) -> Result<(), JsValue> {
    let first = el.first_child();
    let existing = first
        .as_ref()
        .and_then(|n| n.dyn_ref::<web_sys::Text>().cloned());
    match (existing, text) {
        (Some(t), Some(words)) => t.set_data(words),
        (Some(t), None) => {
            el.remove_child(&t)?;
        }
        (None, Some(words)) => {
            let t = web_sys::window()
                .and_then(|w| w.document())
                .ok_or("no document")?
                .create_text_node(words);
            el.insert_before(&t, first.as_ref())?;
        }
        (None, None) => {}
    }
    Ok(())
}
