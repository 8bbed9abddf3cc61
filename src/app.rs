//! Desktop app part (app), behind the `gui` feature.
