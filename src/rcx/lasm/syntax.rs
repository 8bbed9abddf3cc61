//! Line syntax of LASM: comments, labels, mnemonic and operands, with 1-based columns.
//! Knows nothing about opcodes; the assembler gives the words their meaning.

/// One operand as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Num(i32),
    Name(String),
}

/// An operand with the column it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgAt {
    pub arg: Arg,
    pub col: usize,
}

/// The parts of one source line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Labels defined on this line, with their columns.
    pub labels: Vec<(String, usize)>,
    /// Mnemonic or directive and its column.
    pub word: Option<(String, usize)>,
    pub args: Vec<ArgAt>,
}

/// A syntax error: column and message.
pub type SyntaxError = (usize, String);

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Num(String),
    Colon,
    Comma,
}

/// Cuts a `;` or `//` comment off.
fn strip_comment(line: &str) -> &str {
    let semi = line.find(';');
    let slashes = line.find("//");
    match (semi, slashes) {
        (Some(a), Some(b)) => &line[..a.min(b)],
        (Some(a), None) | (None, Some(a)) => &line[..a],
        (None, None) => line,
    }
}

pub(super) fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c == ':' {
            out.push((Tok::Colon, col));
            i += 1;
        } else if c == ',' {
            out.push((Tok::Comma, col));
            i += 1;
        } else if is_word_start(c) {
            let start = i;
            while i < chars.len() && is_word_char(chars[i]) {
                i += 1;
            }
            out.push((Tok::Word(chars[start..i].iter().collect()), col));
        } else if c.is_ascii_digit() || c == '-' || c == '+' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push((Tok::Num(chars[start..i].iter().collect()), col));
        } else {
            return Err((col, format!("unexpected character '{c}'")));
        }
    }
    Ok(out)
}

/// Parses a number: decimal, optional sign, `0x` hex.
fn parse_num(text: &str, col: usize) -> Result<i32, SyntaxError> {
    let (neg, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let bad = || (col, format!("'{text}' is not a number"));
    let magnitude: i64 =
        if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(bad());
            }
            i64::from_str_radix(hex, 16).map_err(|_| (col, format!("'{text}' is too large")))?
        } else {
            if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            body.parse::<i64>()
                .map_err(|_| (col, format!("'{text}' is too large")))?
        };
    let v = if neg { -magnitude } else { magnitude };
    i32::try_from(v).map_err(|_| (col, format!("'{text}' is too large")))
}

/// Parses one line of LASM.
pub fn parse_line(line: &str) -> Result<Line, SyntaxError> {
    let toks = tokenize(strip_comment(line))?;
    let mut out = Line::default();
    let mut i = 0;
    // Labels: `name:` (any number of them) at the start.
    while i + 1 < toks.len() {
        match (&toks[i].0, &toks[i + 1].0) {
            (Tok::Word(w), Tok::Colon) => {
                out.labels.push((w.clone(), toks[i].1));
                i += 2;
            }
            _ => break,
        }
    }
    let Some((first, col)) = toks.get(i) else {
        return Ok(out);
    };
    match first {
        Tok::Word(w) => out.word = Some((w.clone(), *col)),
        Tok::Num(n) => return Err((*col, format!("expected a mnemonic, found '{n}'"))),
        Tok::Colon => return Err((*col, "':' without a label name before it".into())),
        Tok::Comma => return Err((*col, "expected a mnemonic, found ','".into())),
    }
    i += 1;
    // Operands separated by commas and/or spaces: a comma must sit between two operands.
    let mut want_operand = false;
    let mut last_comma = 0;
    while let Some((t, col)) = toks.get(i) {
        match t {
            Tok::Comma => {
                if out.args.is_empty() || want_operand {
                    return Err((*col, "missing operand before ','".into()));
                }
                want_operand = true;
                last_comma = *col;
            }
            Tok::Colon => return Err((*col, "unexpected ':' among the operands".into())),
            Tok::Num(n) => {
                out.args.push(ArgAt {
                    arg: Arg::Num(parse_num(n, *col)?),
                    col: *col,
                });
                want_operand = false;
            }
            Tok::Word(w) => {
                out.args.push(ArgAt {
                    arg: Arg::Name(w.clone()),
                    col: *col,
                });
                want_operand = false;
            }
        }
        i += 1;
    }
    if want_operand {
        return Err((last_comma, "missing operand after ','".into()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_label_mnemonic_and_mixed_separators_parse() {
        let l = parse_line("L1: chkl 2,40 1, 9,0,L2 ; wait for dark").unwrap();
        assert_eq!(l.labels, vec![("L1".to_string(), 1)]);
        assert_eq!(l.word, Some(("chkl".to_string(), 5)));
        let a: Vec<_> = l.args.iter().map(|a| a.arg.clone()).collect();
        assert_eq!(
            a,
            vec![
                Arg::Num(2),
                Arg::Num(40),
                Arg::Num(1),
                Arg::Num(9),
                Arg::Num(0),
                Arg::Name("L2".into())
            ]
        );
        assert_eq!(l.args[5].col, 22);
    }

    #[test]
    fn numbers_are_decimal_negative_or_hex() {
        let l = parse_line("setv 1, 2, -0x10 // c").unwrap();
        assert_eq!(l.args[2].arg, Arg::Num(-16));
        assert_eq!(
            parse_line("wait 2 0xff").unwrap().args[1].arg,
            Arg::Num(255)
        );
        assert!(parse_line("wait 2, 12ab").is_err());
        assert!(parse_line("wait 2, 99999999999").is_err());
    }

    #[test]
    fn stray_commas_are_errors_with_their_column() {
        assert_eq!(parse_line("wait 2,,3").unwrap_err().0, 8);
        assert_eq!(parse_line("wait 2,3,").unwrap_err().0, 9);
        assert_eq!(parse_line("wait ,3").unwrap_err().0, 6);
    }
}
