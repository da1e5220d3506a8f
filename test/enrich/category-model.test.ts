import { describe, expect, test } from 'bun:test'
import { CATEGORIES, type CategoryDecider } from '../../core/categories.ts'
import { chooseCategory, MODEL_MIN_PROBABILITY } from '../../core/enrich/category-choice.ts'
import {
  BODY_STANDFIRST_MAX_CHARS,
  categoryFeatures,
  pathSectionWords,
  standfirstFromBody,
} from '../../core/enrich/category-features.ts'
import {
  type CategoryWeights,
  loadCategoryModel,
  predictCategory,
  SHIPPED_CATEGORY_MODEL,
} from '../../core/enrich/category-model.ts'
import { WORD_CLUSTERS } from '../../core/enrich/word-clusters.ts'
import shipped from '../../core/enrich/category-weights.json' with { type: 'json' }
import { article } from './fixtures.ts'
import {
  corpusDir,
  hasCategoryCorpus,
  type LabelledArticle,
  loadSources,
  tweetHeadline,
} from '../../scripts/category-data.ts'
import { balanceSourcesWithinClasses } from '../../scripts/category-logreg.ts'

/** A hand-made model: one feature, `p:sport`, worth +2 for sport; everything else 0. */
function tinyWeights(over: Partial<CategoryWeights> = {}): CategoryWeights {
  const k = CATEGORIES.length
  const weights = Array.from({ length: k }, (_, i) => (CATEGORIES[i] === 'sport' ? 2 : 0))
  return {
    format: 'newsdesk-category-logreg/1',
    classes: [...CATEGORIES],
    languages: ['en'],
    bias: Array(k).fill(0),
    vocab: ['p:sport'],
    weights,
    ...over,
  }
}

describe('pathSectionWords', () => {
  test.each([
    {
      url: 'http://www.latimes.com/business/money/la-fi-mo-federal-reserve-plosser-20140310,0,1312750.story',
      want: ['business', 'money'],
    },
    { url: 'https://example.com/tech/2014/03/10/some-long-article-slug-here', want: ['tech'] },
    { url: 'https://example.com/sport/', want: ['sport'] },
    { url: 'https://example.com/entry/covid-boosters-uptake-us_n_632d719ee4b087fae6feaac9', want: ['entry'] },
    { url: 'https://example.com/a-very-long-slug-of-many-words/', want: [] },
    { url: 'https://example.com/', want: [] },
  ])('$url', ({ url, want }) => expect(pathSectionWords(url)).toEqual([...want]))
})

describe('the model file', () => {
  test('a hand-made model predicts by its definition: softmax of bias + weights', () => {
    const model = loadCategoryModel(tinyWeights())
    const p = predictCategory(
      { url: 'https://x.com/sport/1', host: 'x.com', section: '', title: '', description: '' },
      'en',
      model,
    )
    const k = CATEGORIES.length
    expect(p.category).toBe('sport')
    expect(p.probability).toBeCloseTo(Math.exp(2) / (Math.exp(2) + (k - 1)), 10)
  })

  test('with no feature known, ties go to the first category in CATEGORIES order', () => {
    const model = loadCategoryModel(tinyWeights())
    const p = predictCategory(
      { url: 'https://x.com/a', host: 'x.com', section: '', title: 'zzz', description: '' },
      'en',
      model,
    )
    expect(p.category).toBe(CATEGORIES[0])
    expect(p.probability).toBeCloseTo(1 / CATEGORIES.length, 10)
  })

  const broken: { name: string; over: Partial<CategoryWeights> }[] = [
    { name: 'unknown format', over: { format: 'other/1' } },
    { name: 'unknown class', over: { classes: [...CATEGORIES.slice(1), 'weather'] } },
    { name: 'wrong weight count', over: { weights: [1, 2, 3] } },
    { name: 'wrong bias count', over: { bias: [0] } },
  ]
  test.each(broken)('rejects a file with $name', ({ over }) =>
    expect(() => loadCategoryModel(tinyWeights(over))).toThrow(),
  )

  test('the shipped file loads, covers English and records its held-out figures', () => {
    const model = loadCategoryModel(shipped)
    expect(model.languages.has('en')).toBe(true)
    expect(model.rows.size).toBeGreaterThan(1000)
    expect(model.minProbability).toBeGreaterThanOrEqual(0)
    expect(model.minProbability).toBeLessThan(1)
    // On the sets no fit ever saw (measure-only), what the service answers (the model, the term
    // lists below its threshold) must beat the term lists alone. The bare argmax is not served: with
    // the class prior it trails them on the subreddit headlines' macro-F1 (0.516 against 0.541).
    const heldOut = (shipped as { held_out?: { set: string; method: string; macro_f1: number }[] }).held_out ?? []
    for (const set of ['bbc-news', 'reddit']) {
      const f1 = (method: string): number | undefined =>
        heldOut.find((l) => l.set === set && l.method === method)?.macro_f1
      expect(f1('service') ?? 0).toBeGreaterThan(f1('term lists') ?? 1)
    }
  })

  test('min_probability is read from the file, 0.5 when absent, and must lie in 0–1', () => {
    expect(loadCategoryModel(tinyWeights()).minProbability).toBe(MODEL_MIN_PROBABILITY)
    expect(loadCategoryModel(tinyWeights({ min_probability: 0.3 })).minProbability).toBe(0.3)
    expect(() => loadCategoryModel(tinyWeights({ min_probability: 1.5 }))).toThrow()
  })
})

