/**
 * Category accuracy on real labelled news nobody trained on: `bun run bench/category-report.ts
 * [--previous weights.json] [--shipped-only]`. Takes a few minutes (four fits on two cores);
 * --shipped-only skips the refits and measures only the sets no fit saw.
 *
 * 1. Every held-out set, per source and per language: accuracy and macro-F1 over our categories,
 *    AG News' 4-class accuracy and each broad class's recall (scripts/category-evaluation.ts
 *    explains the view), for the previous model, the new model's bare argmax, the service (the
 *    model above its threshold, the term lists below) and the term lists alone.
 *    - English training sources (UCI, HuffPost, MasakhaNEWS English): each held out in turn, the
 *      model refitted on the others with the shipped parameters.
 *    - French: the MasakhaNEWS French third no fit saw.
 *    - Measure-only sets (BBC News, subreddit headlines, 10kGNAD, THUCNews) and the URL-labelled
 *      real pages: the shipped weights themselves, through `chooseCategory`, the service's path.
 *    - Each set three times: as it is, `, short (title + 1st sentence)` (AG News' shape) and
 *      `, title only` (scripts/category-views.ts), judged by the same model.
 * 2. Confusion matrices, previous and new service.
 * 3. The threshold table the trainer tuned on.
 *
 * The previous model is the fourth-pass issue-26 weights file (word vectors; no balance of
 * publishers within a class) through the service's rule, which has not changed since (model at its threshold, else the term lists,
 * else the model's low-confidence guess; a page without a description shown with its body's
 * lead), read from git (PREVIOUS_COMMIT) unless
 * --previous names a file. It was fitted on every training set, so on those its figures are
 * in-sample; its held-out figures there are in docs/benchmarks.md. Skips with a message when
 * shared/corpus is absent.
 */
import { readFileSync } from 'node:fs'
import { chooseCategory } from '../core/enrich/category-choice.ts'
import { type CategoryInput, classifyCategory } from '../core/enrich/category.ts'
import {
  type CategoryModel,
  type CategoryWeights,
  loadCategoryModel,
  predictCategory,
  SHIPPED_CATEGORY_MODEL,
} from '../core/enrich/category-model.ts'
import shipped from '../core/enrich/category-weights.json' with { type: 'json' }
import type { Category } from '../core/categories.ts'
import {
  CATEGORY_SOURCES,
  corpusDir,
  hasCategoryCorpus,
  type LabelledArticle,
  loadSources,
} from '../scripts/category-data.ts'
import {
  formatConfusions,
  formatReport,
  formatThresholds,
  frenchHeldOut,
  type HeldOutSet,
  heldOutSets,
  type ReportLine,
  reportLine,
  type SetTwin,
  serviceVerdict,
  thresholdTable,
  type Verdict,
} from '../scripts/category-evaluation.ts'
import { CLASSES, cacheFeatures, type FitParams } from '../scripts/category-logreg.ts'
import { applyPrior, NO_PRIOR, type PriorFactors } from '../scripts/category-prior.ts'
import { shortView, titleView } from '../scripts/category-views.ts'
import { loadLabelledPages, pageRow } from './category-pages.ts'

/**
 * Every held-out set is measured three times: as the set has it, cut to AG News' shape (headline +
 * one sentence), and as the headline alone (a page with neither a description nor a body).
 */
const SHORT: SetTwin = { suffix: ', short (title + 1st sentence)', view: shortView }
const TITLE: SetTwin = { suffix: ', title only', view: titleView }
const TWINS: readonly SetTwin[] = [SHORT, TITLE]

function twinOf(set: HeldOutSet): SetTwin | undefined {
  return TWINS.find((t) => set.name.endsWith(t.suffix))
}

function baseName(set: HeldOutSet): string {
  const twin = twinOf(set)
  return twin === undefined ? set.name : set.name.slice(0, -twin.suffix.length)
}

/** The fourth-pass issue-26 weights (short views and word vectors in the fit; class prior, threshold 0.8). */
const PREVIOUS_COMMIT = '86b68d3'
/** Held-out sets the previous model was trained on (every training set). */
const SAW_PREVIOUS: ReadonlySet<string> = new Set([
  'uci',
  'huffpost',
  'masakhanews-en',
  'masakhanews-fr (held-out third)',
])
/** Sets left out of the per-language pooling: the previous report's choice, kept so the pooled figures compare. */
const POOL_EXCLUDE: ReadonlySet<string> = new Set(['uci', 'huffpost'])

interface ShippedParams {
  l2: number
  min_df: number
  balanced: boolean
  max_source_share: number
  iterations: number
  learning_rate: number
  short_views?: boolean
  embedding?: boolean
  source_class_power?: number
}

