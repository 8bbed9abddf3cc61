//! A browser tab's host (feature `web`): a hidden `<input type=file>` is the picker (what
//! it reads arrives as bytes, a folder's files with their relative names), dropped files
//! are read as the browser allows (later, as bytes), a saved file is a download, settings
//! live in the page's local storage (`lurobotsim-<name>`), the language is the browser's.
//! A tab has no paths, no folders to list and no threads; a job's units run on its Web
//! Workers (`tab_pool.rs`).

use super::port::{Arrived, Caps, Entry, FileBytes, Pick, Platform, ReadError};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

type Inbox = Rc<RefCell<Vec<Arrived>>>;

pub(super) struct Tab {
    input: web_sys::HtmlInputElement,
    inbox: Inbox,
    /// Wakes the window when files have been read (the page's events came and went).
    waker: Rc<RefCell<Option<egui::Context>>>,
}

/// The page's local storage, if the browser has one.
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn no_paths() -> String {
    "a browser tab opens files with its own picker, not by path".into()
}

impl Tab {
    /// Puts the hidden file input into `document`; what it reads lands in the inbox.
    pub(super) fn new(document: &web_sys::Document) -> Result<Tab, JsValue> {
        let input = document
            .create_element("input")?
            .dyn_into::<web_sys::HtmlInputElement>()?;
        input.set_type("file");
        input.set_id("lurobotsim-file");
        input.style().set_property("display", "none")?;
        let inbox: Inbox = Rc::default();
        let waker: Rc<RefCell<Option<egui::Context>>> = Rc::default();
        let on_change = {
            let (input, inbox, waker) = (input.clone(), inbox.clone(), waker.clone());
            Closure::<dyn FnMut()>::new(move || {
                let Some(list) = input.files() else {
                    return;
                };
                let files: Vec<web_sys::File> =
                    (0..list.length()).filter_map(|i| list.get(i)).collect();
                let (input, inbox, waker) = (input.clone(), inbox.clone(), waker.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let mut read = Vec::new();
                    for file in files {
                        if let Some(f) = read_file(&file).await {
                            read.push(f);
                        }
                    }
                    inbox.borrow_mut().push(Arrived::Files {
                        files: read,
                        picked: true,
                    });
                    // The same file can be picked again.
                    input.set_value("");
                    if let Some(ctx) = &*waker.borrow() {
                        ctx.request_repaint();
                    }
                });
            })
        };
        input.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())?;
        on_change.forget();
        document.body().ok_or("no body")?.append_child(&input)?;
        Ok(Tab {
            input,
            inbox,
            waker,
        })
    }
}

/// A picked file's name (its path inside a picked folder) and bytes.
async fn read_file(file: &web_sys::File) -> Option<FileBytes> {
    let relative = js_sys::Reflect::get(file, &JsValue::from_str("webkitRelativePath"))
        .ok()
        .and_then(|v| v.as_string())
        .filter(|s| !s.is_empty());
    let name = relative.unwrap_or_else(|| file.name());
    let buf = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .ok()?;
    Some(FileBytes {
        name,
        bytes: js_sys::Uint8Array::new(&buf).to_vec(),
    })
}

/// Offers `bytes` as a download called `name`.
fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), JsValue> {
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a = document
        .create_element("a")?
        .dyn_into::<web_sys::HtmlAnchorElement>()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}

impl Platform for Tab {
    fn caps(&self) -> Caps {
        Caps {
            threads: false,
            folders: false,
            gpu_readback: false,
        }
    }

    fn read(&self, _path: &Path, _max: u64) -> Result<Vec<u8>, ReadError> {
        Err(ReadError::Cannot(no_paths()))
    }

    fn list(&self, _dir: &Path) -> Result<Vec<Entry>, String> {
        Err(no_paths())
    }

    fn is_folder(&self, _path: &Path) -> Option<bool> {
        None
    }

