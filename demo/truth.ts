/**
 * Ground truth of the demo archive, derived from the same plans the WARC files are written from:
 * one line per well-formed HTML article record, and the aggregate counts, stories and planted lag.
 */
import type { CountrySource, DateSource, SentimentLabel } from '../core/article.ts'
import { isoZ } from './dates.ts'
import { canonicalHref } from './html.ts'
import type { DemoLang } from './lang/index.ts'
import {
  DATE_SOURCES,
  type HourPlan,
  type MalformedKind,
  type PlannedRecord,
  type StorySpec,
  truthPublishedMs,
} from './plan.ts'
import type { PageTemplate, Publisher } from './publishers.ts'
import { responseRecordIndex, warcFileName } from './warc-writer.ts'

export const GROUND_TRUTH_SCHEMA = 1

/** One line of `ground-truth-articles.ndjson.gz`. */
export interface TruthArticle {
  url: string
  canonical_url: string
  host: string
  lang: DemoLang
  country: string
  country_source: CountrySource
  category: string
  story_id: string | null
  is_bitcoin: boolean
  tone: SentimentLabel | null
  /** What a correct extractor reads (see DATE_SOURCES / truthPublishedMs). */
  published_at: string
  crawled_at: string
  title: string
  /** The page's description ('' when the template has none). */
  description: string
  date_in_page: boolean
  date_source: DateSource
  syndicated_of: string | null
  recrawl: boolean
  template: PageTemplate
  warc_file: string
  record_index: number
}

export interface TruthCounts {
  hours: number
  warc_files: number
  records: { warcinfo: number; request: number; response: number; metadata: number }
  /** Well-formed 200 text/html article responses (lines of the ndjson, recrawls included). */
  html_responses: number
  /** Distinct canonical URLs among those: what should end up in the store. */
  articles: number
  /** Article responses whose canonical URL was already seen (same-URL recrawls). */
  duplicates: number
  /** Copies of an article on another host (distinct URLs, counted in `articles`). */
  syndicated: number
  malformed: Record<MalformedKind, number>
  non_html: number
  non_html_by_type: { robots: number; json: number; image: number }
  non_200: number
  non_200_by_status: { '301': number; '404': number }
  bitcoin_articles: number
  stories: number
  story_articles: number
  /** What a WARC reader following batch/warc/types.ts should report as skipped, by reason. */
  expected_reader_skips: {
    'not-response': number
    'not-html': number
    'http-status': number
    truncated: number
    corrupt: number
  }
}

export interface TruthStory {
  id: string
  country: string
  category: string
  lang: string
  title: string
  keywords: string[]
  publishers: number
  hosts: string[]
  articles: number
  /** Articles planned for the story; fewer are present when it straddles the archive's edges. */
  planned_articles: number
  complete: boolean
  first_seen: string
  last_seen: string
  urls: string[]
}

interface StoryAcc {
  story: StorySpec
  urls: string[]
  hosts: Set<string>
  firstMs: number
  lastMs: number
  title: string
}

type Tally = Record<string, number>

export class TruthBuilder {
  private hours = 0
  private records = 0
  private htmlResponses = 0
  private readonly seen = new Set<string>()
  private syndicated = 0
  private bitcoin = 0
  private storyArticles = 0
  private readonly malformed: Record<MalformedKind, number> = {
    truncated: 0,
    bad_content_length: 0,
    corrupt_payload: 0,
  }
  private readonly extras = { robots: 0, json: 0, image: 0, redirect: 0, 'not-found': 0 }
  private readonly stories = new Map<string, StoryAcc>()
  private readonly malformedList: { url: string; kind: MalformedKind; warc_file: string; record_index: number }[] = []
  private readonly tallies = {
    languages: {} as Tally,
    countries: {} as Tally,
    categories: {} as Tally,
    country_sources: {} as Tally,
    date_sources: {} as Tally,
    templates: {} as Tally,
    tones: {} as Tally,
  }
  private firstHour = Number.POSITIVE_INFINITY
  private lastHour = Number.NEGATIVE_INFINITY

