import { describe, expect, test } from 'bun:test'
import gazetteerFile from '../../core/enrich/entity-gazetteer.json' with { type: 'json' }
import { type EntityGazetteerFile, loadGazetteer } from '../../core/enrich/entity-gazetteer.ts'
import { GAZ_COUNTRY, GAZ_ORG, GAZ_PLACE, hashString } from '../../core/enrich/entity-model.ts'
import { packedNames, packedNumbers, StringKeys, StringKeysBuilder } from '../../core/enrich/packed-map.ts'
import { SHIPPED_WORD_CLUSTERS_FILE, WORD_CLUSTERS } from '../../core/enrich/word-clusters.ts'
import { SHIPPED_WORD_VECTORS_FILE, WORD_VECTORS } from '../../core/enrich/word-vectors.ts'

const KEYS = ['', 'a', 'ab', 'ba', 'new york', 'são paulo', '東京', '😀', 'a\u0000b', 'straße', 'STRASSE']

describe('StringKeys', () => {
  const keys = new StringKeys(KEYS)
  test.each(KEYS.map((key, k) => ({ key, k })))('finds $key at $k', ({ key, k }) => {
    expect(keys.indexOf(key)).toBe(k)
    expect(keys.indexOfHashed(key, hashString(key))).toBe(k)
    expect(keys.keyAt(k)).toBe(key)
  })
  test.each(['b', 'abc', 'new', 'york', 'new yorkx', 'strasse', '東', '\ud83d', 'a b'])('misses %p', (key) =>
    expect(keys.indexOf(key)).toBe(-1),
  )
  test('an empty set finds nothing', () => expect(new StringKeys([]).indexOf('')).toBe(-1))
  test('keys given joined with their offsets are found as the same keys', () => {
    const starts = new Int32Array(KEYS.length + 1)
    KEYS.forEach((key, k) => {
      starts[k + 1] = (starts[k] as number) + key.length
    })
    const joined = new StringKeys(KEYS.join(''), starts)
    expect(joined.size).toBe(KEYS.length)
    expect(KEYS.map((key) => joined.indexOf(key))).toEqual(KEYS.map((_, k) => k))
    expect(joined.indexOf('abc')).toBe(-1)
    expect(() => new StringKeys('abc', Int32Array.from([0, 2]))).toThrow('offsets')
  })
  test('the builder numbers keys in first-seen order, repeats keep their number', () => {
    const b = new StringKeysBuilder()
    expect(['x', 'y', 'x', 'z', 'y'].map((k) => b.add(k))).toEqual([0, 1, 0, 2, 1])
    expect(b.size).toBe(3)
    expect(b.finish().keyAt(2)).toBe('z')
  })
})

describe('PackedMap', () => {
  const index = new StringKeys(['a', 'b', 'c'])
  const numbers = packedNumbers(index, Uint8Array.from([5, 0, 7]))
  const names = packedNames(index, Uint16Array.from([2, 0, 1]), ['GB', 'FR'])
  test('behaves as the Map of the same entries', () => {
    const want = new Map([
      ['a', 5],
      ['b', 0],
      ['c', 7],
    ])
    expect([...numbers]).toEqual([...want])
    expect([...numbers.keys()]).toEqual([...want.keys()])
    expect([...numbers.values()]).toEqual([...want.values()])
    expect(numbers.size).toBe(3)
    expect(numbers.get('b')).toBe(0)
    expect(numbers.has('b')).toBe(true)
    expect(numbers.get('d')).toBeUndefined()
    const seen: [string, number][] = []
    numbers.forEach((v, k) => seen.push([k, v]))
    expect(seen).toEqual([...want])
  })
  test('a code of 0 is no entry', () => {
    expect([...names]).toEqual([
      ['a', 'FR'],
      ['c', 'GB'],
    ])
    expect(names.size).toBe(2)
    expect(names.has('b')).toBe(false)
  })
})

/** The maps as they were built before they were packed (a Map each), for comparison. */
function mapsAsBefore(file: EntityGazetteerFile) {
  const kinds = new Map<string, number>()
  const countryOf = new Map<string, string>()
  const add = (key: string, bit: number) => kinds.set(key, (kinds.get(key) ?? 0) | bit)
  for (const line of file.countries.split('\n')) {
    const [key, cc] = line.split('\t')
    if (key === undefined || key === '' || cc === undefined) continue
    add(key, GAZ_COUNTRY)
    countryOf.set(key, cc)
  }
  for (const line of file.places.split('\n')) {
    const [key, cc] = line.split('\t')
    if (key === undefined || key === '' || cc === undefined) continue
    add(key, GAZ_PLACE)
    if (!countryOf.has(key)) countryOf.set(key, cc)
  }
  for (const key of file.organisations.split('\n')) if (key !== '') add(key, GAZ_ORG)
  return { kinds, countryOf }
}

describe('the shipped tables, packed, hold what their Maps held', () => {
  test('gazetteer kinds and countries: same entries in the same order', () => {
    const gaz = loadGazetteer(gazetteerFile as EntityGazetteerFile)
    const want = mapsAsBefore(gazetteerFile as EntityGazetteerFile)
    expect([...gaz.kinds]).toEqual([...want.kinds])
    expect([...gaz.countryOf]).toEqual([...want.countryOf])
    for (const key of want.kinds.keys()) expect(gaz.kinds.get(key)).toBe(want.kinds.get(key) as number)
    for (const key of want.countryOf.keys()) expect(gaz.countryOf.get(key)).toBe(want.countryOf.get(key) as string)
    expect(gaz.kinds.size).toBe(want.kinds.size)
    expect(gaz.countryOf.size).toBe(want.countryOf.size)
  })

  test('word clusters: same entries in the same order', () => {
    const want = new Map<string, number>()
    SHIPPED_WORD_CLUSTERS_FILE.clusters.forEach((line, n) => {
      for (const word of line.split(' ')) if (word !== '' && !want.has(word)) want.set(word, n)
    })
    expect([...WORD_CLUSTERS]).toEqual([...want])
    for (const [w, c] of want) expect(WORD_CLUSTERS.get(w)).toBe(c)
  })

  test('word vector rows: same entries in the same order', () => {
    const want = new Map<string, number>()
    SHIPPED_WORD_VECTORS_FILE.words.split(' ').forEach((w, i) => {
      if (!want.has(w)) want.set(w, i)
    })
    expect([...WORD_VECTORS.rows]).toEqual([...want])
    for (const [w, row] of want) expect(WORD_VECTORS.rows.get(w)).toBe(row)
  })
})