    fn put(&self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), super::PutError> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "lurobotsim-file".into());
        download(&name, bytes, mime).map_err(|e| super::PutError::Download {
            name: name.to_string(),
            why: format!("{e:?}"),
        })
    }

    fn pick(&self, pick: &Pick) -> bool {
        self.input.set_accept(pick.accept);
        self.input.set_multiple(pick.multiple);
        self.input.set_webkitdirectory(pick.folder);
        self.input.click();
        true
    }

    fn arrived(&self) -> Vec<Arrived> {
        std::mem::take(&mut *self.inbox.borrow_mut())
    }

    fn frame(&self, files: Vec<egui::DroppedFileHandle>, ctx: &egui::Context) {
        if self.waker.borrow().is_none() {
            *self.waker.borrow_mut() = Some(ctx.clone());
        }
        if files.is_empty() {
            return;
        }
        let (inbox, ctx) = (self.inbox.clone(), ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let mut read = Vec::new();
            for file in files {
                let name = file
                    .path()
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if let Ok(bytes) = file.bytes_async().await {
                    read.push(FileBytes { name, bytes });
                }
            }
            inbox.borrow_mut().push(Arrived::Files {
                files: read,
                picked: false,
            });
            ctx.request_repaint();
        });
    }

    fn setting(&self, name: &str) -> Option<String> {
        local_storage()?
            .get_item(&format!("lurobotsim-{name}"))
            .ok()?
            .filter(|t| !t.trim().is_empty())
    }

    fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), String> {
        let store = local_storage().ok_or("this browser keeps no local storage")?;
        let key = format!("lurobotsim-{name}");
        match value {
            Some(v) => store
                .set_item(&key, v)
                .map_err(|_| "the browser's storage is full or refused".to_string()),
            None => {
                let _ = store.remove_item(&key);
                Ok(())
            }
        }
    }

    fn system_language(&self) -> Option<crate::i18n::Lang> {
        crate::i18n::Lang::from_code(&web_sys::window()?.navigator().language()?)
    }

    fn current_dir(&self) -> PathBuf {
        PathBuf::new()
    }

    fn towers(&self) -> super::brick::Towers {
        let has = |o: &wasm_bindgen::JsValue, name: &str| {
            js_sys::Reflect::has(o, &wasm_bindgen::JsValue::from_str(name)).unwrap_or(false)
        };
        let (secure, serial, usb) = match web_sys::window() {
            Some(w) => {
                let nav = wasm_bindgen::JsValue::from(w.navigator());
                (w.is_secure_context(), has(&nav, "serial"), has(&nav, "usb"))
            }
            None => (false, false, false),
        };
        let mut towers = super::brick::tab_towers(secure, serial, usb);
        if towers.pickers.is_none() {
            return towers;
        }
        // The ports and towers picked with the browser's pickers (they stay open for the
        // tab's jobs).
        let serial_ports = crate::brick::web_serial::ports()
            .into_iter()
            .map(|(port, what)| super::brick::TowerPort {
                port,
                what: match what.is_empty() {
                    true => "serial port".into(),
                    false => what,
                },
                tower: true,
                kind: super::brick::PortKind::Serial,
            });
        let usb_towers = crate::brick::web_usb::towers()
            .into_iter()
            .map(|(port, what)| super::brick::TowerPort {
                port,
                what,
                tower: true,
                kind: super::brick::PortKind::UsbTower,
            });
        towers.ports = serial_ports.chain(usb_towers).collect();
        towers
    }

    fn pick_tower(&self, kind: super::brick::PickKind) -> bool {
        let waker = self.waker.clone();
        let wake = move || {
            if let Some(ctx) = &*waker.borrow() {
                ctx.request_repaint();
            }
        };
        match kind {
            super::brick::PickKind::Serial => crate::brick::web_serial::pick(wake),
            super::brick::PickKind::Usb => crate::brick::web_usb::pick(wake),
        }
    }

    fn picked_tower(&self) -> Option<Result<String, super::brick::PickError>> {
        crate::brick::web_serial::picked().or_else(crate::brick::web_usb::picked)
    }

    fn farm(&self) -> Option<Box<dyn super::job::Farm>> {
        let waker = self.waker.clone();
        let wake = move || {
            if let Some(ctx) = &*waker.borrow() {
                ctx.request_repaint();
            }
        };
        Some(Box::new(super::tab_pool::WorkerPool::new(Rc::new(wake))))
    }

    fn absolute(&self, path: &Path) -> PathBuf {
        path.to_path_buf()
    }

    fn asset_path(&self, _rel: &str) -> Option<PathBuf> {
        None
    }
}
