import { describe, expect, test } from 'bun:test'
import { parseDate, parseUrlDate } from '../../batch/extract/dates.ts'

describe('parseDate', () => {
  test.each([
    { name: 'ISO with Z', text: '2019-11-19T08:21:00Z', iso: '2019-11-19T08:21:00Z', zone: true },
    { name: 'ISO with +hh:mm', text: '2019-11-19T08:21:00+01:00', iso: '2019-11-19T07:21:00Z', zone: true },
    {
      name: 'ISO with -hhmm and millis',
      text: '2019-11-19T08:21:00.123-0500',
      iso: '2019-11-19T13:21:00Z',
      zone: true,
    },
    {
      name: 'ISO offset crossing midnight',
      text: '2019-11-19T01:30:00+05:30',
      iso: '2019-11-18T20:00:00Z',
      zone: true,
    },
    {
      name: 'ISO with space, no zone (read as UTC)',
      text: '2019-11-19 08:21:00',
      iso: '2019-11-19T08:21:00Z',
      zone: false,
    },
    { name: 'ISO minutes only', text: '2019-11-19T08:21', iso: '2019-11-19T08:21:00Z', zone: false },
    { name: 'date only', text: '2019-11-19', iso: '2019-11-19T00:00:00Z', zone: false },
    { name: 'slashes', text: '2019/11/19 08:21', iso: '2019-11-19T08:21:00Z', zone: false },
    { name: 'zone abbreviation', text: '2019-11-19 08:21 EST', iso: '2019-11-19T13:21:00Z', zone: true },
    { name: 'compact', text: '20191119T082100Z', iso: '2019-11-19T08:21:00Z', zone: true },
    { name: 'RFC 2822', text: 'Tue, 19 Nov 2019 08:21:00 GMT', iso: '2019-11-19T08:21:00Z', zone: true },
    { name: 'RFC 2822 with offset', text: 'Tue, 19 Nov 2019 08:21:00 +0100', iso: '2019-11-19T07:21:00Z', zone: true },
    {
      name: 'English month first, pm, zone',
      text: 'November 19, 2019 8:21 PM EST',
      iso: '2019-11-20T01:21:00Z',
      zone: true,
    },
    { name: 'English with a.m.', text: 'Nov. 19, 2019 at 8:21 a.m.', iso: '2019-11-19T08:21:00Z', zone: false },
    { name: '12 am is midnight', text: 'November 19, 2019 12:05 AM', iso: '2019-11-19T00:05:00Z', zone: false },
    { name: 'day first English', text: '19th November 2019', iso: '2019-11-19T00:00:00Z', zone: false },
    { name: 'German dd.mm.yyyy', text: '19.11.2019, 08:21 Uhr', iso: '2019-11-19T08:21:00Z', zone: false },
    { name: 'epoch seconds', text: '1574151660', iso: '2019-11-19T08:21:00Z', zone: true },
    { name: 'epoch milliseconds', text: '1574151660000', iso: '2019-11-19T08:21:00Z', zone: true },
  ])('$name', ({ text, iso, zone }) => {
    const parsed = parseDate(text)
    expect(parsed?.iso).toBe(iso)
    expect(parsed?.hasZone).toBe(zone)
  })

  test.each([
    { name: 'empty', text: '' },
    { name: 'words', text: 'yesterday' },
    { name: 'month 13', text: '2019-13-01' },
    { name: '31 February', text: '2019-02-31' },
    { name: 'year before 1990', text: '1900-01-01' },
    { name: 'unknown zone', text: '2019-11-19T08:21:00 XYZQ' },
    { name: 'over 100 characters', text: `2019-11-19 ${'x'.repeat(100)}` },
  ])('rejects $name', ({ text }) => expect(parseDate(text)).toBeNull())
})

describe('parseUrlDate', () => {
  test.each([
    { url: 'https://x.com/2019/11/19/story', want: '2019-11-19T00:00:00Z' },
    { url: 'https://x.com/news/2019-11-19-story.html', want: '2019-11-19T00:00:00Z' },
    { url: 'https://x.com/story-12345', want: null },
    { url: 'https://x.com/2019/13/19/story', want: null },
  ])('$url', ({ url, want }) => expect(parseUrlDate(url)?.iso ?? null).toBe(want))
})