  /** Adds one hour; returns its ndjson lines (each ending in a newline). */
  addHour(plan: HourPlan): string {
    this.hours++
    this.firstHour = Math.min(this.firstHour, plan.hour)
    this.lastHour = Math.max(this.lastHour, plan.hour)
    const file = warcFileName(plan.hour)
    let lines = ''
    plan.records.forEach((rec, i) => {
      this.records++
      if (rec.kind !== 'article') {
        this.extras[rec.kind]++
        return
      }
      if (rec.malformed !== null) {
        this.malformed[rec.malformed]++
        this.malformedList.push({
          url: rec.targetUri,
          kind: rec.malformed,
          warc_file: file,
          record_index: responseRecordIndex(i),
        })
        return
      }
      const line = truthLine(rec, file, responseRecordIndex(i))
      lines += `${JSON.stringify(line)}\n`
      this.htmlResponses++
      if (this.seen.has(line.canonical_url)) return
      this.seen.add(line.canonical_url)
      this.count(line)
      const story = rec.article?.story ?? null
      if (story !== null) this.addToStory(story, line, rec)
    })
    return lines
  }

  private count(line: TruthArticle): void {
    const t = this.tallies
    bump(t.languages, line.lang)
    bump(t.countries, line.country)
    bump(t.categories, line.category)
    bump(t.country_sources, line.country_source)
    bump(t.date_sources, line.date_source)
    bump(t.templates, line.template)
    if (line.syndicated_of !== null) this.syndicated++
    if (line.is_bitcoin) {
      this.bitcoin++
      bump(t.tones, line.tone ?? 'neu')
    }
  }

  private addToStory(story: StorySpec, line: TruthArticle, rec: PlannedRecord): void {
    this.storyArticles++
    let acc = this.stories.get(story.id)
    if (acc === undefined) {
      acc = {
        story,
        urls: [],
        hosts: new Set(),
        firstMs: Number.POSITIVE_INFINITY,
        lastMs: Number.NEGATIVE_INFINITY,
        title: '',
      }
      this.stories.set(story.id, acc)
    }
    acc.urls.push(line.canonical_url)
    acc.hosts.add(line.host)
    const ms = Date.parse(line.published_at)
    if (ms < acc.firstMs) {
      acc.firstMs = ms
      acc.title = rec.article?.title ?? ''
    }
    acc.lastMs = Math.max(acc.lastMs, ms)
  }

  counts(): TruthCounts {
    const articles = this.seen.size
    const nonHtml = this.extras.robots + this.extras.json + this.extras.image
    const non200 = this.extras.redirect + this.extras['not-found']
    return {
      hours: this.hours,
      warc_files: this.hours,
      records: { warcinfo: this.hours, request: this.records, response: this.records, metadata: this.records },
      html_responses: this.htmlResponses,
      articles,
      duplicates: this.htmlResponses - articles,
      syndicated: this.syndicated,
      malformed: { ...this.malformed },
      non_html: nonHtml,
      non_html_by_type: { robots: this.extras.robots, json: this.extras.json, image: this.extras.image },
      non_200: non200,
      non_200_by_status: { '301': this.extras.redirect, '404': this.extras['not-found'] },
      bitcoin_articles: this.bitcoin,
      stories: this.stories.size,
      story_articles: this.storyArticles,
      expected_reader_skips: {
        'not-response': this.hours + 2 * this.records,
        'not-html': nonHtml,
        'http-status': non200,
        truncated: this.malformed.truncated,
        corrupt: this.malformed.bad_content_length + this.malformed.corrupt_payload,
      },
    }
  }

