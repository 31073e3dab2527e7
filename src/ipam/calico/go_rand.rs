//! The three pieces of Go's standard library that decide which block a node claims first: `hash/fnv`'s
//! `New32` (FNV-1, 32 bits), `math/rand`'s `rngSource` (`rng.go`: `Seed`, `Uint64`, `Int63`; `rand.go`:
//! `Rand.Uint32`) and `math/big`'s `Int.Rand` (`int.go`, over `nat.random` in `nat.go`, 64-bit words).
//!
//! Calico seeds `math/rand` with the FNV-1 hash of the node's name (`ipam_block_reader_writer.go`,
//! `determineSeed`) and draws the first block index with `big.Int.Rand` (`randomBlockGenerator`), so the same
//! node name starts its search at the same block on every cluster. Reproducing that needs the generator bit
//! for bit.
//!
//! `rngSource.Seed` mixes its state with `rngCooked`, a table of 607 numbers that `gen_cooked.go` defines as
//! the generator's state after 7.8e12 steps from `srand(1)`. We do not copy the table: [`rng_cooked`]
//! recomputes it by jumping the lagged Fibonacci recurrence x(n) = x(n-273) + x(n-607) (mod 2^64) ahead with
//! polynomial arithmetic modulo z^607 − z^334 − 1, which costs 43 polynomial squarings, once per process.

use std::sync::OnceLock;

/// `rngLen`: the length of the generator's feedback register.
const RNG_LEN: usize = 607;
/// `rngTap`: the lag of the second term of the recurrence.
const RNG_TAP: usize = 273;
/// `rngMask`: the 63 bits `Int63` keeps.
const RNG_MASK: u64 = (1 << 63) - 1;
/// `int32max`, the modulus of `seedrand`'s Lehmer generator.
const INT32_MAX: i64 = (1 << 31) - 1;
/// The number of `vrand` calls `gen_cooked.go` makes before printing the table.
const COOKED_STEPS: u64 = 7_800_000_000_000;

/// `hash/fnv.New32`: FNV-1 (multiply, then xor) over the bytes of `s`.
///
/// # Examples
/// ```
/// use podip::ipam::calico::go_rand::fnv32;
/// assert_eq!(fnv32(""), 0x811c9dc5);
/// assert_eq!(fnv32("a"), 0x050c5d7e);
/// ```
pub fn fnv32(s: &str) -> u32 {
    s.bytes().fold(0x811c_9dc5u32, |hash, byte| {
        hash.wrapping_mul(0x0100_0193) ^ u32::from(byte)
    })
}

/// `seedrand`: one step of x ← 48271·x mod (2^31 − 1), in Schrage's form as Go writes it.
fn seedrand(x: i32) -> i32 {
    const A: i32 = 48271;
    const Q: i32 = 44488;
    const R: i32 = 3399;
    let (hi, lo) = (x / Q, x % Q);
    let x = A * lo - R * hi;
    if x < 0 {
        x + INT32_MAX as i32
    } else {
        x
    }
}

/// The register `seed` fills from its Lehmer sequence, with `shifts` for the three draws of each word
/// (`gen_cooked.go`'s `srand` uses 20/10/0, `rng.go`'s `Seed` 40/20/0).
fn seeded_register(seed: i64, shifts: [u32; 3]) -> [u64; RNG_LEN] {
    let mut seed = seed % INT32_MAX;
    if seed < 0 {
        seed += INT32_MAX;
    }
    if seed == 0 {
        seed = 89_482_311;
    }
    let mut x = seed as i32;
    let mut vec = [0u64; RNG_LEN];
    for i in -20..RNG_LEN as i32 {
        x = seedrand(x);
        if i >= 0 {
            let mut u = (x as i64) << shifts[0];
            x = seedrand(x);
            u ^= (x as i64) << shifts[1];
            x = seedrand(x);
            u ^= (x as i64) << shifts[2];
            vec[i as usize] = u as u64;
        }
    }
    vec
}

/// `a · b mod (z^607 − z^334 − 1)` over coefficients mod 2^64.
fn mul_mod(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut product = vec![0u64; 2 * RNG_LEN - 1];
    for (i, &ai) in a.iter().enumerate().filter(|(_, &ai)| ai != 0) {
        for (p, &bj) in product[i..].iter_mut().zip(b) {
            *p = p.wrapping_add(ai.wrapping_mul(bj));
        }
    }
    for degree in (RNG_LEN..product.len()).rev() {
        let c = product[degree];
        product[degree - RNG_TAP] = product[degree - RNG_TAP].wrapping_add(c);
        product[degree - RNG_LEN] = product[degree - RNG_LEN].wrapping_add(c);
    }
    product.truncate(RNG_LEN);
    product
}

/// `p · z mod (z^607 − z^334 − 1)`.
fn times_z(p: &mut Vec<u64>) {
    p.insert(0, 0);
    let top = p.pop().unwrap_or(0);
    p[RNG_LEN - RNG_TAP] = p[RNG_LEN - RNG_TAP].wrapping_add(top);
    p[0] = p[0].wrapping_add(top);
}

