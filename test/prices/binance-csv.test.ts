import { describe, expect, test } from 'bun:test'
import { readKlineCsv } from '../../batch/prices/binance-csv.ts'
import { PriceDataError } from '../../batch/prices/errors.ts'
import { ms, readFixture } from './fixtures.ts'

const HOUR_MS = 3_600_000

/** Expected values are copied from the fixture text by hand. */
describe('readKlineCsv: layouts', () => {
  test.each([
    {
      name: 'data.binance.vision spot, no header, ms',
      file: 'binance-spot-1h-ms.csv',
      opens: ['2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', '2024-01-01T02:00:00Z', '2024-01-01T03:00:00Z'],
      closes: [42475.23, 42613.56, 42581.1, 42330.49],
      trades: [47134, 44567, 33203, 35034],
      absent: [],
    },
    {
      name: 'data.binance.vision spot 2025+, no header, µs',
      file: 'binance-spot-1h-us.csv',
      opens: ['2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z', '2025-01-01T02:00:00Z'],
      closes: [94401.14, 94176.01, 94287.2],
      trades: [109673, 76930, 64117],
      absent: [],
    },
    {
      name: 'ms and µs files concatenated across 2025-01-01',
      file: 'binance-spot-1h-2024-2025-concat.csv',
      opens: ['2024-12-31T22:00:00Z', '2024-12-31T23:00:00Z', '2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z'],
      closes: [93506.67, 93576, 94401.14, 94176.01],
      trades: [97541, 88210, 109673, 76930],
      absent: [],
    },
    {
      name: 'futures, header row',
      file: 'binance-futures-1h-header.csv',
      opens: ['2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z'],
      closes: [42503.5, 42640],
      trades: [60132, 55120],
      absent: [],
    },
    {
      name: 'export: symbol,interval,timestamp,…,trade_count with zones',
      file: 'export-1h.csv',
      opens: ['2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', '2024-01-01T02:00:00Z'],
      closes: [42475.23, 42613.56, 42581.1],
      trades: [47134, 44567, 33203],
      absent: [],
    },
    {
      name: 'OHLCV only, a missing hour',
      file: 'ohlcv-1h-gap.csv',
      opens: [
        '2024-03-01T00:00:00Z',
        '2024-03-01T01:00:00Z',
        '2024-03-01T02:00:00Z',
        '2024-03-01T04:00:00Z',
        '2024-03-01T05:00:00Z',
      ],
      closes: [61241.33, 61390, 61055.55, 61222.22, 61300.01],
      trades: [0, 0, 0, 0, 0],
      absent: ['trades'],
    },
    {
      name: 'MetaTrader Date;Time;… (semicolons, CRLF)',
      file: 'mt4-date-time-1h.csv',
      opens: ['2024-01-02T13:00:00Z', '2024-01-02T14:00:00Z', '2024-01-02T15:00:00Z'],
      closes: [2069.93, 2070.52, 2060.11],
      trades: [0, 0, 0],
      absent: ['trades'],
    },
  ])('$name', async ({ file, opens, closes, trades, absent }) => {
    const result = readKlineCsv(await readFixture(file))
    expect(result.errors).toEqual([])
    expect(result.skipped).toBe(0)
    expect(result.rows).toBe(opens.length)
    expect(result.intervalMs).toBe(HOUR_MS)
    expect(result.absent).toEqual([...absent])
    expect(result.candles.map((c) => new Date(c.openTimeMs).toISOString().replace('.000', ''))).toEqual([...opens])
    expect(result.candles.map((c) => c.close)).toEqual([...closes])
    expect(result.candles.map((c) => c.trades)).toEqual([...trades])
    expect(result.candles.every((c) => c.hours === 1)).toBe(true)
  })
})

test('readKlineCsv: all fields of one spot row', async () => {
  const [first] = readKlineCsv(await readFixture('binance-spot-1h-ms.csv')).candles
  expect(first).toEqual({
    openTimeMs: ms('2024-01-01T00:00:00Z'),
    open: 42283.58,
    high: 42554.57,
    low: 42261.02,
    close: 42475.23,
    volume: 1271.68108,
    trades: 47134,
    hours: 1,
  })
})

test('readKlineCsv: the same hours in three layouts give the same candles', async () => {
  const spot = readKlineCsv(await readFixture('binance-spot-1h-ms.csv')).candles.slice(0, 3)
  const rest = readKlineCsv(await readFixture('export-1h.csv')).candles
  expect(rest).toEqual(spot)
})