  /** The contents of `ground-truth.json` (without the caller's header fields). */
  summary(publishers: readonly Publisher[]): Record<string, unknown> {
    const stories: TruthStory[] = [...this.stories.values()]
      .sort((a, b) => a.firstMs - b.firstMs || (a.story.id < b.story.id ? -1 : 1))
      .map((acc) => ({
        id: acc.story.id,
        country: acc.story.country,
        category: acc.story.slots.category,
        lang: acc.story.lang,
        title: acc.title,
        keywords: acc.story.keywords,
        publishers: acc.hosts.size,
        hosts: [...acc.hosts].sort(),
        articles: acc.urls.length,
        planned_articles: acc.story.size,
        complete: acc.urls.length === acc.story.size,
        first_seen: isoZ(acc.firstMs),
        last_seen: isoZ(acc.lastMs),
        urls: acc.urls,
      }))
    return {
      counts: this.counts(),
      languages: sortKeys(this.tallies.languages),
      countries: sortKeys(this.tallies.countries),
      categories: sortKeys(this.tallies.categories),
      country_sources: sortKeys(this.tallies.country_sources),
      date_sources: sortKeys(this.tallies.date_sources),
      templates: sortKeys(this.tallies.templates),
      bitcoin_tones: sortKeys(this.tallies.tones),
      publishers: publishers.length,
      publisher_list: publishers.map((p) => ({
        host: p.host,
        www: p.www,
        name: p.name,
        lang: p.lang,
        country: p.country,
        country_source: p.countrySource,
        tld: p.tld,
        lang_tag: p.langTag,
        template: p.template,
        charset: p.charset,
        transfer: p.transfer,
        jsonld_country: p.jsonldCountry,
        dateline: p.dateline,
      })),
      malformed: this.malformedList,
      stories,
    }
  }

  get hourRange(): { first: number; last: number } {
    return { first: this.firstHour, last: this.lastHour }
  }
}

export function truthLine(rec: PlannedRecord, file: string, recordIndex: number): TruthArticle {
  const spec = rec.article
  if (spec === null) throw new Error('truth line for a record without article')
  const pub = spec.publisher
  const template = pub.template
  const dateSource = DATE_SOURCES[template]
  return {
    url: rec.targetUri,
    canonical_url: canonicalTruth(rec),
    host: pub.host,
    lang: spec.lang,
    country: pub.country,
    country_source: pub.countrySource,
    category: spec.slots.category,
    story_id: spec.story?.id ?? null,
    is_bitcoin: spec.bitcoin !== null,
    tone: spec.bitcoin?.tone ?? null,
    published_at: isoZ(truthPublishedMs(template, pub.offsetMin, spec.publishedMs, rec.crawlMs)),
    crawled_at: isoZ(rec.crawlMs),
    title: spec.title,
    description: pub.hasDescription ? spec.lead : '',
    date_in_page: dateSource !== 'url' && dateSource !== 'warc',
    date_source: dateSource,
    syndicated_of: spec.original?.canonicalUrl ?? null,
    recrawl: rec.recrawl,
    template,
    warc_file: file,
    record_index: recordIndex,
  }
}

/** The URL the store should key the article by: the page's canonical link if on the same host, else the crawled URL. */
function canonicalTruth(rec: PlannedRecord): string {
  const spec = rec.article
  if (spec === null || !spec.publisher.hasCanonical) return rec.targetUri
  const href = canonicalHref(spec)
  return bareHost(href) === bareHost(rec.targetUri) ? href : rec.targetUri
}

/** Host of an absolute URL, lower case, without `www.` (the URLs here have no port or user info). */
function bareHost(url: string): string {
  const start = url.indexOf('://') + 3
  const end = url.indexOf('/', start)
  const host = (end < 0 ? url.slice(start) : url.slice(start, end)).toLowerCase()
  return host.startsWith('www.') ? host.slice(4) : host
}

function bump(tally: Tally, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1
}

function sortKeys(tally: Tally): Tally {
  return Object.fromEntries(Object.entries(tally).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
