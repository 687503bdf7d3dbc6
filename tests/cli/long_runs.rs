//! Long command-line runs: `frontier scen` prints each query as it finishes, bounds every query
//! (by default too), reports the bound that stopped one, and stops cleanly on Ctrl+C; the
//! progress bar is drawn on a terminal only.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::common;
use common::cli::frontier;

fn maps() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/maps")
}

/// `den312d_long.scen`: den312d's query on line 45, where IDA* and IDDFS need well over a
/// million steps (IDA* raises its threshold hundreds of times) and A* a few hundred, on its
/// line 2; then the file's first query, a few steps for any algorithm, on its line 3.
const LONG: &str = "den312d_long.scen";

/// The JSON objects of a `--json-lines` output, one per line.
fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: a line of JSON: {line}"))
        })
        .collect()
}

/// `scen den312d_long.scen --json-lines ARGS`: the two queries and the summary.
fn long_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let out = frontier(
        &maps(),
        &[&["scen", LONG, "--json-lines"][..], args].concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "two queries and the summary: {lines:?}");
    lines
}

#[test]
fn json_lines_gives_each_query_its_own_line_then_the_summary() {
    let out = frontier(
        &maps(),
        &[
            "scen",
            "lak101d.map.scen",
            "--algorithm",
            "astar",
            "--json-lines",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    let (queries, summary) = lines.split_at(lines.len() - 1);
    assert_eq!(queries.len(), 80, "lak101d.map.scen has 80 queries");
    for (q, line) in queries.iter().zip(2..) {
        assert_eq!(q["type"], "query");
        assert_eq!(q["line"], line, "in the file's order");
        assert_eq!(
            (&q["code"], &q["matched"]),
            (&"goal_found".into(), &true.into())
        );
    }
    let summary = &summary[0];
    assert_eq!(summary["type"], "summary");
    assert_eq!(
        (&summary["queries"], &summary["matched"]),
        (&80.into(), &80.into())
    );
    assert_eq!(summary["interrupted"], false);
}

#[test]
fn max_steps_stops_ida_star_and_iddfs_on_a_real_map_and_the_next_query_runs() {
    for algorithm in ["ida-star", "iddfs"] {
        let lines = long_lines(&["--algorithm", algorithm, "--max-steps", "5000"]);
        let (hard, easy, summary) = (&lines[0], &lines[1], &lines[2]);
        assert_eq!(hard["code"], "step_limit", "{algorithm}: {hard}");
        assert_eq!(hard["steps"], 5000, "{algorithm}: exactly the limit");
        assert_eq!(hard["outcome"], "step limit reached after 5000 steps");
        assert_eq!(hard["cost"], serde_json::Value::Null);
        assert_eq!(
            easy["code"], "goal_found",
            "{algorithm}: the next query ran"
        );
        assert_eq!(summary["stopped"]["step_limit"], 1);
        assert_eq!(summary["max_steps"], 5000);
    }
    let args = [
        "scen",
        LONG,
        "--algorithm",
        "ida-star",
        "--max-steps",
        "5000",
    ];
    let text = frontier(&maps(), &args);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("line 2: (10, 14) → (19, 13): expected 19.6569, found nothing: step_limit (5000 steps)\n"),
        "{text}"
    );
    assert!(text.contains("1 at the step limit of 5000 steps"), "{text}");
}

#[test]
fn the_step_limit_counts_every_iteration_of_ida_star() {
    // The same query as a scenario, stepped with `run --verbose`: its first 5000 steps span
    // several of IDA*'s iterations, and the limit stops the search on step 5000 all the same.
    let dir = common::temp_dir("iterations");
    std::fs::copy(maps().join("den312d.map"), dir.join("den312d.map")).unwrap();
    std::fs::write(
        dir.join("hard.ron"),
        "Scenario(problem: Grid(map_file: \"den312d.map\", start: (x: 10, y: 14), goal: (x: 19, \
         y: 13)), search: (algorithm: IdaStar))",
    )
    .unwrap();
    let out = frontier(
        &dir,
        &["run", "hard.ron", "--max-steps", "5000", "--verbose"],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for words in [
        "iteration 3: threshold f",
        "Step limit reached (IDA* after 5000 steps)",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
}

#[test]
fn time_limit_stops_a_long_query_and_the_next_query_runs() {
    let lines = long_lines(&["--algorithm", "ida-star", "--time-limit", "0.001"]);
    let (hard, easy, summary) = (&lines[0], &lines[1], &lines[2]);
    assert_eq!(hard["code"], "time_limit", "{hard}");
    let words = hard["outcome"].as_str().unwrap();
    assert!(
        words.starts_with("time limit reached after 0.001 s ("),
        "{words}"
    );
    assert_eq!(hard["limited"], true);
    assert_eq!(
        (&easy["code"], &easy["matched"]),
        (&"goal_found".into(), &true.into())
    );
    assert_eq!(summary["stopped"]["time_limit"], 1);
    assert_eq!(summary["time_limit"], 0.001);
    assert_eq!(
        summary["max_steps"],
        serde_json::Value::Null,
        "it replaces the default"
    );
}

#[test]
fn a_bare_scen_is_bounded_by_default_and_help_says_how_to_raise_it() {
    let lines = long_lines(&["--algorithm", "ida-star"]);
    assert_eq!(lines[0]["code"], "step_limit");
    assert_eq!(lines[0]["steps"], 1_000_000);
    assert_eq!(lines[1]["code"], "goal_found");
    assert_eq!(lines[2]["max_steps"], 1_000_000);
    let text = frontier(&maps(), &["scen", LONG, "--algorithm", "ida-star"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("raise it with --max-steps N"), "{text}");
    // A* is far inside the default bound.
    let astar = long_lines(&["--algorithm", "astar"]);
    assert_eq!(astar[2]["matched"], 2);
    let help = frontier(&maps(), &["scen", "--help"]);
    let help = String::from_utf8(help.stdout).unwrap();
    for words in [
        "1000000 steps",
        "--no-limit",
        "--time-limit <SECONDS>",
        "--json-lines",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}

#[test]
fn bad_bounds_and_files_exit_2_with_words() {
    let dir = maps();
    for (args, words) in [
        (&["--time-limit", "abc"][..], "'abc' is not a time limit"),
        (&["--time-limit=-1"][..], "'-1' is not a time limit"),
        (&["--time-limit", "0"][..], "'0' is not a time limit"),
        (
            &["--time-limit", "1e300"][..],
            "'1e300' is not a time limit",
        ),
        (&["--max-steps", "many"][..], "many"),
        (
            &["--no-limit", "--max-steps", "5"][..],
            "cannot be used with",
        ),
        (&["--json", "--json-lines"][..], "cannot be used with"),
    ] {
        let out = frontier(&dir, &[&["scen", "lak101d.map.scen"][..], args].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = frontier(&dir, &["scen", "no/such.map.scen", "--time-limit", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such.map.scen"));
}

#[test]
fn nothing_reaches_standard_error_when_it_is_not_a_terminal() {
    // Standard error is a pipe here, so no progress bar: every command's stderr stays empty.
    for args in [
        "scen maps/den312d_long.scen --max-steps 20000 --algorithm ida-star",
        "scen maps/den312d_long.scen --json-lines",
        "compare seed_542703816.ron --algorithm astar --algorithm bfs",
        "experiment eight-puzzle --depths 2 --per-depth 2",
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let out = frontier(&maps().join(".."), &args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

/// A running `frontier`, its standard output read line by line as it comes.
struct Running {
    child: Child,
    lines: Receiver<String>,
}

/// How long a test waits for a line or an exit before it fails (a loaded machine is slow, a
/// hang is not).
const PATIENCE: Duration = Duration::from_secs(60);

impl Running {
    /// Starts `frontier ARGS` in `dir`.
    fn start(dir: &Path, args: &[&str]) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
            .current_dir(dir)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut stdout = stdout;
            loop {
                let mut line = String::new();
                match stdout.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if send.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Running { child, lines }
    }

    /// The next line printed (its end of line kept), failing if none comes in time.
    fn line(&mut self) -> String {
        self.lines.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            self.child.kill().unwrap();
            panic!("no line came while the command ran")
        })
    }

    /// Sends SIGINT (Ctrl+C), then reads the rest of the output and waits for the exit.
    fn interrupt(mut self) -> (Vec<String>, std::process::ExitStatus) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + PATIENCE;
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if Instant::now() > deadline {
                self.child.kill().unwrap();
                panic!("still running a minute after Ctrl+C: {rest:?}");
            }
        }
        (rest, self.child.wait().unwrap())
    }
}

#[test]
#[cfg(unix)]
fn ctrl_c_stops_scen_with_the_summary_of_the_queries_done() {
    // Without a bound, IDA* on den312d runs for hours: Ctrl+C comes long before the end.
    let args = [
        "scen",
        "den312d.map.scen",
        "--algorithm",
        "ida-star",
        "--no-limit",
    ];
    let mut run = Running::start(&maps(), &[&args[..], &["--json-lines"]].concat());
    // Lines come as each query finishes, while the run goes on.
    let mut lines: Vec<String> = (0..3).map(|_| run.line()).collect();
    assert!(run.child.try_wait().unwrap().is_none(), "still running");
    let (rest, status) = run.interrupt();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    lines.extend(rest);
    let json: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| {
            assert!(l.ends_with('\n'), "no half line: {l}");
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))
        })
        .collect();
    let (queries, summary) = json.split_at(json.len() - 1);
    let summary = &summary[0];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["interrupted"], true);
    assert_eq!(summary["queries"], queries.len());
    assert_eq!(summary["queries_in_file"], 320);
    assert!(queries.iter().all(|q| q["type"] == "query"));

    // The same in text: the summary says how many were done, matched and stopped.
    let mut run = Running::start(&maps(), &args);
    let first = run.line();
    assert!(first.starts_with("line 2: "), "{first}");
    let (rest, status) = run.interrupt();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    let text = format!("{first}{}", rest.concat());
    assert!(text.ends_with('\n'), "{text}");
    let done = text.lines().filter(|l| l.starts_with("line ")).count();
    let mut summary = text
        .lines()
        .skip_while(|l| !l.starts_with("Stopped by Ctrl+C"));
    let stopped = summary
        .next()
        .unwrap_or_else(|| panic!("no summary: {text}"));
    let prefix = format!("Stopped by Ctrl+C after {done} of 320 queries (the query on line ");
    assert!(stopped.starts_with(&prefix), "{text}");
    let matched = summary.next().unwrap();
    let counts = format!(" of {done} queries matched the optimal length (ida-star; ");
    assert!(matched.contains(&counts), "{text}");
}

#[test]
#[cfg(unix)]
fn the_progress_bar_is_drawn_on_a_terminal() {
    // `script` runs the command on a pseudo-terminal; a machine without it skips this test.
    let command = format!(
        "{} scen {LONG} --algorithm ida-star --max-steps 200000",
        env!("CARGO_BIN_EXE_frontier")
    );
    let Ok(out) = Command::new("script")
        .current_dir(maps())
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("no `script` here: the terminal case is not checked");
        return;
    };
    assert!(out.status.success(), "{out:?}");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("/2 queries, about "), "{screen}");
    assert!(
        screen.contains("found nothing: step_limit (200000 steps)"),
        "{screen}"
    );
}
