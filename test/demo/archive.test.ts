import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { WARCParser } from 'warcio'
import { CATEGORIES } from '../../core/categories.ts'
import { DEMO_LANGS, generateDemoArchive } from '../../demo/index.ts'
import type { TruthArticle } from '../../demo/truth.ts'
import { BITCOIN_RE, type GroundTruth, listFiles, NOW, pearson, readTruth, tempDir } from './fixtures.ts'
import { bareHost, decodeHtml, parseHttp, parseRecord, splitMembers } from './warc-members.ts'

const DAYS = 21
let dir = ''
let truth: GroundTruth
let articles: TruthArticle[] = []
let warcFiles: string[] = []

/** What the test's own reading of the files finds, to compare with the ground truth. */
const seen = {
  /** Record types in the sampled files, as warcio's WARCParser reads them (member by member). */
  warcioTypes: {} as Record<string, number>,
  /** The same files, as the test's own parser reads them. */
  sampledTypes: {} as Record<string, number>,
  types: {} as Record<string, number>,
  htmlResponses: 0,
  canonical: new Set<string>(),
  malformed: { truncated: 0, bad_content_length: 0, corrupt_payload: 0 } as Record<string, number>,
  nonHtml: 0,
  non200: 0,
  problems: [] as string[],
}

function problem(message: string): void {
  if (seen.problems.length < 20) seen.problems.push(message)
}

beforeAll(async () => {
  dir = tempDir('archive')
  await generateDemoArchive({ outDir: dir, now: NOW, days: DAYS, articlesPerDay: 300 })
  ;({ truth, articles } = readTruth(dir))
  warcFiles = listFiles(dir).filter((f) => f.endsWith('.warc.gz'))
  const byRecord = new Map(articles.map((a) => [`${a.warc_file}#${a.record_index}`, a]))
  const withMalformed = new Set(truth.malformed.map((m) => m.warc_file))

  for (const [fileIndex, file] of warcFiles.entries()) {
    const bytes = readFileSync(join(dir, file))
    const name = file.slice(file.lastIndexOf('/') + 1)
    const members = splitMembers(bytes)
    // warcio is slow per member: it reads every file with a malformed record and a quarter of the rest.
    const sampled = withMalformed.has(name) || fileIndex % 4 === 0
    for (const [index, member] of members.entries()) {
      const rec = parseRecord(member.data)
      seen.types[rec.type] = (seen.types[rec.type] ?? 0) + 1
      if (sampled) {
        seen.sampledTypes[rec.type] = (seen.sampledTypes[rec.type] ?? 0) + 1
        for await (const parsed of new WARCParser([member.compressed])) {
          seen.warcioTypes[parsed.warcType ?? ''] = (seen.warcioTypes[parsed.warcType ?? ''] ?? 0) + 1
          break
        }
      }
      if (rec.type !== 'response') continue
      if (rec.truncated) {
        seen.malformed.truncated = (seen.malformed.truncated ?? 0) + 1
        continue
      }
      if (rec.leftover > 0) {
        seen.malformed.bad_content_length = (seen.malformed.bad_content_length ?? 0) + 1
        continue
      }
      const http = parseHttp(rec.block)
      if (http.body === null) {
        seen.malformed.corrupt_payload = (seen.malformed.corrupt_payload ?? 0) + 1
        continue
      }
      if (http.status !== 200) {
        seen.non200++
        continue
      }
      if (!(http.headers.get('content-type') ?? '').startsWith('text/html')) {
        seen.nonHtml++
        continue
      }
      seen.htmlResponses++
      const target = rec.headers.get('warc-target-uri') ?? ''
      const line = byRecord.get(`${name}#${index}`)
      if (line === undefined) {
        problem(`no truth line for ${name}#${index}`)
        continue
      }
      checkArticle(line, target, decodeHtml(http).html, rec)
    }
  }
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
function sha1Base32(data: Uint8Array): string {
  let bits = ''
  for (const byte of createHash('sha1').update(data).digest()) bits += byte.toString(2).padStart(8, '0')
  let out = 'sha1:'
  for (let i = 0; i < bits.length; i += 5) out += BASE32[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)]
  return out
}

function checkArticle(line: TruthArticle, target: string, html: string, rec: ReturnType<typeof parseRecord>): void {
  if (line.url !== target) problem(`url ${line.url} != ${target}`)
  if (!html.includes(`<h1>${escapeHtml(line.title)}</h1>`)) problem(`title missing in ${target}`)
  if (html.includes('\ufffd')) problem(`undecodable bytes in ${target}`)
  if (rec.headers.get('warc-block-digest') !== sha1Base32(rec.block)) problem(`block digest of ${target}`)

  const href = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]
  const canonical = href !== undefined && bareHost(href) === bareHost(target) ? href : target
  if (canonical !== line.canonical_url) problem(`canonical ${canonical} != ${line.canonical_url}`)
  seen.canonical.add(canonical)

  const mentions = BITCOIN_RE.test(html.replace(/<(script|head)[\s\S]*?<\/\1>/g, ''))
  if (mentions !== line.is_bitcoin)
    problem(`bitcoin mention ${mentions} but is_bitcoin ${line.is_bitcoin} in ${target}`)

  // The published_at of the truth is readable from the page where the template puts a date.
  const publishedMs = Date.parse(line.published_at)
  if (line.date_source === 'warc') {
    if (line.published_at !== line.crawled_at) problem(`undated page ${target} published_at != crawled_at`)
  } else if (line.date_source === 'url') {
    const day = line.published_at.slice(0, 10).replace(/-/g, '/')
    if (!target.includes(`/${day}/`)) problem(`no date ${day} in ${target}`)
  } else {
    const stamps =
      html.match(
        /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})|\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g,
      ) ?? []
    if (!stamps.some((s) => Date.parse(s) === publishedMs))
      problem(`published_at ${line.published_at} not in page ${target}`)
  }
  if (publishedMs > Date.parse(line.crawled_at)) problem(`published after crawl: ${target}`)

  // Country signals: each source is present in the page as ground truth says.
  const langTag = /<html lang="([^"]+)"/.exec(html)?.[1] ?? ''
  const addressCountry = /"addressCountry":"([A-Z]{2})"/.exec(html)?.[1] ?? ''
  const dateline = /<p>([A-Z][A-Z ]+) \([^)]*\) — /.test(html)
  switch (line.country_source) {
    case 'html':
      if (!langTag.endsWith(`-${line.country}`))
        problem(`html country ${line.country} but lang ${langTag} in ${target}`)
      break
    case 'content':
      if (addressCountry !== line.country && !dateline) problem(`content country without signal in ${target}`)
      break
    case 'default':
      if (line.country !== 'US' || line.lang !== 'en' || langTag.includes('-') || addressCountry !== '' || dateline)
        problem(`bad default country in ${target}`)
      break
    case 'tld':
      break
  }
}

