//! A document compiled: checked ([`check`]), then generated and assembled
//! ([`super::gen`]).

use super::check::check;
use super::gen::{lasm_preview, Generated};
use super::{Doc, Problem};

/// Generates the LASM and bytecode of a document; refuses with every [`Problem`] when
/// something cannot compile ([`super::check`]; it lives apart from both, as the checks use the
/// generator too).
pub fn generate(doc: &Doc) -> Result<Generated, Vec<Problem>> {
    let problems = check(doc);
    if !problems.is_empty() {
        return Err(problems);
    }
    let (lasm, icons) = lasm_preview(doc);
    let program = crate::rcx::lasm::assemble(&lasm, "editor").map_err(|e| {
        vec![Problem {
            strip: 0,
            index: None,
            reason: super::why::Why::Assemble(e.to_string()),
        }]
    })?;
    Ok(Generated {
        lasm,
        program,
        icons,
        ids: doc.strips.iter().map(|s| s.id).collect(),
    })
}
