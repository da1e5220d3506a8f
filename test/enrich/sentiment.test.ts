import { describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { SentimentLabel } from '../../core/article.ts'
import { scoreLexicon } from '../../core/enrich/lexicon.ts'
import { classifySentiment, lexiconLabel, sentimentText } from '../../core/enrich/sentiment.ts'
import {
  type FeatureSpec,
  LEGACY_FEATURE_SPEC,
  lexiconCountFeatures,
  lexiconFingerprint,
  neutralCueFeatures,
  sentimentFeatures,
  sentimentTokens,
} from '../../core/enrich/sentiment-features.ts'
import {
  decideTone,
  loadSentimentModels,
  MODEL_FORMAT,
  predictSentiment,
  SHIPPED_MODELS,
  type SentimentWeights,
} from '../../core/enrich/sentiment-model.ts'
import {
  collapseBySentence,
  fingerprint,
  isHeldOutSentence,
  parseCsv,
  parseLabelledCsv,
  sentenceKey,
  splitHeldOut,
} from '../../core/enrich/sentiment-split.ts'
import shipped from '../../core/enrich/sentiment-weights.json' with { type: 'json' }
import { hasSentimentCorpus, loadSentimentData } from '../../scripts/sentiment-data.ts'
import { article, CORPUS_DIR, corpusFile } from './fixtures.ts'

describe('classifySentiment', () => {
  test.each([
    { text: 'Tesla shares plunge after earnings miss and weak guidance', want: 'neg' },
    { text: 'Bitcoin crashes as exchange is hacked', want: 'neg' },
    { text: 'Apple stock soars to a record high after strong earnings beat', want: 'pos' },
    { text: 'Analysts upgrade Nvidia to buy, raise price target', want: 'pos' },
    { text: 'Company to hold annual general meeting on Thursday', want: 'neu' },
  ])('English uses the model: $text → $want', ({ text, want }) => {
    const got = classifySentiment(text, 'en', scoreLexicon(text, 'en'))
    expect(got.labelled_by).toBe('model')
    expect(got.sentiment).toBe(want as SentimentLabel)
    expect(got.score).toBeGreaterThanOrEqual(-1)
    expect(got.score).toBeLessThanOrEqual(1)
  })

  test.each([
    { lang: 'ru', text: 'Биткоин рухнул', want: 'neg', score: -3 },
    { lang: 'de', text: 'DAX steigt kräftig', want: 'pos', score: 2 },
    { lang: 'zh', text: '比特币价格持平', want: 'neu', score: 0 },
  ])('$lang uses the lexicon label', ({ lang, text, want, score }) => {
    const lexicon = scoreLexicon(text, lang)
    expect(lexicon.score).toBe(score)
    const got = classifySentiment(text, lang, lexicon)
    expect(got).toEqual({
      sentiment: want as SentimentLabel,
      score: Math.round((score / Math.sqrt(score * score + 15)) * 1000) / 1000,
      labelled_by: 'lexicon',
    })
  })

  test.each([
    { score: 3, want: 'pos' },
    { score: 0, want: 'neu' },
    { score: -1, want: 'neg' },
  ])('lexiconLabel($score) → $want', ({ score, want }) => expect(lexiconLabel(score)).toBe(want as SentimentLabel))

  test('model score is P(pos) − P(neg)', () => {
    const p = predictSentiment('Shares surge after record profit')
    expect(p.score).toBeCloseTo(p.probabilities.pos - p.probabilities.neg, 12)
    expect(p.probabilities.neg + p.probabilities.neu + p.probabilities.pos).toBeCloseTo(1, 12)
  })

  test('an empty text gets the prior, which is neutral', () => expect(predictSentiment('').label).toBe('neu'))
})

describe('decideTone', () => {
  // From the definition: argmax, except that pos must also beat neg by the margin, else neu.
  test.each([
    { z: [2, 0, 0], margin: 0, want: 'neg' },
    { z: [0, 0, 0], margin: 0, want: 'neu' },
    { z: [0, 0, 1], margin: 0, want: 'pos' },
    { z: [0.5, 0, 1], margin: 0, want: 'pos' },
    { z: [0.5, 0, 1], margin: 0.5, want: 'neu' },
    { z: [0.8, 0, 1], margin: 0.5, want: 'neu' },
    { z: [1.2, 0, 1], margin: 0.5, want: 'neg' },
    { z: [0.5, 0, 1], margin: 0.4, want: 'pos' },
    { z: [-1, 0, 0.5], margin: 1.4, want: 'pos' },
    { z: [-1, 0, 0.5], margin: 1.5, want: 'neu' },
    { z: [0, 1, 0], margin: 1, want: 'neu' },
  ])('$z, margin $margin → $want', ({ z, margin, want }) =>
    expect(decideTone(z[0] as number, z[1] as number, z[2] as number, margin)).toBe(want as SentimentLabel),
  )
})

describe('sentimentText', () => {
  test.each([
    { name: 'title and description', a: { title: 'T', description: 'D', text: 'B' }, want: 'T\nD' },
    { name: 'no description: the title alone, not the body', a: { title: 'T', text: 'Body text' }, want: 'T' },
    { name: 'description only', a: { description: 'D', text: 'B' }, want: 'D' },
    { name: 'neither: the body opening', a: { text: 'Body text' }, want: 'Body text' },
  ])('$name', ({ a, want }) => expect(sentimentText(article(a))).toBe(want))

  test('the body opening is cut at a word boundary near 300 characters', () => {
    const got = sentimentText(article({ text: 'word '.repeat(200) }))
    expect(got.length).toBeLessThanOrEqual(300)
    expect(got.endsWith('word')).toBe(true)
  })
})

describe('sentiment features', () => {
  test('links, cashtags and numbers are normalised away', () => {
    expect(sentimentTokens('$AAPL up 5.2% https://t.co/xyz on strong iPhone sales')).toEqual([
      'up',
      '0',
      'on',
      'strong',
      'iphone',
      'sales',
    ])
  })

  const CLAUSE: FeatureSpec = { negation: 'clause', lexicon_counts: true }

  test.each([
    { lang: 'en', spec: LEGACY_FEATURE_SPEC, text: 'Profits did not rise', want: ['!rise'] },
    {
      lang: 'en',
      spec: LEGACY_FEATURE_SPEC,
      text: "Sales didn't grow at all this year",
      want: ['!grow', '!at', '!all'],
    },
    { lang: 'de', spec: LEGACY_FEATURE_SPEC, text: 'Keine Erholung in Sicht', want: ['!erholung', '!in', '!sicht'] },
    { lang: 'en', spec: LEGACY_FEATURE_SPEC, text: 'Profits rise', want: [] },
    {
      lang: 'en',
      spec: CLAUSE,
      text: "Sales didn't grow at all this year",
      want: ['!grow', '!at', '!all', '!this', '!year'],
    },
    { lang: 'en', spec: CLAUSE, text: 'No deal, shares rally', want: ['!deal'] },
    { lang: 'en', spec: CLAUSE, text: 'Not good. Stocks rally', want: ['!good'] },
    { lang: 'de', spec: CLAUSE, text: 'Keine Erholung in Sicht; Aktien steigen', want: ['!erholung', '!in', '!sicht'] },
  ])('negation marks ($spec.negation): $text', ({ lang, spec, text, want }) => {
    expect(sentimentFeatures(text, lang, spec).filter((f) => f.startsWith('!'))).toEqual([...want])
  })

  test('the lexicon score can be passed in instead of recomputed', () => {
    expect(sentimentFeatures('Stocks closed', 'en', LEGACY_FEATURE_SPEC, { score: 4, terms: '' })).toContain('lex:++')
    for (const spec of [LEGACY_FEATURE_SPEC, CLAUSE])
      expect(sentimentFeatures('Stocks slump, not good', 'en', spec)).toEqual(
        sentimentFeatures('Stocks slump, not good', 'en', spec, scoreLexicon('Stocks slump, not good', 'en')),
      )
  })

  test('unigrams, stems, stemmed bigrams and the lexicon verdict, each once', () => {
    // "surged" is +3 in the lexicon, twice: +6, so both lex:+ and lex:++ (|score| ≥ 3).
    expect(sentimentFeatures('Stocks surged, stocks surged', 'en', LEGACY_FEATURE_SPEC)).toEqual([
      'stocks',
      'surged',
      '~stock',
      '~surg',
      'stock surg',
      'surg stock',
      'lex:+',
      'lex:++',
    ])
    expect(sentimentFeatures('Stocks closed', 'en', LEGACY_FEATURE_SPEC)).toEqual([
      'stocks',
      'closed',
      '~stock',
      '~clos',
      'stock clos',
      'lex:0',
    ])
  })

  test.each([
    { terms: '', want: [] },
    { terms: '+surge', want: ['lexp:1'] },
    { terms: '+surge,+record,+beat', want: ['lexp:2'] },
    { terms: '-not good', want: ['lexn:1'] },
    { terms: '+gain,-loss,-fear', want: ['lexp:1', 'lexn:2', 'lexmix'] },
  ])('lexicon counts of "$terms"', ({ terms, want }) => expect(lexiconCountFeatures(terms)).toEqual([...want]))

  // Expected cues from the definition: a question mark, an opening question word, no lexicon term
  // or direction of change, and the number of figures (capped at 3).
  const CUES: FeatureSpec = { negation: 'clause', lexicon_counts: true, direction: true, neutral_cues: true }
  const cues = (text: string, lang = 'en') => sentimentFeatures(text, lang, CUES).filter((f) => f.startsWith('q:'))
  test.each([
    { text: 'Should the recent earnings drop worry you?', want: ['q:?', 'q:wh', 'q:num0'] },
    { text: 'Company to hold annual general meeting on Thursday', want: ['q:plain', 'q:num0'] },
    { text: 'Contract worth EUR 2.5 million signed in 2024', want: ['q:plain', 'q:num2'] },
    { text: 'Profit rose to EUR 13.1 mn from EUR 8.7 mn', want: ['q:num2'] },
    { text: 'Shares plunge 1 2 3 4 times', want: ['q:num3'] },
    { text: '$MRNA - Why Moderna looks great https://t.co/x1', want: ['q:wh', 'q:num0'] },
  ])('neutral cues of "$text"', ({ text, want }) => expect(cues(text)).toEqual([...want]))

  test('neutral cues are English only and only under a spec that asks for them', () => {
    expect(cues('Was tun?', 'de')).toEqual([])
    const off = sentimentFeatures('Why now?', 'en', { negation: 'clause', lexicon_counts: true, direction: true })
    expect(off.some((f) => f.startsWith('q:'))).toBe(false)
    expect(neutralCueFeatures('Why?', ['why'], true)).toEqual(['q:?', 'q:wh', 'q:num0'])
  })

  test('lexicon counts only under a spec that asks for them', () => {
    const text = 'Profit jumps but outlook is weak'
    const counts = (spec: FeatureSpec) => sentimentFeatures(text, 'en', spec).filter((f) => f.startsWith('lexp:'))
    expect(counts(LEGACY_FEATURE_SPEC)).toEqual([])
    expect(counts(CLAUSE).length).toBe(scoreLexicon(text, 'en').terms.includes('+') ? 1 : 0)
  })
})

describe('shipped weights', () => {
  test('load, have the documented format, and stay under 2 MB', () => {
    const models = loadSentimentModels(shipped)
    expect(models.has('en')).toBe(true)
    expect(models.get('en')?.rows.size).toBe(shipped.models.en.vocab.length)
    const bytes = statSync(join(import.meta.dir, '../../core/enrich/sentiment-weights.json')).size
    expect(bytes).toBeLessThan(2 * 1024 * 1024)
  })

  test.each(Object.keys(shipped.models))(
    'the %s model was trained on the current lexicon (retrain with scripts/train-sentiment.ts after editing it)',
    (lang) => {
      expect(shipped.models[lang as keyof typeof shipped.models].lexicon_fingerprint).toBe(lexiconFingerprint(lang))
    },
  )

  // Today German is in not_shipped: its GerNTSA model loses to the German lexicon in accuracy (dev and held out).
  test.each(['en', 'de'])('%s either ships a model or the weights file says why not', (lang) => {
    expect(SHIPPED_MODELS.has(lang)).toBe(!(lang in shipped.not_shipped))
  })

  test('no shipped model learned from a measure-only set', () => {
    const measureOnly = shipped.data.sources.filter((s) => s.use === 'measure only').map((s) => s.name)
    expect(measureOnly.sort()).toEqual(['semeval', 'sentfin'])
    for (const m of Object.values(shipped.models))
      for (const name of measureOnly) expect(m.trained_on).not.toContain(name)
  })

  const BAD: Array<{ name: string; patch: Partial<SentimentWeights> }> = [
    { name: 'wrong format', patch: { format: 'newsdesk-sentiment-logreg/1' } },
    { name: 'wrong classes', patch: { classes: ['pos', 'neu', 'neg'] } },
    { name: 'wrong sizes', patch: { models: { en: { ...shipped.models.en, weights: [1, 2] } } } },
  ]
  test.each(BAD)('reject $name', ({ patch }) => {
    const bad: SentimentWeights = { ...shipped, ...patch }
    expect(() => loadSentimentModels(bad)).toThrow()
  })

  const tiny = { bias: [0, 0, 0], vocab: [], weights: [], lexicon_fingerprint: '' }
  test('format 2 weights (no feature spec) load with the spec they were trained with', () => {
    const models = loadSentimentModels({
      format: 'newsdesk-sentiment-logreg/2',
      classes: ['neg', 'neu', 'pos'],
      models: { en: tiny },
    })
    expect(models.get('en')?.spec).toEqual(LEGACY_FEATURE_SPEC)
  })

  test('pos_margin loads (absent = 0) and a negative one is rejected', () => {
    const load = (extra: object) =>
      loadSentimentModels({
        format: MODEL_FORMAT,
        classes: ['neg', 'neu', 'pos'],
        models: { en: { ...tiny, features: LEGACY_FEATURE_SPEC, ...extra } },
      }).get('en')?.posMargin
    expect(load({})).toBe(0)
    expect(load({ pos_margin: 0.75 })).toBe(0.75)
    expect(() => load({ pos_margin: -1 })).toThrow()
  })

  test.each([
    { name: 'no feature spec', features: undefined },
    {
      name: 'a negation reach that is neither a count nor clause',
      features: { negation: 'sentence', lexicon_counts: true },
    },
    { name: 'a negative reach', features: { negation: -1, lexicon_counts: false } },
  ])('format 3 rejects $name', ({ features }) => {
    const w: SentimentWeights = {
      format: MODEL_FORMAT,
      classes: ['neg', 'neu', 'pos'],
      models: { en: { ...tiny, features } },
    }
    expect(() => loadSentimentModels(w)).toThrow()
  })

  // The contract: the score's sign agrees with the label (pos > 0, neg < 0), BTC endpoints rely on it.
  test.each([
    'Shares tumble after the bank reports a huge loss',
    'Retailer posts record profit and raises its dividend',
    'The committee will meet on Tuesday to discuss the budget',
    'Stocks are not falling, not rising',
    '',
    'Profit jumps but outlook is weak',
  ])('score sign agrees with the label: %s', (text) => {
    const got = classifySentiment(text, 'en', scoreLexicon(text, 'en'))
    if (got.sentiment === 'pos') expect(got.score).toBeGreaterThan(0)
    if (got.sentiment === 'neg') expect(got.score).toBeLessThan(0)
    expect(Math.abs(got.score)).toBeLessThanOrEqual(1)
  })

  // Written for this test, not taken from any labelled set: headlines whose tone nobody would dispute.
  test.each([
    { text: 'Airline cancels thousands of flights as strike cripples airports', want: 'neg' },
    { text: 'Shares tumble after the bank reports a huge loss', want: 'neg' },
    { text: 'Retailer posts record profit and raises its dividend', want: 'pos' },
    { text: 'Exports surge to an all-time high, boosting growth', want: 'pos' },
    { text: 'The committee will meet on Tuesday to discuss the budget', want: 'neu' },
  ])('en: $text → $want', ({ text, want }) => {
    const got = classifySentiment(text, 'en', scoreLexicon(text, 'en'))
    expect(got.labelled_by).toBe('model')
    expect(got.sentiment).toBe(want as SentimentLabel)
  })

  // Known gap, written the same way: deaths, disasters and rescues are rare in the labelled sets
  // (finance tweets; political sentences labelled per person, where "killed" is often neutral
  // towards the person), and the model reads them as neutral. These pass once it learns them.
  for (const { text, want } of [
    { text: 'Factory explosion kills dozens of workers', want: 'neg' },
    { text: 'Hospital fire leaves 30 dead', want: 'neg' },
    { text: 'Rescuers save all twelve miners trapped underground', want: 'pos' },
  ]) {
    test.failing(`known gap, en: ${text} → ${want}`, () => {
      expect(predictSentiment(text).label).toBe(want as SentimentLabel)
    })
  }
})

describe('labelled set and split', () => {
  test('CSV with quotes, doubled quotes and newlines in fields', () => {
    expect(parseCsv('text,label\n"a, b",1\n"say ""hi""\nthere",0\nplain,2')).toEqual([
      ['text', 'label'],
      ['a, b', '1'],
      ['say "hi"\nthere', '0'],
      ['plain', '2'],
    ])
  })

  test('labels map bearish → neg, bullish → pos, neutral → neu; duplicates and unknown labels drop', () => {
    expect(parseLabelledCsv('text,label\nx,0\ny,1\nz,2\nx,1\nw,7\n')).toEqual([
      { text: 'x', label: 'neg' },
      { text: 'y', label: 'pos' },
      { text: 'z', label: 'neu' },
    ])
  })

  const rows = Array.from({ length: 100 }, (_, i) => ({
    text: `t${i}`,
    label: (['neg', 'neu', 'neu', 'pos'] as const)[i % 4] as SentimentLabel,
  }))

  test('split is stratified, complete and repeatable', () => {
    const a = splitHeldOut(rows, 7, 0.2)
    const b = splitHeldOut([...rows].reverse(), 7, 0.2)
    expect(a.heldOut.length + a.train.length).toBe(100)
    expect(a.heldOut.filter((r) => r.label === 'neu').length).toBe(10)
    expect(a.heldOut.filter((r) => r.label === 'pos').length).toBe(5)
    expect(fingerprint(a.heldOut)).toBe(fingerprint(b.heldOut))
    expect(fingerprint(a.heldOut)).not.toBe(fingerprint(splitHeldOut(rows, 8, 0.2).heldOut))
  })
})

describe('sentence collapse and split', () => {
  test.each([
    { name: 'agreeing targets', labels: ['pos', 'pos'], want: 'pos', mixed: false },
    { name: 'polar beats neutral', labels: ['neu', 'neg', 'neu'], want: 'neg', mixed: true },
    { name: 'all neutral', labels: ['neu', 'neu'], want: 'neu', mixed: false },
    { name: 'one target', labels: ['pos'], want: 'pos', mixed: false },
    { name: 'pos and neg: dropped', labels: ['pos', 'neg', 'neu'], want: null, mixed: false },
  ])('$name', ({ labels, want, mixed }) => {
    const rows = labels.map((label, i) => ({
      text: i === 0 ? 'Shares rise.' : '  shares RISE ',
      target: `t${i}`,
      label: label as SentimentLabel,
    }))
    const got = collapseBySentence(rows)
    expect(got.rows).toEqual(want === null ? [] : [{ text: 'Shares rise.', label: want as SentimentLabel }])
    expect(got.dropped).toBe(want === null ? 1 : 0)
    expect([...got.mixed]).toEqual(mixed ? ['shares rise'] : [])
  })

  test('the held-out share depends on the sentence alone and is near the asked share', () => {
    const texts = Array.from({ length: 4000 }, (_, i) => `sentence number ${i}`)
    const held = texts.filter((t) => isHeldOutSentence(t, 1, 0.2)).length
    expect(held).toBeGreaterThan(700)
    expect(held).toBeLessThan(900)
    expect(isHeldOutSentence('Shares rise.', 1, 0.2)).toBe(isHeldOutSentence('shares  RISE', 1, 0.2))
    expect(sentenceKey('Â£5bn deal: "done"')).toBe('â 5bn deal done')
  })
})

describe('held-out quality (needs the shared corpus)', () => {
  const ready = corpusFile('sentiment/newsmtsc.jsonl') !== null && hasSentimentCorpus(CORPUS_DIR)
  test.skipIf(!ready)(
    'the shipped English model was trained on this split and beats the lexicon on held-out NewsMTSC, tweets and SEntFiN',
    () => {
      const data = loadSentimentData(CORPUS_DIR)
      const { targets } = shipped.models.en.params
      const learned = data.train.en.filter((r) => targets === 'polar' || !r.mixedTargets)
      expect(fingerprint(learned)).toBe(shipped.models.en.train_fingerprint)
      const macroF1 = (
        rows: readonly { text: string; label: SentimentLabel }[],
        label: (text: string) => SentimentLabel,
      ) => {
        const predicted = rows.map((r) => label(r.text))
        let total = 0
        for (const c of ['neg', 'neu', 'pos'] as const) {
          const tp = rows.filter((r, i) => r.label === c && predicted[i] === c).length
          const denominator = rows.filter((r) => r.label === c).length + predicted.filter((p) => p === c).length
          total += denominator === 0 ? 0 : (2 * tp) / denominator
        }
        return total / 3
      }
      for (const [source, lang] of [
        ['newsmtsc', 'en'],
        ['tweets', 'en'],
        ['sentfin', 'en'],
      ] as const) {
        const rows = data.heldOut[source]
        const model = macroF1(rows, (t) => predictSentiment(t, SHIPPED_MODELS.get(lang)).label)
        const lexicon = macroF1(rows, (t) => lexiconLabel(scoreLexicon(t, lang).score))
        expect(model).toBeGreaterThan(lexicon)
      }
    },
  )
  test.skipIf(!ready)('the shipped English model reads under 5% of held-out real-news negatives as positive', () => {
    const data = loadSentimentData(CORPUS_DIR)
    const negatives = (['newsmtsc', 'semeval', 'sentfin'] as const).flatMap((s) =>
      data.heldOut[s].filter((r) => r.label === 'neg'),
    )
    const readPos = negatives.filter((r) => predictSentiment(r.text, SHIPPED_MODELS.get('en')).label === 'pos').length
    expect(readPos / negatives.length).toBeLessThan(0.05)
  })
})
