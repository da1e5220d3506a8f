/**
 * The OpenSearch layout: one index per UTC day of `published_at` (so the 90-day retention is an
 * index deletion, not a delete-by-query over millions of documents), all created from one index
 * template and read through the pattern `newsdesk-articles-*`. Pure data: the caller sends it.
 */

export const INDEX_PREFIX = 'newsdesk-articles-'
export const INDEX_PATTERN = `${INDEX_PREFIX}*`
export const TEMPLATE_NAME = 'newsdesk-articles'

/** The contract caps offset at 9,900 and size at 100: from + size never passes this. */
export const MAX_RESULT_WINDOW = 10_000

const DAY_S = 86_400

/** `newsdesk-articles-2026.11.21` for an instant (epoch s) on that UTC day. */
export function dailyIndexName(epochS: number): string {
  const d = new Date(Math.floor(epochS / DAY_S) * DAY_S * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${INDEX_PREFIX}${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`
}

/** Start of the UTC day an index holds (epoch s), or null for a name outside the pattern. */
export function indexDayStart(name: string): number | null {
  const m = /^newsdesk-articles-(\d{4})\.(\d{2})\.(\d{2})$/.exec(name)
  if (m === null) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(ms) ? null : ms / 1000
}

export interface RetentionPlan {
  /** Whole days before the cutoff: deleted as indices. */
  deleteIndices: string[]
  /** The day the cutoff falls in: its older documents go by delete-by-query, so the window is exact. */
  trim: { index: string; body: { query: { range: { published_at: { lt: number; format: 'epoch_second' } } } } } | null
}

/** What to delete so that nothing published before `cutoffS` (epoch s) remains, as the SQLite store's retention. */
export function retentionPlan(indices: readonly string[], cutoffS: number): RetentionPlan {
  const deleteIndices: string[] = []
  let trim: RetentionPlan['trim'] = null
  for (const name of [...indices].sort()) {
    const start = indexDayStart(name)
    if (start === null) continue
    if (start + DAY_S <= cutoffS) deleteIndices.push(name)
    else if (start < cutoffS) trim = { index: name, body: { query: { range: { published_at: { lt: cutoffS, format: 'epoch_second' } } } } }
  }
  return { deleteIndices, trim }
}

/**
 * Languages with a built-in OpenSearch analyzer (stemming, stop words), by the ISO 639-1 code
 * `lang` holds. Any other language falls back to the ICU analyzer (the analysis-icu plugin),
 * which also segments Chinese, Japanese and Thai by dictionary.
 */
export const LANGUAGE_ANALYZERS: Readonly<Record<string, string>> = {
  ar: 'arabic', bg: 'bulgarian', bn: 'bengali', ca: 'catalan', cs: 'czech', da: 'danish', de: 'german',
  el: 'greek', en: 'english', es: 'spanish', et: 'estonian', eu: 'basque', fa: 'persian', fi: 'finnish',
  fr: 'french', ga: 'irish', gl: 'galician', hi: 'hindi', hu: 'hungarian', hy: 'armenian', id: 'indonesian',
  it: 'italian', lt: 'lithuanian', lv: 'latvian', nl: 'dutch', no: 'norwegian', pt: 'portuguese',
  ro: 'romanian', ru: 'russian', sv: 'swedish', th: 'thai', tr: 'turkish',
}

const keyword = { type: 'keyword' } as const
/** Returned in `_source`, never searched or sorted on. */
const storedText = { type: 'text', index: false } as const
const storedKeyword = { type: 'keyword', index: false, doc_values: false } as const

/**
 * The index template. Matching uses `title_tokens`/`description_tokens`: the index tokens of
 * core/search/tokens.ts (folded, CJK already segmented) joined by spaces and split again on
 * whitespace, so OpenSearch matches exactly what `matchesFields` defines. The per-language
 * fields (`lang_text.<lang>`) only add to the relevance score; they never decide a match.
 */
export function indexTemplate(opts: { shards: number; replicas: number; refreshIntervalS: number }) {
  return {
    index_patterns: [INDEX_PATTERN],
    template: {
      settings: {
        number_of_shards: opts.shards,
        number_of_replicas: opts.replicas,
        refresh_interval: `${opts.refreshIntervalS}s`,
        max_result_window: MAX_RESULT_WINDOW,
        codec: 'best_compression',
        analysis: {
          // Index tokens can be long (a URL-like word); the default 255 would split them.
          tokenizer: { newsdesk_tokens: { type: 'whitespace', max_token_length: 1024 } },
          analyzer: { newsdesk_tokens: { type: 'custom', tokenizer: 'newsdesk_tokens', filter: [] } },
        },
      },
      mappings: {
        dynamic: 'strict',
        _source: { excludes: ['title_tokens', 'description_tokens', 'lang_text.*'] },
        dynamic_templates: [
          ...Object.entries(LANGUAGE_ANALYZERS)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([lang, analyzer]) => ({ [`lang_${lang}`]: { path_match: `lang_text.${lang}`, mapping: { type: 'text', analyzer } } })),
          { lang_other: { path_match: 'lang_text.*', mapping: { type: 'text', analyzer: 'icu_analyzer' } } },
        ],
        properties: {
          seq: { type: 'long' },
          id: keyword,
          url: keyword,
          aliases: keyword,
          title: storedText,
          description: storedText,
          title_tokens: { type: 'text', analyzer: 'newsdesk_tokens' },
          description_tokens: { type: 'text', analyzer: 'newsdesk_tokens' },
          lang_text: { type: 'object', dynamic: true },
          text: storedText,
          published_at: { type: 'date', format: 'strict_date_time_no_millis||epoch_second' },
          crawled_at: { type: 'date', format: 'strict_date_time_no_millis||epoch_second' },
          host: keyword,
          tld: keyword,
          lang: keyword,
          country: keyword,
          country_source: keyword,
          category: keyword,
          image: storedKeyword,
          authors: storedKeyword,
          tags: keyword,
          words: { type: 'integer' },
          sentiment: keyword,
          score: { type: 'float' },
          labelled_by: keyword,
          lexicon_score: { type: 'integer' },
          lexicon_terms: storedKeyword,
          dup_group: keyword,
          is_bitcoin: { type: 'boolean' },
        },
      },
    },
  }
}
