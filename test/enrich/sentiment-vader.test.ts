import { expect, test } from 'bun:test'
import { sentimentFeatures } from '../../core/enrich/sentiment-features.ts'
import { SentimentIntensityAnalyzer } from 'vader-sentiment'
import { vaderFeatures, vaderScores } from '../../core/enrich/sentiment-vader.ts'

// Expected bands from VADER's definition: compound = s / √(s² + 15) over the summed valences of its
// lexicon (great +3.1, terrible −2.1, horrible −2.5, crash −1.7; "!" adds 0.292), cut at ±0.05 and ±0.5.
test.each([
  { name: 'no rated word', text: 'Company to hold annual general meeting on Thursday', want: ['vd:0'] },
  { name: 'strongly negative', text: 'A terrible, horrible crash', want: ['vd:--', 'vd:n'] },
  { name: 'strongly positive', text: 'Great news!', want: ['vd:++', 'vd:p'] },
  {
    name: 'mixed, +1.0 summed: compound 0.25',
    text: 'Great results, terrible outlook',
    want: ['vd:+', 'vd:n', 'vd:p'],
  },
])('vaderFeatures: $name', ({ text, want }) => expect(vaderFeatures(text)).toEqual([...want]))

test('VADER features are English only and only under a spec that asks for them', () => {
  const spec = { negation: 3, lexicon_counts: false, direction: true } as const
  const vader = (lang: string, on: boolean) =>
    sentimentFeatures('Great news!', lang, on ? { ...spec, vader: true } : spec).filter((f) => f.startsWith('vd:'))
  expect(vader('en', true)).toEqual(['vd:++', 'vd:p'])
  expect(vader('en', false)).toEqual([])
  expect(vader('de', true)).toEqual([])
})

// The word splitting is done here, the scoring by the package: the result must be the package's own.
test.each([
  'Profit warning sends shares tumbling',
  'Stocks are NOT good, but great!!!',
  "It's kind of good -- isn't it?",
  'GREAT results... but "terrible" outlook?!?',
  'Shares fell 3.5% to $64,250 (a two-year low); analysts: "sell".',
  '  Record   quarter!  :) ',
  'Never so bad, hardly good, extremely happy',
  '',
  'x',
])('vaderScores equals polarity_scores: %p', (text) =>
  expect(vaderScores(text)).toEqual(SentimentIntensityAnalyzer.polarity_scores(text)),
)
