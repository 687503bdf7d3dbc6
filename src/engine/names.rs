//! Reading a choice back from its short name (`astar`, `lowest-h`), the one rule every
//! settings enum shares: an unknown name is an error listing the valid ones.

/// A name that names no member of a settings enum: what kind of choice it was for
/// (`algorithm`, `tie-break`), the name given, and every valid one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}' (expected {})", .expected.join(", "))]
pub struct UnknownName {
    pub what: &'static str,
    pub name: String,
    pub expected: Vec<&'static str>,
}

/// The member of `all` whose `name_of` is `name`.
///
/// # Errors
/// `name` names no member of `all`: an [`UnknownName`] with every valid name.
pub fn by_name<T: Copy>(
    all: &[T],
    name_of: fn(T) -> &'static str,
    what: &'static str,
    name: &str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&x| name_of(x) == name)
        .ok_or_else(|| UnknownName {
            what,
            name: name.to_string(),
            expected: all.iter().map(|&x| name_of(x)).collect(),
        })
}
