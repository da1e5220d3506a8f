/**
 * A small, deterministic store for the live node's tests: articles written through the real
 * ArticleWriter into a real SQLite file, with titles in several scripts so that the search
 * semantics (words, phrases, exclusion, OR, CJK segmentation, diacritic folding) are exercised.
 */
import type { Database } from 'bun:sqlite'
import { articleId } from '../../core/article-id.ts'
import { isoSeconds } from '../../core/config.ts'
import { ArticleWriter, type ArticleRow } from '../../store/articles.ts'
import { openStore } from '../../store/open.ts'
import { dupKey } from '../../core/enrich/dup-key.ts'
import { saveCandles, saveDailyCloses, setInstrumentSource } from '../../store/prices.ts'
import type { Candle } from '../../core/candle.ts'
import { mulberry32 } from '../../core/random.ts'

export const FIXTURE_NOW = new Date('2026-11-21T14:00:00Z')

const LANGS = [
  {
    lang: 'en',
    country: 'GB',
    tld: 'uk',
    host: (i: number) => `news${i}.co.uk`,
    words: [
      'bitcoin',
      'market',
      'election',
      'storm',
      'football',
      'crash',
      'rally',
      'minister',
      'vaccine',
      'climate',
      'court',
      'festival',
    ],
  },
  {
    lang: 'en',
    country: 'US',
    tld: 'com',
    host: (i: number) => `daily${i}.com`,
    words: [
      'bitcoin',
      'market',
      'senate',
      'wildfire',
      'baseball',
      'crash',
      'rally',
      'governor',
      'vaccine',
      'climate',
      'court',
      'movie',
    ],
  },
  {
    lang: 'fr',
    country: 'FR',
    tld: 'fr',
    host: (i: number) => `journal${i}.fr`,
    words: ['élection', 'marché', 'tempête', 'café', 'ministre', 'santé', 'économie', 'grève', 'bitcoin', 'été'],
  },
  {
    lang: 'de',
    country: 'DE',
    tld: 'de',
    host: (i: number) => `zeitung${i}.de`,
    words: ['Wahl', 'Börse', 'Sturm', 'Fußball', 'Minister', 'Gesundheit', 'Wirtschaft', 'Streik', 'Bitcoin'],
  },
  {
    lang: 'ru',
    country: 'RU',
    tld: 'ru',
    host: (i: number) => `gazeta${i}.ru`,
    words: ['выборы', 'рынок', 'буря', 'футбол', 'министр', 'биткоин', 'экономика', 'суд'],
  },
  {
    lang: 'zh',
    country: 'CN',
    tld: 'cn',
    host: (i: number) => `xinwen${i}.cn`,
    words: ['比特币', '市场', '选举', '经济', '足球', '天气', '政府', '科技'],
  },
  {
    lang: 'ja',
    country: 'JP',
    tld: 'jp',
    host: (i: number) => `shimbun${i}.co.jp`,
    words: ['ビットコイン', '市場', '選挙', '経済', '野球', '台風', '政府', '東京'],
  },
] as const

export interface FixtureArticle extends ArticleRow {}

