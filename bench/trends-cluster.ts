/**
 * Story clustering speed and quality on synthetic news: `bun run bench/trends-cluster.ts`.
 *
 * A seeded generator writes headlines in 14 languages (Latin, Cyrillic, Arabic, Devanagari, Han,
 * kana and Hangul words drawn from Zipfian vocabularies) for 40 countries of Zipfian volume; 40%
 * of the articles belong to planted stories (3 to ~200 articles told by several hosts over 2–12
 * hours: a two-word name in most headlines, one or two of three event words, ordinary words
 * around them), 1.5% are syndicated copies. Each row
 * clusters a window with the 14 days before it as background and prints the time, the stories
 * found, and purity/recall against the planted stories (each planted story matched to the found
 * story holding most of its articles).
 */
import { BACKGROUND_DAYS, countBackground } from '../core/trends/score.ts'
import { clusterStories } from '../core/trends/cluster.ts'
import type { TrendArticle } from '../core/trends/types.ts'
import { mulberry32 as rng } from '../core/random.ts'

const DAY_S = 86_400
const END_S = Date.parse('2026-11-21T00:00:00Z') / 1000

const LANGS = ['en', 'en', 'en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr'] as const
const ALPHABETS: Record<string, string> = {
  latin: 'bcdfghjklmnprstvz|aeiou',
  ru: 'бвгдклмнпрстфхц|аеиоуы',
  ar: 'بتثجحخدذرزسشصضطظعغفقكلمنهوي|اوي',
  hi: 'कखगघचजटडतदनपबमयरलवसह|ािीुूेो',
}

function word(r: () => number, lang: string): string {
  if (lang === 'zh' || lang === 'ja') {
    const n = 2 + Math.floor(r() * 2)
    let w = ''
    for (let i = 0; i < n; i++) w += String.fromCharCode(0x4e00 + Math.floor(r() * 3000))
    return w
  }
  if (lang === 'ko') {
    let w = ''
    for (let i = 0; i < 2 + Math.floor(r() * 2); i++) w += String.fromCharCode(0xac00 + Math.floor(r() * 11000))
    return w
  }
  const [cons = '', vows = ''] = (ALPHABETS[lang] ?? (ALPHABETS.latin as string)).split('|')
  const syllables = 2 + Math.floor(r() * 3)
  let w = ''
  for (let i = 0; i < syllables; i++)
    w += (cons[Math.floor(r() * cons.length)] ?? '') + (vows[Math.floor(r() * vows.length)] ?? '')
  return w
}

interface Vocab {
  words: string[]
  cdf: Float64Array
}

function vocabulary(r: () => number, lang: string, size: number): Vocab {
  const words = Array.from({ length: size }, () => word(r, lang))
  const cdf = new Float64Array(size)
  let sum = 0
  for (let i = 0; i < size; i++) {
    sum += 1 / (i + 1)
    cdf[i] = sum
  }
  for (let i = 0; i < size; i++) cdf[i] = (cdf[i] ?? 0) / sum
  return { words, cdf }
}

function zipf(r: () => number, v: Vocab): string {
  const u = r()
  let lo = 0
  let hi = v.cdf.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((v.cdf[mid] ?? 1) < u) lo = mid + 1
    else hi = mid
  }
  return v.words[lo] ?? ''
}

interface Planted extends TrendArticle {
  story: string | null
}

function joinWords(words: string[], lang: string): string {
  return lang === 'zh' || lang === 'ja' ? words.join('') : words.join(' ')
}

