import { describe, expect, test } from 'bun:test'
import { readDailyCsv } from '../../batch/prices/daily-csv.ts'
import { readFixture } from './fixtures.ts'

const day = (c: { dayMs: number }): string => new Date(c.dayMs).toISOString().slice(0, 10)

/** Expected values are copied from the fixture text by hand. */
describe('readDailyCsv: layouts', () => {
  test.each([
    {
      name: 'date,close',
      file: 'daily-date-close.csv',
      options: {},
      want: [
        ['2024-01-02', 2064.4],
        ['2024-01-03', 2041.75],
        ['2024-01-04', 2049.8],
      ],
      missing: 0,
    },
    {
      name: 'no header',
      file: 'daily-no-header.csv',
      options: {},
      want: [
        ['2024-01-02', 4.9088],
        ['2024-01-03', 4.9225],
        ['2024-01-04', 4.9082],
      ],
      missing: 0,
    },
    {
      name: 'no header, date,open,high,low,close,volume',
      file: 'daily-ohlc-no-header.csv',
      options: {},
      want: [
        ['2024-01-02', 2059.81],
        ['2024-01-03', 2041.95],
      ],
      missing: 0,
    },
    {
      name: 'FRED DATE,DEXBZUS with "."',
      file: 'fred-dexbzus.csv',
      options: {},
      want: [
        ['2024-01-02', 4.8872],
        ['2024-01-03', 4.9228],
        ['2024-01-04', 4.9077],
        ['2024-01-05', 4.891],
      ],
      missing: 2,
    },
    {
      name: 'FRED observation_date, empty value',
      file: 'fred-observation-date.csv',
      options: {},
      want: [
        ['2024-01-02', 83.27],
        ['2024-01-03', 83.3],
      ],
      missing: 1,
    },
    {
      name: 'Yahoo Date,…,Close,Adj Close,Volume with null row',
      file: 'yahoo-gold.csv',
      options: {},
      want: [
        ['2024-01-02', 2064.4],
        ['2024-01-03', 2034.2],
      ],
      missing: 1,
    },
    {
      name: 'MetaTrader Date;…;Close; (YYYY.MM.DD 00:00, CRLF)',
      file: 'mt4-daily.csv',
      options: {},
      want: [
        ['2024-01-02', 2059.81],
        ['2024-01-03', 2041.95],
      ],
      missing: 0,
    },
    {
      name: 'column by name',
      file: 'yahoo-gold.csv',
      options: { column: 'Open' },
      want: [
        ['2024-01-02', 2072.6],
        ['2024-01-03', 2058.2],
      ],
      missing: 1,
    },
    {
      name: 'rows chosen by another column',
      file: 'fx-by-country.csv',
      options: { where: { Country: 'India' } },
      want: [
        ['2024-01-01', 83.1],
        ['2024-02-01', 82.98],
      ],
      missing: 0,
    },
  ])('$name', async ({ file, options, want, missing }) => {
    const result = readDailyCsv(await readFixture(file), options)
    expect(result.closes.map((c) => [day(c), c.close])).toEqual(want.map((w) => [...w]))
    expect(result.errors).toEqual([])
    expect(result.missing).toBe(missing)
    expect(result.skipped).toBe(missing)
    expect(result.rows).toBe(want.length + missing)
  })
})

describe('readDailyCsv: malformed rows', async () => {
  const result = readDailyCsv(await readFixture('daily-malformed.csv'))
  test('counts', () => {
    expect(result).toMatchObject({ rows: 9, skipped: 6, missing: 1, duplicates: 1 })
    expect(result.rows).toBe(result.closes.length + result.skipped + result.duplicates)
  })
  test('the later duplicate wins; sorted', () => {
    expect(result.closes.map((c) => [day(c), c.close])).toEqual([
      ['2024-01-02', 2065],
      ['2024-01-03', 2041.75],
    ])
  })
  test.each([
    { line: 3, says: 'date "2024-13-01" is not YYYY-MM-DD' },
    { line: 4, says: 'value "abc" is not a positive number' },
    { line: 5, says: 'value "-5" is not a positive number' },
    { line: 9, says: 'date "01/08/2024"' },
    { line: 10, says: 'a header row inside the data' },
  ])('line $line: $says', ({ line, says }) => {
    expect(result.errors.find((e) => e.startsWith(`line ${line}: `))).toContain(says)
  })
  test('a missing value is counted, not reported', () => {
    expect(result.errors.some((e) => e.startsWith('line 6:'))).toBe(false)
  })
})

describe('readDailyCsv: unusable layouts are no-columns errors', () => {
  test.each([
    { name: 'no value column', text: 'Date,Open,High\n2024-01-02,1,2\n', options: {}, says: 'has no value column' },
    {
      name: 'named column absent',
      text: 'date,close\n2024-01-02,1\n',
      options: { column: 'BRL' },
      says: 'named "BRL"',
    },
    { name: 'no date column', text: 'when,close\nmonday,1\n', options: {}, says: 'has no date column' },
    {
      name: 'where column absent',
      text: 'date,close\n2024-01-02,1\n',
      options: { where: { Country: 'Brazil' } },
      says: 'no column "Country"',
    },
    { name: 'headerless, 3 columns', text: '2024-01-02,1,2\n', options: {}, says: '2 (date,close) or 5+' },
    {
      name: 'HTML instead of CSV',
      text: '<html><body>Service Unavailable</body></html>',
      options: {},
      says: 'daily CSV header',
    },
  ])('$name', ({ text, options, says }) => {
    expect(() => readDailyCsv(text, options)).toThrow(says)
  })

  test('empty text: nothing, no error', () => {
    expect(readDailyCsv('')).toMatchObject({ closes: [], rows: 0, skipped: 0 })
  })
})
