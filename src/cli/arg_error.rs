//! Why a value given on the command line is not one: clap prints these words after "invalid
//! value '…' for '--at <STEP>'", and the caller can tell the cases apart.

/// A command-line value that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// `--at` that is neither a whole number of steps nor `end`.
    #[error("'{text}' is not a step: give a whole number of steps (0 or more) or 'end'")]
    NotAStep { text: String },
    /// `--time-limit` that is not a usable number of seconds, for the reason `why`.
    #[error(
        "'{text}' is not a time limit: give a number of seconds above 0, such as 0.5 or 30 (or \
         --no-limit for none)"
    )]
    NotATimeLimit { text: String, why: TimeLimitProblem },
}

/// What is wrong with a time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimitProblem {
    /// Not a number at all.
    NotANumber,
    /// Zero, negative or NaN.
    NotAboveZero,
    /// More seconds than a duration holds.
    TooLong,
}
