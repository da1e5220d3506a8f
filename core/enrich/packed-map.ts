/**
 * Read-only maps from strings for the enrichment models' large word tables (issue 28, worker
 * memory). A JS Map of 60,000 words holds 60,000 string cells, their storage and as many entries,
 * ~100 bytes a word in every worker thread; here the keys are one string and their offsets, found
 * through an open-addressing table of their FNV-1a hashes (a hit is confirmed on the characters,
 * so two keys with one hash never mix), and the values live in a typed array. The maps answer
 * exactly what the Maps they replace answered, in the same iteration order.
 */

/** FNV-1a over the characters of `s` from `from` to `to` (the hash of the entity tagger's features too). */
export function hashRange(s: string, from: number, to: number): number {
  let h = 0x811c9dc5
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Spreads an FNV-1a hash over a power-of-two table's slots. */
export function mix(h: number): number {
  let x = h ^ (h >>> 16)
  x = Math.imul(x, 0x45d9f3b)
  x ^= x >>> 16
  return x
}

/** Distinct strings, numbered 0… in the order they were first added. */
export class StringKeys {
  readonly size: number
  private readonly text: string
  private readonly starts: Int32Array
  private readonly mask: number
  /** Slot → key number + 1; 0 = empty. */
  private readonly slots: Int32Array
  private readonly hashes: Uint32Array

  /** `keys` must be distinct (StringKeysBuilder makes them so). */
  constructor(keys: readonly string[])
  /** Keys already joined: key k is text[starts[k], starts[k + 1]) (language-ngrams.ts's file). */
  constructor(text: string, starts: Int32Array)
  constructor(keysOrText: readonly string[] | string, joinedStarts?: Int32Array) {
    if (typeof keysOrText === 'string') {
      if (joinedStarts === undefined || joinedStarts[joinedStarts.length - 1] !== keysOrText.length)
        throw new Error('StringKeys: offsets do not cover the text')
      this.text = keysOrText
      this.starts = joinedStarts
    } else {
      this.text = keysOrText.join('')
      this.starts = new Int32Array(keysOrText.length + 1)
      for (let k = 0; k < keysOrText.length; k++)
        this.starts[k + 1] = (this.starts[k] as number) + (keysOrText[k] as string).length
    }
    const n = this.starts.length - 1
    this.size = n
    let cap = 16
    while (cap < n * 2) cap *= 2
    this.mask = cap - 1
    this.slots = new Int32Array(cap)
    this.hashes = new Uint32Array(cap)
    for (let k = 0; k < n; k++) {
      const h = hashRange(this.text, this.starts[k] as number, this.starts[k + 1] as number)
      let slot = mix(h) & this.mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask
      this.slots[slot] = k + 1
      this.hashes[slot] = h
    }
  }

  /** The key's number, -1 when absent. */
  indexOf(key: string): number {
    return this.indexOfHashed(key, hashRange(key, 0, key.length))
  }

  /** indexOf when the caller has the key's FNV-1a hash already (entity-model.ts hashString). */
  indexOfHashed(key: string, h: number): number {
    let slot = mix(h) & this.mask
    for (;;) {
      const s = this.slots[slot] as number
      if (s === 0) return -1
      if (this.hashes[slot] === h) {
        const from = this.starts[s - 1] as number
        if ((this.starts[s] as number) - from === key.length && this.text.startsWith(key, from)) return s - 1
      }
      slot = (slot + 1) & this.mask
    }
  }

  keyAt(k: number): string {
    return this.text.slice(this.starts[k] as number, this.starts[k + 1] as number)
  }
}

/** Collects distinct keys in first-seen order; the Map it uses is garbage once `finish` has run. */
export class StringKeysBuilder {
  private readonly index = new Map<string, number>()
  private readonly list: string[] = []

  /** The key's number: a new one for a key not seen before. */
  add(key: string): number {
    let k = this.index.get(key)
    if (k === undefined) {
      k = this.list.length
      this.index.set(key, k)
      this.list.push(key)
    }
    return k
  }

  get size(): number {
    return this.list.length
  }

  finish(): StringKeys {
    return new StringKeys(this.list)
  }
}

/**
 * A ReadonlyMap over StringKeys: key number k holds valueAt(k), or nothing when that is
 * undefined (a map over part of the keys, such as the places among all gazetteer keys).
 */
export class PackedMap<V> implements ReadonlyMap<string, V> {
  readonly size: number

  constructor(
    private readonly index: StringKeys,
    private readonly valueAt: (k: number) => V | undefined,
  ) {
    let size = 0
    for (let k = 0; k < index.size; k++) if (valueAt(k) !== undefined) size++
    this.size = size
  }

  get(key: string): V | undefined {
    const k = this.index.indexOf(key)
    return k < 0 ? undefined : this.valueAt(k)
  }

  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  *entries(): MapIterator<[string, V]> {
    for (let k = 0; k < this.index.size; k++) {
      const v = this.valueAt(k)
      if (v !== undefined) yield [this.index.keyAt(k), v]
    }
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key
  }

  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries()
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, v] of this.entries()) callback.call(thisArg, v, key, this)
  }
}

/**
 * A map from each key to the number at its key number. Built here, not inline where the data is
 * parsed: a closure keeps every captured variable of the scope it is made in alive, and the parse
 * scope holds the builder's Map and the intermediate lists.
 */
export function packedNumbers(index: StringKeys, values: Int32Array | Uint16Array | Uint8Array): PackedMap<number> {
  return new PackedMap(index, (k) => values[k])
}

/** A map from each key to names[codes[k] - 1], no entry where codes[k] is 0. */
export function packedNames(index: StringKeys, codes: Uint16Array, names: readonly string[]): PackedMap<string> {
  return new PackedMap(index, (k) => {
    const c = codes[k]
    return c === undefined || c === 0 ? undefined : names[c - 1]
  })
}