describe('readKlineCsv: malformed rows are skipped and counted', async () => {
  const result = readKlineCsv(await readFixture('binance-1h-malformed.csv'))
  test('counts: rows = candles + skipped + duplicates', () => {
    expect(result.rows).toBe(14)
    expect(result.candles.length).toBe(5)
    expect(result.skipped).toBe(8)
    expect(result.duplicates).toBe(1)
    expect(result.rows).toBe(result.candles.length + result.skipped + result.duplicates)
  })
  test('sorted, duplicate resolved to the later row', () => {
    expect(result.candles.map((c) => [new Date(c.openTimeMs).toISOString().slice(11, 16), c.close])).toEqual([
      ['00:00', 42475.23],
      ['01:00', 42620],
      ['02:00', 42581.1],
      ['05:00', 42390.12],
      ['09:00', 42555.55],
    ])
  })
  test.each([
    { line: 3, says: 'open "abc" is not a number' },
    { line: 4, says: '3 cells, at least 9 expected' },
    { line: 6, says: 'high 42100 is below' },
    { line: 7, says: 'a header row inside the data' },
    { line: 11, says: 'not on a 1h boundary' },
    { line: 12, says: 'close time gives a 1m candle in a 1h series' },
    { line: 13, says: 'volume -5 is negative' },
    { line: 15, says: 'open time "not-a-time" is not a timestamp' },
  ])('line $line: $says', ({ line, says }) => {
    const message = result.errors.find((e) => e.startsWith(`line ${line}: `))
    expect(message).toContain(says)
  })
})

describe('readKlineCsv: interval', () => {
  test.each([
    { name: '1-minute klines (close times)', file: 'binance-1m.csv', says: 'candles are 1m long' },
    { name: 'daily OHLCV (spacing)', file: 'ohlcv-1d.csv', says: 'candles are 1d long' },
  ])('$name are rejected when hourly is required', async ({ file, says }) => {
    const text = await readFixture(file)
    expect(() => readKlineCsv(text)).toThrow(says)
    try {
      readKlineCsv(text)
    } catch (error) {
      expect(error).toBeInstanceOf(PriceDataError)
      expect((error as PriceDataError).code).toBe('not-hourly')
    }
  })

  test.each([
    { file: 'binance-1m.csv', intervalMs: 60_000, hours: 1 / 60 },
    { file: 'ohlcv-1d.csv', intervalMs: 86_400_000, hours: 24 },
    { file: 'binance-spot-1h-us.csv', intervalMs: HOUR_MS, hours: 1 },
  ])('$file accepted with requireHourly: false, hours = $hours', async ({ file, intervalMs, hours }) => {
    const result = readKlineCsv(await readFixture(file), { requireHourly: false })
    expect(result.intervalMs).toBe(intervalMs)
    expect(result.skipped).toBe(0)
    expect(result.candles.every((c) => c.hours === hours)).toBe(true)
  })

  test('one row without a close time: assumed hourly if on the hour', () => {
    const result = readKlineCsv('datetime,open,high,low,close\n2024-01-01 05:00:00,1,2,0.5,1.5\n')
    expect(result.intervalMs).toBeNull()
    expect(result.candles.length).toBe(1)
    const off = readKlineCsv('datetime,open,high,low,close\n2024-01-01 05:30:00,1,2,0.5,1.5\n')
    expect(off.candles.length).toBe(0)
    expect(off.skipped).toBe(1)
  })
})

describe('readKlineCsv: edge inputs', () => {
  test.each([
    { name: 'empty text', text: '', candles: 0, absent: ['volume', 'trades'] },
    { name: 'header only', text: 'open_time,open,high,low,close,volume\n', candles: 0, absent: ['trades'] },
    {
      name: 'headerless OHLC only (5 columns)',
      text: '1704067200000,1,2,0.5,1.5\n',
      candles: 1,
      absent: ['volume', 'trades'],
    },
  ])('$name', ({ text, candles, absent }) => {
    const result = readKlineCsv(text)
    expect(result.candles.length).toBe(candles)
    expect(result.absent).toEqual([...absent])
  })

  test.each([
    {
      name: 'header without a close column',
      text: 'time,open,high,low,price\n1,1,1,1,1\n',
      says: 'no column for close',
    },
    { name: 'headerless, 4 columns', text: '1704067200000,1,2,0.5\n', says: 'at least 5 columns' },
  ])('$name is a no-columns error', ({ text, says }) => {
    expect(() => readKlineCsv(text)).toThrow(says)
  })

  test('errors keep the first 10 reasons, skipped counts all', () => {
    const bad = Array.from({ length: 25 }, (_, i) => `${1704067200000 + i * HOUR_MS},x,1,1,1,1`).join('\n')
    const result = readKlineCsv(bad)
    expect(result.skipped).toBe(25)
    expect(result.errors.length).toBe(10)
  })
})
