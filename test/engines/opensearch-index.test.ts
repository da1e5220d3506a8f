/** The index template, daily index names, retention by index deletion, documents and bulk bodies. */
import { describe, expect, test } from 'bun:test'
import { bulkBody } from '../../store/opensearch/bulk.ts'
import { type FullArticle, toDocument } from '../../store/opensearch/document.ts'
import {
  MAX_RESULT_WINDOW,
  dailyIndexName,
  indexDayStart,
  indexTemplate,
  retentionPlan,
} from '../../store/opensearch/index-template.ts'

const at = (iso: string) => Date.parse(iso) / 1000

test.each([
  { t: '2026-11-21T00:00:00Z', want: 'newsdesk-articles-2026.11.21' },
  { t: '2026-11-21T23:59:59Z', want: 'newsdesk-articles-2026.11.21' },
  { t: '2026-11-22T00:00:00Z', want: 'newsdesk-articles-2026.11.22' },
  { t: '1970-01-01T00:00:00Z', want: 'newsdesk-articles-1970.01.01' },
  { t: '2024-02-29T12:00:00Z', want: 'newsdesk-articles-2024.02.29' },
])('daily index of $t', ({ t, want }) => {
  expect(dailyIndexName(at(t))).toBe(want)
  expect(indexDayStart(want)).toBe(at(t.slice(0, 10)))
})

test.each(['newsdesk-articles-2026.13.01x', 'other-2026.11.21', 'newsdesk-articles-'])(
  'not a daily index: %s',
  (name) => {
    expect(indexDayStart(name)).toBeNull()
  },
)

describe('retentionPlan: 90 days by deleting whole days, trimming the day the cutoff falls in', () => {
  const names = [
    'newsdesk-articles-2026.08.22',
    'newsdesk-articles-2026.08.23',
    'newsdesk-articles-2026.08.24',
    'newsdesk-articles-2026.11.21',
    'unrelated',
  ]
  test('cutoff inside a day', () => {
    const cutoff = at('2026-11-21T14:00:00Z') - 90 * 86_400 // 2026-08-23T14:00:00Z
    expect(retentionPlan(names, cutoff)).toEqual({
      deleteIndices: ['newsdesk-articles-2026.08.22'],
      trim: {
        index: 'newsdesk-articles-2026.08.23',
        body: { query: { range: { published_at: { lt: cutoff, format: 'epoch_second' } } } },
      },
    })
  })
  test('cutoff on midnight: whole days only', () => {
    expect(retentionPlan(names, at('2026-08-24T00:00:00Z'))).toEqual({
      deleteIndices: ['newsdesk-articles-2026.08.22', 'newsdesk-articles-2026.08.23'],
      trim: null,
    })
  })
  test('nothing old', () =>
    expect(retentionPlan(names, at('2026-01-01T00:00:00Z'))).toEqual({ deleteIndices: [], trim: null }))
})

