import { describe, expect, test } from 'bun:test'
import { parseDay, parseEpoch, parseTimestamp } from '../../batch/prices/timestamps.ts'

describe('parseEpoch: unit by magnitude', () => {
  test.each([
    { name: 'seconds', text: '1704067200', want: 1704067200000 },
    { name: 'milliseconds', text: '1704067200000', want: 1704067200000 },
    { name: 'microseconds (Binance spot 2025+)', text: '1735689600000000', want: 1735689600000 },
    { name: 'microseconds, close time', text: '1735693199999999', want: 1735693199999.999 },
    { name: 'nanoseconds', text: '1735689600000000000', want: 1735689600000 },
    { name: 'close time in ms', text: '1704070799999', want: 1704070799999 },
    { name: 'negative', text: '-1704067200000', want: null },
    { name: 'decimal', text: '1704067200.5', want: null },
    { name: 'empty', text: '', want: null },
  ])('$name', ({ text, want }) => {
    const got = parseEpoch(text)
    if (want === null) expect(got).toBeNull()
    else expect(got).toBeCloseTo(want, 3)
  })
})

describe('parseTimestamp: strings', () => {
  test.each([
    { text: '2024-01-01 00:00:00', want: '2024-01-01T00:00:00.000Z' },
    { text: '2023-01-01 13:00:00+00:00', want: '2023-01-01T13:00:00.000Z' },
    { text: '2024-01-01 04:00:00+02:00', want: '2024-01-01T02:00:00.000Z' },
    { text: '2024-01-01T04:00:00-0130', want: '2024-01-01T05:30:00.000Z' },
    { text: '2024-01-01T00:00:00.250Z', want: '2024-01-01T00:00:00.250Z' },
    { text: '2004.06.11 00:00', want: '2004-06-11T00:00:00.000Z' },
    { text: '2024/02/29', want: '2024-02-29T00:00:00.000Z' },
    { text: '2024-01-01 00:00 UTC', want: '2024-01-01T00:00:00.000Z' },
    { text: '1704067200000', want: '2024-01-01T00:00:00.000Z' },
    { text: '2023-02-29', want: null },
    { text: '2024-13-01', want: null },
    { text: '2024-01-01 24:00:00', want: null },
    { text: '01/08/2024', want: null },
    { text: 'not-a-time', want: null },
  ])('$text', ({ text, want }) => {
    const got = parseTimestamp(text)
    expect(got === null ? null : new Date(got).toISOString()).toBe(want)
  })
})

describe('parseDay: the date part, 00:00 UTC', () => {
  test.each([
    { text: '2024-01-02', want: '2024-01-02' },
    { text: '2004.06.11 00:00', want: '2004-06-11' },
    { text: '2024-01-02T23:00:00-05:00', want: '2024-01-02' },
    { text: '2024-1-2', want: '2024-01-02' },
    { text: '2024-01', want: null },
    { text: '2024-01-02 garbage', want: null },
    { text: '.', want: null },
  ])('$text', ({ text, want }) => {
    const got = parseDay(text)
    expect(got === null ? null : new Date(got).toISOString().slice(0, 10)).toBe(want)
    if (got !== null) expect(got % 86_400_000).toBe(0)
  })
})
