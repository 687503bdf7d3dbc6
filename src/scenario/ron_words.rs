//! The RON parser's errors in words about the scenario: which field was being read, what it
//! expected there and what it found ("algorithm: expected a name such as AStar, found 0"),
//! rather than the parser's own vocabulary (raw identifiers, "struct-like", "RON").
//!
//! The parser reports only what went wrong and where, so the field is read back from the text
//! just before the error's place, and what was found from the text at it.

use ron::error::{Position, SpannedError};

/// The error in words, naming the field it sits in and what was found, when the text shows
/// them. Line and column are the caller's to give (they stay the parser's).
#[must_use]
pub fn ron_words(error: &SpannedError, text: &str) -> String {
    let at = offset_of(text, error.span.start);
    let before = at.map_or("", |at| &text[..at]);
    let found = at.map_or_else(String::new, |at| token(&text[at..]));
    let field = field_of(before);
    let words = message(&error.code, field, &found);
    match field {
        Some(name) if about_a_value(&error.code) => format!("{name}: {words}"),
        _ => words,
    }
}

/// Whether the error is about one field's value, so naming the field helps; an error in the
/// text's structure (a missing comma or parenthesis) may sit after any field.
fn about_a_value(code: &ron::Error) -> bool {
    use ron::Error as E;
    matches!(
        code,
        E::SuggestRawIdentifier(_)
            | E::InvalidIdentifier(_)
            | E::ExpectedIdentifier
            | E::ExpectedStructLike
            | E::ExpectedNamedStructLike(_)
            | E::ExpectedStructName(_)
            | E::ExpectedDifferentStructName { .. }
            | E::ExpectedInteger
            | E::ExpectedFloat
            | E::InvalidIntegerDigit { .. }
            | E::IntegerOutOfBounds
            | E::ExpectedString
            | E::ExpectedBoolean
            | E::ExpectedArray
            | E::InvalidValueForType { .. }
            | E::NoSuchEnumVariant { .. }
    )
}

/// What went wrong, in words; `found` is the text at the error's place ("" at the end).
fn message(code: &ron::Error, field: Option<&str>, found: &str) -> String {
    use ron::Error as E;
    let found_words = if found.is_empty() {
        "found the end of the file".to_string()
    } else {
        format!("found {found}")
    };
    match code {
        E::SuggestRawIdentifier(_) | E::InvalidIdentifier(_) | E::ExpectedIdentifier => {
            let example = field
                .and_then(example_name)
                .map_or_else(String::new, |name| format!(" such as {name}"));
            format!("expected a name{example}, {found_words}")
        }
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) | E::ExpectedStructName(_) => {
            format!("expected `(` opening its fields, {found_words}")
        }
        // A type's name the user writes (`Scenario(`) is worth naming; a field's name found
        // where a group opens means the group's own `(` is missing, as in `Some(row: 3)`.
        E::ExpectedDifferentStructName { expected, .. }
            if found.starts_with(char::is_uppercase) =>
        {
            format!("expected {expected}( … ), {found_words}")
        }
        E::ExpectedDifferentStructName { .. } => {
            format!("expected `(` opening its fields, {found_words}")
        }
        E::ExpectedInteger
        | E::ExpectedFloat
        | E::InvalidIntegerDigit { .. }
        | E::FloatUnderscore
        | E::UnderscoreAtBeginning => format!("expected a number, {found_words}"),
        E::IntegerOutOfBounds => format!("the number {found} is too large for this field"),
        E::ExpectedString | E::ExpectedStringEnd => {
            format!("expected text in double quotes, {found_words}")
        }
        E::ExpectedBoolean => format!("expected true or false, {found_words}"),
        E::ExpectedArray => format!("expected a list in [ ], {found_words}"),
        E::ExpectedArrayEnd => format!("expected `]` closing the list, {found_words}"),
        E::ExpectedStructLikeEnd | E::ExpectedOptionEnd => {
            format!("expected `)` closing the fields, {found_words}")
        }
        E::ExpectedComma => format!("expected a comma before the next item, {found_words}"),
        E::ExpectedMapColon => format!("expected `:` after the field's name, {found_words}"),
        E::TrailingCharacters => format!(
            "unexpected text after the scenario's closing `)`: {}",
            if found.is_empty() { "?" } else { found }
        ),
        E::Eof => "the file ends too early: a parenthesis or bracket is never closed".into(),
        E::UnexpectedChar(c) => format!("unexpected character `{c}`"),
        E::MissingStructField { field, outer } => match outer {
            Some(outer) => format!("{outer} needs the field `{field}`"),
            None => format!("missing the field `{field}`"),
        },
        E::DuplicateStructField { field, .. } => format!("the field `{field}` is given twice"),
        E::InvalidValueForType { expected, found } => format!("expected {expected}, found {found}"),
        E::UnclosedBlockComment => "a /* comment is never closed with */".into(),
        other => ron_message(other),
    }
}

