//! Desktop app part (render), behind the `gui` feature.
