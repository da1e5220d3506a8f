/**
 * Seeded randomness for the demo archive. Every random choice is derived from (seed, tag, keys…)
 * through a hash, so any hour, story or article can be generated on its own: no shared stream,
 * no Math.random, no clock.
 */

/** murmur3's 32-bit finaliser: a cheap, well-mixing bijection on uint32. */
export function mix32(value: number): number {
  let h = value >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hashes a seed and integer keys (each up to 2^53) into one uint32. */
export function hashKey(seed: number, ...keys: readonly number[]): number {
  let h = mix32((seed >>> 0) ^ 0x9e3779b9)
  for (const key of keys) {
    const lo = key >>> 0
    const hi = Math.floor(key / 4294967296) >>> 0
    h = mix32((Math.imul(h ^ lo, 0x27d4eb2d) + hi + 0x165667b1) >>> 0)
  }
  return h
}

/** A uniform number in [0, 1) from a hash of the keys, for one-off draws. */
export function hashUnit(seed: number, ...keys: readonly number[]): number {
  return hashKey(seed, ...keys) / 4294967296
}

/** A standard normal draw from a hash of the keys (Box–Muller over two hashed uniforms). */
export function hashGauss(seed: number, ...keys: readonly number[]): number {
  const u1 = (hashKey(seed, ...keys, 1) + 1) / 4294967297
  const u2 = hashKey(seed, ...keys, 2) / 4294967296
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
}

/** Tags that keep the hash streams of different kinds of draws apart. */
export const TAG = {
  publishers: 1,
  storyDay: 2,
  hour: 3,
  body: 4,
  btc: 5,
  daily: 6,
  malformed: 7,
  recrawl: 8,
  uuid: 9,
  ip: 10,
  tone: 11,
} as const

/** mulberry32: a small, fast 32-bit generator, good enough for text and sampling. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** An integer in [min, max], both inclusive. */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return at(items, this.int(items.length))
  }

  /** Index drawn with probability proportional to `weights[i]`. */
  weighted(weights: readonly number[], total?: number): number {
    let sum = total ?? 0
    if (total === undefined) for (const w of weights) sum += w
    let r = this.next() * sum
    for (let i = 0; i < weights.length; i++) {
      r -= at(weights, i)
      if (r < 0) return i
    }
    return weights.length - 1
  }

  gauss(): number {
    const u1 = 1 - this.next()
    const u2 = this.next()
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
  }

  /** Rounds an expected count up or down at random so that the mean is exact. */
  dither(expected: number): number {
    const base = Math.floor(expected)
    return base + (this.next() < expected - base ? 1 : 0)
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const tmp = at(out, i)
      out[i] = at(out, j)
      out[j] = tmp
    }
    return out
  }
}

/** Indexed access that fails loudly instead of yielding undefined (the arrays here are our own). */
export function at<T>(items: readonly T[], index: number): T {
  const value = items[index]
  if (value === undefined) throw new RangeError(`index ${index} out of range (length ${items.length})`)
  return value
}
