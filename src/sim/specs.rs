//! Robot and environment files kept as text (`SpecSource`, resolved by `world::spec`),
//! re-exported here for the recordings and scenarios that carry them.

pub use crate::world::spec::SpecSource;