describe('chooseCategory', () => {
  test('English goes to the model, other languages to the term lists', () => {
    expect(
      chooseCategory(article({ title: 'Stocks fall as the Fed hints at faster tapering' }), 'en').category_by,
    ).toBe('model')
    expect(chooseCategory(article({ title: 'Die Börse fällt nach der Zinsentscheidung' }), 'de').category_by).toBe(
      'terms',
    )
    expect(chooseCategory(article({ title: '股市大跌' }), 'zh').category_by).toBe('terms')
  })

  // The hand-made model knows `p:sport` and the made-up word `zzz` (+2 each for sport): p(sport) =
  // e²/(e² + 10) ≈ 0.42 with 11 categories, below MODEL_MIN_PROBABILITY; with +4 it is ≈ 0.85, above it.
  const unsure = Math.round((Math.exp(2) / (Math.exp(2) + CATEGORIES.length - 1)) * 1000) / 1000
  test.each([
    { title: 'Police arrest two after robbery', sportWeight: 2, want: { category: 'crime', category_by: 'terms' } },
    { title: 'Police arrest two after robbery', sportWeight: 4, want: { category: 'sport', category_by: 'model' } },
    // Unsure, and the term lists name nothing (no sport path, no known word): the model's guess,
    // marked as a guess, with its probability as the confidence.
    {
      title: 'zzz qqq',
      sportWeight: 2,
      url: 'https://x.com/a/1',
      want: { category: 'sport', category_by: 'model-low-confidence', confidence: unsure },
    },
  ])(
    'a model below its threshold yields to the term lists, or says it guesses: sport +$sportWeight, "$title"',
    ({ title, sportWeight, url, want }) => {
      const k = CATEGORIES.length
      const row = Array.from({ length: k }, (_, i) => (CATEGORIES[i] === 'sport' ? sportWeight : 0))
      const model = loadCategoryModel(tinyWeights({ vocab: ['p:sport', 'zzz'], weights: [...row, ...row] }))
      const a = article({ url: url ?? 'https://x.com/sport/1', title })
      // The case's premise: the model is unsure exactly when the threshold says so.
      expect(predictCategory(a, 'en', model).probability < MODEL_MIN_PROBABILITY).toBe(sportWeight === 2)
      const got = chooseCategory(a, 'en', model)
      expect({ category: got.category, category_by: got.category_by }).toEqual({
        category: want.category as (typeof CATEGORIES)[number],
        category_by: want.category_by as CategoryDecider,
      })
      if ('confidence' in want) expect(got.confidence).toBe(want.confidence as number)
    },
  )

  // The hand-made model knows only the made-up word `zzz` (+4 for sport): it can find it in the
  // body's first paragraph only when the page has no description of its own.
  test.each([
    {
      name: 'no description: the first paragraph stands in',
      description: '',
      text: '\n\nzzz lead\n\nmore',
      sport: true,
    },
    { name: 'a description of its own wins', description: 'qqq', text: 'zzz lead', sport: false },
    { name: 'the word past the first paragraph is not read', description: '', text: 'lead\n\nzzz', sport: false },
  ])('the model reads a body lead when there is no description: $name', ({ description, text, sport }) => {
    const k = CATEGORIES.length
    const row = Array.from({ length: k }, (_, i) => (CATEGORIES[i] === 'sport' ? 4 : 0))
    const model = loadCategoryModel(tinyWeights({ vocab: ['zzz'], weights: row }))
    const a = article({ title: 'qqq', description, text })
    expect(chooseCategory(a, 'en', model).category === 'sport').toBe(sport)
  })

  test.each([
    { body: '', want: '' },
    { body: '\n \n', want: '' },
    { body: '  First paragraph. \n\nSecond.', want: 'First paragraph.' },
    { body: 'x'.repeat(BODY_STANDFIRST_MAX_CHARS + 1), want: 'x'.repeat(BODY_STANDFIRST_MAX_CHARS) },
  ])('standfirstFromBody($body)', ({ body, want }) => expect(standfirstFromBody(body)).toBe(want))

  test("a page's own article:section naming one category leaves the decision to the term lists", () => {
    const got = chooseCategory(article({ title: 'The striker was paid a record fee', section: 'Sport' }), 'en')
    expect(got).toEqual({ category: 'sport', confidence: got.confidence, category_by: 'terms' })
  })

  // Headlines the issue names as falling back to `world` with the term lists alone. Both stories
  // are in the training data (UCI), so this guards against a regression; it measures nothing.
  test.each([
    { title: 'Titanfall review: the Xbox One shooter lives up to the hype', want: 'technology' },
    { title: 'Justin Bieber new album tops the charts', want: 'entertainment' },
  ])('$title → $want', ({ title, want }) => {
    expect(chooseCategory(article({ title }), 'en').category).toBe(want as (typeof CATEGORIES)[number])
  })

  // Words in no training set (checked below), with the category a reader would give: the model
  // can only know them through their cluster's weights (c:<n>). The training sets grew in issue
  // 26 and now hold malaria, insulin and orchestra; chemotherapy, angioplasty and concerto, chosen
  // before looking at their clusters, took their places. The test asks for a majority.
  const UNSEEN: readonly { word: string; want: (typeof CATEGORIES)[number] }[] = [
    { word: 'chemotherapy', want: 'health' },
    { word: 'angioplasty', want: 'health' },
    { word: 'cardiologist', want: 'health' },
    { word: 'concerto', want: 'entertainment' },
    { word: 'mahler', want: 'entertainment' },
    { word: 'gigabit', want: 'technology' },
    { word: 'handheld', want: 'technology' },
    { word: 'semiconductor', want: 'technology' },
    { word: 'chipmaker', want: 'technology' },
  ]

  test('words the labelled sets never used carry a category through their cluster', () => {
    const favoured = UNSEEN.filter(({ word, want }) => {
      const row = SHIPPED_CATEGORY_MODEL.rows.get(`c:${WORD_CLUSTERS.get(word)}`)
      if (row === undefined) return false
      const best = row.indexOf(Math.max(...row))
      return SHIPPED_CATEGORY_MODEL.classes[best] === want
    })
    expect(favoured.length).toBeGreaterThan(UNSEEN.length / 2)
  })

  if (!hasCategoryCorpus())
    console.log(
      `category-model: the labelled sets are absent under ${corpusDir()}; the check that the unseen words are unseen is skipped`,
    )
  test.skipIf(!hasCategoryCorpus())('those words are in no training set', () => {
    const seen = new Set(
      loadSources((s) => s.use === 'train').rows.flatMap((r) =>
        `${r.title} ${r.description}`.toLowerCase().split(/[^a-z]+/),
      ),
    )
    expect(UNSEEN.map((u) => u.word).filter((w) => seen.has(w))).toEqual([])
  })

  test('features carry the term lists verdict, so a word the labelled sets never used still counts', () => {
    expect(
      categoryFeatures(
        {
          url: 'https://x.com/a',
          host: 'x.com',
          section: '',
          title: 'Parliament votes on the election law',
          description: '',
        },
        'en',
      ),
    ).toContain('T:politics')
  })
})

