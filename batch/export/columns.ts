/**
 * The research bundle's columns: one table per exported file, every column described. The README
 * is written from these, the writer exports exactly these, and a test checks that the store has no
 * column this list forgets (a migration that adds one must describe it here).
 */
export interface Column {
  name: string
  type: string
  description: string
  /** Not a column of the store table: the SQL expression (over `a`, the article row) it is read with. */
  derived?: string
}

export interface TableSpec {
  /** File inside the version folder. */
  file: string
  /** Source table in the store. */
  table: string
  /** Store columns deliberately left out, with the reason in the README. */
  omitted?: Record<string, string>
  columns: Column[]
}

export const ARTICLES: TableSpec = {
  file: 'data/articles.ndjson.gz',
  table: 'articles',
  columns: [
    {
      name: 'seq',
      type: 'integer',
      description: 'insertion order in the store; a version sees the articles with seq <= its watermark',
    },
    { name: 'id', type: 'string', description: "stable hash of the canonical URL (the API's article id)" },
    { name: 'url', type: 'string', description: 'canonical URL' },
    { name: 'target_uri', type: 'string', description: 'URL of the crawl that produced the article (WARC-Target-URI)' },
    { name: 'title', type: 'string', description: 'headline' },
    { name: 'description', type: 'string', description: 'summary or lead paragraph' },
    { name: 'published_at', type: 'ISO 8601 UTC string', description: 'publication time (seconds)' },
    { name: 'date_source', type: 'string', description: 'where published_at came from (meta, json-ld, url, crawl…)' },
    { name: 'crawled_at', type: 'ISO 8601 UTC string', description: 'crawl time (WARC-Date)' },
    { name: 'host', type: 'string', description: 'publisher host without www.' },
    { name: 'tld', type: 'string', description: 'top-level domain of host, without the dot' },
    { name: 'image', type: 'string', description: 'lead image URL, or empty' },
    { name: 'authors', type: 'array of strings', description: 'bylines' },
    { name: 'tags', type: 'array of strings', description: 'keywords/tags declared by the page' },
    { name: 'words', type: 'integer', description: 'words in the body text' },
    { name: 'declared_lang', type: 'string', description: 'language the page declares (html lang / meta), or empty' },
    { name: 'section', type: 'string', description: 'section the page declares, or empty' },
    { name: 'site_country', type: 'string', description: 'country the site declares (locale region), or empty' },
    { name: 'lang', type: 'string', description: 'detected language (ISO 639-1)' },
    { name: 'country', type: 'string', description: 'country the article is attributed to (ISO 3166-1 alpha-2)' },
    { name: 'country_source', type: 'string', description: 'how country was decided: tld, locale, dateline, default…' },
    { name: 'category', type: 'string', description: 'topic category' },
    { name: 'category_confidence', type: 'number', description: 'confidence of category, 0–1' },
    {
      name: 'category_by',
      type: 'string',
      description:
        'which labeller decided category: model (English, French), model-low-confidence (the model below its threshold, the word lists silent: its best guess) or terms (the word lists)',
    },
    { name: 'sentiment', type: 'string', description: 'tone label: pos, neu or neg (the API filter `sentiment`)' },
    {
      name: 'score',
      type: 'number',
      description:
        "tone score in [-1, 1] of the labeller that decided: the model's P(pos) − P(neg), or the lexicon sum squashed by x / √(x² + 15) (the API filters `min_score`, `max_score`)",
    },
    { name: 'labelled_by', type: 'string', description: 'model (English) or lexicon' },
    {
      name: 'entities',
      type: 'array of entity objects',
      description:
        'people, organisations and places the article names, most mentioned first: {key, name, type, count, country} as the API gives them (the filter `entity`); in Parquet a JSON text',
      derived: `(SELECT json_group_array(json(x.o)) FROM (SELECT json_object('key', e.key, 'name', ae.name, 'type', e.type, 'count', ae.count, 'country', e.country) AS o FROM article_entities ae JOIN entities e ON e.id = ae.entity WHERE ae.seq = a.seq ORDER BY ae.count DESC, e.key) x)`,
    },
    { name: 'lexicon_score', type: 'integer', description: 'AFINN-style lexicon sum' },
    { name: 'lexicon_terms', type: 'string', description: 'lexicon terms that matched' },
    { name: 'is_bitcoin', type: 'boolean', description: 'the article is about bitcoin' },
    { name: 'dup_key', type: 'string', description: 'syndication key (title half : body shingle signature)' },
    { name: 'dup_title', type: 'string', description: 'title half of dup_key' },
    {
      name: 'dup_group',
      type: 'string',
      description: 'syndication group: the smallest id among near-identical copies on other hosts',
    },
    { name: 'source_file', type: 'string', description: 'WARC file the article was read from' },
    {
      name: 'tkey',
      type: 'integer',
      description: 'full-text index key: published_at × 2^20 + 20 bits of id (orders date sorts)',
    },
    { name: 'text', type: 'string', description: 'body text; present only in bundles built with --with-text' },
  ],
}

export const CSV_TABLES: readonly TableSpec[] = [
  {
    file: 'data/candles.csv',
    table: 'candles',
    columns: [
      { name: 'instrument', type: 'string', description: 'instrument slug (bitcoin)' },
      { name: 'open_time', type: 'integer', description: 'candle open, epoch milliseconds UTC' },
      { name: 'open', type: 'number', description: 'open price, USD' },
      { name: 'high', type: 'number', description: 'high price, USD' },
      { name: 'low', type: 'number', description: 'low price, USD' },
      { name: 'close', type: 'number', description: 'close price, USD' },
      { name: 'volume', type: 'number', description: 'base-asset volume' },
      { name: 'trades', type: 'integer', description: 'number of trades' },
      { name: 'hours', type: 'integer', description: 'hours the candle covers (1 for hourly klines)' },
    ],
  },
  {
    file: 'data/daily_closes.csv',
    table: 'daily_closes',
    columns: [
      { name: 'instrument', type: 'string', description: 'instrument slug (gold, silver, usd-brl, usd-inr…)' },
      { name: 'day', type: 'integer', description: 'epoch milliseconds of 00:00 UTC of the day' },
      { name: 'close', type: 'number', description: "daily close in the instrument's unit" },
    ],
  },
  {
    file: 'data/instrument_sources.csv',
    table: 'instrument_sources',
    columns: [
      { name: 'instrument', type: 'string', description: 'instrument slug' },
      { name: 'source', type: 'string', description: 'provider the loaded prices came from' },
      { name: 'updated_at', type: 'integer', description: 'epoch seconds of the last load' },
    ],
  },
  {
    file: 'data/url_aliases.csv.gz',
    table: 'url_aliases',
    columns: [
      { name: 'target_uri', type: 'string', description: 'a crawled URL' },
      { name: 'url', type: 'string', description: 'canonical URL of the article it led to' },
    ],
  },
]
