//! Bad files: misspelled fields, deep nesting, costs out of range, malformed maps and levels,
//! and well-formed instances that cannot be searched.

use super::*;

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
