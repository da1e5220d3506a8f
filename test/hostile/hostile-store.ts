/**
 * A store (real ArticleWriter, real SQLite) holding the fixture articles plus articles whose
 * title, description, body, authors and tags carry what a hostile or broken page can put there:
 * markup, CDATA terminators, control characters, the U+FFFD and lone surrogates that decoding
 * invalid bytes leaves, entity text, DOCTYPE entity bombs, bidi overrides and very long fields.
 * Optionally a bulk of articles made of common words, so that query cost is measured on a
 * store where every common word matches thousands of rows.
 */
import type { Database } from 'bun:sqlite'
import { articleId } from '../../core/article-id.ts'
import { isoSeconds } from '../../core/config.ts'
import { dupKey } from '../../core/enrich/dup-key.ts'
import { ArticleWriter } from '../../store/articles.ts'
import { FIXTURE_NOW, type FixtureArticle, buildFixtureStore, fixtureArticles } from '../support/fixture-store.ts'

/** Every hostile article carries this word, so `q=hostile` finds them all. */
export const HOSTILE_WORD = 'hostile'

export const HOSTILE_TEXTS: readonly string[] = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "' onmouseover='alert(1)",
  '<em>fake emphasis</em> and </em> stray',
  ']]> after a CDATA end ]]>]]>',
  '<![CDATA[ inside ]]>',
  'controls \u0000\u0001\u0007\u0008\u000b\u000c\u000e\u001b\u001f\u007f\u0080\u0085\u009f',
  'decoded garbage \uFFFD\uFFFD and lone surrogates \uD800 \uDBFF\uDFFF\uDFFF \uDC00',
  'non-characters \uFFFE\uFFFF',
  'line separators \u2028 \u2029',
  '&amp;amp;amp;amp; &lt;script&gt; &#60;script&#62; &#x3C; &#0; &#xD800; &nbsp',
  '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><x>&lol2;</x>',
  '&lol2;'.repeat(200),
  '\u202Eevil reversed\u202C \u2066isolate\u2069 مرحبا שלום',
  '👩🏽‍💻🏳️‍🌈 e\u0301\u0301\u0301 Z̷̡̛̲͉a̸l̵g̶o̷',
  `long ${'word '.repeat(2_000)}`,
  '& < > " \' all five',
]

function hostileArticles(): FixtureArticle[] {
  const base = fixtureArticles(HOSTILE_TEXTS.length, 99)
  const nowS = FIXTURE_NOW.getTime() / 1000
  return base.map((a, i) => {
    const text = HOSTILE_TEXTS[i] as string
    const url = `https://hostile${i}.example/story/${i}?a=<b>&c="d"`
    const published = nowS - 3600 * (i + 1)
    const row: FixtureArticle = {
      ...a,
      id: articleId(url),
      url,
      target_uri: url,
      title: `${HOSTILE_WORD} bitcoin ${text}`,
      description: `${text} ${HOSTILE_WORD} market`,
      text: `${text}\n\n${HOSTILE_WORD} body ${text}`,
      authors: [text.slice(0, 200)],
      tags: [text.slice(0, 100), HOSTILE_WORD],
      image: i % 2 === 0 ? `javascript:alert(${i})` : `https://hostile${i}.example/i.jpg?"><script>`,
      host: `hostile${i}.example`,
      tld: 'example',
      published_at: isoSeconds(new Date(published * 1000)),
      crawled_at: isoSeconds(new Date((published + 60) * 1000)),
      is_bitcoin: true,
    }
    row.dup_key = dupKey(row)
    return row
  })
}

/** Common words, so that every query term below matches a large share of the bulk articles. */
export const COMMON_WORDS = [
  'the',
  'news',
  'market',
  'price',
  'government',
  'world',
  'report',
  'people',
  'city',
  'police',
  'election',
  'court',
  'team',
  'season',
  'company',
  'bank',
  'health',
  'school',
  'water',
  'energy',
  'minister',
  'president',
  'state',
  'week',
  'year',
  'day',
  'time',
  'local',
  'national',
  'new',
  'first',
  'last',
  'after',
  'over',
  'more',
  'home',
  'game',
  'plan',
  'rate',
  'tax',
] as const

function bulkArticles(count: number): FixtureArticle[] {
  const template = fixtureArticles(1, 3)[0] as FixtureArticle
  const nowS = FIXTURE_NOW.getTime() / 1000
  const out: FixtureArticle[] = []
  let x = 12345
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    return x
  }
  const sentence = (n: number) => Array.from({ length: n }, () => COMMON_WORDS[next() % COMMON_WORDS.length]).join(' ')
  for (let i = 0; i < count; i++) {
    const url = `https://bulk${i % 50}.example/a/${i}`
    const published = nowS - 60 - (next() % (80 * 86_400))
    const row: FixtureArticle = {
      ...template,
      id: articleId(url),
      url,
      target_uri: url,
      title: sentence(10),
      description: sentence(25),
      text: sentence(60),
      host: `bulk${i % 50}.example`,
      tld: 'example',
      published_at: isoSeconds(new Date(published * 1000)),
      crawled_at: isoSeconds(new Date((published + 60) * 1000)),
    }
    row.dup_key = dupKey(row)
    out.push(row)
  }
  return out
}

export interface HostileStore {
  db: Database
  hostile: FixtureArticle[]
}

/** The fixture store plus the hostile articles (and `bulk` common-word articles) at `path`. */
export function buildHostileStore(path: string, bulk = 0): HostileStore {
  const db = buildFixtureStore(path)
  const hostile = hostileArticles()
  const writer = new ArticleWriter(db)
  db.transaction(() => {
    for (const a of [...hostile, ...bulkArticles(bulk)]) writer.write(a, 0)
  })()
  return { db, hostile }
}