function previousModel(): CategoryModel | undefined {
  const i = process.argv.indexOf('--previous')
  try {
    const text =
      i >= 0
        ? readFileSync(process.argv[i + 1] ?? '', 'utf8')
        : new TextDecoder().decode(
            Bun.spawnSync(['git', 'show', `${PREVIOUS_COMMIT}:core/enrich/category-weights.json`]).stdout,
          )
    return loadCategoryModel(JSON.parse(text) as CategoryWeights)
  } catch (e) {
    console.log(`previous model unavailable (${String(e).slice(0, 120)}); its lines are left out`)
    return undefined
  }
}

function inputOf(r: LabelledArticle): CategoryInput {
  return { url: r.url, host: r.host, section: '', tags: [], title: r.title, description: r.description, text: '' }
}

/** The previous weights through the service's own rule (unchanged since the third pass). */
function previousService(model: CategoryModel, a: CategoryInput, lang: string): Category {
  return chooseCategory(a, lang, model).category
}

/** A set measured through the service's own path with the shipped weights (it trained on none of it). */
function shippedSet(name: string, lang: string, rows: LabelledArticle[], inputs: CategoryInput[]): HeldOutSet {
  const model: Verdict[] = inputs.map((a, i) => {
    const l = rows[i]?.lang ?? lang
    if (!SHIPPED_CATEGORY_MODEL.languages.has(l)) return { category: 'world', confidence: 0 }
    const p = predictCategory(a, l, SHIPPED_CATEGORY_MODEL)
    return { category: p.category, confidence: p.probability }
  })
  const terms: Verdict[] = inputs.map((a, i) => {
    const g = classifyCategory(a, rows[i]?.lang ?? lang)
    return { category: g.category, confidence: g.confidence }
  })
  return { name, lang, rows, model, terms, tunes: false }
}

