import { describe, expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { SentimentLabel } from '../../core/article.ts'
import { scoreLexicon } from '../../core/enrich/lexicon.ts'
import { classifySentiment, lexiconLabel, sentimentText } from '../../core/enrich/sentiment.ts'
import { englishLexiconFingerprint, sentimentFeatures, sentimentTokens } from '../../core/enrich/sentiment-features.ts'
import { loadSentimentModel, predictSentiment, type SentimentWeights } from '../../core/enrich/sentiment-model.ts'
import { fingerprint, parseCsv, parseLabelledCsv, splitHeldOut } from '../../core/enrich/sentiment-split.ts'
import shipped from '../../core/enrich/sentiment-weights.json' with { type: 'json' }
import { article, corpusFile } from './fixtures.ts'

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
    expect(got).toEqual({ sentiment: want as SentimentLabel, score: Math.round((score / Math.sqrt(score * score + 15)) * 1000) / 1000, labelled_by: 'lexicon' })
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
    expect(sentimentTokens('$AAPL up 5.2% https://t.co/xyz on strong iPhone sales')).toEqual(['up', '0', 'on', 'strong', 'iphone', 'sales'])
  })

  test('unigrams, stems, stemmed bigrams and the lexicon verdict, each once', () => {
    // "surged" is +3 in the lexicon, twice: +6, so both lex:+ and lex:++ (|score| ≥ 3).
    expect(sentimentFeatures('Stocks surged, stocks surged')).toEqual(['stocks', 'surged', '~stock', '~surg', 'stock surg', 'surg stock', 'lex:+', 'lex:++'])
    expect(sentimentFeatures('Stocks closed')).toEqual(['stocks', 'closed', '~stock', '~clos', 'stock clos', 'lex:0'])
  })
})

describe('shipped weights', () => {
  test('load, have the documented format, and stay under 2 MB', () => {
    const model = loadSentimentModel(shipped)
    expect(model.languages.has('en')).toBe(true)
    expect(model.rows.size).toBe(shipped.vocab.length)
    const bytes = statSync(join(import.meta.dir, '../../core/enrich/sentiment-weights.json')).size
    expect(bytes).toBeLessThan(2 * 1024 * 1024)
  })

  test('were trained on the current English lexicon (retrain with scripts/train-sentiment.ts after editing it)', () => {
    expect(shipped.lexicon_fingerprint).toBe(englishLexiconFingerprint())
  })

  const BAD: Array<{ name: string; patch: Partial<SentimentWeights> }> = [
    { name: 'wrong format', patch: { format: 'x' } },
    { name: 'wrong classes', patch: { classes: ['pos', 'neu', 'neg'] } },
    { name: 'wrong sizes', patch: { weights: [1, 2] } },
  ]
  test.each(BAD)('reject $name', ({ patch }) => {
    const bad: SentimentWeights = { ...shipped, ...patch }
    expect(() => loadSentimentModel(bad)).toThrow()
  })
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

  const rows = Array.from({ length: 100 }, (_, i) => ({ text: `t${i}`, label: (['neg', 'neu', 'neu', 'pos'] as const)[i % 4] as SentimentLabel }))

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

describe('held-out quality (needs the shared corpus)', () => {
  const csv = corpusFile('sentiment/twitter_financial_news_sentiment_valid.csv')
  test.skipIf(csv === null)('the shipped model beats the lexicon and the majority class on its held-out split', () => {
    const all = parseLabelledCsv(readFileSync(csv ?? '', 'utf8'))
    const { train, heldOut } = splitHeldOut(all, shipped.split.seed, shipped.split.held_out_share)
    expect(fingerprint(train)).toBe(shipped.split.train_fingerprint)
    expect(fingerprint(heldOut)).toBe(shipped.split.held_out_fingerprint)
    const accuracy = (label: (text: string) => SentimentLabel) => heldOut.filter((r) => label(r.text) === r.label).length / heldOut.length
    const model = accuracy((t) => predictSentiment(t).label)
    const lexicon = accuracy((t) => lexiconLabel(scoreLexicon(t, 'en').score))
    const majority = heldOut.filter((r) => r.label === 'neu').length / heldOut.length
    expect(model).toBeGreaterThan(0.75)
    expect(model).toBeGreaterThan(lexicon)
    expect(lexicon).toBeGreaterThan(majority)
  })
})