/** `days` days of synthetic articles ending at END_S, `perDay` a day. */
function generate(seed: number, days: number, perDay: number): Planted[] {
  const r = rng(seed)
  const countries = Array.from({ length: 40 }, (_, i) => ({
    code: String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
    lang: LANGS[i % LANGS.length] as string,
    share: 1 / (i + 1),
  }))
  const shareSum = countries.reduce((s, c) => s + c.share, 0)
  const vocabs = new Map<string, Vocab>()
  for (const lang of new Set(LANGS))
    vocabs.set(lang, vocabulary(rng(seed ^ lang.charCodeAt(0) ^ (lang.charCodeAt(1) << 8)), lang, 30_000))
  const out: Planted[] = []
  let seq = 0
  const push = (
    c: (typeof countries)[number],
    host: number,
    t: number,
    title: string,
    story: string | null,
  ): Planted => {
    const id = `s${seed}-${seq++}`
    const a: Planted = {
      id,
      url: `https://h${host}.${c.code.toLowerCase()}/a/${id}`,
      title,
      host: `h${host}.${c.code.toLowerCase()}`,
      lang: c.lang,
      country: c.code,
      category: 'world',
      published_at: t,
      dup_key: id,
      story,
    }
    out.push(a)
    return a
  }
  for (let d = days; d >= 1; d--) {
    const dayStart = END_S - d * DAY_S
    for (const c of countries) {
      const v = vocabs.get(c.lang) as Vocab
      const n = Math.round((perDay * c.share) / shareSum)
      let storyArticles = Math.round(n * 0.4)
      let k = 0
      while (storyArticles > 0) {
        // 3 + geometric (mean ~7.5), with a heavy tail: one story in 50 is 5× bigger.
        let size = 3 + Math.floor(-Math.log(1 - r()) * 4.5)
        if (r() < 0.02) size *= 5 + Math.floor(r() * 5)
        size = Math.min(size, Math.max(storyArticles, 3))
        storyArticles -= size
        // A story: a name (two rare words, like "Hurricane Milton") in every headline, and a few
        // event words (one of them common, like "landfall" or "election") of which each headline
        // uses one or two, among ordinary words.
        const pick = (from: number, span: number): string => v.words[from + Math.floor(r() * span)] ?? ''
        const name = [pick(2000, 28_000), pick(2000, 28_000)]
        const event = [pick(300, 29_000), pick(300, 29_000), pick(20, 200)]
        const start = dayStart + Math.floor(r() * (DAY_S - 12 * 3600))
        const span = (2 + r() * 10) * 3600
        const id = `${c.code}-${d}-${k++}`
        for (let j = 0; j < size; j++) {
          const words = r() < 0.85 ? [...name] : [name[Math.floor(r() * 2)] ?? '']
          words.push(...[...event].sort(() => r() - 0.5).slice(0, 1 + Math.floor(r() * 2)))
          for (let f = 2 + Math.floor(r() * 3); f > 0; f--)
            words.splice(Math.floor(r() * (words.length + 1)), 0, zipf(r, v))
          push(c, Math.floor(r() * 200), start + Math.floor(r() * span), joinWords(words, c.lang), id)
        }
      }
      for (let j = Math.round(n * 0.6); j > 0; j--) {
        const words = Array.from({ length: 5 + Math.floor(r() * 4) }, () => zipf(r, v))
        const a = push(c, Math.floor(r() * 200), dayStart + Math.floor(r() * DAY_S), joinWords(words, c.lang), null)
        if (r() < 0.015) {
          const copy = push(c, Math.floor(r() * 200), a.published_at + 600, a.title, null)
          copy.dup_key = a.dup_key
        }
      }
    }
  }
  return out
}

function quality(
  window: readonly Planted[],
  stories: ReturnType<typeof clusterStories>,
): { purity: number; recall: number } {
  const storyOf = new Map<string, number>()
  stories.forEach((s, i) => {
    for (const a of s.items) storyOf.set(a.id, i)
  })
  const byPlanted = new Map<string, Planted[]>()
  for (const a of window) if (a.story !== null) byPlanted.set(a.story, [...(byPlanted.get(a.story) ?? []), a])
  let overlap = 0
  let found = 0
  let planted = 0
  for (const list of byPlanted.values()) {
    const tally = new Map<number, number>()
    for (const a of list) {
      const s = storyOf.get(a.id)
      if (s !== undefined) tally.set(s, (tally.get(s) ?? 0) + 1)
    }
    const [best, n] = [...tally].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0] ?? [-1, 0]
    overlap += n
    found += stories[best]?.articles ?? 0
    planted += list.length
  }
  return { purity: overlap / Math.max(1, found), recall: overlap / Math.max(1, planted) }
}

const ROWS: { label: string; days: number; perDay: number }[] = [
  { label: '24h @ 800/day', days: 1, perDay: 800 },
  { label: '24h @ 11k/day', days: 1, perDay: 11_000 },
  { label: '7d @ 11k/day', days: 7, perDay: 11_000 },
  { label: '30d @ 11k/day', days: 30, perDay: 11_000 },
]

const pad = (s: string | number, n: number): string => String(s).padStart(n)
// Wall time and CPU time (user + system) of this process: the machine may be shared, and CPU time
// shows what the computation costs when another job competes for the cores.
console.log(
  `${'window'.padEnd(16)}${pad('articles', 10)}${pad('background', 12)}${pad('bg count ms', 13)}${pad('cluster ms', 12)}${pad('cluster cpu', 13)}${pad('stories', 9)}${pad('≥2 pubs', 9)}${pad('purity', 8)}${pad('recall', 8)}${pad('heap MB', 9)}`,
)
for (const row of ROWS) {
  const all = generate(20261121, row.days + BACKGROUND_DAYS, row.perDay)
  const sinceS = END_S - row.days * DAY_S
  const window = all.filter((a) => a.published_at >= sinceS)
  const background = all.filter((a) => a.published_at < sinceS)
  Bun.gc(true)
  const t0 = performance.now()
  const counts = countBackground(background)
  const t1 = performance.now()
  const cpu0 = process.cpuUsage()
  const stories = clusterStories(window, { background: counts })
  const cpu = process.cpuUsage(cpu0)
  const t2 = performance.now()
  const heapMb = process.memoryUsage().heapUsed / 1e6
  const q = quality(window, stories)
  console.log(
    `${row.label.padEnd(16)}${pad(window.length, 10)}${pad(background.length, 12)}${pad(Math.round(t1 - t0), 13)}${pad(Math.round(t2 - t1), 12)}${pad(Math.round((cpu.user + cpu.system) / 1000), 13)}${pad(stories.length, 9)}${pad(stories.filter((s) => s.publishers >= 2).length, 9)}${pad(q.purity.toFixed(3), 8)}${pad(q.recall.toFixed(3), 8)}${pad(Math.round(heapMb), 9)}`,
  )
}