/// `rngCooked`: the register of `gen_cooked.go` after 7.8e12 steps of `vrand` from `srand(1)`.
///
/// The register is a window of the sequence x(t): at step t the feed index is (334 − t) mod 607, and the
/// tap index holds the value written 273 steps earlier. Indexing the initial window u(0..607) from the
/// oldest value, u(n) is the dot product of that window with the coefficients of z^n mod the recurrence's
/// characteristic polynomial.
pub fn rng_cooked() -> &'static [u64; RNG_LEN] {
    static COOKED: OnceLock<[u64; RNG_LEN]> = OnceLock::new();
    COOKED.get_or_init(|| {
        let initial = seeded_register(1, [20, 10, 0]);
        // Register position p initially holds x(t) for the t in [-606, 0] with t ≡ 334 − p (mod 607).
        let time_of = |p: usize| -(p as i64 - 334).rem_euclid(RNG_LEN as i64);
        let mut window = [0u64; RNG_LEN];
        for (p, &value) in initial.iter().enumerate() {
            window[(time_of(p) + RNG_LEN as i64 - 1) as usize] = value;
        }
        // z^n for n = COOKED_STEPS, by squaring from the top bit.
        let mut power = vec![0u64; RNG_LEN];
        power[0] = 1;
        for bit in (0..64 - COOKED_STEPS.leading_zeros()).rev() {
            power = mul_mod(&power, &power);
            if COOKED_STEPS >> bit & 1 == 1 {
                times_z(&mut power);
            }
        }
        // z^(N + k) gives x(N − 606 + k), which sits at position (334 − t) mod 607.
        let mut cooked = [0u64; RNG_LEN];
        for k in 0..RNG_LEN as u64 {
            let t = (COOKED_STEPS + k) as i128 - (RNG_LEN as i128 - 1);
            let position = (334 - t).rem_euclid(RNG_LEN as i128) as usize;
            cooked[position] = power
                .iter()
                .zip(&window)
                .fold(0u64, |sum, (&c, &u)| sum.wrapping_add(c.wrapping_mul(u)));
            times_z(&mut power);
        }
        cooked
    })
}

/// `math/rand.rngSource` behind a `rand.Rand`: `rand.New(rand.NewSource(seed))`.
#[derive(Debug, Clone)]
pub struct GoRand {
    /// `tap`: index of the lagged term.
    tap: usize,
    /// `feed`: index of the term being replaced.
    feed: usize,
    /// `vec`: the feedback register.
    vec: [u64; RNG_LEN],
}

impl GoRand {
    /// `rand.NewSource(seed)` (`rngSource.Seed`).
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::calico::go_rand::GoRand;
    /// // The first values of Go's `rand.Int63()` with seed 1, as every Go program before 1.20 saw them.
    /// let mut rand = GoRand::new(1);
    /// assert_eq!(rand.int63(), 5577006791947779410);
    /// assert_eq!(rand.int63(), 8674665223082153551);
    /// ```
    pub fn new(seed: i64) -> Self {
        let mut vec = seeded_register(seed, [40, 20, 0]);
        for (v, cooked) in vec.iter_mut().zip(rng_cooked()) {
            *v ^= cooked;
        }
        Self {
            tap: 0,
            feed: RNG_LEN - RNG_TAP,
            vec,
        }
    }

    /// `rngSource.Uint64`.
    fn uint64(&mut self) -> u64 {
        self.tap = self.tap.checked_sub(1).unwrap_or(RNG_LEN - 1);
        self.feed = self.feed.checked_sub(1).unwrap_or(RNG_LEN - 1);
        let x = self.vec[self.feed].wrapping_add(self.vec[self.tap]);
        self.vec[self.feed] = x;
        x
    }

    /// `Rand.Int63`.
    pub fn int63(&mut self) -> u64 {
        self.uint64() & RNG_MASK
    }

    /// `Rand.Uint32`: the top 32 of the 63 bits.
    pub fn uint32(&mut self) -> u32 {
        (self.int63() >> 31) as u32
    }

    /// `new(big.Int).Rand(rand, limit)` for a limit of up to 128 bits (`nat.random` with 64-bit words:
    /// each word two `Uint32`s, low half first; the top word masked to the limit's bit length; redrawn
    /// until below the limit). A zero limit gives zero, as `Int.Rand` does.
    pub fn big_int_rand(&mut self, limit: u128) -> u128 {
        if limit == 0 {
            return 0;
        }
        let bit_len = 128 - limit.leading_zeros();
        let words = if bit_len > 64 { 2 } else { 1 };
        let msw_bits = match bit_len % 64 {
            0 => 64,
            bits => bits,
        };
        let mask = if msw_bits == 64 {
            u64::MAX
        } else {
            (1u64 << msw_bits) - 1
        };
        loop {
            let mut z = [0u64; 2];
            for word in z.iter_mut().take(words) {
                *word = u64::from(self.uint32()) | u64::from(self.uint32()) << 32;
            }
            z[words - 1] &= mask;
            let value = u128::from(z[0]) | u128::from(z[1]) << 64;
            if value < limit {
                return value;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_rand_int63_with_seed_1_is_gos() {
        // The well-known outputs of `rand.Int()` / `rand.Int63()` under Go's old default seed 1.
        let mut rand = GoRand::new(1);
        let firsts: Vec<u64> = (0..4).map(|_| rand.int63()).collect();
        assert_eq!(
            firsts,
            [
                5577006791947779410,
                8674665223082153551,
                6129484611666145821,
                4037200794235010051
            ]
        );
    }

    #[test]
    fn big_int_rand_stays_below_its_limit() {
        let mut rand = GoRand::new(i64::from(fnv32("node-a")));
        for limit in [1u128, 2, 3, 1024, 1 << 64, (1 << 64) + 3, u128::MAX] {
            assert!(rand.big_int_rand(limit) < limit);
        }
        assert_eq!(rand.big_int_rand(0), 0);
    }
}
