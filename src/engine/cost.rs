//! Path costs as exact fixed-point numbers.
//!
//! Costs are stored as whole billionths (`i64`), not as floating point: sums are exact, so two
//! routes whose costs agree to nine decimals have *equal* f values and really tie, and the
//! tie-break policy (not rounding noise) decides between them. A cost of `√2` is stored as
//! `1_414_213_562` billionths; a route of a thousand diagonal steps is still within 1e-6 of the
//! real number, well inside the 1e-4 the Moving AI benchmarks ask for.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Mul, Sub};

/// Billionths per unit of cost.
const SCALE: i64 = 1_000_000_000;
/// [`SCALE`] is 2⁹ · 5⁹: its even part, and the inverse of its odd part modulo 2⁶⁴.
const SCALE_TWOS: i64 = 512;
const SCALE_ODD_INVERSE: i64 = 0x8E47_CE42_3A2E_9C6D_u64.cast_signed();

/// A path cost, heuristic estimate or priority, in exact billionths.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cost(i64);

impl Cost {
    pub const ZERO: Cost = Cost(0);
    /// The cost of one ordinary move.
    pub const ONE: Cost = Cost(SCALE);
    /// Larger than any real cost; used for "no bound yet".
    pub const INFINITE: Cost = Cost(i64::MAX);

    /// A whole number of unit moves.
    #[must_use]
    pub const fn units(n: i64) -> Cost {
        Cost(n * SCALE)
    }

    /// The nearest representable cost to a real number (saturating on overflow).
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "rounded and saturated on purpose"
    )]
    pub fn from_f64(x: f64) -> Cost {
        Cost((x * SCALE as f64).round() as i64)
    }

    /// The real number this cost stands for.
    #[must_use]
    #[expect(
        clippy::cast_precision_loss,
        reason = "display and JSON only; comparisons stay exact"
    )]
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / SCALE as f64
    }

    /// The whole number this cost is, if it is one (so "12" stays 12 in JSON, not 12.0). One
    /// division by a constant: the notebook narrows both costs of every row it stores with it.
    #[must_use]
    pub fn as_whole(self) -> Option<i64> {
        let units = self.0 / SCALE;
        (units * SCALE == self.0).then_some(units)
    }

    /// The whole number this cost is, if it is one and fits in 4 bytes: how the notebook packs
    /// both costs of every row it stores. No division: a whole cost is a multiple of 2⁹ (its low
    /// 9 bits are zero) and of 5⁹, and a multiple of 5⁹ times the inverse of 5⁹ modulo 2⁶⁴ is
    /// its exact quotient; any other number gives a product far outside `i32`, so the one range
    /// check tells both.
    #[must_use]
    #[inline]
    pub fn as_whole_i32(self) -> Option<i32> {
        Cost::pair_as_whole_i32(self, Cost::ZERO).map(|(units, _)| units)
    }

    /// Both costs as [`Cost::as_whole_i32`] gives them, if both are whole and fit, checked
    /// together (one test of both costs' low bits, one range check of both quotients): the
    /// notebook narrows the g and h of every row it stores.
    #[must_use]
    #[inline]
    pub fn pair_as_whole_i32(a: Cost, b: Cost) -> Option<(i32, i32)> {
        if (a.0 | b.0) & (SCALE_TWOS - 1) != 0 {
            return None;
        }
        let quotient =
            |raw: i64| (raw >> SCALE_TWOS.trailing_zeros()).wrapping_mul(SCALE_ODD_INVERSE);
        let (x, y) = (quotient(a.0), quotient(b.0));
        // A quotient fits in an i32 when, shifted up by 2³¹, it is below 2³² as an unsigned
        // number (one outside wraps to at least 2³²): both do when their bits past 32 are clear.
        let shifted = |q: i64| q.wrapping_add(1 << 31).cast_unsigned();
        #[expect(
            clippy::cast_possible_truncation,
            reason = "both checked to fit just above"
        )]
        ((shifted(x) | shifted(y)) >> 32 == 0).then_some((x as i32, y as i32))
    }

    /// The raw billionths, for compact keys.
    #[must_use]
    pub const fn raw(self) -> i64 {
        self.0
    }

    /// `self · w`, rounded to the nearest billionth (weighted A*).
    #[must_use]
    pub fn scaled(self, w: f64) -> Cost {
        Cost::from_f64(self.as_f64() * w)
    }
}

/// Sums and differences saturate, as `i64::saturating_add` does, but with the saturated value
/// worked out only on overflow: the eager form works out the saturated value on every add,
/// and a search adds a cost for every successor (a g, an f, the heuristic check).
impl Add for Cost {
    type Output = Cost;
    #[inline]
    fn add(self, rhs: Cost) -> Cost {
        match self.0.checked_add(rhs.0) {
            Some(sum) => Cost(sum),
            None => saturated(rhs.0 > 0),
        }
    }
}

impl Sub for Cost {
    type Output = Cost;
    #[inline]
    fn sub(self, rhs: Cost) -> Cost {
        match self.0.checked_sub(rhs.0) {
            Some(difference) => Cost(difference),
            None => saturated(rhs.0 < 0),
        }
    }
}

