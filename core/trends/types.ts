/** The data of the trends computations: articles in, stories out. */

/** An article as the trends computations read it (a projection of the stored article). */
export interface TrendArticle {
  id: string
  url: string
  title: string
  host: string
  lang: string
  /** ISO-2, upper case. */
  country: string
  category: string
  /** Epoch seconds. */
  published_at: number
  /** Syndicated copies share it. */
  dup_key: string
}

/** What a trend lists of an article: `headlines` in /v1/trends, `items` in the detail. */
export interface TrendHeadline {
  title: string
  url: string
  host: string
  lang: string
  published_at: string
}

export interface StoryKeyword {
  /** Shown form: the most frequent lower-case surface of the key in the country's headlines. */
  word: string
  /** Folded, stemmed key the headlines were compared by. */
  key: string
  /** Whether the word trends with this story (score.ts, isTopical): only those are counted by /v1/trends/keywords. */
  topical: boolean
}

/** A story: articles from one country in the window whose headlines share significant words. */
export interface Story {
  title: string
  category: string
  country: string
  slug: string
  articles: number
  /** Distinct hosts, a group of syndicated copies (one dup_key) counting once, for its first host. */
  publishers: number
  /** Epoch seconds. */
  firstSeen: number
  lastSeen: number
  keywords: StoryKeyword[]
  /** Languages of its articles, sorted. */
  langs: string[]
  /** Every article, newest first (published_at descending, then id). */
  items: TrendArticle[]
  /** One article per distinct headline (near-duplicates and syndicated copies merged), newest first. */
  headlines: TrendArticle[]
  /** Pearson residual of the story's keywords against the background (see score.ts); unrounded. */
  score: number
}

/** The time span a trends answer covers. */
export interface TrendScope {
  sinceMs: number
  /** Exclusive. */
  untilMs: number
  /** The `window` reported in the body (see scope.ts). */
  window: string
}

/** Every story of one scope, plus per-country article counts for /v1/trends/countries. */
export interface TrendSet {
  scope: TrendScope
  /** In the order of `sort=publishers`. */
  stories: Story[]
  /** Articles per country in the scope (whether or not they formed a story), ascending by country. */
  countryArticles: ReadonlyMap<string, number>
}
