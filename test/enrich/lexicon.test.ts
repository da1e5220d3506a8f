import { describe, expect, test } from 'bun:test'
import { LEXICON_LANGUAGES, scoreLexicon } from '../../core/enrich/lexicon.ts'

describe('scoreLexicon', () => {
  test.each([
    // English: sums, phrases, negation
    { lang: 'en', text: 'Bitcoin surges', want: { score: 3, terms: '+surges' } },
    { lang: 'en', text: 'Bitcoin surges, then crashes', want: { score: 0, terms: '+surges,-crashes' } },
    { lang: 'en', text: 'Stocks hit a record high', want: { score: 3, terms: '+record high' } },
    { lang: 'en', text: 'Ether slides from its all-time high', want: { score: 1, terms: '-slides,+all-time high' } },
    { lang: 'en', text: 'Crash? No. Stocks rally', want: { score: -1, terms: '-crash,+rally' } },
    { lang: 'en', text: 'No crash, and no rally either', want: { score: 1, terms: '+no crash,-no rally' } },
    { lang: 'en', text: 'This is good', want: { score: 2, terms: '+good' } },
    { lang: 'en', text: 'This is not good', want: { score: -2, terms: '-not good' } },
    { lang: 'en', text: 'The outlook is not very good', want: { score: -2, terms: '-not good' } },
    { lang: 'en', text: "Markets don't crash", want: { score: 3, terms: "+don't crash" } },
    { lang: 'en', text: 'Shares never recovered', want: { score: -2, terms: '-never recovered' } },
    { lang: 'en', text: 'Bitcoin SURGES, bitcoin surges', want: { score: 6, terms: '+surges' } },
    { lang: 'en', text: 'Weather report for Tuesday', want: { score: 0, terms: '' } },
    { lang: 'en', text: '', want: { score: 0, terms: '' } },
    // finance terms (weights as written in lexicon-words.ts)
    { lang: 'en', text: 'Insurer issues profit warning', want: { score: -3, terms: '-profit warning' } },
    {
      lang: 'en',
      text: 'Retailer lays off staff after disappointing sales',
      want: { score: -4, terms: '-lays off,-disappointing' },
    },
    { lang: 'en', text: 'Broker moves the bank to overweight', want: { score: 1, terms: '+overweight' } },
    // Latin-script languages
    { lang: 'es', text: 'El bitcoin se desploma y cunde el pánico', want: { score: -6, terms: '-desploma,-pánico' } },
    { lang: 'es', text: 'La bolsa no sube', want: { score: -2, terms: '-no sube' } },
    { lang: 'pt', text: 'Ibovespa sobe e dólar cai', want: { score: 0, terms: '+sobe,-cai' } },
    { lang: 'fr', text: 'Le CAC 40 ne progresse pas', want: { score: -1, terms: '-ne progresse' } },
    { lang: 'fr', text: "Le bitcoin s'effondre", want: { score: -3, terms: "-s'effondre" } },
    // German and Dutch negate after the finite verb, within the clause
    { lang: 'de', text: 'Der DAX steigt nicht', want: { score: -2, terms: '-steigt nicht' } },
    { lang: 'de', text: 'Der DAX steigt heute nicht', want: { score: -2, terms: '-steigt nicht' } },
    { lang: 'de', text: 'Der DAX steigt, der Dow nicht', want: { score: 2, terms: '+steigt' } },
    { lang: 'de', text: 'Ein Absturz ist nicht in Sicht', want: { score: 3, terms: '+absturz nicht' } },
    { lang: 'nl', text: 'De AEX stijgt niet', want: { score: -2, terms: '-stijgt niet' } },
    { lang: 'nl', text: 'De AEX stijgt nooit meer zo snel', want: { score: -2, terms: '-stijgt nooit' } },
    { lang: 'de', text: 'Bitcoin: kein Absturz in Sicht', want: { score: 3, terms: '+kein absturz' } },
    { lang: 'it', text: 'Borsa, crollo dei titoli bancari', want: { score: -3, terms: '-crollo' } },
    { lang: 'nl', text: 'AEX daalt, beleggers in paniek', want: { score: -5, terms: '-daalt,-paniek' } },
    { lang: 'tr', text: 'Bitcoin yükseldi', want: { score: 2, terms: '+yükseldi' } },
    { lang: 'tr', text: 'Bitcoin yükselmedi', want: { score: -2, terms: '-not yükselmedi' } },
    // Cyrillic, Arabic, Devanagari
    { lang: 'ru', text: 'Биткоин рухнул, инвесторы в панике', want: { score: -6, terms: '-рухнул,-панике' } },
    { lang: 'ru', text: 'Биткоин не вырос', want: { score: -2, terms: '-не вырос' } },
    { lang: 'ar', text: 'ارتفاع البيتكوين وتفاؤل المستثمرين', want: { score: 4, terms: '+ارتفاع,+تفاؤل' } },
    { lang: 'ar', text: 'البيتكوين لم يرتفع', want: { score: -2, terms: '-لم يرتفع' } },
    { lang: 'hi', text: 'बिटकॉइन में तेजी, निवेशकों को मुनाफा', want: { score: 5, terms: '+तेजी,+मुनाफा' } },
    { lang: 'hi', text: 'शेयर बाजार में गिरावट', want: { score: -2, terms: '-गिरावट' } },
    // CJK and Hangul
    { lang: 'zh', text: '比特币暴跌，市场恐慌', want: { score: -6, terms: '-暴跌,-恐慌' } },
    { lang: 'zh', text: '比特币没有上涨', want: { score: -2, terms: '-没有上涨' } },
    { lang: 'zh', text: '比特币不断上涨', want: { score: 2, terms: '+上涨' } },
    { lang: 'ja', text: 'ビットコインが急騰', want: { score: 3, terms: '+急騰' } },
    { lang: 'ja', text: '株価は回復せず', want: { score: -2, terms: '-回復せず' } },
    { lang: 'ko', text: '비트코인 급등, 투자자 낙관', want: { score: 5, terms: '+급등,+낙관' } },
    { lang: 'ko', text: '비트코인 상승하지 않았다', want: { score: -2, terms: '-상승하지 않았다' } },
    // a language without a list scores nothing
    { lang: 'sv', text: 'Bitcoin rusar', want: { score: 0, terms: '' } },
  ])('$lang: $text', ({ lang, text, want }) => expect(scoreLexicon(text, lang)).toEqual(want))

  test('the 14 demo languages have lists', () => {
    expect([...LEXICON_LANGUAGES].sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'hi',
      'it',
      'ja',
      'ko',
      'nl',
      'pt',
      'ru',
      'tr',
      'zh',
    ])
  })
})
