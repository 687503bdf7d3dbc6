//! Reading levels: picking one level out of a collection, checking its characters (with line
//! and column) and parsing it into walls, goals, boxes and the player.

use crate::domains::Malformed;
use crate::engine::problem::Refusal;

/// A level as read from its text, before any search structure is built.
#[derive(Clone, Debug, Default)]
pub(super) struct Level {
    /// The longest line's length; a shorter line counts as floor to its end.
    pub width: usize,
    pub height: usize,
    /// One flag a cell, row by row.
    pub walls: Vec<bool>,
    pub goals: Vec<bool>,
    /// The cells with a box, in reading order.
    pub boxes: Vec<usize>,
    pub player: usize,
}

/// Picks one level out of a file that may hold several: blocks of level rows separated by other
/// lines. A level's title is a `Title:` line after it, else the last text line before it (a
/// leading `;` dropped). `index` counts from 1.
///
/// # Errors
/// No level in the text, an index or title that matches none, or several levels and no choice.
pub fn pick_level(
    text: &str,
    index: Option<usize>,
    title: Option<&str>,
) -> Result<String, Refusal> {
    let mut levels: Vec<(Vec<&str>, Option<String>)> = Vec::new();
    let mut before: Option<String> = None;
    let mut in_level = false;
    for line in text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)) {
        let is_row = line.contains('#') && line.chars().all(is_level_char);
        if is_row {
            if !in_level {
                levels.push((Vec::new(), before.take()));
                in_level = true;
            }
            levels.last_mut().expect("pushed above").0.push(line);
            continue;
        }
        in_level = false;
        let words = line.trim();
        if let Some(t) = words.strip_prefix("Title:") {
            if let Some(last) = levels.last_mut() {
                last.1 = Some(t.trim().to_string());
            }
        } else if !words.is_empty() {
            before = Some(words.trim_start_matches(';').trim().to_string());
        }
    }
    let n = levels.len();
    let chosen = match (index, title) {
        (_, _) if n == 0 => return Err(Refusal("no level found in the text".into())),
        (Some(i), _) => levels.get(i.wrapping_sub(1)).ok_or_else(|| {
            Refusal(format!(
                "level index {i} is out of range: the file holds levels 1 to {n}"
            ))
        })?,
        (None, Some(t)) => levels
            .iter()
            .find(|(_, name)| {
                name.as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case(t.trim()))
            })
            .ok_or_else(|| Refusal(format!("no level titled '{t}' in the file")))?,
        (None, None) if n == 1 => &levels[0],
        (None, None) => {
            return Err(Refusal(format!(
                "the file holds {n} levels: choose one with index (1 to {n}) or title"
            )));
        }
    };
    Ok(chosen.0.join("\n"))
}

/// The characters a level row may hold.
fn is_level_char(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_')
}

/// Checks the text of one level as written: not empty, and every character a Sokoban cell. (A
/// level that is well written but cannot be played — no player, more boxes than goals — is a
/// refusal of the instance, found when it is built.)
///
/// # Errors
/// The first bad character or an empty level, with its line and column in `text`.
pub fn check_level(text: &str) -> Result<(), Malformed> {
    if text.trim().is_empty() {
        return Err(Malformed::at(1, 1, "the level is empty"));
    }
    for (y, row) in text.lines().enumerate() {
        let row = row.strip_suffix('\r').unwrap_or(row);
        if let Some((x, other)) = row.chars().enumerate().find(|&(_, c)| !is_level_char(c)) {
            return Err(Malformed::at(
                y + 1,
                x + 1,
                format!(
                    "'{other}' is not a Sokoban cell (# wall, @ player, + player on goal, \
                     $ box, * box on goal, . goal, space floor)"
                ),
            ));
        }
    }
    Ok(())
}

/// The level in `text`, or why it cannot be played (a bad character, no player, boxes and
/// goals that do not pair up).
pub(super) fn parse_level(text: &str) -> Result<Level, Refusal> {
    check_level(text)?;
    let rows: Vec<&str> = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.trim().is_empty())
        .collect();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let height = rows.len();
    if width * height > usize::from(u16::MAX) {
        return Err(Refusal(format!(
            "a {width}×{height} level is too large (at most 65535 cells)"
        )));
    }
    let mut level = Level {
        width,
        height,
        walls: vec![false; width * height],
        goals: vec![false; width * height],
        ..Level::default()
    };
    let mut players = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let i = y * width + x;
            match c {
                '#' => level.walls[i] = true,
                '@' => players.push(i),
                '+' => {
                    players.push(i);
                    level.goals[i] = true;
                }
                '$' => level.boxes.push(i),
                '*' => {
                    level.boxes.push(i);
                    level.goals[i] = true;
                }
                '.' => level.goals[i] = true,
                // Floor; `check_level` has refused every other character.
                _ => {}
            }
        }
    }
    level.player = match players.as_slice() {
        [] => return Err(Refusal("the level has no player (@ or +)".into())),
        [p] => *p,
        _ => {
            return Err(Refusal(format!(
                "the level has {} players; it needs one",
                players.len()
            )));
        }
    };
    let goals = level.goals.iter().filter(|&&g| g).count();
    if level.boxes.is_empty() {
        return Err(Refusal("the level has no boxes".into()));
    }
    if level.boxes.len() != goals {
        return Err(Refusal(format!(
            "the level has {} boxes but {goals} goals; it needs as many of each",
            level.boxes.len()
        )));
    }
    Ok(level)
}
