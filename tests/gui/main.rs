//! The desktop app's tests (feature `gui`): driven through its UI with egui_kittest, rendered to PNG, screenshotted.
//! Grouped in one crate so the test build links one binary instead of one per file.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used)]

mod gui_access;
mod gui_app;
mod gui_challenge;
mod gui_editor;
mod gui_gif;
mod gui_grade;
mod gui_i18n;
mod gui_journey;
mod gui_pool;
mod gui_rcx;
mod gui_render;
mod gui_scenes;
mod gui_screenshot;
mod gui_support;
mod gui_tab;
mod gui_web;
