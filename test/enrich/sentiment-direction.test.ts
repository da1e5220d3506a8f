import { describe, expect, test } from 'bun:test'
import { directionFeatures, directionVerdicts, markFigures } from '../../core/enrich/sentiment-direction.ts'
import { type FeatureSpec, LEGACY_FEATURE_SPEC, sentimentFeatures } from '../../core/enrich/sentiment-features.ts'
import { scoreLexicon } from '../../core/enrich/lexicon.ts'
import { wordTokens } from '../../core/enrich/tokens.ts'

const DIRECTION: FeatureSpec = { ...LEGACY_FEATURE_SPEC, direction: true }
const dir = (text: string, lang = 'en', spec = DIRECTION) =>
  sentimentFeatures(text, lang, spec).filter((f) => f.startsWith('dir:'))

// Expected verdicts follow from the definition: a good quantity up or a bad one down is good news.
describe('direction of change', () => {
  test.each([
    { text: 'Operating profit rose to EUR 13.1 mn from EUR 8.7 mn', want: ['dir:+', 'dir:++'] },
    { text: 'Quarterly sales fell 5%', want: ['dir:-'] },
    { text: 'Net loss widened in the third quarter', want: ['dir:-'] },
    { text: 'Net loss narrowed', want: ['dir:+'] },
    { text: 'Unemployment rises again', want: ['dir:-'] },
    { text: 'Company cuts costs', want: ['dir:+'] },
    { text: 'Revenue did not rise', want: ['dir:-'] },
    { text: 'Net sales for the third quarter of 2008 rose', want: ['dir:+'] },
    { text: 'Orders rose but margins fell', want: ['dir:+', 'dir:-', 'dir:±'] },
    { text: 'Pareteum +8% after CEO termination', want: ['dir:+'] },
    { text: 'Profit totalled EUR 9.4 mn, down from EUR 11.7 mn', want: ['dir:-'] },
    { text: 'The minister rose to speak', want: [] },
    { text: 'Sales and profit', want: [] },
  ])('$text → $want', ({ text, want }) => expect(dir(text)).toEqual([...want]))

  test('a direction word paired with a bad quantity gets a word of its own, and its lexicon sign flips', () => {
    // "rises" is +1 in the English lexicon; paired with unemployment it counts −1.
    expect(scoreLexicon('Unemployment rises', 'en').score).toBe(1)
    const got = sentimentFeatures('Unemployment rises', 'en', DIRECTION)
    expect(got).toContain('^rises')
    expect(got).not.toContain('rises')
    expect(got.filter((f) => f.startsWith('lex:'))).toEqual(['lex:-'])
    expect(sentimentFeatures('Shares rise', 'en', DIRECTION)).toContain('rise')
  })

  test('with clause-wide negation, punctuation ends a clause too', () => {
    const text = 'Sales rose, costs too. Bitcoin fell'
    expect(dir(text, 'en', { negation: 'clause', lexicon_counts: true, direction: true })).toEqual(['dir:+'])
    expect(dir(text)).toEqual(['dir:+', 'dir:++'])
  })

  test('only under a spec that asks for it, and only in English', () => {
    expect(dir('Profit rose', 'en', LEGACY_FEATURE_SPEC)).toEqual([])
    expect(dir('Umsatz steigt', 'de')).toEqual([])
  })

  test.each([
    { text: 'rose to eur 13.1 mn from eur 8.7 mn', want: 'rose numup to eur 13.1 mn from eur 8.7 mn' },
    { text: 'from 8.7 to 3.1', want: 'numdown from 8.7 to 3.1' },
    { text: 'from 1,200 to 1,500', want: 'numup from 1,200 to 1,500' },
    { text: 'to 5 from 5', want: 'to 5 from 5' },
    { text: 'xyz -3.5% today', want: 'xyz numdown 3.5 pct today' },
    { text: 'up 5 per cent', want: 'up 5 pct' },
  ])('markFigures: $text', ({ text, want }) => expect(markFigures(text).trim().split(/\s+/).join(' ')).toBe(want))

  test.each([
    { verdicts: [] as (1 | -1)[], want: [] },
    { verdicts: [1] as (1 | -1)[], want: ['dir:+'] },
    { verdicts: [-1, -1] as (1 | -1)[], want: ['dir:-', 'dir:--'] },
    { verdicts: [1, -1] as (1 | -1)[], want: ['dir:+', 'dir:-', 'dir:±'] },
  ])('features of $verdicts', ({ verdicts, want }) => expect(directionFeatures(verdicts)).toEqual([...want]))

  test('a direction pairs with the nearest quantity: rising costs, falling prices', () => {
    expect(directionVerdicts(wordTokens('rising costs hit margins'))).toEqual([-1])
    expect(directionVerdicts(wordTokens('shares slump as losses mount'))).toEqual([-1, -1])
  })

  test.each([
    { text: 'losses deepen as bitcoin falls under 0', want: [-1] },
    { text: 'analysts warned that losses could deepen', want: [-1] },
    { text: 'the price moved within a narrow range', want: [] },
    { text: 'builder wins contract for new bridge', want: [] },
  ])('no pairing across a clause, and no word that is not a move: $text', ({ text, want }) => {
    expect(directionVerdicts(wordTokens(text))).toEqual([...want])
  })
})
