/** The pure parts of following the stream: backoff and Retry-After, which months a window lists, which files it keeps. */
import { describe, expect, test } from 'bun:test'
import { filesInWindow, monthsOverlapping } from '../../batch/warc/cc-news-live.ts'
import { backoffMs, isRetryableStatus, retryAfterMs } from '../../batch/warc/retry-policy.ts'

const policy = { retries: 6, backoffMs: 1000, maxBackoffMs: 60_000 }

describe('retry policy', () => {
  test.each([
    { status: 429, want: true },
    { status: 503, want: true },
    { status: 500, want: true },
    { status: 408, want: true },
    { status: 404, want: false },
    { status: 403, want: false },
    { status: 416, want: false },
  ])('status $status retryable: $want', ({ status, want }) => expect(isRetryableStatus(status)).toBe(want))

  test.each([
    { header: null, want: null },
    { header: '7', want: 7000 },
    { header: 'soon', want: null },
    { header: 'Wed, 21 Oct 2026 07:28:30 GMT', want: 30_000 },
    { header: 'Wed, 21 Oct 2026 07:27:00 GMT', want: 0 },
  ])('Retry-After $header', ({ header, want }) =>
    expect(retryAfterMs(header, Date.parse('2026-10-21T07:28:00Z'))).toBe(want),
  )

  test.each([
    // Full jitter: a uniform draw in [0, min(max, base * 2^attempt)].
    { attempt: 0, random: 0.5, server: null, want: 500 },
    { attempt: 3, random: 0.5, server: null, want: 4000 },
    { attempt: 10, random: 0.999, server: null, want: 59_940 },
    { attempt: 2, random: 0, server: null, want: 0 },
    // The server's Retry-After wins, capped at the largest backoff.
    { attempt: 0, random: 0.5, server: 5000, want: 5000 },
    { attempt: 0, random: 0.5, server: 600_000, want: 60_000 },
  ])('backoff attempt $attempt random $random server $server', ({ attempt, random, server, want }) =>
    expect(backoffMs(policy, attempt, () => random, server)).toBe(want),
  )
})

describe('cc-news:live', () => {
  test.each([
    { from: '2026-09-02T00:00:00Z', to: '2026-12-01T00:30:00Z', want: ['2026/09', '2026/10', '2026/11', '2026/12'] },
    { from: '2026-11-03T00:00:00Z', to: '2027-02-01T00:00:00Z', want: ['2026/11', '2026/12', '2027/01', '2027/02'] },
    { from: '2026-12-31T23:00:00Z', to: '2027-01-01T01:00:00Z', want: ['2026/12', '2027/01'] },
  ])('months overlapping $from..$to', ({ from, to, want }) =>
    expect(monthsOverlapping(Date.parse(from), Date.parse(to)).map((m) => `${m.year}/${m.month}`)).toEqual([...want]),
  )

  const listing = [
    'crawl-data/CC-NEWS/2026/11/CC-NEWS-20261130220000-00010.warc.gz',
    'crawl-data/CC-NEWS/2026/11/CC-NEWS-20261130230000-00011.warc.gz',
    'crawl-data/CC-NEWS/2026/12/CC-NEWS-20261201000000-00012.warc.gz',
    'crawl-data/CC-NEWS/2026/12/CC-NEWS-20261201010000-00013.warc.gz',
    'not a path',
  ]
  test.each([
    {
      name: 'all in the window',
      from: '2026-11-30T00:00:00Z',
      to: '2026-12-02T00:00:00Z',
      sample: 1,
      want: [10, 11, 12, 13],
    },
    {
      name: 'start bound inclusive',
      from: '2026-11-30T23:00:00Z',
      to: '2026-12-02T00:00:00Z',
      sample: 1,
      want: [11, 12, 13],
    },
    {
      name: 'end bound inclusive',
      from: '2026-11-30T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
      sample: 1,
      want: [10, 11, 12],
    },
    { name: 'every 2nd', from: '2026-11-30T00:00:00Z', to: '2026-12-02T00:00:00Z', sample: 2, want: [10, 12] },
    { name: 'every 3rd', from: '2026-11-30T00:00:00Z', to: '2026-12-02T00:00:00Z', sample: 3, want: [12] },
  ])('files: $name', ({ from, to, sample, want }) => {
    const files = filesInWindow(listing, 'http://x/', Date.parse(from), Date.parse(to), sample)
    expect(files.map((f) => f.serial)).toEqual([...want])
    expect(files[0]?.url.startsWith('http://x/crawl-data/CC-NEWS/')).toBe(true)
  })
})
