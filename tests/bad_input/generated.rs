//! Every shipped file, edited at random: still a clear answer, never a panic.

use super::*;

#[path = "../inputs/mod.rs"]
mod inputs;

/// Every shipped file a user could give, with its kind: scenarios, maps, `.scen` files and
/// Sokoban levels under `scenarios/`.
fn shipped() -> Vec<(inputs::Kind, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("maps"), root.join("sokoban")] {
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            let kind = match path.extension().and_then(|e| e.to_str()) {
                Some("ron") => inputs::Kind::Scenario,
                Some("map") => inputs::Kind::Map,
                Some("scen") => inputs::Kind::Scen,
                Some("txt") => inputs::Kind::Level,
                _ => continue,
            };
            files.push((kind, std::fs::read_to_string(&path).unwrap()));
        }
    }
    files
}

static SHIPPED: std::sync::LazyLock<Vec<(inputs::Kind, String)>> =
    std::sync::LazyLock::new(shipped);

/// One edit of a file's text.
#[derive(Clone, Debug)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, text: String },
    Duplicate { at: usize, len: usize },
}

/// Pieces that make mutations interesting: the format's own punctuation and words, numbers at
/// the edges of their types, nesting, special values.
const PIECES: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\n",
    "\t",
    " ",
    "#",
    "@",
    "$",
    "*",
    ".",
    "+",
    "x",
    "0",
    "-1",
    "255",
    "256",
    "65536",
    "4294967296",
    "18446744073709551616",
    "1e308",
    "NaN",
    "inf",
    "9.3e9",
    "Some(",
    "None",
    "type octile\n",
    "height 9999999\n",
    "width 0\n",
    "map\n",
    "gaol: ",
    "start: ",
    "goal: ",
    "width: ",
    "size: 99, ",
    "max_states: 0, ",
    "index: 0, ",
    "Grid(",
    "Sokoban(",
    "SlidingPuzzle(",
    "NQueens(",
    "Graph(",
    "\u{e9}",
    "\u{1F600}",
    "\r",
];

fn edit() -> impl proptest::strategy::Strategy<Value = Edit> {
    use proptest::prelude::*;
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(at, len)| Edit::Delete { at, len }),
        (
            any::<usize>(),
            proptest::collection::vec(proptest::sample::select(PIECES), 1..4)
        )
            .prop_map(|(at, p)| Edit::Insert {
                at,
                text: p.concat()
            }),
        (any::<usize>(), 1usize..200).prop_map(|(at, len)| Edit::Duplicate { at, len }),
    ]
}

/// `text` with `edit` applied at a character boundary (positions wrap around its length).
fn apply(text: &str, edit: &Edit) -> String {
    let boundary = |at: usize| {
        let mut i = at % (text.len() + 1);
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let end = |at: usize, len: usize| boundary(at.saturating_add(len).min(text.len()));
    match edit {
        Edit::Delete { at, len } => {
            let a = boundary(*at);
            format!("{}{}", &text[..a], &text[end(a, *len)..])
        }
        Edit::Insert { at, text: t } => {
            let a = boundary(*at);
            format!("{}{t}{}", &text[..a], &text[a..])
        }
        Edit::Duplicate { at, len } => {
            let a = boundary(*at);
            let b = end(a, *len);
            format!("{}{}", &text[..b], &text[a..])
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 5000,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Mutated versions of every shipped scenario, map, `.scen` and level go through the parse
    /// and build path without a panic: an error with its place or reason, or a search that
    /// steps within its limits.
    #[test]
    fn mutated_shipped_files_never_panic(
        pick in proptest::prelude::any::<proptest::sample::Index>(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        let (kind, original) = &SHIPPED[pick.index(SHIPPED.len())];
        let text = edits.iter().fold(original.clone(), |t, e| apply(&t, e));
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        inputs::exercise(*kind, &text, &base);
    }
}