function main(): void {
  if (!hasCategoryCorpus()) {
    console.log(`category-report: skipped, the labelled sets are absent under ${corpusDir()} (set NEWSDESK_CORPUS)`)
    return
  }
  const s = (shipped as unknown as { params?: Partial<ShippedParams> }).params
  if (
    s?.l2 === undefined ||
    s.min_df === undefined ||
    s.balanced === undefined ||
    s.max_source_share === undefined ||
    s.iterations === undefined ||
    s.learning_rate === undefined
  ) {
    console.log(
      'category-report: the shipped weights carry no parameters of this trainer; run scripts/train-category.ts first',
    )
    return
  }
  const p: FitParams = {
    l2: s.l2,
    minDf: s.min_df,
    balanced: s.balanced,
    uciWeight: 1,
    maxSourceShare: s.max_source_share,
    iterations: s.iterations,
    learningRate: s.learning_rate,
    shortViews: s.short_views === true,
    embedding: s.embedding === true,
    sourceClassPower: s.source_class_power ?? 1,
  }
  const threshold = SHIPPED_CATEGORY_MODEL.minProbability
  const train = loadSources((x) => x.use === 'train')
  const measure = loadSources((x) => x.use === 'measure')
  for (const x of [...train.missing, ...measure.missing]) console.log(`${x.path} is absent: ${x.id} left out`)

  console.log(
    `category report: parameters of the shipped weights (l2 ${p.l2}, max source share ${p.maxSourceShare}, short views ${p.shortViews === true}, word vectors ${p.embedding === true}, source-class power ${p.sourceClassPower}), threshold ${threshold}, model languages ${[...SHIPPED_CATEGORY_MODEL.languages].join(', ')}\n`,
  )
  console.log(`| set | use | lang | rows | ${CLASSES.join(' | ')} |`)
  console.log(`|---|---|---|---:|${CLASSES.map(() => '---:').join('|')}|`)
  for (const src of CATEGORY_SOURCES) {
    const rows = [...train.rows, ...measure.rows].filter((r) => r.source === src.id)
    if (rows.length === 0) continue
    console.log(
      `| ${src.id} | ${src.use} | ${src.lang} | ${rows.length} | ${CLASSES.map((c) => rows.filter((r) => r.category === c).length).join(' | ')} |`,
    )
  }
  console.log('')

  const cache = cacheFeatures(train.rows)
  // Refitted models get the shipped class prior, as the shipped bias carries it (scripts/category-prior.ts).
  const prior = (shipped as unknown as { prior?: PriorFactors }).prior ?? NO_PRIOR
  const refitted: HeldOutSet[] = process.argv.includes('--shipped-only')
    ? []
    : applyPrior(
        [
          ...heldOutSets(train.rows, [], p, cache, console.log, undefined, TWINS),
          ...frenchHeldOut(train.rows, p, cache, TWINS),
        ],
        prior,
      )
  const sets: HeldOutSet[] = [...refitted]
  const bySource = new Map<string, LabelledArticle[]>()
  for (const r of measure.rows) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r])
  for (const [name, rows] of bySource) {
    const lang = rows[0]?.lang ?? 'en'
    sets.push(shippedSet(name, lang, rows, rows.map(inputOf)))
    for (const twin of TWINS) {
      const seen = rows.map(twin.view)
      sets.push(shippedSet(`${name}${twin.suffix}`, lang, seen, seen.map(inputOf)))
    }
  }
  const pages = loadLabelledPages()
  const pageLangs = [...new Set(pages.map((pg) => pg.lang))].sort()
  const pageInputs = new Map<LabelledArticle, CategoryInput>()
  for (const lang of pageLangs) {
    const these = pages.filter((pg) => pg.lang === lang)
    if (these.length < 5) continue
    const rows: LabelledArticle[] = these.map(pageRow)
    rows.forEach((r, i) => pageInputs.set(r, these[i]?.article as CategoryInput))
    sets.push(
      shippedSet(
        `real pages, URL-labelled`,
        lang,
        rows,
        these.map((pg) => pg.article),
      ),
    )
    for (const twin of TWINS) {
      const seen = rows.map(twin.view)
      // A page's body is the service's input too (its first paragraph stands in for a missing
      // description): the headline-only twin has none, the short one keeps it.
      const inputs = these.map((pg, i) => ({
        ...pg.article,
        description: seen[i]?.description ?? '',
        text: twin === TITLE ? '' : pg.article.text,
      }))
      seen.forEach((r, i) => pageInputs.set(r, inputs[i] as CategoryInput))
      sets.push(shippedSet(`real pages, URL-labelled${twin.suffix}`, lang, seen, inputs))
    }
  }

  const prev = previousModel()
  const lines: ReportLine[] = []
  const guesses = new Map<string, Category[]>()
  const add = (set: HeldOutSet, method: string, got: Category[]): void => {
    guesses.set(`${set.name}|${set.lang}|${method}`, got)
    lines.push(reportLine(set, method, got))
  }
  for (const set of sets) {
    const input = (r: LabelledArticle): CategoryInput => pageInputs.get(r) ?? inputOf(r)
    // The previous model was trained on every training set: on those its figures are in-sample.
    if (prev !== undefined)
      add(
        set,
        SAW_PREVIOUS.has(baseName(set)) ? 'previous (trained on most of these rows)' : 'previous',
        set.rows.map((r) => previousService(prev, input(r), r.lang)),
      )
    if (SHIPPED_CATEGORY_MODEL.languages.has(set.lang))
      add(
        set,
        'new model',
        set.model.map((v) => v.category),
      )
    // Sets no fit saw go through chooseCategory itself; refitted held-out sets replay its rule.
    const viaService = !refitted.includes(set)
    add(
      set,
      'new service',
      set.rows.map((r, i) =>
        viaService
          ? chooseCategory(input(r), r.lang).category
          : serviceVerdict(set.model[i] as Verdict, set.terms[i] as Verdict, threshold).category,
      ),
    )
    add(
      set,
      'term lists',
      set.terms.map((v) => v.category),
    )
  }
  // Per language: every held-out row of the language but UCI's and HuffPost's, pooled (sources weigh
  // by their size); the previous model's line counts its in-sample MasakhaNEWS rows too.
  const pooled: ReportLine[] = []
  const views: [string, string][] = [...new Set(sets.map((x) => x.lang))]
    .sort()
    .flatMap((l): [string, string][] => [[l, ''], ...TWINS.map((t): [string, string] => [l, t.suffix])])
  for (const [lang, suffix] of views) {
    const these = sets.filter(
      (x) => x.lang === lang && (twinOf(x)?.suffix ?? '') === suffix && !POOL_EXCLUDE.has(baseName(x)),
    )
    const rows = these.flatMap((x) => x.rows)
    const method = (x: HeldOutSet, m: string): string =>
      m === 'previous' && SAW_PREVIOUS.has(baseName(x)) ? 'previous (trained on most of these rows)' : m
    for (const m of ['previous', 'new model', 'new service', 'term lists']) {
      const got = these.flatMap((x) => guesses.get(`${x.name}|${x.lang}|${method(x, m)}`) ?? [])
      if (got.length === rows.length && rows.length > 0)
        pooled.push(
          reportLine(
            { name: `all held-out ${lang}${suffix}`, lang, rows, model: [], terms: [], tunes: false },
            these.some((x) => method(x, m) !== m) ? `${m} (partly in-sample)` : m,
            got,
          ),
        )
    }
  }
  console.log('## Per held-out source\n')
  console.log(formatReport(lines))
  console.log('\n## Per language (every held-out row of the language, UCI and HuffPost left out)\n')
  console.log(formatReport(pooled))
  console.log('\n## Confusion matrices\n')
  console.log(formatConfusions(lines, 'new service'))
  if (prev !== undefined) console.log(formatConfusions(lines, 'previous'))
  console.log('\n## Threshold (tuned by the trainer on UCI and MasakhaNEWS English held out in turn)\n')
  console.log(formatThresholds(thresholdTable(sets)))
}

main()
