//! Bad input as a user gives it to the `frontier` binary (issue 10): odd files, special files,
//! clashing outputs, misspelled fields, malformed maps and levels. Nothing panics or blocks;
//! every bad file is unusable input (exit 2) with its place; a well-formed instance that cannot
//! be searched is `refused` (exit 0).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary; a run that has not ended after a minute (blocked on a pipe) is killed and
/// fails the test instead of hanging it.
fn frontier(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kills");
            panic!("frontier {args:?} blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-bad-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit 2 with a message containing every one of `words`; the message.
fn unusable(out: &Output, words: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for w in words {
        assert!(err.contains(w), "{w:?} not in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Exit 0, outcome `refused`; the reason.
fn refused(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["outcome"], "refused", "{v}");
    v["reason"].as_str().unwrap().to_string()
}

const SEED: &str =
    "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [5,4,2,7,0,3,8,1,6]))";

#[test]
fn a_goal_list_longer_than_the_board_is_refused_in_every_command() {
    let dir = folder("long-goal");
    let goal: Vec<String> = (0..800).map(|i| (i % 9).to_string()).collect();
    let s = write(
        &dir,
        "long.ron",
        &format!(
            "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,7,0,8], goal: [{}]))",
            goal.join(",")
        ),
    );
    let why = refused(&frontier(&["run", &s, "--json"]));
    assert!(why.contains("800 tiles"), "{why}");
    let posthoc = dir.join("p.yaml").display().to_string();
    let out = frontier(&["run", &s, "--posthoc", &posthoc]);
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert_ne!(out.status.code(), Some(101));
    let out = frontier(&["compare", &s, "--algorithm", "astar", "--algorithm", "bfs"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn special_files_are_refused_as_input_with_their_kind() {
    let dir = folder("special-in");
    let fifo = dir.join("pipe.ron");
    mkfifo(&fifo);
    unusable(
        &frontier(&["run", fifo.to_str().unwrap()]),
        &["is a named pipe"],
    );
    unusable(
        &frontier(&["run", dir.to_str().unwrap()]),
        &["is a directory"],
    );
    let grid = |file: &str| {
        format!(
            r#"Scenario(problem: Grid(map_file: "{file}", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#
        )
    };
    let s = write(&dir, "fifo_map.ron", &grid("pipe.ron"));
    unusable(&frontier(&["run", &s]), &["pipe.ron", "is a named pipe"]);
    let s = write(&dir, "dev_map.ron", &grid("/dev/null"));
    unusable(&frontier(&["run", &s]), &["/dev/null", "is a device"]);
    let scen = dir.join("pipe.scen");
    mkfifo(&scen);
    unusable(
        &frontier(&["scen", scen.to_str().unwrap()]),
        &["is a named pipe"],
    );
    unusable(
        &frontier(&["replay", fifo.to_str().unwrap()]),
        &["is a named pipe"],
    );
    // A huge regular file is refused from its size alone (sparse: nothing is written).
    let big = std::fs::File::create(dir.join("big.map")).unwrap();
    big.set_len(300 << 20).unwrap();
    let s = write(&dir, "big_map.ron", &grid("big.map"));
    unusable(&frontier(&["run", &s]), &["larger than 256 MiB"]);
}

#[test]
fn outputs_go_only_to_new_paths_or_regular_files() {
    let dir = folder("special-out");
    let s = write(&dir, "s.ron", SEED);
    let fifo = dir.join("out.csv");
    mkfifo(&fifo);
    unusable(
        &frontier(&["run", &s, "--csv", fifo.to_str().unwrap()]),
        &["cannot save", "out.csv", "is a named pipe"],
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
        "the pipe is still a pipe"
    );
    unusable(
        &frontier(&["run", &s, "--trace", "/dev/null"]),
        &["/dev/null", "is a device"],
    );
    unusable(
        &frontier(&["run", &s, "--csv", dir.to_str().unwrap()]),
        &["is a directory"],
    );
    // A regular file is replaced, a new one created.
    let csv = write(&dir, "old.csv", "old");
    let out = frontier(&["run", &s, "--csv", &csv]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_ne!(std::fs::read_to_string(&csv).unwrap(), "old");
}

#[test]
fn an_output_may_be_neither_an_input_nor_another_output() {
    let dir = folder("clash");
    let s = write(&dir, "s.ron", SEED);
    let out = frontier(&["run", &s, "--trace", &s]);
    unusable(&out, &["is the input"]);
    assert_eq!(
        std::fs::read_to_string(&s).unwrap(),
        SEED,
        "the scenario is untouched"
    );
    // The same file by another spelling.
    let roundabout = dir.join("..").join(dir.file_name().unwrap()).join("s.ron");
    unusable(
        &frontier(&["run", &s, "--csv", roundabout.to_str().unwrap()]),
        &["is the input"],
    );
    let x = dir.join("x").display().to_string();
    unusable(
        &frontier(&["run", &s, "--trace", &x, "--csv", &x]),
        &["two outputs"],
    );
    assert!(!Path::new(&x).exists());
    // A map file the scenario reads is an input too.
    write(&dir, "room.txt", "...\n...\n");
    let g = write(
        &dir,
        "g.ron",
        r#"Scenario(problem: Grid(map_file: "room.txt", start: (x: 0, y: 0), goal: (x: 2, y: 1)))"#,
    );
    let map = dir.join("room.txt").display().to_string();
    unusable(&frontier(&["run", &g, "--csv", &map]), &["is the input"]);
    assert_eq!(std::fs::read_to_string(&map).unwrap(), "...\n...\n");
    // replay --csv onto the trace it reads.
    let trace = dir.join("t.ron").display().to_string();
    assert_eq!(
        frontier(&["run", &s, "--trace", &trace]).status.code(),
        Some(0)
    );
    unusable(
        &frontier(&["replay", &trace, "--csv", &trace]),
        &["is the input"],
    );
}

#[test]
fn a_save_error_says_cannot_save_once() {
    let dir = folder("save-error");
    let s = write(&dir, "s.ron", SEED);
    let missing = dir
        .join("no")
        .join("such")
        .join("t.ron")
        .display()
        .to_string();
    for flag in ["--trace", "--csv"] {
        let err = unusable(&frontier(&["run", &s, flag, &missing]), &["cannot save"]);
        assert_eq!(err.matches("cannot save").count(), 1, "{err}");
    }
}

#[test]
fn leftovers_of_killed_saves_are_removed_on_the_next_save() {
    let dir = folder("leftovers");
    let s = write(&dir, "s.ron", SEED);
    // PIDs above Linux's largest (2^22) belong to no process; this test's own PID is alive.
    let dead = write(&dir, ".out.csv.4194999.tmp", "half a file");
    let live = write(
        &dir,
        &format!(".out.csv.{}.tmp", std::process::id()),
        "in use",
    );
    let other = write(&dir, ".other.csv.4194999.tmp", "another file's");
    let csv = dir.join("out.csv").display().to_string();
    let out = frontier(&["run", &s, "--csv", &csv]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        !Path::new(&dead).exists(),
        "a dead process's leftover is removed"
    );
    assert!(
        Path::new(&live).exists(),
        "a live process's file is left alone"
    );
    assert!(
        Path::new(&other).exists(),
        "only leftovers of this path are touched"
    );
    assert!(Path::new(&csv).exists());
}

#[test]
fn misspelled_fields_are_errors_that_name_the_nearest_field() {
    let dir = folder("fields");
    let cases: [(String, [&str; 2]); 6] = [
        (
            "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [5,4,2,7,0,3,8,1,6],\n gaol: [1,2,3,4,5,6,7,8,0]))".into(),
            ["line 2, column 2", "unknown field `gaol` — did you mean `goal`?"],
        ),
        (
            SEED.replace("))", "), search: (algoritm: BreadthFirst))"),
            ["line 1", "unknown field `algoritm` — did you mean `algorithm`?"],
        ),
        (
            SEED.replace("))", "), search: (max_state: 5))"),
            ["line 1", "did you mean `max_states`?"],
        ),
        (
            SEED.replace("Scenario(", "Scenario(titel: \"x\", "),
            ["line 1, column 10", "did you mean `title`?"],
        ),
        (
            r#"Scenario(problem: Grid(map: "..", start: (x: 0, y: 0, z: 1), goal: (x: 1, y: 0)))"#.into(),
            ["line 1", "unknown field `z`; expected one of: x, y"],
        ),
        (
            r#"Scenario(problem: Grid(map: "..", start: (x: 0, y: 0), goal: (x: 1, y: 0), moves: Fuor))"#.into(),
            ["line 1", "unknown variant `Fuor` — did you mean `Four`?"],
        ),
    ];
    for (text, words) in cases {
        let s = write(&dir, "f.ron", &text);
        unusable(&frontier(&["run", &s]), &words);
    }
}

#[test]
fn deep_nesting_is_an_error_with_its_place_not_parser_words() {
    let dir = folder("nesting");
    let deep = format!(
        "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: {}1{}))",
        "[".repeat(200),
        "]".repeat(200)
    );
    let s = write(&dir, "deep.ron", &deep);
    let err = unusable(&frontier(&["run", &s]), &["line 1, column"]);
    assert!(!err.contains("recursion_limit"), "{err}");
}

#[test]
fn graph_costs_the_fixed_point_cannot_hold_are_refused_naming_the_edge() {
    let dir = folder("costs");
    for cost in ["9.3e9", "1e308", "NaN", "-1", "inf"] {
        let s = write(
            &dir,
            "g.ron",
            &format!(
                "Scenario(problem: Graph(\n nodes: [(name: \"A\"), (name: \"B\")],\n edges: [(\"A\", \"B\", {cost})],\n start: \"A\", goal: \"B\"))"
            ),
        );
        unusable(
            &frontier(&["run", &s]),
            &["line 3, column", "edge A–B costs"],
        );
    }
    let s = write(
        &dir,
        "h.ron",
        "Scenario(problem: Graph(nodes: [(name: \"A\", h: 1e12), (name: \"B\")], edges: [(\"A\", \"B\", 1)], start: \"A\", goal: \"B\"))",
    );
    unusable(&frontier(&["run", &s]), &["node 'A' has h = 1000000000000"]);
    // One billion is held exactly and still runs.
    let s = write(
        &dir,
        "ok.ron",
        "Scenario(problem: Graph(nodes: [(name: \"A\"), (name: \"B\")], edges: [(\"A\", \"B\", 1e9)], start: \"A\", goal: \"B\"))",
    );
    let out = frontier(&["run", &s, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn malformed_maps_and_levels_are_unusable_input_with_their_place() {
    let dir = folder("malformed");
    let grid = |map: &str| {
        format!(r#"Scenario(problem: Grid(map: "{map}", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#)
    };
    let s = write(&dir, "rows.ron", &grid(r"...\n.."));
    unusable(
        &frontier(&["run", &s]),
        &[
            "rows.ron (the inline map): line 2, column 3",
            "row 1 has 2 cells",
        ],
    );
    let s = write(&dir, "char.ron", &grid(r"..?"));
    unusable(&frontier(&["run", &s]), &["line 1, column 3", "'?'"]);
    write(
        &dir,
        "m.map",
        "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n",
    );
    let s = write(
        &dir,
        "file.ron",
        r#"Scenario(problem: Grid(map_file: "m.map", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#,
    );
    unusable(&frontier(&["run", &s]), &["m.map: line 6, column 2", "'x'"]);
    unusable(
        &frontier(&["compare", &s, "--algorithm", "astar", "--algorithm", "bfs"]),
        &["m.map: line 6, column 2"],
    );
    let s = write(
        &dir,
        "level.ron",
        "Scenario(problem: Sokoban(level: \"#####\\n#@$.#\\n#x###\"))",
    );
    unusable(
        &frontier(&["run", &s]),
        &["inline level): line 3, column 2", "'x'"],
    );
    let s = write(
        &dir,
        "graph.ron",
        r#"Scenario(problem: Graph(nodes: [(name: "A")], edges: [("A", "B", 1)], start: "A", goal: "A"))"#,
    );
    unusable(&frontier(&["run", &s]), &["graph.ron", "'B' is not a node"]);
    // A .scen whose map is malformed names the map file, line and column.
    write(&dir, "m.scen", "version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t2\n");
    unusable(
        &frontier(&["scen", dir.join("m.scen").to_str().unwrap()]),
        &["m.map: line 6, column 2"],
    );
}

#[test]
fn well_formed_instances_that_cannot_be_searched_are_refused_with_exit_0() {
    let dir = folder("refused");
    for (text, words) in [
        (
            r#"Scenario(problem: Grid(map: ".#.", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#,
            "on a wall",
        ),
        (
            r#"Scenario(problem: Grid(map: "...", start: (x: 0, y: 0), goal: (x: 9, y: 0)))"#,
            "off the 3×1 map",
        ),
        (
            "Scenario(problem: Sokoban(level: \"######\\n#@$$.#\\n######\"))",
            "2 boxes but 1 goals",
        ),
        (
            "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,8,7,0]))",
            "cannot be solved",
        ),
    ] {
        let s = write(&dir, "r.ron", text);
        let why = refused(&frontier(&["run", &s, "--json"]));
        assert!(why.contains(words), "{why}");
    }
}

#[test]
fn output_checks_compare_canonical_paths() {
    let dir = folder("canonical");
    let input = dir.join("in.ron");
    std::fs::write(&input, "x").unwrap();
    let same = dir.join(".").join("in.ron");
    let err = frontier::check_outputs(&[&input], &[&same]).unwrap_err();
    assert!(err.contains("is the input"), "{err}");
    let a = dir.join("a.csv");
    let b = dir.join("sub").join("..").join("a.csv");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let err = frontier::check_outputs(&[&input], &[&a, &b]).unwrap_err();
    assert!(err.contains("two outputs"), "{err}");
    assert!(frontier::check_outputs(&[&input], &[&a, &dir.join("b.csv")]).is_ok());
    assert!(frontier::check_output_path(&dir.join("nowhere").join("x")).is_err());
}

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
