/**
 * The labelled sets of the category model: where each lives under shared/corpus, its SHA-256,
 * licence, use (train or measure) and label mapping. docs/category-data.md is the data card that
 * says why; scripts/category-data.ts reads them.
 */
import type { Category } from '../core/categories.ts'

export type SourceUse = 'train' | 'measure' | 'tried'

export interface CategorySource {
  id: string
  /** Under shared/corpus. */
  path: string
  sha256: string
  lang: string
  licence: string
  /**
   * `train`: the shipped weights learn from it; `measure`: held out for ever (licence or label
   * quality); `tried`: its licence would let it train, it was measured and not kept (the shipped
   * weights do not learn from it; `bench/category-experiment.ts --with <id>` adds it back).
   */
  use: SourceUse
  /**
   * `text-csv`: a `text,label` CSV of short posts (tweets); `sentence-jsonl`: one sentence per
   * `text`, repeated once per target of a target-dependent sentiment set (read once each).
   */
  format: 'uci-csv' | 'huffpost-v3' | 'librarian-jsonl' | 'text-csv' | 'sentence-jsonl'
  /** Files of one publisher count as one in the fit's balance (the three HuffPost files); the id when absent. */
  publisher?: string
  /**
   * false: never held out in turn to tune the prior and threshold or to be reported. A set of one
   * class rewards whichever prior favours that class, and its rows are not a desk's mix of news.
   */
  holdOut?: boolean
  /** Only rows whose `lang` is this (a file holding several languages). */
  onlyLang?: string
  /** Read without the URL: its path and host would teach the model the set, not the topic. */
  withoutUrl?: boolean
  /** The source's own label → our category; labels not listed are dropped. */
  labels: Readonly<Record<string, Category>>
}

export const UCI_PATH = 'trends/uci_news_aggregator_first3000.csv'
export const HUFFPOST_PATH = 'categories/huffpost_news_category_v3_first10k.jsonl'

export const UCI_LABELS: Readonly<Record<string, Category>> = {
  b: 'business',
  t: 'technology',
  e: 'entertainment',
  m: 'health',
}

/** HuffPost's desks, v2 and v3 names. U.S. NEWS is left out: a desk, not a topic (its rows are politics, crime, health…). */
export const HUFFPOST_LABELS: Readonly<Record<string, Category>> = {
  POLITICS: 'politics',
  ENTERTAINMENT: 'entertainment',
  COMEDY: 'entertainment',
  'CULTURE & ARTS': 'entertainment',
  'ARTS & CULTURE': 'entertainment',
  ARTS: 'entertainment',
  MEDIA: 'entertainment',
  'WORLD NEWS': 'world',
  'THE WORLDPOST': 'world',
  WORLDPOST: 'world',
  SPORTS: 'sport',
  CRIME: 'crime',
  ENVIRONMENT: 'environment',
  GREEN: 'environment',
  WELLNESS: 'health',
  'HEALTHY LIVING': 'health',
  BUSINESS: 'business',
  MONEY: 'business',
  TECH: 'technology',
  SCIENCE: 'science',
  PARENTING: 'society',
  PARENTS: 'society',
  'FOOD & DRINK': 'society',
  TASTE: 'society',
  'HOME & LIVING': 'society',
  'STYLE & BEAUTY': 'society',
  STYLE: 'society',
  WOMEN: 'society',
  'QUEER VOICES': 'society',
  'BLACK VOICES': 'society',
  'LATINO VOICES': 'society',
  RELIGION: 'society',
  EDUCATION: 'society',
  COLLEGE: 'society',
  TRAVEL: 'society',
  WEDDINGS: 'society',
  IMPACT: 'society',
  'WEIRD NEWS': 'society',
}

const MASAKHA_LABELS: Readonly<Record<string, Category>> = {
  politics: 'politics',
  business: 'business',
  sports: 'sport',
  entertainment: 'entertainment',
  health: 'health',
  technology: 'technology',
}