describe('balanceSourcesWithinClasses', () => {
  // Class 0: publisher A 3 rows of weight 1, publisher B 1 row; class 1: A alone, 2 rows.
  const row = (source: string): LabelledArticle => ({
    title: '',
    description: '',
    url: '',
    host: '',
    category: 'sport',
    group: '',
    source,
    lang: 'en',
  })
  const rows = ['a', 'a', 'a', 'b', 'a', 'a'].map(row)
  const ys = [0, 0, 0, 0, 1, 1]
  const ones = [1, 1, 1, 1, 1, 1]
  test.each([
    { name: 'power 1 changes nothing', power: 1, want: [1, 1, 1, 1, 1, 1] },
    // Class 0 keeps its mass 4, split 2 / 2 between A and B; class 1 has one publisher.
    { name: 'power 0 gives each publisher of a class the same share', power: 0, want: [2 / 3, 2 / 3, 2 / 3, 2, 1, 1] },
    // Cells 3 and 1 become √3 and 1, rescaled to the class's mass 4.
    {
      name: 'power 0.5 between',
      power: 0.5,
      want: [
        4 / (Math.sqrt(3) + 1) / Math.sqrt(3),
        4 / (Math.sqrt(3) + 1) / Math.sqrt(3),
        4 / (Math.sqrt(3) + 1) / Math.sqrt(3),
        4 / (Math.sqrt(3) + 1),
        1,
        1,
      ],
    },
  ])('$name', ({ power, want }) => {
    const got = balanceSourcesWithinClasses(rows, ys, ones, power)
    got.forEach((w, i) => expect(w).toBeCloseTo(want[i] as number, 9))
  })
  test('the three HuffPost files are one publisher', () => {
    const got = balanceSourcesWithinClasses(['huffpost', 'huffpost-2017', 'uci'].map(row), [0, 0, 0], [1, 1, 1], 0)
    expect(got).toEqual([0.75, 0.75, 1.5])
  })
  test('the two tweet files are one publisher', () => {
    const got = balanceSourcesWithinClasses(['fin-tweets', 'fin-tweets-valid', 'uci'].map(row), [0, 0, 0], [1, 1, 1], 0)
    expect(got).toEqual([0.75, 0.75, 1.5])
  })
  // Class 0 at power 0 with B's cells at half A's: mass 4 split 8/3 (A, three rows) and 4/3 (B).
  test('a publisher share scales its cells within each class', () => {
    const got = balanceSourcesWithinClasses(rows, ys, ones, 0, { b: 0.5 })
    got.forEach((w, i) => expect(w).toBeCloseTo(([8 / 9, 8 / 9, 8 / 9, 4 / 3, 1, 1] as number[])[i] as number, 9))
  })
})

