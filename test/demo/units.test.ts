import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import iconv from 'iconv-lite'
import { eld } from 'eld/medium'
import { isoOffset, isoZ, rfc1123 } from '../../demo/dates.ts'
import { renderArticlePage } from '../../demo/html.ts'
import { DEMO_LANGS } from '../../demo/lang/index.ts'
import { createPlanContext, planHour, slugify, toneProbabilities, truthPublishedMs } from '../../demo/plan.ts'
import { formatInt } from '../../demo/text.ts'
import { gzipStored, pageInput, recordId, sha1Base32 } from '../../demo/warc-writer.ts'

const SEED = 20261121
const ctx = createPlanContext(SEED, 800)
const firstHour = Date.parse('2026-11-01T00:00:00Z') / 3_600_000
const records = Array.from({ length: 72 }, (_, i) => planHour(ctx, firstHour + i).records).flat()

describe('demo building blocks', () => {
  test.each([
    { input: '', want: 'sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ' },
    { input: 'abc', want: 'sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5' },
    { input: 'WARC', want: 'sha1:4YBZ2GXXG4P4ZZQVBWIYQA36NO5ZRPA2' },
  ])('sha1Base32("$input")', ({ input, want }) => {
    expect(sha1Base32(new TextEncoder().encode(input))).toBe(want)
    expect(sha1Base32(input)).toBe(want)
  })

  test.each([0, 1, 65_535, 65_536, 200_000])('gzipStored round-trips %i bytes', (size) => {
    const data = new Uint8Array(size).map((_, i) => (i * 7) % 251)
    expect(new Uint8Array(gunzipSync(gzipStored(data)))).toEqual(data)
  })

  test('record ids are UUIDs, stable and distinct', () => {
    const id = recordId(SEED, 491_000, 5)
    expect(id).toMatch(/^<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>$/)
    expect(recordId(SEED, 491_000, 5)).toBe(id)
    expect(recordId(SEED, 491_000, 6)).not.toBe(id)
    expect(recordId(SEED + 1, 491_000, 5)).not.toBe(id)
  })

  test.each([
    {
      title: 'Debate over the budget grows in Leeds',
      lang: 'en' as const,
      want: 'debate-over-the-budget-grows-in-leeds',
    },
    {
      title: 'Neue Details: die Hitzewelle in München',
      lang: 'de' as const,
      want: 'neue-details-die-hitzewelle-in-muenchen',
    },
    {
      title: "Ce que l'on sait sur la canicule à Besançon",
      lang: 'fr' as const,
      want: 'ce-que-l-on-sait-sur-la-canicule-a' /* 9 words at most */,
    },
    { title: 'İzmir kentinde sıcak hava dalgası', lang: 'tr' as const, want: 'izmir-kentinde-sicak-hava-dalgasi' },
  ])('slugify($title)', ({ title, lang, want }) => expect(slugify(title, lang)).toBe(want))

  test.each([
    { value: 7, sep: ',', want: '7' },
    { value: 999, sep: '.', want: '999' },
    { value: 1000, sep: '.', want: '1.000' },
    { value: 97_400, sep: ',', want: '97,400' },
    { value: 1_234_567, sep: ' ', want: '1 234 567' },
  ])('formatInt($value)', ({ value, sep, want }) => expect(formatInt(value, sep)).toBe(want))

  test.each([
    {
      ms: Date.UTC(2026, 10, 21, 14, 5),
      offset: 60,
      iso: '2026-11-21T15:05:00+01:00',
      rfc: 'Sat, 21 Nov 2026 14:05:00 GMT',
    },
    {
      ms: Date.UTC(2026, 10, 21, 2, 0),
      offset: -300,
      iso: '2026-11-20T21:00:00-05:00',
      rfc: 'Sat, 21 Nov 2026 02:00:00 GMT',
    },
    {
      ms: Date.UTC(2026, 10, 21, 20, 30),
      offset: 330,
      iso: '2026-11-22T02:00:00+05:30',
      rfc: 'Sat, 21 Nov 2026 20:30:00 GMT',
    },
  ])('date formats of $iso', ({ ms, offset, iso, rfc }) => {
    expect(isoOffset(ms, offset)).toBe(iso)
    expect(Date.parse(iso)).toBe(ms)
    expect(rfc1123(ms)).toBe(rfc)
    expect(isoZ(ms)).toBe(new Date(ms).toISOString().replace('.000', ''))
  })

  test.each([
    { template: 'og' as const, want: '2026-11-21T13:07:00Z' },
    { template: 'jsonld' as const, want: '2026-11-21T13:07:00Z' },
    { template: 'time' as const, want: '2026-11-21T13:07:00Z' },
    { template: 'urldate' as const, want: '2026-11-21T00:00:00Z' },
    { template: 'bare' as const, want: '2026-11-21T14:02:09Z' },
  ])('published_at truth for the $template layout', ({ template, want }) => {
    expect(isoZ(truthPublishedMs(template, 540, Date.UTC(2026, 10, 21, 13, 7), Date.UTC(2026, 10, 21, 14, 2, 9)))).toBe(
      want,
    )
  })

  test.each([
    { r: 0.1, check: (p: Record<string, number>) => p.pos ?? 0, min: 0.75 },
    { r: -0.1, check: (p: Record<string, number>) => p.neg ?? 0, min: 0.75 },
    { r: 0, check: (p: Record<string, number>) => p.neu ?? 0, min: 0.6 },
  ])('tone probabilities for a daily return of $r', ({ r, check, min }) => {
    const p = toneProbabilities(r)
    expect(p.pos + p.neu + p.neg).toBeCloseTo(1, 12)
    expect(check(p)).toBeGreaterThanOrEqual(min)
  })

  test('a language detector recognises the text of every language', () => {
    for (const lang of DEMO_LANGS) {
      const sample = records.filter((r) => r.article?.lang === lang).slice(0, 6)
      expect(sample.length).toBeGreaterThan(0)
      for (const r of sample) {
        if (r.article === null) continue
        const body = pageInput(r.article, SEED).paragraphs.join('\n')
        expect(eld.detect(body).language).toBe(lang)
      }
    }
  })

  test('articles are 150–600 words in 3–8 paragraphs', () => {
    for (const r of records.slice(0, 400)) {
      if (r.article === null) continue
      const { paragraphs } = pageInput(r.article, SEED)
      expect(paragraphs.length).toBeGreaterThanOrEqual(3)
      expect(paragraphs.length).toBeLessThanOrEqual(8 + (r.article.original === null ? 0 : 1))
      const text = paragraphs.join(' ')
      const words = r.article.lang === 'zh' || r.article.lang === 'ja' ? text.length / 2 : text.split(/\s+/).length
      expect(words).toBeGreaterThanOrEqual(150)
      expect(words).toBeLessThanOrEqual(700)
    }
  })

  test('legacy charsets hold every character of their pages', () => {
    const legacy = ctx.publishers.filter((p) => p.charset !== 'utf-8')
    expect(new Set(legacy.map((p) => p.lang))).toEqual(new Set(['ru', 'ja']))
    const pages = records.filter((r) => r.article !== null && r.publisher.charset !== 'utf-8')
    expect(pages.length).toBeGreaterThan(3)
    for (const r of pages) {
      if (r.article === null) continue
      const html = renderArticlePage(pageInput(r.article, SEED))
      const encoding = r.publisher.charset === 'shift_jis' ? 'Shift_JIS' : 'win1251'
      expect(iconv.decode(iconv.encode(html, encoding), encoding)).toBe(html)
    }
  })
})