describe('demo archive contents', () => {
  test('the files agree with the ground truth record for record', () => {
    expect(seen.problems).toEqual([])
  })

  test('record types in the files are those the ground truth states (and warcio agrees)', () => {
    expect(warcFiles).toHaveLength(truth.counts.warc_files)
    expect(truth.counts.hours).toBe(DAYS * 24)
    expect(seen.types).toEqual(truth.counts.records)
    expect(seen.warcioTypes).toEqual(seen.sampledTypes)
    expect(seen.warcioTypes.warcinfo).toBeGreaterThan(DAYS * 6)
  })

  test('responses split into articles, duplicates, malformed, non-HTML and non-200 as stated', () => {
    const c = truth.counts
    expect(seen.htmlResponses).toBe(c.html_responses)
    expect(articles).toHaveLength(c.html_responses)
    expect(seen.canonical.size).toBe(c.articles)
    expect(c.duplicates).toBe(c.html_responses - c.articles)
    expect(c.duplicates).toBeGreaterThan(0)
    expect(c.syndicated).toBeGreaterThan(0)
    expect(seen.malformed).toEqual(c.malformed)
    expect(seen.nonHtml).toBe(c.non_html)
    expect(seen.non200).toBe(c.non_200)
    for (const kind of ['truncated', 'bad_content_length', 'corrupt_payload']) {
      const perDay = (c.malformed[kind] ?? 0) / DAYS
      expect(perDay).toBeGreaterThanOrEqual(1)
      expect(perDay).toBeLessThanOrEqual(3)
    }
    expect(truth.malformed).toHaveLength(Object.values(c.malformed).reduce((s, n) => s + n, 0))
  })

  test('recrawls repeat a URL seen in an earlier hour; syndicated copies keep the title on another host', () => {
    const firstSeen = new Map<string, TruthArticle>()
    for (const a of articles) {
      const earlier = firstSeen.get(a.canonical_url)
      if (earlier === undefined) firstSeen.set(a.canonical_url, a)
      else {
        expect(a.recrawl).toBe(true)
        expect(a.warc_file > earlier.warc_file).toBe(true)
      }
    }
    const byUrl = new Map(articles.map((a) => [a.canonical_url, a]))
    for (const copy of articles.filter((a) => a.syndicated_of !== null)) {
      const original = byUrl.get(copy.syndicated_of ?? '')
      if (original === undefined) continue // the original fell before the archive's first hour
      expect(copy.title).toBe(original.title)
      expect(copy.host).not.toBe(original.host)
      expect(copy.lang).toBe(original.lang)
    }
  })

  test('breadth: 300 publishers, the 14 languages, at least 25 countries, every category, template and country source', () => {
    expect(truth.publishers).toBe(300)
    expect(new Set(truth.publisher_list.map((p) => p.host)).size).toBe(300)
    expect(Object.keys(truth.languages).sort()).toEqual([...DEMO_LANGS].sort())
    expect(Object.keys(truth.countries).length).toBeGreaterThanOrEqual(25)
    expect(Object.keys(truth.categories).sort()).toEqual([...CATEGORIES].sort())
    expect(Object.keys(truth.templates)).toHaveLength(7)
    expect(Object.keys(truth.country_sources).sort()).toEqual(['content', 'default', 'html', 'tld'])
    const hosts = truth.publisher_list.map((p) => p.host)
    for (const suffix of [
      '.co.uk',
      '.com.br',
      '.com.au',
      '.co.jp',
      '.co.in',
      '.com.tr',
      '.com.mx',
      '.com.ar',
      '.com',
      '.org',
      '.net',
      '.news',
    ]) {
      expect(hosts.some((h) => h.endsWith(suffix))).toBe(true)
    }
    const charsets = new Set(truth.publisher_list.map((p) => p.charset))
    expect([...charsets].sort()).toEqual(['shift_jis', 'utf-8', 'windows-1251'])
  })

  test('a ccTLD decides the country of its publishers', () => {
    const tldCountry: Record<string, string> = { uk: 'GB' }
    for (const p of truth.publisher_list.filter((x) => x.country_source === 'tld')) {
      expect(p.country).toBe(tldCountry[p.tld] ?? p.tld.toUpperCase())
    }
  })

  test('stories: one country and language, 2+ publishers, 3–15 articles, headlines sharing the topic', () => {
    expect(truth.stories.length).toBeGreaterThan(DAYS * 5)
    const lines = new Map<string, TruthArticle[]>()
    const counted = new Set<string>()
    for (const a of articles) {
      if (a.story_id === null || counted.has(a.canonical_url)) continue
      counted.add(a.canonical_url)
      lines.set(a.story_id, [...(lines.get(a.story_id) ?? []), a])
    }
    const cap = (k: string, lang: string) =>
      lang === 'tr' && k.startsWith('i') ? `İ${k.slice(1)}` : k.charAt(0).toUpperCase() + k.slice(1)
    for (const story of truth.stories) {
      const members = lines.get(story.id) ?? []
      expect(members.length).toBe(story.articles)
      expect(new Set(members.map((m) => m.country))).toEqual(new Set([story.country]))
      expect(new Set<string>(members.map((m) => m.lang))).toEqual(new Set([story.lang]))
      expect(new Set(members.map((m) => m.category))).toEqual(new Set([story.category]))
      const topic = story.keywords[0] ?? ''
      for (const m of members) expect(m.title.includes(topic) || m.title.includes(cap(topic, story.lang))).toBe(true)
      if (!story.complete) continue
      expect(story.publishers).toBeGreaterThanOrEqual(2)
      expect(story.articles).toBeGreaterThanOrEqual(3)
      expect(story.articles).toBeLessThanOrEqual(15)
    }
    expect(new Set(truth.stories.map((s) => s.category)).size).toBe(CATEGORIES.length)
    expect(articles.some((a) => a.story_id === null)).toBe(true)
  })

  test('bitcoin articles name bitcoin in the title or description; no other article does', () => {
    const bitcoin = articles.filter((a) => a.is_bitcoin)
    const distinct = new Set(bitcoin.map((a) => a.canonical_url)).size
    expect(distinct).toBe(truth.counts.bitcoin_articles)
    expect(distinct / truth.counts.articles).toBeGreaterThan(0.025)
    expect(distinct / truth.counts.articles).toBeLessThan(0.06)
    expect(new Set(bitcoin.map((a) => a.lang)).size).toBe(14)
    expect(new Set(bitcoin.map((a) => a.tone))).toEqual(new Set(['pos', 'neu', 'neg']))
    for (const a of bitcoin) expect(BITCOIN_RE.test(a.title) || BITCOIN_RE.test(a.description)).toBe(true)
    for (const a of articles.filter((x) => !x.is_bitcoin)) {
      expect(BITCOIN_RE.test(a.title)).toBe(false)
      expect(BITCOIN_RE.test(a.description)).toBe(false)
      expect(a.tone).toBeNull()
    }
  })

  test('BTC klines: 12 columns, one candle per hour over the archive, realistic levels', () => {
    const files = listFiles(dir).filter((f) => /^prices\/BTCUSDT-1h-\d{4}-\d{2}\.csv$/.test(f))
    const rows = files.flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(',')),
    )
    expect(rows).toHaveLength(DAYS * 24)
    let previousOpen = Date.parse(truth.first_hour) - 3_600_000
    let previousClose = Number.NaN
    for (const row of rows) {
      expect(row).toHaveLength(12)
      const [openTime, open, high, low, close, volume, closeTime, , trades] = row.map(Number) as number[]
      expect(openTime).toBe(previousOpen + 3_600_000)
      expect(closeTime).toBe((openTime ?? 0) + 3_599_999)
      if (!Number.isNaN(previousClose)) expect(open).toBe(previousClose)
      expect(high).toBeGreaterThanOrEqual(Math.max(open ?? 0, close ?? 0))
      expect(low).toBeLessThanOrEqual(Math.min(open ?? 0, close ?? 0))
      expect(close).toBeGreaterThan(40_000)
      expect(close).toBeLessThan(160_000)
      expect(volume).toBeGreaterThan(0)
      expect(Number.isInteger(trades)).toBe(true)
      previousOpen = openTime ?? 0
      previousClose = close ?? 0
    }
    expect(previousOpen + 3_600_000).toBe(Date.parse(truth.generated_until))
  })

  test.each([
    { file: 'gold.csv', min: 2000, max: 8000 },
    { file: 'silver.csv', min: 20, max: 120 },
    { file: 'usd-brl.csv', min: 3, max: 9 },
    { file: 'usd-inr.csv', min: 60, max: 120 },
  ])('daily closes in $file: weekdays of the archive, realistic levels', ({ file, min, max }) => {
    const [header, ...lines] = readFileSync(join(dir, 'prices', file), 'utf8')
      .trim()
      .split('\n')
    expect(header).toBe('date,close')
    expect(lines.length).toBeGreaterThanOrEqual(Math.floor(((DAYS - 1) * 5) / 7) - 1)
    let previous = ''
    for (const line of lines) {
      const [date = '', close] = line.split(',')
      expect(date > previous).toBe(true)
      expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay())
      expect(Number(close)).toBeGreaterThan(min)
      expect(Number(close)).toBeLessThan(max)
      previous = date
    }
  })

  test('the planted lag shows: bitcoin tone on day t follows the BTC return of day t-1, not of day t', () => {
    expect(truth.planted_lag.interval).toBe('day')
    expect(truth.planted_lag.shift).toBe(-1)
    const closes = new Map<number, number>()
    for (const f of listFiles(dir).filter((x) => x.startsWith('prices/BTCUSDT'))) {
      for (const row of readFileSync(join(dir, f), 'utf8').trim().split('\n')) {
        const cols = row.split(',')
        const hour = Number(cols[0]) / 3_600_000
        if (hour % 24 === 23) closes.set((hour - 23) / 24, Number(cols[4]))
      }
    }
    const dailyReturn = (day: number): number | undefined => {
      const a = closes.get(day - 1)
      const b = closes.get(day)
      return a === undefined || b === undefined ? undefined : b / a - 1
    }
    const tone = new Map<number, { net: number; n: number }>()
    const counted = new Set<string>()
    for (const a of articles) {
      if (!a.is_bitcoin || counted.has(a.canonical_url)) continue
      counted.add(a.canonical_url)
      const day = Math.floor(Date.parse(a.published_at) / 86_400_000)
      const t = tone.get(day) ?? { net: 0, n: 0 }
      t.net += a.tone === 'pos' ? 1 : a.tone === 'neg' ? -1 : 0
      t.n++
      tone.set(day, t)
    }
    const correlation = (shift: number): number => {
      const xs: number[] = []
      const ys: number[] = []
      for (const [day, t] of tone) {
        const r = dailyReturn(day + shift)
        if (r === undefined || t.n < 3) continue
        xs.push(t.net / t.n)
        ys.push(r)
      }
      expect(xs.length).toBeGreaterThan(DAYS / 2)
      return pearson(xs, ys)
    }
    const planted = correlation(-1)
    const same = correlation(0)
    expect(planted).toBeGreaterThan(0.6)
    expect(Math.abs(same)).toBeLessThan(0.4)
    expect(planted - same).toBeGreaterThan(0.4)
  })
})