export function fixtureArticles(count = 400, seed = 7): FixtureArticle[] {
  const rnd = mulberry32(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const out: FixtureArticle[] = []
  const nowS = FIXTURE_NOW.getTime() / 1000
  for (let i = 0; i < count; i++) {
    const L = pick(LANGS)
    const host = L.host(i % 9)
    const sep = L.lang === 'zh' || L.lang === 'ja' ? '' : ' '
    // One hostile headline: highlight must escape it.
    const title =
      i === 5
        ? '<script>alert(1)</script> Bitcoin & "market"'
        : [pick(L.words), pick(L.words), pick(L.words), String(i % 13)].join(sep)
    const description = [pick(L.words), pick(L.words), pick(L.words)].join(sep)
    const published = nowS - Math.floor(rnd() * 40 * 86400) - 60
    const url = `https://${host}/story/${i}`
    out.push({
      id: articleId(url),
      url,
      target_uri: i % 10 === 0 ? `https://www.${host}/story/${i}?utm_source=x` : url,
      title,
      description,
      published_at: isoSeconds(new Date(published * 1000)),
      date_source: 'meta',
      crawled_at: isoSeconds(new Date((published + 600) * 1000)),
      host,
      tld: L.tld,
      image: i % 3 === 0 ? `https://${host}/img/${i}.jpg` : '',
      authors: i % 4 === 0 ? [] : [`Author ${i % 5}`],
      tags: [pick(L.words)],
      text: `${title}. ${description}. Body of article ${i}.`,
      words: 12,
      declared_lang: L.lang,
      section: '',
      site_country: '',
      lang: L.lang,
      country: L.country,
      country_source: L.tld === 'com' ? 'default' : 'tld',
      category: pick(['politics', 'business', 'sport', 'world']),
      category_confidence: 0.5,
      category_by: 'terms',
      ...toned(pick(['pos', 'neu', 'neg'] as const), rnd()),
      labelled_by: 'lexicon',
      lexicon_score: 0,
      lexicon_terms: '',
      is_bitcoin: /bitcoin|биткоин|比特币|ビットコイン/i.test(title + description),
      entities: [],
      dup_key: '',
      source_file: 'fixture.warc.gz',
    })
  }
  // Syndicated copies: every 50th article repeats the first one's story on its own host.
  const first = out[0]
  if (first !== undefined) {
    for (const a of out) {
      if (a !== first && out.indexOf(a) % 50 === 0) {
        a.title = first.title
        a.description = first.description
        a.text = first.text
      }
    }
  }
  for (const a of out) a.dup_key = dupKey(a)
  return out
}

/**
 * Appends one real-looking story told in two countries (four GB and four US publishers over the
 * last ten hours), so a store built from the fixture has a trending keyword (`volcano`) under the
 * default `min_trends=2`: the fixture's own headlines are random word triples, which are template
 * words by definition and never trend.
 */
export function plantTwoCountryStory(articles: FixtureArticle[]): void {
  const nowS = FIXTURE_NOW.getTime() / 1000
  const gb = articles.find((a) => a.country === 'GB')
  const us = articles.find((a) => a.country === 'US')
  if (gb === undefined || us === undefined) throw new Error('the fixture lacks a GB or US article')
  const headlines = [
    'Volcano erupts near Reykjavik, flights grounded',
    'Iceland volcano eruption grounds flights',
    'Ash cloud from Iceland volcano closes airports',
    'Volcano in Iceland erupts again overnight',
  ]
  headlines.forEach((title, k) => {
    for (const [base, host] of [
      [gb, `news${k}.co.uk`],
      [us, `daily${k}.com`],
    ] as const) {
      const url = `https://${host}/world/volcano-${k}`
      const published = nowS - 3600 * (2 + k * 2) - (base === gb ? 0 : 900)
      const text = `${title}. Report ${k} from ${host} on the eruption and the closed airports.`
      const a: FixtureArticle = {
        ...base,
        id: articleId(url),
        url,
        target_uri: url,
        title,
        description: `${host} reports: ${title.toLowerCase()}`,
        text,
        host,
        tags: ['iceland'],
        is_bitcoin: false,
        sentiment: 'neu',
        score: 0,
        lexicon_score: 0,
        lexicon_terms: '',
        published_at: isoSeconds(new Date(published * 1000)),
        crawled_at: isoSeconds(new Date((published + 600) * 1000)),
        category: 'world',
        dup_key: '',
      }
      a.dup_key = dupKey(a)
      articles.push(a)
    }
  })
}

/** Writes the fixture articles into a new store at `path` and returns it open. */
export function buildFixtureStore(path: string, articles = fixtureArticles()): Database {
  const db = openStore(path)
  const writer = new ArticleWriter(db)
  db.transaction(() => {
    for (const a of articles) writer.write(a, 0)
  })()
  db.query(
    "INSERT INTO warc_files (source, status, next_record, records, html, articles, duplicates, skipped, started_at, finished_at) VALUES ('fixture.warc.gz', 'done', 1, 1, 1, 1, 0, '{}', ?, ?)",
  ).run(FIXTURE_NOW.getTime() / 1000 - 3600, FIXTURE_NOW.getTime() / 1000 - 1800)
  const rnd = mulberry32(11)
  const candles: Candle[] = []
  const hour = 3_600_000
  const start = Math.floor(FIXTURE_NOW.getTime() / hour) * hour - 60 * 24 * hour
  let close = 90_000
  for (let t = start; t < FIXTURE_NOW.getTime(); t += hour) {
    if (t % (37 * hour) === 0) continue // a few gaps, never invented by resampling
    const open = close
    close = open * (1 + (rnd() - 0.5) * 0.01)
    candles.push({
      openTimeMs: t,
      open,
      high: Math.max(open, close) * 1.001,
      low: Math.min(open, close) * 0.999,
      close,
      volume: 100 + rnd() * 50,
      trades: 1000 + Math.floor(rnd() * 500),
      hours: 1,
    })
  }
  saveCandles(db, 'bitcoin', candles)
  setInstrumentSource(db, 'bitcoin', 'fixture', 0)
  const day = 86_400_000
  const days = Array.from({ length: 60 }, (_, i) => Math.floor(FIXTURE_NOW.getTime() / day) * day - (59 - i) * day)
  saveDailyCloses(
    db,
    'gold',
    days.map((d, i) => ({ dayMs: d, close: 2400 + i })),
  )
  setInstrumentSource(db, 'gold', 'fixture', 0)
  return db
}

/** A tone label with a score of its sign (pos above 0.05, neg below -0.05, neu between), in hundredths. */
function toned(sentiment: 'pos' | 'neu' | 'neg', u: number): { sentiment: 'pos' | 'neu' | 'neg'; score: number } {
  const magnitude = Math.round(u * 95) / 100 // 0 … 0.95
  const score =
    sentiment === 'pos' ? 0.05 + magnitude : sentiment === 'neg' ? -0.05 - magnitude : Math.round((u - 0.5) * 10) / 100
  return { sentiment, score: Math.round(score * 100) / 100 || 0 } // never -0
}