describe('tweetHeadline', () => {
  test.each([
    {
      name: 'link dropped',
      text: 'Ally Financial pulls outlook https://t.co/G9Zdi1boy5',
      want: 'Ally Financial pulls outlook',
    },
    {
      name: 'leading cashtags and dash',
      text: '$CCL $RCL - Nomura points to bookings weakness',
      want: 'Nomura points to bookings weakness',
    },
    {
      name: 'leading cashtag and colon',
      text: '$ESS: BTIG Research cuts to Neutral',
      want: 'BTIG Research cuts to Neutral',
    },
    {
      name: 'cashtag inside kept as ticker',
      text: 'Wells Fargo downgrades Netflix $NFLX to Underperform',
      want: 'Wells Fargo downgrades Netflix NFLX to Underperform',
    },
    {
      name: 'a price is not a cashtag',
      text: 'Orbcomm price target lowered to $9',
      want: 'Orbcomm price target lowered to $9',
    },
    { name: 'two words left: dropped', text: '$AAPL Apple up https://t.co/x', want: '' },
    { name: 'three words kept', text: '$AAPL Apple shares up', want: 'Apple shares up' },
    { name: 'only a link', text: 'https://t.co/x', want: '' },
  ])('$name', ({ text, want }) => expect(tweetHeadline(text)).toBe(want))
})
