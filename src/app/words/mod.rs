//! Words the panels share: counted nouns, so no label reads "1 moves", and the mark of a
//! warning.

pub mod status;

/// The mark of a row or a line that a warning is about ("(!)"): the tables' h column and the
/// Lesson panel's warnings show the same mark (the default fonts have no ⚠ sign).
pub const WARN_MARK: &str = "(!)";

/// `n` and `noun`, in agreement: "1 step", "0 steps", "2 candidate boards", "8 pushes".
#[must_use]
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if ["s", "sh", "ch", "x", "z"]
        .iter()
        .any(|end| noun.ends_with(end))
    {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

/// A file name made of `title`: its letters and digits in lower case, words joined by dashes,
/// at most 40 characters ("The chapter's puzzle" gives "the-chapter-s-puzzle"); "run" for a
/// title with none.
#[must_use]
pub fn file_stem(title: &str) -> String {
    let mut stem = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
        if stem.chars().count() >= 40 {
            break;
        }
    }
    let stem = stem.trim_end_matches('-');
    if stem.is_empty() {
        "run".into()
    } else {
        stem.into()
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, file_stem};

    #[test]
    fn a_title_becomes_a_plain_file_stem() {
        assert_eq!(file_stem("The chapter's puzzle"), "the-chapter-s-puzzle");
        assert_eq!(file_stem("  A* on den101d!  "), "a-on-den101d");
        assert_eq!(file_stem("../../etc"), "etc");
        assert_eq!(file_stem("***"), "run");
        assert!(file_stem(&"x".repeat(100)).len() <= 40);
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "step"), "1 step");
        assert_eq!(counted(0, "step"), "0 steps");
        assert_eq!(counted(21, "move"), "21 moves");
        assert_eq!(counted(2, "candidate board"), "2 candidate boards");
    }

    #[test]
    fn nouns_ending_in_a_hiss_take_es() {
        assert_eq!(counted(8, "push"), "8 pushes");
        assert_eq!(counted(1, "push"), "1 push");
        assert_eq!(counted(3, "box"), "3 boxes");
    }
}
