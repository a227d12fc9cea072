/**
 * A small deterministic random generator for tests (mulberry32): the same seed gives the same
 * sequence on every run, so a failing random history can be replayed from its seed.
 * `next()` is uniform in [0, 1); `pick(xs)` one element of a non-empty list; `chance(p)` true
 * with probability p.
 */
export function seededRandom(seed: number) {
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}