/// A valid name for the fields whose values are names, to show what a name looks like.
fn example_name(field: &str) -> Option<&'static str> {
    Some(match field {
        "algorithm" => "AStar",
        "heuristic" => "Manhattan",
        "problem" => "SlidingPuzzle",
        "tie_break" => "LowestH",
        "candidates" => "OnePerRow",
        _ => return None,
    })
}

/// The field whose value the text ends inside: the last `name:` with nothing after it but the
/// start of one value (no comma, bracket or parenthesis).
fn field_of(before: &str) -> Option<&str> {
    let colon = before.rfind(':')?;
    let value = &before[colon + 1..];
    if value.contains([',', '(', ')', '[', ']']) {
        return None;
    }
    let name = before[..colon].trim_end();
    let start = name
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let name = &name[start..];
    (!name.is_empty()).then_some(name)
}

/// The word or sign at the start of `rest`, as the user wrote it (at most 40 characters).
fn token(rest: &str) -> String {
    let rest = rest.trim_start();
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '(' | ')' | '[' | ']' | ':'))
        .take(40)
        .collect();
    if word.is_empty() {
        rest.chars().next().map(String::from).unwrap_or_default()
    } else {
        word
    }
}

/// The byte offset of a parser position (1-based line and column in characters).
pub(super) fn offset_of(text: &str, at: Position) -> Option<usize> {
    let lines = text.split_inclusive('\n');
    let earlier: usize = lines
        .clone()
        .take(at.line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = lines.clone().nth(at.line.saturating_sub(1))?;
    let within: usize = line
        .chars()
        .take(at.col.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    Some(earlier + within)
}

/// A RON error in the user's words: an unknown field or variant names the nearest valid one,
/// too deep a nesting says so (rather than naming parser options).
#[must_use]
pub fn ron_message(code: &ron::Error) -> String {
    match code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => unknown("field", found, expected),
        ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => unknown("variant", found, expected),
        ron::Error::ExceededRecursionLimit => {
            "nesting too deep: brackets and parentheses are nested more deeply than any \
             scenario needs"
                .into()
        }
        other => other.to_string(),
    }
}

/// "unknown field `gaol` — did you mean `goal`?", or the list of valid names when none is
/// close.
pub(super) fn unknown(what: &str, found: &str, expected: &[&str]) -> String {
    let nearest = expected
        .iter()
        .map(|name| (edit_distance(found, name), *name))
        .min()
        // Close enough to be a slip: a third of the name's letters, at least one, and never the
        // whole name (`z` is no misspelling of `x`).
        .filter(|(d, name)| {
            let len = name.chars().count();
            *d <= (len / 3).max(1) && *d < len
        });
    match nearest {
        Some((_, name)) => format!("unknown {what} `{found}` — did you mean `{name}`?"),
        None if expected.is_empty() => format!("unknown {what} `{found}`"),
        None => format!(
            "unknown {what} `{found}`; expected one of: {}",
            expected.join(", ")
        ),
    }
}

/// The fewest single-character insertions, deletions, substitutions and swaps of neighbours
/// that turn `a` into `b` (so `gaol` is one step from `goal`).
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[k][j]: distance between a[..i-k] and b[..j], for the current row i and the two before.
    let mut rows = [
        vec![0; b.len() + 1],
        vec![0; b.len() + 1],
        (0..=b.len()).collect(),
    ];
    for i in 1..=a.len() {
        rows.rotate_left(1);
        rows[2][0] = i;
        for j in 1..=b.len() {
            let substitute = rows[1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitute.min(rows[1][j] + 1).min(rows[2][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[0][j - 2] + 1);
            }
            rows[2][j] = best;
        }
    }
    rows[2][b.len()]
}
