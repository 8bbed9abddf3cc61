//! Desktop app part (ui), behind the `gui` feature.