describe('indexTemplate', () => {
  const t = indexTemplate({ shards: 1, replicas: 1, refreshIntervalS: 30 })
  const props = t.template.mappings.properties as Record<string, { type: string; analyzer?: string; index?: boolean }>
  test('applies to the daily indices, with the contract offset cap as max_result_window', () => {
    expect(t.index_patterns).toEqual(['newsdesk-articles-*'])
    expect(t.template.settings.max_result_window).toBe(MAX_RESULT_WINDOW)
    expect(MAX_RESULT_WINDOW).toBe(9_900 + 100)
    expect(t.template.settings).toMatchObject({ number_of_shards: 1, number_of_replicas: 1, refresh_interval: '30s' })
  })
  test.each([
    'id',
    'url',
    'host',
    'tld',
    'lang',
    'country',
    'country_source',
    'category',
    'sentiment',
    'labelled_by',
    'dup_group',
  ])('%s is a keyword (filters, terms, collapse)', (f) => {
    expect(props[f]?.type).toBe('keyword')
  })
  test.each(['published_at', 'crawled_at'])('%s is a date', (f) => expect(props[f]?.type).toBe('date'))
  test('matching fields use the pre-tokenised whitespace analyzer; the body is stored, not indexed', () => {
    expect(props.title_tokens).toEqual({ type: 'text', analyzer: 'newsdesk_tokens' })
    expect(props.description_tokens).toEqual({ type: 'text', analyzer: 'newsdesk_tokens' })
    expect(props.text).toEqual({ type: 'text', index: false })
    expect(t.template.mappings.dynamic).toBe('strict')
  })
  test('per-language analyzers, then the ICU fallback (last, so the specific ones win)', () => {
    const dyn = t.template.mappings.dynamic_templates as Record<
      string,
      { path_match: string; mapping: { analyzer: string } }
    >[]
    const byName = Object.assign({}, ...dyn) as Record<string, { path_match: string; mapping: { analyzer: string } }>
    expect(byName.lang_en).toEqual({
      path_match: 'lang_text.en',
      mapping: { type: 'text', analyzer: 'english' },
    } as never)
    expect(byName.lang_de?.mapping.analyzer).toBe('german')
    expect(byName.lang_ru?.mapping.analyzer).toBe('russian')
    expect(byName.lang_zh).toBeUndefined()
    expect(Object.keys(dyn.at(-1) ?? {})).toEqual(['lang_other'])
    expect(dyn.at(-1)?.lang_other).toEqual({
      path_match: 'lang_text.*',
      mapping: { type: 'text', analyzer: 'icu_analyzer' },
    } as never)
    const plain = indexTemplate({ shards: 1, replicas: 0, refreshIntervalS: 1, fallbackAnalyzer: 'standard' }).template
      .mappings.dynamic_templates
    expect(plain.at(-1)).toEqual({
      lang_other: { path_match: 'lang_text.*', mapping: { type: 'text', analyzer: 'standard' } },
    } as never)
  })
})

const ARTICLE: FullArticle = {
  id: 'a1',
  url: 'https://x.fr/a',
  title: 'Élection à Paris',
  description: '比特币 市场',
  published_at: '2026-11-21T23:59:59Z',
  crawled_at: '2026-11-22T00:10:00Z',
  host: 'x.fr',
  tld: 'fr',
  lang: 'fr',
  country: 'FR',
  country_source: 'tld',
  category: 'politics',
  category_confidence: 0.8,
  category_by: 'model',
  entities: [{ key: 'place:paris', name: 'Paris', type: 'place', count: 1, country: 'FR' }],
  image: '',
  authors: [],
  tags: ['élection'],
  words: 10,
  sentiment: 'neu',
  score: 0,
  labelled_by: 'lexicon',
  lexicon_score: 0,
  lexicon_terms: '',
  dup_group: 'a1',
}

test('toDocument: folded tokens (CJK segmented) for matching, the language text for scoring', () => {
  const doc = toDocument({ ...ARTICLE, seq: 9, text: 'Body', is_bitcoin: true })
  expect(doc.title_tokens).toBe('election a paris')
  expect(doc.description_tokens.split(' ').length).toBeGreaterThanOrEqual(2) // 比特币 and 市场 (Intl.Segmenter may cut finer)
  expect(doc.description_tokens.replaceAll(' ', '')).toBe('比特币市场')
  expect(doc.lang_text).toEqual({ fr: 'Élection à Paris\n比特币 市场' })
  expect(doc).toMatchObject({ seq: 9, is_bitcoin: true, text: 'Body', title: 'Élection à Paris' })
})

test('bulkBody: an index action per document to its publication day, keyed by id, NDJSON ending in a newline', () => {
  const a = toDocument({ ...ARTICLE, seq: 1, text: '', is_bitcoin: false })
  const b = toDocument({
    ...ARTICLE,
    id: 'b2',
    published_at: '2026-11-22T00:00:00Z',
    seq: 2,
    text: '',
    is_bitcoin: false,
  })
  const lines = bulkBody([a, b]).split('\n')
  expect(lines.length).toBe(5)
  expect(lines[4]).toBe('')
  expect(JSON.parse(lines[0] ?? '')).toEqual({ index: { _index: 'newsdesk-articles-2026.11.21', _id: 'a1' } })
  expect(JSON.parse(lines[1] ?? '')).toEqual(JSON.parse(JSON.stringify(a)))
  expect(JSON.parse(lines[2] ?? '')).toEqual({ index: { _index: 'newsdesk-articles-2026.11.22', _id: 'b2' } })
  expect(bulkBody([a], 'test-x-')).toStartWith('{"index":{"_index":"test-x-2026.11.21"')
})
