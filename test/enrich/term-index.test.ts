import { describe, expect, test } from 'bun:test'
import { listEntries, SubstringIndex, TermIndex } from '../../core/enrich/term-index.ts'
import {
  foldAccents,
  foldCase,
  leadText,
  stripElision,
  tokenVariants,
  wordTokens,
  wordTokensWithBreaks,
} from '../../core/enrich/tokens.ts'

function index(entries: Record<string, string>): TermIndex<string> {
  const i = new TermIndex<string>()
  for (const [term, value] of Object.entries(entries)) i.add(term, value)
  return i
}

describe('TermIndex', () => {
  const idx = index({
    gain: 'w',
    'econom*': 's',
    'economist*': 'long',
    'interest rate': 'p',
    'interest rate*': 'ps',
    'all-time high': 'h',
    '앱*': 'one',
  })
  test.each([
    { tokens: ['gain'], want: { value: 'w', term: 'gain', tokens: 1, rest: '' } },
    { tokens: ['gains'], want: undefined },
    { tokens: ['economy'], want: { value: 's', term: 'econom', tokens: 1, rest: 'y' } },
    { tokens: ['economists'], want: { value: 'long', term: 'economist', tokens: 1, rest: 's' } },
    { tokens: ['eco'], want: undefined },
    { tokens: ['interest', 'rate'], want: { value: 'p', term: 'interest rate', tokens: 2, rest: '' } },
    { tokens: ['interest', 'rates'], want: { value: 'ps', term: 'interest rate', tokens: 2, rest: 's' } },
    { tokens: ['interest', 'group'], want: undefined },
    { tokens: ['all-time', 'high'], want: { value: 'h', term: 'all-time high', tokens: 2, rest: '' } },
    { tokens: ['앱으로'], want: { value: 'one', term: '앱', tokens: 1, rest: '으로' } },
  ])('$tokens', ({ tokens, want }) => expect(idx.match(tokens, 0)).toEqual(want))

  test.each([
    {
      tokens: ['central', 'bank', 'governor'],
      want: { value: '3', term: 'central bank governor', tokens: 3, rest: '' },
    },
    { tokens: ['central', 'bank', 'rates'], want: { value: '3s', term: 'central bank rate', tokens: 3, rest: 's' } },
    { tokens: ['central', 'bank', 'chief'], want: { value: '2', term: 'central bank', tokens: 2, rest: '' } },
    { tokens: ['central', 'banks'], want: undefined },
    { tokens: ['central'], want: undefined },
  ])('three-word phrases, longest first: $tokens', ({ tokens, want }) => {
    const i = index({ 'central bank': '2', 'central bank governor': '3', 'central bank rate*': '3s' })
    expect(i.match(tokens, 0)).toEqual(want)
  })

  test('a repeated lookup gives the same answer, and an entry added after a lookup is found', () => {
    const i = index({ 'econom*': 's' })
    expect(i.matchWord('economy')).toEqual({ value: 's', term: 'econom', tokens: 1, rest: 'y' })
    expect(i.matchWord('economy')).toEqual({ value: 's', term: 'econom', tokens: 1, rest: 'y' })
    expect(i.matchWord('gains')).toBeUndefined()
    i.add('gains', 'w')
    expect(i.matchWord('gains')).toEqual({ value: 'w', term: 'gains', tokens: 1, rest: '' })
  })

  test('a second entry for the same term is refused', () => {
    const i = new TermIndex<number>()
    expect(i.add('gain', 1)).toBe(true)
    expect(i.add('gain', 2)).toBe(false)
    expect(i.add('gain*', 3)).toBe(true)
    expect(i.add('gain*', 4)).toBe(false)
  })
})

describe('SubstringIndex', () => {
  const idx = new SubstringIndex<string>()
  for (const [t, v] of [
    ['上涨', 'up'],
    ['涨', 'up1'],
    ['nba', 'latin'],
    ['アイドル', 'idol'],
    ['ドル', 'dollar'],
  ] as const)
    idx.add(t, v)
  const CASES: Array<{ text: string; want: string[] }> = [
    { text: '股市上涨', want: ['上涨'] },
    { text: '涨价', want: ['涨'] },
    { text: 'nba总决赛', want: ['nba'] },
    { text: 'snba', want: [] },
    { text: 'アイドルが歌う', want: ['アイドル'] },
    { text: '米ドル', want: ['ドル'] },
  ]
  test.each(CASES)('$text → $want', ({ text, want }) => expect(idx.scan(text).map((h) => h.term)).toEqual(want))
})

describe('tokens', () => {
  const TOKENS: Array<{ text: string; want: string[] }> = [
    { text: "Don't sell-off l'économie, 5.2%", want: ["don't", 'sell-off', "l'économie", '5', '2'] },
    { text: 'नमस्ते दुनिया', want: ['नमस्ते', 'दुनिया'] },
    { text: 'İstanbul’da', want: ["istanbul'da"] },
    { text: '', want: [] },
  ]
  test.each(TOKENS)('wordTokens($text)', ({ text, want }) => expect(wordTokens(foldCase(text))).toEqual(want))

  test('clause breaks', () => {
    expect(wordTokensWithBreaks('no. stocks rally, fast')).toEqual({
      tokens: ['no', 'stocks', 'rally', 'fast'],
      breakBefore: [false, true, false, true],
    })
  })

  test.each([
    { text: 'tecnológico économie über', want: 'tecnologico economie uber' },
    { text: 'çevre sağlık', want: 'cevre saglık' },
    { text: 'ёлка йогурт', want: 'ёлка йогурт' },
    { text: 'क़ानून', want: 'क़ानून'.normalize('NFD').normalize('NFC') },
    { text: 'plain ascii', want: 'plain ascii' },
  ])('foldAccents($text)', ({ text, want }) => expect(foldAccents(text)).toBe(want))

  test.each([
    { token: "l'intelligence", want: 'intelligence' },
    { token: "dell'anno", want: 'anno' },
    { token: "qu'il", want: 'il' },
    { token: "don't", want: "don't" },
    { token: "o'brien", want: "o'brien" },
    { token: 'plain', want: 'plain' },
  ])('stripElision($token)', ({ token, want }) => expect(stripElision(token)).toBe(want))

  const VARIANTS: Array<{ token: string; want: string[] }> = [
    { token: 'والاقتصاد', want: ['والاقتصاد', 'اقتصاد'] },
    { token: 'الشرطة', want: ['الشرطة', 'شرطة'] },
    { token: "l'économie", want: ["l'économie", 'économie'] },
    { token: 'market', want: ['market'] },
  ]
  test.each(VARIANTS)('tokenVariants($token)', ({ token, want }) => expect(tokenVariants(token)).toEqual(want))

  test.each([
    { text: 'short', max: 10, want: 'short' },
    { text: 'one two three four', max: 10, want: 'one two' },
    { text: 'abcdefghijklmnop', max: 5, want: 'abcde' },
  ])('leadText($text, $max)', ({ text, max, want }) => expect(leadText(text, max)).toBe(want))

  test('listEntries trims and drops empties', () => expect(listEntries(' a, b c ,, d* ')).toEqual(['a', 'b c', 'd*']))
})
