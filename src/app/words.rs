//! Counted words for the UI, so no label reads "1 moves".

/// `n` and `word`, with an "s" unless `n` is 1: "1 step", "0 steps", "12 steps".
#[must_use]
pub fn counted(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "step"), "1 step");
        assert_eq!(counted(0, "step"), "0 steps");
        assert_eq!(counted(21, "move"), "21 moves");
    }
}
