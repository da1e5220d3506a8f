/**
 * The OpenSearch layout: one index per UTC day of `published_at` (so the 90-day retention is an
 * index deletion, not a delete-by-query over millions of documents), all created from one index
 * template and read through the pattern `newsdesk-articles-*`. Pure data: the caller sends it.
 */

export const INDEX_PREFIX = 'newsdesk-articles-'
export const INDEX_PATTERN = `${INDEX_PREFIX}*`
export const TEMPLATE_NAME = 'newsdesk-articles'

/**
 * One primary shard per daily index: a day of CC-NEWS (~380,000 articles) is ~1 GB of primary
 * data, far under the 10–50 GB a shard is sized for; one replica for failover and read capacity
 * (docs/opensearch.md, capacity plan).
 */
export const DAILY_INDEX_LAYOUT = { shards: 1, replicas: 1 } as const

/** The contract caps offset at 9,900 and size at 100: from + size never passes this. */
export const MAX_RESULT_WINDOW = 10_000

const DAY_S = 86_400

/** `newsdesk-articles-2026.11.21` for an instant (epoch s) on that UTC day. */
export function dailyIndexName(epochS: number, prefix = INDEX_PREFIX): string {
  const d = new Date(Math.floor(epochS / DAY_S) * DAY_S * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${prefix}${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`
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
    else if (start < cutoffS)
      trim = { index: name, body: { query: { range: { published_at: { lt: cutoffS, format: 'epoch_second' } } } } }
  }
  return { deleteIndices, trim }
}

/**
 * Languages with a built-in OpenSearch analyzer (stemming, stop words), by the ISO 639-1 code
 * `lang` holds. Any other language falls back to the ICU analyzer (the analysis-icu plugin),
 * which also segments Chinese, Japanese and Thai by dictionary.
 */
export const LANGUAGE_ANALYZERS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  bg: 'bulgarian',
  bn: 'bengali',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  et: 'estonian',
  eu: 'basque',
  fa: 'persian',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  gl: 'galician',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  lv: 'latvian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sv: 'swedish',
  th: 'thai',
  tr: 'turkish',
}

const keyword = { type: 'keyword' } as const
/** Returned in `_source`, never searched or sorted on. */
const storedText = { type: 'text', index: false } as const
const storedKeyword = { type: 'keyword', index: false, doc_values: false } as const

export interface TemplateOptions {
  shards: number
  replicas: number
  refreshIntervalS: number
  /** Default `newsdesk-articles-*`; tests use a prefix of their own. */
  pattern?: string
  priority?: number
  /** `icu_analyzer` needs the analysis-icu plugin; `standard` for a cluster without it. */
  fallbackAnalyzer?: 'icu_analyzer' | 'standard'
}

/**
 * The index template. Matching uses `title_tokens`/`description_tokens`: the index tokens of
 * core/search/tokens.ts (folded, CJK already segmented) joined by spaces and split again on
 * whitespace, so OpenSearch matches exactly what `matchesFields` defines. The per-language
 * fields (`lang_text.<lang>`) only add to the relevance score; they never decide a match.
 */
export function indexTemplate(opts: TemplateOptions) {
  return {
    index_patterns: [opts.pattern ?? INDEX_PATTERN],
    priority: opts.priority ?? 100,
    template: {
      settings: {
        number_of_shards: opts.shards,
        number_of_replicas: opts.replicas,
        refresh_interval: `${opts.refreshIntervalS}s`,
        max_result_window: MAX_RESULT_WINDOW,
        codec: 'best_compression',
        analysis: {
          // Index tokens can be long (a URL-like word); the default 255 would split them.
          tokenizer: {
            newsdesk_tokens: { type: 'whitespace', max_token_length: 1024 },
            // The word rule of core/search/tokens.ts, in Java regex: split on what is not a letter, digit or mark.
            newsdesk_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{M}\\p{Co}]+' },
          },
          analyzer: {
            newsdesk_tokens: { type: 'custom', tokenizer: 'newsdesk_tokens', filter: [] },
            // Only for highlighting the original text; CJK runs are not segmented here.
            newsdesk_display: { type: 'custom', tokenizer: 'newsdesk_words', filter: ['lowercase', 'asciifolding'] },
          },
        },
      },
      mappings: {
        dynamic: 'strict',
        _source: { excludes: ['title_tokens', 'description_tokens', 'lang_text.*'] },
        dynamic_templates: [
          ...Object.entries(LANGUAGE_ANALYZERS)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([lang, analyzer]) => ({
              [`lang_${lang}`]: { path_match: `lang_text.${lang}`, mapping: { type: 'text', analyzer } },
            })),
          {
            lang_other: {
              path_match: 'lang_text.*',
              mapping: { type: 'text', analyzer: opts.fallbackAnalyzer ?? 'icu_analyzer' },
            },
          },
        ],
        properties: {
          seq: { type: 'long' },
          id: keyword,
          url: keyword,
          title: { type: 'text', analyzer: 'newsdesk_display', norms: false },
          description: { type: 'text', analyzer: 'newsdesk_display', norms: false },
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
          category_confidence: { type: 'float', index: false },
          category_by: keyword,
          image: storedKeyword,
          authors: storedKeyword,
          tags: keyword,
          words: { type: 'integer' },
          sentiment: keyword,
          score: { type: 'float' },
          labelled_by: keyword,
          entity_keys: keyword,
          entities: { type: 'object', enabled: false },
          lexicon_score: { type: 'integer' },
          lexicon_terms: storedKeyword,
          dup_group: keyword,
          is_bitcoin: { type: 'boolean' },
        },
      },
    },
  }
}
