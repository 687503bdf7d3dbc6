//! Reading a choice back from its short name (`astar`, `lowest-h`), the one rule every
//! settings enum shares: an unknown name is an error listing the valid ones.

/// The member of `all` whose `name_of` is `name`; otherwise "unknown {what} '{name}'
/// (expected …)" with every valid name.
///
/// # Errors
/// `name` names no member of `all`.
pub fn by_name<T: Copy>(
    all: &[T],
    name_of: fn(T) -> &'static str,
    what: &str,
    name: &str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|&x| name_of(x) == name)
        .ok_or_else(|| {
            let names: Vec<_> = all.iter().map(|&x| name_of(x)).collect();
            format!("unknown {what} '{name}' (expected {})", names.join(", "))
        })
}
