/**
 * Mention-level gold of the English news pages (bench/data/entity-news-mentions.json,
 * scripts/entity-news-mentions.ts) and the mention scoring (scripts/entity-news-mention-scores.ts):
 * the file loads and agrees with the document-level gold; with the shared corpus, its offsets name
 * what it says in each page's text and it is what the candidates and the edits file rebuild; the
 * mention spans of extractMentionSpans are extractMentions' mentions, at their place.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import {
  ENTITIES_MAX,
  extractArticleMentionSpans,
  extractEntities,
  extractMentionSpans,
  extractMentions,
  foldMentions,
  nameRange,
  nameWords,
} from '../../core/enrich/entities.ts'
import { ENTITY_TYPES } from '../../core/entity.ts'
import {
  emptyMentionCounts,
  keepSupported,
  nameSpan,
  scoreMentionSpans,
  spanMention,
} from '../../scripts/entity-news-mention-scores.ts'
import {
  buildMentions,
  loadNewsMentions,
  NEWS_MENTION_EDITS_PATH,
  occurrences,
  parseEdits,
} from '../../scripts/entity-news-mentions.ts'
import { type NewsPage, loadEnglishNewsPages } from '../../scripts/entity-news-pages.ts'
import { loadNewsGold } from '../../scripts/entity-news-scores.ts'
import { prf } from '../../scripts/entity-scores.ts'
import { article } from './fixtures.ts'

const mentions = loadNewsMentions()
const gold = loadNewsGold()

let pagesLoaded: NewsPage[] | null | undefined
function newsPages(): NewsPage[] | null {
  if (pagesLoaded === undefined) {
    pagesLoaded = loadEnglishNewsPages()
    if (pagesLoaded === null)
      console.log('skipping: the extraction corpora are absent from ../shared/corpus (set NEWSDESK_CORPUS)')
  }
  return pagesLoaded
}

describe('mention gold file', () => {
  test('the 53 pages of the document-level gold, same paths, splits and text hashes', () => {
    expect(mentions.length).toBe(53)
    expect(mentions.map((p) => [p.path, p.split, p.sha256])).toEqual(gold.map((g) => [g.path, g.split, g.sha256]))
    expect(mentions.filter((p) => p.split === 'test').length).toBe(26)
  })

  test('spans are ordered, disjoint and typed; each names a gold entity of its type unless marked extra', () => {
    for (const p of mentions) {
      const entities = gold.find((g) => g.path === p.path)?.entities ?? []
      let end = 0
      for (const m of p.mentions) {
        expect(m.start).toBeGreaterThanOrEqual(end)
        expect(m.end).toBeGreaterThan(m.start)
        expect(ENTITY_TYPES).toContain(m.type)
        end = m.end
        if (m.extra !== true) expect(entities.some((e) => e.name === m.entity && e.type === m.type)).toBe(true)
      }
      expect(p.mentions.length).toBeGreaterThan(0)
    }
  })

  test('offsets fall inside each page text and name the gold name or an other name where marked listed', () => {
    const pages = newsPages()
    if (pages === null) return
    const byPath = new Map(pages.map((p) => [p.path, p]))
    for (const p of mentions) {
      const page = byPath.get(p.path)
      expect(page?.sha256).toBe(p.sha256)
      const text = (page as NewsPage).text
      const entities = gold.find((g) => g.path === p.path)?.entities ?? []
      for (const m of p.mentions) {
        expect(m.end).toBeLessThanOrEqual(text.length)
        const surface = text.slice(m.start, m.end)
        // Word-bounded, no white space at either edge, no leading article.
        expect(surface.trim()).toBe(surface)
        expect(/^(the|The|THE) /.test(surface)).toBe(false)
        const e = entities.find((e) => e.name === m.entity && e.type === m.type)
        const names = e === undefined ? [] : [e.name, ...(e.aliases ?? [])]
        expect(names.includes(surface)).toBe(m.listed)
      }
    }
  })

  test('the file is what the candidates and the edits file rebuild', () => {
    const pages = newsPages()
    if (pages === null) return
    const rebuilt = buildMentions(pages, gold, parseEdits(readFileSync(NEWS_MENTION_EDITS_PATH, 'utf8')))
    expect(rebuilt).toEqual(mentions)
  })
})

describe('candidates', () => {
  test('occurrences are word-bounded and exact-case; loose lets a digit touch', () => {
    const text = 'Washington Post, WASHINGTON: Washington. 21:00Washington'
    expect(occurrences(text, 'Washington')).toEqual([0, 29])
    expect(occurrences(text, 'Washington', true)).toEqual([0, 29, 46])
  })
})

describe('mention spans of what ships', () => {
  const texts = [
    'President Donald Trump met Angela Merkel in Berlin on Tuesday. Merkel said the European Union would act.',
    'WASHINGTON (AP) — Pakistan-administered Kashmir and India-Pakistan talks; the U.S. Attorney’s Office said.',
    'Prime Minister Shehbaz Sharif told Parliament that Sharif’s government and NATO’s chief Mark Rutte agreed.',
    'Talks resume.\n\nBIDEN AND MERKEL MEET IN BERLIN AS GERMANY JOINS THE TALKS\n\nMerkel spoke first.',
  ]
  test('extractMentionSpans gives extractMentions’ mentions, each word at its offset (in its likely case in a line in capitals)', () => {
    for (const text of texts) {
      const spans = extractMentionSpans(text, 'en')
      expect(
        spans.map(({ type, words, weak }) => (weak === undefined ? { type, words } : { type, words, weak })),
      ).toEqual(extractMentions(text, 'en'))
      for (const m of spans)
        m.words.forEach((w, k) => expect(text.slice(m.at[k], m.ends[k]).toLowerCase()).toBe(w.toLowerCase()))
    }
  })

  test('nameRange cuts as nameWords does', () => {
    for (const text of texts)
      for (const m of extractMentionSpans(text, 'en')) {
        const r = nameRange(m)
        if (r === null) continue
        expect(m.words.slice(r[0], r[1]).filter((w) => w !== '.' && w !== "'s" && w !== '’s')).toEqual(nameWords(m))
      }
  })

  test('folding an article’s mention spans gives extractEntities', () => {
    const a = article({
      title: 'Merkel Meets Trump In Berlin As Talks Resume',
      description: 'Angela Merkel hosted Donald Trump.',
      text: 'BERLIN (Reuters) - Chancellor Angela Merkel met President Donald Trump. Merkel spoke first.',
    })
    const spans = extractArticleMentionSpans(a, 'en')
    expect(foldMentions(spans).slice(0, ENTITIES_MAX)).toEqual(extractEntities(a, 'en'))
    expect(spans.some((m) => m.weak === true)).toBe(true)
  })

  test('on every English news page of the corpora, the same mentions and entities', () => {
    const pages = newsPages()
    if (pages === null) return
    for (const p of pages) {
      const spans = extractArticleMentionSpans(p.article, 'en')
      expect(foldMentions(spans).slice(0, ENTITIES_MAX)).toEqual(extractEntities(p.article, 'en'))
      for (const m of spans)
        m.words.forEach((w, k) => expect(p.text.slice(m.at[k], m.ends[k]).toLowerCase()).toBe(w.toLowerCase()))
      expect(
        extractMentionSpans(p.text, 'en').map(({ type, words, weak }) =>
          weak === undefined ? { type, words } : { type, words, weak },
        ),
      ).toEqual(extractMentions(p.text, 'en'))
    }
  })
})

describe('mention scoring', () => {
  // 0         1         2         3         4         5         6
  // 0123456789012345678901234567890123456789012345678901234567890123
  const text = 'Mr. Joe Biden met Putin in Paris. The White House said Biden left.'
  const gold = [
    { start: 4, end: 13, type: 'person' as const }, // Joe Biden
    { start: 18, end: 23, type: 'person' as const }, // Putin
    { start: 27, end: 32, type: 'place' as const }, // Paris
    { start: 38, end: 49, type: 'organisation' as const }, // White House
    { start: 55, end: 60, type: 'person' as const }, // Biden
  ]
  test('exact, overlap and type + name counts on a hand-made page', () => {
    const pred = [
      { start: 0, end: 13, type: 'person' as const }, // `Mr. Joe Biden`: overlaps, not exact, another name
      { start: 18, end: 23, type: 'place' as const }, // Putin typed a place
      { start: 27, end: 32, type: 'place' as const }, // Paris: right
      { start: 34, end: 49, type: 'organisation' as const }, // `The White House`: overlaps; its name (`the` kept here) differs
      { start: 55, end: 60, type: 'person' as const }, // Biden: right
    ]
    const c = emptyMentionCounts()
    scoreMentionSpans(c, text, gold, pred)
    expect(c.exact.person).toEqual({ tp: 1, fp: 1, fn: 2 })
    expect(c.exact.place).toEqual({ tp: 1, fp: 1, fn: 0 })
    expect(c.exact.organisation).toEqual({ tp: 0, fp: 1, fn: 1 })
    expect(c.overlap.person).toEqual({ tp: 2, fp: 0, fn: 1 })
    expect(c.overlap.organisation).toEqual({ tp: 1, fp: 0, fn: 0 })
    expect(c.overlap.place).toEqual({ tp: 1, fp: 1, fn: 0 })
    // type + name: `Mr Joe Biden` is not `Joe Biden`; `Biden` matches one gold `Biden`.
    expect(c.name.person).toEqual({ tp: 1, fp: 1, fn: 2 })
    expect(prf(c.exact.place).f).toBeCloseTo(2 / 3, 6)
  })

  test('a span read as a mention and cut to its name: title, article, possessive and punctuation off', () => {
    const s = 'He met Mr. Joe Biden’s aide; (The White House) said.'
    const person = spanMention(s, 'person', 7, 22)
    expect(person?.words).toEqual(['Mr', 'Joe', 'Biden', '’s'])
    const cut = nameSpan(person as NonNullable<typeof person>)
    expect(s.slice(cut?.start, cut?.end)).toBe('Joe Biden')
    const org = spanMention(s, 'organisation', 29, 46) // `(The White House)`
    const orgCut = nameSpan(org as NonNullable<typeof org>)
    expect(s.slice(orgCut?.start, orgCut?.end)).toBe('White House')
    expect(spanMention(s, 'person', 27, 29)).toBeNull()
  })

  test('a title-case headline’s mention counts only when the body names it', () => {
    const m = (words: string[], weak?: boolean) => ({
      type: 'person' as const,
      words,
      start: 0,
      end: 1,
      at: [0],
      ends: [1],
      ...(weak ? { weak } : {}),
    })
    const kept = keepSupported([m(['Merkel'], true), m(['Trump'], true), m(['Angela', 'Merkel'])])
    expect(kept.map((k) => k.words.join(' '))).toEqual(['Merkel', 'Angela Merkel'])
  })
})