/** Bearish, bullish, neutral: a tone, not a topic; every finance-news tweet is business. */
const FIN_TWEETS_LABELS: Readonly<Record<string, Category>> = { '0': 'business', '1': 'business', '2': 'business' }

export const CATEGORY_SOURCES: readonly CategorySource[] = [
  {
    id: 'uci',
    path: UCI_PATH,
    sha256: 'b85765e4d4f09b9d6eb4e4d801932eddbd22c11d3c19364093f5cdd43c92cd99',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'uci-csv',
    labels: UCI_LABELS,
  },
  {
    id: 'huffpost',
    path: HUFFPOST_PATH,
    sha256: 'c50f756e92f00cd22b96869a042dc4089752b3883d34dc946c8002791bc82472',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'huffpost-v3',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'huffpost-2018',
    path: 'categories/huffpost_news_category_v2_slice_2018.jsonl',
    sha256: 'f0fe915cac4f97ceb0752f322e9bf258ddaff2a150abd1ebd324afc7bbb0e998',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'librarian-jsonl',
    publisher: 'huffpost',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'huffpost-2017',
    path: 'categories/huffpost_news_category_v2_slice_2017_concat.jsonl',
    sha256: 'b1b45db41c8bbb79deac1e4bf2107d4b95f547a10861f3cd964e80d5ce33774f',
    lang: 'en',
    licence: 'CC BY 4.0',
    use: 'train',
    format: 'librarian-jsonl',
    publisher: 'huffpost',
    labels: HUFFPOST_LABELS,
  },
  {
    id: 'masakhanews-en',
    path: 'categories/masakhanews_eng.jsonl',
    sha256: '0284ffa0fa1cec08ae9731bbfdf6b1525642c4d343dab3d3d3826643cece44ce',
    lang: 'en',
    licence: 'AFL-3.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: MASAKHA_LABELS,
  },
  {
    id: 'masakhanews-fr',
    path: 'categories/masakhanews_fra.jsonl',
    sha256: '8f2dee779d2c21b030b5abeba52f2debe514ee6ca2a112cf495ce7955327bf35',
    lang: 'fr',
    licence: 'AFL-3.0',
    use: 'train',
    format: 'librarian-jsonl',
    labels: MASAKHA_LABELS,
  },
  {
    // BBC News Pidgin (Nigerian Pidgin, English-based): its headlines share most words with English, so
    // it trains the English model. Read without URLs: every one is bbc.com/pidgin/, the set, not a section.
    id: 'masakhanews-pcm',
    path: 'categories/masakhanews_african_langs.jsonl',
    sha256: 'fddb7b79be24201f116b8cf7f8e9c58204f5d3281769900fe3d14fc8be25b24c',
    lang: 'pcm',
    licence: 'AFL-3.0',
    use: 'train',
    format: 'librarian-jsonl',
    onlyLang: 'pcm',
    withoutUrl: true,
    labels: MASAKHA_LABELS,
  },
  // Two sentiment sets read for their topic: the label is a sentiment, every row is the set's one topic.
  {
    // Finance-news tweets and headline tweets (zeroshot/twitter-financial-news-sentiment, train and
    // validation splits): all business. URLs and leading cashtag lists stripped (scripts/category-data.ts).
    id: 'fin-tweets',
    path: 'sentiment/twitter_financial_news_sentiment_train.csv',
    sha256: '184e6322b7f0e84c3103a83d198f1be8203de8b63a857f67a2964321b71c4e8d',
    lang: 'en',
    licence: 'MIT (Hugging Face dataset card)',
    use: 'tried',
    format: 'text-csv',
    holdOut: false,
    labels: FIN_TWEETS_LABELS,
  },
  {
    id: 'fin-tweets-valid',
    path: 'sentiment/twitter_financial_news_sentiment_valid.csv',
    sha256: '31ea8274c98b52212daa68f2fb962811bf1913c1efe51b99765c8e2311806de6',
    lang: 'en',
    licence: 'MIT (Hugging Face dataset card)',
    use: 'tried',
    format: 'text-csv',
    publisher: 'fin-tweets',
    holdOut: false,
    labels: FIN_TWEETS_LABELS,
  },
  {
    // NewsMTSC: sentences of US political news articles (allsides, polusa), one row per target
    // person: each distinct sentence read once, as politics.
    id: 'newsmtsc',
    path: 'sentiment/newsmtsc.jsonl',
    sha256: '8387638cc2cc294e5f2e9441ca24e895cb73a5af149cbf7347f3ee16384774c3',
    lang: 'en',
    licence: 'MIT (repository LICENSE and Hugging Face card)',
    use: 'tried',
    format: 'sentence-jsonl',
    holdOut: false,
    labels: { negative: 'politics', neutral: 'politics', positive: 'politics' },
  },
  {
    id: 'bbc-news',
    path: 'categories/bbc_news.jsonl',
    sha256: 'e6d300ad0dbc6c7ad8fe980754460f5e773c982e07560c54adb92d834419f648',
    lang: 'en',
    licence: 'BBC copyright, research use only',
    use: 'measure',
    format: 'librarian-jsonl',
    labels: {
      business: 'business',
      sport: 'sport',
      politics: 'politics',
      entertainment: 'entertainment',
      tech: 'technology',
    },
  },
  {
    id: 'reddit',
    path: 'categories/reddit_news_headlines_fwd_2021_2022.jsonl',
    sha256: '44ce93e22c889437ed21dff7954a7115810abdf4e8315a01bd1d63adc9c720d7',
    lang: 'en',
    licence: 'unknown (no licence file); labels are subreddit names',
    use: 'measure',
    // r/news, r/nottheonion, r/UpliftingNews and the local subreddits name a mood or a place, not a topic.
    format: 'librarian-jsonl',
    labels: {
      worldnews: 'world',
      ukraine: 'world',
      politics: 'politics',
      technology: 'technology',
      science: 'science',
      sports: 'sport',
      television: 'entertainment',
    },
  },
  {
    id: '10kgnad',
    path: 'categories/10kgnad_de_test.jsonl',
    sha256: '9136888bf71b990460756936e3701d895d8ad9352b965dd8b9d3e6641000f785',
    lang: 'de',
    licence: 'CC BY-NC-SA 4.0',
    use: 'measure',
    format: 'librarian-jsonl',
    // Der Standard's sections: Inland is Austrian politics, Etat its media desk, Panorama the chronicle (accidents, crime, people).
    labels: {
      Web: 'technology',
      Panorama: 'society',
      International: 'world',
      Wirtschaft: 'business',
      Sport: 'sport',
      Inland: 'politics',
      Etat: 'entertainment',
      Wissenschaft: 'science',
      Kultur: 'entertainment',
    },
  },
  {
    id: 'thucnews',
    path: 'categories/thucnews_titles_zh.jsonl',
    sha256: 'e82f592ff7a37cd7263155abf565604c665fbd2da2174a66af7eae5c6de75d64',
    lang: 'zh',
    licence: 'THUCTC: free for research; no explicit data licence',
    use: 'measure',
    format: 'librarian-jsonl',
    // Sina's 科技 (science) channel is mostly technology; its game channel is video games.
    labels: {
      game: 'technology',
      society: 'society',
      finance: 'business',
      sports: 'sport',
      politics: 'politics',
      science: 'technology',
      entertainment: 'entertainment',
      education: 'society',
      realty: 'business',
      stocks: 'business',
    },
  },
]

const PUBLISHERS: ReadonlyMap<string, string> = new Map(CATEGORY_SOURCES.map((s) => [s.id, s.publisher ?? s.id]))

/** Sets from one publisher count as one source (the three HuffPost files, the two tweet files). */
export function publisherOf(source: string): string {
  return PUBLISHERS.get(source) ?? source
}

/** Whether a publisher's sets may be held out in turn (none of its sets says `holdOut: false`). */
export function isHeldOutInTurn(publisher: string): boolean {
  return !CATEGORY_SOURCES.some((s) => publisherOf(s.id) === publisher && s.holdOut === false)
}
