//! The runs table's names: the algorithm and what it is ordered by, then whatever else tells a
//! run from the others on the table (a depth limit, a tie rule, a cap on states). Two runs of
//! backtracking with different depth limits would otherwise read as the same run twice.

use crate::engine::settings::Settings;

/// The settings that can tell two runs apart, each in words; the first of a name's parts
/// (`base`) already holds the algorithm, the heuristic where it counts and the weight.
fn parts(s: &Settings) -> [String; 8] {
    [
        format!("h {}", s.heuristic),
        // An algorithm's own tie rule tells runs apart only from a run that changed it: A* and
        // Dijkstra differ in it by default, and that goes without saying.
        if s.tie_break == s.algorithm.default_tie_break() {
            "ties as usual".into()
        } else {
            format!("ties {}", s.tie_break_words())
        },
        s.depth_limit
            .map_or_else(|| "no depth limit".into(), |d| format!("depth limit {d}")),
        if s.all_solutions {
            "all solutions".into()
        } else {
            "first solution".into()
        },
        if s.forward_checking {
            "forward checking".into()
        } else {
            "no forward checking".into()
        },
        format!("candidates {}", s.candidates),
        format!("max {} states", s.max_states),
        format!("max memory {}", s.max_memory),
    ]
}

/// Each run's name: `base` of its settings, then every part whose words are not the same for
/// all the runs (so a lone run, or runs that differ only in the algorithm, keep short names).
/// A heuristic `base` already names is not named twice.
pub fn names<'a>(
    runs: impl IntoIterator<Item = &'a Settings>,
    base: impl Fn(&Settings) -> String,
) -> Vec<String> {
    let runs: Vec<&Settings> = runs.into_iter().collect();
    let all: Vec<[String; 8]> = runs.iter().map(|s| parts(s)).collect();
    let differs = |i: usize| all.iter().any(|p| p[i] != all[0][i]);
    runs.iter()
        .zip(&all)
        .map(|(s, p)| {
            let mut name = base(s);
            let names_h = name.contains(&s.heuristic.to_string());
            for (i, part) in p.iter().enumerate() {
                if differs(i) && !(i == 0 && names_h) {
                    name.push_str(" · ");
                    if i == 1 {
                        name.push_str(&format!("ties {}", s.tie_break_words()));
                    } else {
                        name.push_str(part);
                    }
                }
            }
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::settings::Algorithm;

    fn backtracking(depth_limit: Option<u32>) -> Settings {
        Settings {
            algorithm: Algorithm::Backtracking,
            depth_limit,
            ..Settings::default()
        }
    }

    #[test]
    fn runs_are_named_by_what_differs_and_only_that() {
        let runs = [backtracking(Some(12)), backtracking(None)];
        let names = names(&runs, |s| s.algorithm.to_string());
        assert_eq!(names.len(), 2);
        assert_ne!(names[0], names[1]);
        assert!(names[0].ends_with("depth limit 12"), "{}", names[0]);
        assert!(names[1].ends_with("no depth limit"), "{}", names[1]);
        assert!(!names[0].contains("max"), "{}", names[0]);
        let alone = super::names(&runs[..1], |s| s.algorithm.to_string());
        assert_eq!(alone, [Algorithm::Backtracking.to_string()]);
    }
}
