//! The Moving AI Lab's benchmark formats (movingai.com/benchmarks/formats.html): `.map` grids
//! and `.scen` query lists with their optimal lengths.

use super::Malformed;
use super::grid::{Cell, GridMap};

/// Parses a `.map` file: the four header lines `type octile`, `height H`, `width W`, `map`,
/// then H rows of W cells.
///
/// # Errors
/// A missing or malformed header, a row count or width that disagrees with it, or a bad cell,
/// with its line and column in the file.
pub fn parse_map(text: &str) -> Result<GridMap, Malformed> {
    /// Lines before the first row of cells.
    const HEADER_LINES: usize = 4;
    let mut lines = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l));
    let mut line_no = 0;
    let mut header = |key: &str| -> Result<(String, usize), Malformed> {
        let line = lines.next().unwrap_or_default();
        line_no += 1;
        let mut words = line.split_whitespace();
        if words.next() != Some(key) {
            return Err(Malformed::at(
                line_no,
                1,
                format!("not a Moving AI map: expected a '{key}' header line, found '{line}'"),
            ));
        }
        Ok((words.collect::<Vec<_>>().join(" "), line_no))
    };
    header("type")?;
    let number = |(value, line): (String, usize), key: &str| {
        value.parse::<usize>().map_err(|_| {
            Malformed::at(
                line,
                key.len() + 2,
                format!("Moving AI map header: '{key} {value}' is not a number"),
            )
        })
    };
    let height = number(header("height")?, "height")?;
    let width = number(header("width")?, "width")?;
    header("map")?;
    let rows: Vec<&str> = lines.collect();
    let map = GridMap::parse(&rows.join("\n")).map_err(|m| Malformed {
        line: m.line + HEADER_LINES,
        ..m
    })?;
    if map.width != width || map.height != height {
        return Err(Malformed::at(
            2,
            1,
            format!(
                "the map's header says {width}×{height} but its rows make {}×{}",
                map.width, map.height
            ),
        ));
    }
    Ok(map)
}

/// One query of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The line of the `.scen` file it was read from (1-based).
    pub line: usize,
    /// The map path as written (use its file name).
    pub map: String,
    pub width: usize,
    pub height: usize,
    pub start: Cell,
    pub goal: Cell,
    /// The optimal length as printed.
    pub optimal: f64,
    /// How far a computed cost may be from `optimal` and still match: 1e-4, or half a unit in
    /// the last significant digit printed when that is coarser (the 2011 files print six
    /// significant digits, so `125.971` stands for anything in 125.9705 … 125.9715).
    pub tolerance: f64,
}

/// What is wrong with a line of a `.scen` file (lines counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenError {
    /// A query line without exactly nine tab-separated fields.
    #[error("line {line}: expected 9 tab-separated fields, found {found}")]
    FieldCount { line: usize, found: usize },
    /// A size or coordinate field (`field`, from 1) that is not a whole number.
    #[error("line {line}: field {field} '{text}' is not a whole number")]
    NotWhole {
        line: usize,
        field: usize,
        text: String,
    },
    /// An optimal length that is not a finite number of at least 0.
    #[error("line {line}: optimal length '{text}' is not a number")]
    NotALength { line: usize, text: String },
}

impl ScenError {
    /// The line of the file that is wrong.
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            ScenError::FieldCount { line, .. }
            | ScenError::NotWhole { line, .. }
            | ScenError::NotALength { line, .. } => *line,
        }
    }
}

/// Parses a `.scen` file (`version 1` or `version 1.0`, then nine tab-separated fields per
/// query); blank lines are skipped.
///
/// # Errors
/// The first line that is not a query, and what is wrong with it.
pub fn parse_scen(text: &str) -> Result<Vec<Query>, ScenError> {
    let mut queries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if raw.trim().is_empty() {
            continue;
        }
        if line == 1 && raw.starts_with("version") {
            continue;
        }
        let fields: Vec<&str> = raw.split('\t').collect();
        if fields.len() != 9 {
            return Err(ScenError::FieldCount {
                line,
                found: fields.len(),
            });
        }
        let int = |k: usize| {
            fields[k]
                .trim()
                .parse::<usize>()
                .map_err(|_| ScenError::NotWhole {
                    line,
                    field: k + 1,
                    text: fields[k].into(),
                })
        };
        let text = fields[8].trim();
        let optimal = text
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| ScenError::NotALength {
                line,
                text: text.into(),
            })?;
        queries.push(Query {
            line,
            map: fields[1].to_string(),
            width: int(2)?,
            height: int(3)?,
            start: Cell {
                x: int(4)?,
                y: int(5)?,
            },
            goal: Cell {
                x: int(6)?,
                y: int(7)?,
            },
            optimal,
            tolerance: tolerance(text, optimal),
        });
    }
    Ok(queries)
}

/// 1e-4, or half a unit in the precision the length was printed with when that is coarser: the
/// finer of the last printed decimal and the sixth significant digit.
fn tolerance(text: &str, value: f64) -> f64 {
    let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
    let last_decimal = 0.5 * 10f64.powi(-i32::try_from(decimals).unwrap_or(0));
    let sixth_digit = if value > 0.0 {
        #[expect(clippy::cast_possible_truncation, reason = "a small exponent")]
        let exponent = value.log10().floor() as i32;
        0.5 * 10f64.powi(exponent - 5)
    } else {
        0.0
    };
    last_decimal.min(sixth_digit).max(1e-4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_significant_digits_allow_half_a_unit_in_the_sixth() {
        assert!((tolerance("125.971", 125.971) - 0.0005).abs() < 1e-12);
        assert!((tolerance("3.41421", 3.41421) - 1e-4).abs() < 1e-12);
        assert!((tolerance("2", 2.0) - 1e-4).abs() < 1e-12);
        assert!((tolerance("125.97056275", 125.970_562_75) - 1e-4).abs() < 1e-12);
    }

    #[test]
    fn scen_lines_parse_and_bad_ones_name_their_line() {
        let q =
            parse_scen("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n\n").unwrap();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].line, 2);
        assert_eq!(q[0].goal, Cell { x: 1, y: 12 });
        let err = parse_scen("version 1\n0\tm\t4\t4\t1\t1\t2\n").unwrap_err();
        assert_eq!(err, ScenError::FieldCount { line: 2, found: 7 });
        assert!(err.to_string().starts_with("line 2: "), "{err}");
        let err = parse_scen("version 1\n0\tm\t4\t4\t1\t1\t2\t2\tx\n").unwrap_err();
        assert_eq!(err.line(), 2);
        assert!(err.to_string().contains("'x'"), "{err}");
        let err = parse_scen("0\tm\t4\tfour\t1\t1\t2\t2\t1\n").unwrap_err();
        assert_eq!(
            err,
            ScenError::NotWhole {
                line: 1,
                field: 4,
                text: "four".into()
            }
        );
    }

    #[test]
    fn map_headers_are_checked_against_the_rows() {
        let map = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n").unwrap();
        assert_eq!((map.width, map.height), (3, 2));
        assert_eq!(*map.cells, [1, 0, 1, 0, 1, 1]);
        let err = parse_map("type octile\nheight 3\nwidth 3\nmap\n...\n...\n")
            .unwrap_err()
            .message;
        assert!(err.contains("says 3×3"), "{err}");
        let err = parse_map("height 3\n").unwrap_err().message;
        assert!(err.contains("'type'"), "{err}");
        let err = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n").unwrap_err();
        assert_eq!((err.line, err.column), (6, 2), "{err}");
    }
}
