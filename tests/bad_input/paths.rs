//! Bad paths: special files as input, outputs that clash with inputs or each other, failed and
//! killed saves.

use super::*;
use frontier::files::{FileError, check_output_path, check_outputs};

#[test]
fn special_files_are_refused_as_input_with_their_kind() {
    let dir = folder("special-in");
    let fifo = dir.join("pipe.ron");
    mkfifo(&fifo);
    let scen = dir.join("pipe.scen");
    mkfifo(&scen);
    for (command, path, kind) in [
        ("run", &fifo, "is a named pipe"),
        ("run", &dir, "is a directory"),
        ("scen", &scen, "is a named pipe"),
        ("replay", &fifo, "is a named pipe"),
    ] {
        unusable(&frontier(&[command, path.to_str().unwrap()]), &[kind]);
    }
    let grid = |file: &str| {
        format!(
            r#"Scenario(problem: Grid(map_file: "{file}", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#
        )
    };
    let s = write(&dir, "fifo_map.ron", &grid("pipe.ron"));
    unusable(&frontier(&["run", &s]), &["pipe.ron", "is a named pipe"]);
    let s = write(&dir, "dev_map.ron", &grid("/dev/null"));
    unusable(&frontier(&["run", &s]), &["/dev/null", "is a device"]);
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
fn output_checks_compare_canonical_paths() {
    let dir = folder("canonical");
    let input = dir.join("in.ron");
    std::fs::write(&input, "x").unwrap();
    let same = dir.join(".").join("in.ron");
    let err = check_outputs(&[&input], &[&same]).unwrap_err();
    assert!(
        matches!(&err, FileError::OutputIsInput { input: i, .. } if *i == input),
        "{err:?}"
    );
    assert!(err.to_string().contains("is the input"), "{err}");
    let a = dir.join("a.csv");
    let b = dir.join("sub").join("..").join("a.csv");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let err = check_outputs(&[&input], &[&a, &b]).unwrap_err();
    assert!(
        matches!(&err, FileError::SameOutput { first, second } if *first == a && *second == b),
        "{err:?}"
    );
    assert!(err.to_string().contains("two outputs"), "{err}");
    assert!(check_outputs(&[&input], &[&a, &dir.join("b.csv")]).is_ok());
    let nowhere = dir.join("nowhere");
    assert!(matches!(
        check_output_path(&nowhere.join("x")),
        Err(FileError::NoFolder { folder }) if folder == nowhere
    ));
}