/// The bound a sum or difference that overflowed saturates to: the largest cost when it
/// overflowed `up`wards, else the smallest.
#[cold]
#[inline(never)]
fn saturated(up: bool) -> Cost {
    Cost(if up { i64::MAX } else { i64::MIN })
}

impl Mul<i64> for Cost {
    type Output = Cost;
    fn mul(self, rhs: i64) -> Cost {
        Cost(self.0.saturating_mul(rhs))
    }
}

impl fmt::Display for Cost {
    /// Whole costs print as integers ("12"); others with up to four decimals ("3.4142").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Cost::INFINITE {
            return f.write_str("∞");
        }
        if let Some(whole) = self.as_whole() {
            return write!(f, "{whole}");
        }
        let text = format!("{:.4}", self.as_f64());
        f.write_str(text.trim_end_matches('0').trim_end_matches('.'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_sums_tie_exactly_in_any_order() {
        let d = Cost::from_f64(std::f64::consts::SQRT_2);
        let a = d + Cost::ONE + d;
        let b = Cost::ONE + d + d;
        assert_eq!(a, b);
        assert_eq!(format!("{a}"), "3.8284");
    }

    #[test]
    fn whole_costs_print_as_integers() {
        assert_eq!(Cost::units(12).to_string(), "12");
        assert_eq!(Cost::from_f64(2.5).to_string(), "2.5");
        assert_eq!(Cost::INFINITE.to_string(), "∞");
    }

    #[test]
    fn the_inverse_divides_by_the_odd_part_of_the_scale() {
        assert_eq!(SCALE_TWOS * 1_953_125, SCALE);
        assert_eq!(1_953_125_i64.wrapping_mul(SCALE_ODD_INVERSE), 1);
    }

    /// What [`Cost::as_whole_i32`] must give: the quotient by the scale, if exact and in range.
    fn divided(raw: i64) -> Option<i32> {
        (raw % SCALE == 0)
            .then_some(raw / SCALE)
            .and_then(|units| i32::try_from(units).ok())
    }

    proptest::proptest! {
        #[test]
        fn any_sum_or_difference_saturates_as_the_integers_do(
            a in proptest::num::i64::ANY,
            b in proptest::num::i64::ANY,
        ) {
            proptest::prop_assert_eq!(Cost(a) + Cost(b), Cost(a.saturating_add(b)));
            proptest::prop_assert_eq!(Cost(a) - Cost(b), Cost(a.saturating_sub(b)));
        }

        #[test]
        fn a_cost_is_a_whole_i32_exactly_when_division_says_so(raw in whole_or_near()) {
            proptest::prop_assert_eq!(Cost(raw).as_whole_i32(), divided(raw));
        }

        #[test]
        fn a_pair_is_whole_i32s_exactly_when_each_cost_is(
            (a, b) in (whole_or_near(), whole_or_near()),
        ) {
            let each = divided(a).zip(divided(b));
            proptest::prop_assert_eq!(Cost::pair_as_whole_i32(Cost(a), Cost(b)), each);
        }
    }

    /// Raw costs: any, whole (in and past i32's range), and just off whole, by multiples of
    /// 2⁹ (whose low bits pass the first test) and by less than 2⁹ (whose low bits do not).
    fn whole_or_near() -> impl proptest::strategy::Strategy<Value = i64> {
        use proptest::strategy::Strategy;
        proptest::prop_oneof![
            proptest::num::i64::ANY,
            (-9_223_372_036..=9_223_372_036_i64).prop_map(|units| units * SCALE),
            (-3_000_000_000..=3_000_000_000_i64, -3..=3_i64)
                .prop_map(|(units, off)| units * SCALE + off * SCALE_TWOS),
            (
                -3_000_000_000..=3_000_000_000_i64,
                1 - SCALE_TWOS..SCALE_TWOS
            )
                .prop_map(|(units, off)| units * SCALE + off),
        ]
    }

    #[test]
    fn sums_and_differences_saturate_as_the_integers_do() {
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -SCALE,
            -1,
            0,
            1,
            SCALE,
            i64::MAX - 1,
            i64::MAX,
        ];
        for a in edges {
            for b in edges {
                assert_eq!(Cost(a) + Cost(b), Cost(a.saturating_add(b)), "{a} + {b}");
                assert_eq!(Cost(a) - Cost(b), Cost(a.saturating_sub(b)), "{a} - {b}");
            }
        }
    }

    #[test]
    fn whole_i32_costs_end_where_i32_ends() {
        let min = i64::from(i32::MIN);
        let max = i64::from(i32::MAX);
        for raw in [
            i64::MIN,
            i64::MAX,
            0,
            SCALE_TWOS,
            min * SCALE,
            (min - 1) * SCALE,
            max * SCALE,
            (max + 1) * SCALE,
            max * SCALE + SCALE_TWOS,
        ] {
            assert_eq!(Cost(raw).as_whole_i32(), divided(raw), "{raw}");
        }
        assert_eq!(Cost::units(max).as_whole_i32(), Some(i32::MAX));
        assert_eq!(Cost::units(min).as_whole_i32(), Some(i32::MIN));
    }

    #[test]
    fn weights_round_to_the_nearest_billionth() {
        assert_eq!(Cost::units(3).scaled(1.5), Cost::from_f64(4.5));
    }
}
