import { describe, expect, test } from 'bun:test'
import { readKlineJson } from '../../batch/prices/binance-json.ts'
import { readKlineCsv } from '../../batch/prices/binance-csv.ts'
import { ms, readFixture } from './fixtures.ts'

test('readKlineJson: a recorded REST page equals the same hours read from the spot CSV', async () => {
  const result = readKlineJson(JSON.parse(await readFixture('klines-rest-page.json')))
  expect(result).toMatchObject({ rows: 3, skipped: 0, duplicates: 0, intervalMs: 3_600_000, absent: [], errors: [] })
  const csv = readKlineCsv(await readFixture('binance-spot-1h-ms.csv')).candles.slice(0, 3)
  expect(result.candles).toEqual(csv)
})

const good = (openMs: number, close = '100.5'): unknown[] => [
  openMs,
  '100.00',
  '101.00',
  '99.00',
  close,
  '12.5',
  openMs + 3_599_999,
  '1250.0',
  42,
  '6',
  '600',
  '0',
]
const T0 = ms('2024-01-01T00:00:00Z')
const H = 3_600_000

describe('readKlineJson: rows', () => {
  test.each([
    { name: 'not an array', entry: { a: 1 }, says: 'an object with keys a is not a kline array' },
    { name: 'too short', entry: [T0, '1', '1'], says: 'an array of 3 is not a kline array' },
    { name: 'open time a word', entry: ['soon', ...good(T0).slice(1)], says: 'open time "soon" is not an epoch' },
    { name: 'price not numeric', entry: [T0, 'x', ...good(T0).slice(2)], says: 'is not a number' },
    { name: 'price zero', entry: [T0, '0', ...good(T0).slice(2)], says: 'open 0 is not a positive price' },
    {
      name: 'trades fractional',
      entry: [...good(T0).slice(0, 8), 4.5, ...good(T0).slice(9)],
      says: 'trades 4.5 is not a count',
    },
  ])('$name: skipped with a reason', ({ entry, says }) => {
    const result = readKlineJson([good(T0 - H), entry, good(T0 + H)])
    expect(result.candles.length).toBe(2)
    expect(result.skipped).toBe(1)
    expect(result.errors[0]).toStartWith('row 2: ')
    expect(result.errors[0]).toContain(says)
  })

  test('numbers instead of strings are accepted; 6-field rows have no trade count', () => {
    const result = readKlineJson([
      [T0, 1, 2, 0.5, 1.5, 10],
      [T0 + H, 1.5, 2, 1, 1.2, 11],
    ])
    expect(result.candles.map((c) => c.close)).toEqual([1.5, 1.2])
    expect(result.absent).toEqual(['trades'])
  })

  test('duplicates: last wins; output sorted', () => {
    const result = readKlineJson([good(T0 + H, '100.2'), good(T0, '100.1'), good(T0 + H, '100.3')])
    expect(result.candles.map((c) => [c.openTimeMs - T0, c.close])).toEqual([
      [0, 100.1],
      [H, 100.3],
    ])
    expect(result.duplicates).toBe(1)
  })

  test.each([
    {
      name: 'a Binance error object',
      body: { code: -1121, msg: 'Invalid symbol.' },
      says: 'an object with keys code, msg',
    },
    { name: 'a string', body: 'hello', says: 'a string' },
    { name: 'null', body: null, says: 'null' },
  ])('body $name is a bad-body error', ({ body, says }) => {
    expect(() => readKlineJson(body)).toThrow(says)
  })

  test('empty array: no candles, no error', () => {
    expect(readKlineJson([])).toMatchObject({ candles: [], rows: 0, skipped: 0, intervalMs: null })
  })
})
