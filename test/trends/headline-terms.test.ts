import { describe, expect, test } from 'bun:test'
import { filterKeys, headlineTerms } from '../../core/trends/headline-terms.ts'
import { STEMMED_LANGS, stem } from '../../core/trends/stem.ts'
import { STOP_WORD_LANGS, stopWordsFor } from '../../core/trends/stop-words.ts'

const keys = (title: string, lang: string): string[] => headlineTerms(title, lang).map((t) => t.key)

describe('stop words', () => {
  test('every required language has a list, kept as data', () => {
    for (const lang of ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr']) {
      expect(STOP_WORD_LANGS).toContain(lang)
      expect(stopWordsFor(lang).size).toBeGreaterThan(10)
    }
  })

  test('an unknown language has none', () => expect(stopWordsFor('xx').size).toBe(0))

  // Each headline: the words that must go (stop words of its language) and the ones that must stay.
  test.each([
    {
      lang: 'en',
      title: 'The Fed and the markets: what it means for you',
      gone: ['the', 'and', 'what', 'it', 'for', 'you'],
      kept: ['fed', 'market', 'mean'],
    },
    {
      lang: 'es',
      title: 'Las elecciones en la ciudad de México',
      gone: ['las', 'en', 'la', 'de'],
      kept: ['eleccion', 'ciudad', 'mexico'],
    },
    {
      lang: 'pt',
      title: 'Eleições em São Paulo: o prefeito e os vereadores',
      gone: ['em', 'sao', 'o', 'e', 'os'],
      kept: ['eleicao', 'paulo', 'prefeito', 'vereador'],
    },
    {
      lang: 'fr',
      title: "Les électeurs et le président à l'Élysée",
      gone: ['les', 'et', 'le', 'a', 'l'],
      kept: ['electeur', 'president', 'elysee'],
    },
    {
      lang: 'de',
      title: 'Die Regierung und der Kanzler in Berlin',
      gone: ['die', 'und', 'der', 'in'],
      kept: [stem('regierung', 'de'), stem('kanzler', 'de'), stem('berlin', 'de')],
    },
    {
      lang: 'it',
      title: 'Il governo e le elezioni a Roma',
      gone: ['il', 'e', 'le', 'a'],
      kept: [stem('governo', 'it'), stem('elezioni', 'it'), 'roma'],
    },
    {
      lang: 'nl',
      title: 'De regering en de verkiezingen in Amsterdam',
      gone: ['de', 'en', 'in'],
      kept: ['regering', 'verkiezing', 'amsterdam'],
    },
    {
      lang: 'ru',
      title: 'Президент и правительство в Москве',
      gone: ['и', 'в'],
      kept: [stem('президент', 'ru'), stem('правительство', 'ru'), stem('москве', 'ru')],
    },
    {
      lang: 'ar',
      title: 'الرئيس في القاهرة مع الوزير',
      gone: ['في', 'مع'],
      kept: [stem('الرئيس', 'ar'), stem('القاهرة', 'ar'), stem('الوزير', 'ar')],
    },
    {
      lang: 'hi',
      title: 'मुंबई में भारी बारिश से जनजीवन प्रभावित',
      gone: ['में', 'से'],
      kept: ['मुंबई', stem('भारी', 'hi'), stem('बारिश', 'hi')],
    },
    {
      lang: 'tr',
      title: 'Ankara ve İstanbul için yeni karar',
      gone: ['ve', 'icin', 'yeni'],
      kept: ['ankar', 'istan', 'karar'],
    },
  ])('$lang', ({ lang, title, gone, kept }) => {
    const got = keys(title, lang)
    for (const g of gone) expect(got).not.toContain(g)
    for (const k of kept) expect(got).toContain(k)
  })
})

describe('CJK: words cut by Intl.Segmenter, particles and function words dropped', () => {
  test('Chinese', () => {
    const got = keys('中国的经济增长', 'zh')
    expect(got).toContain('中国')
    expect(got).toContain('经济')
    expect(got).toContain('增长')
    expect(got).not.toContain('的')
  })
  test('Japanese', () => {
    const got = keys('東京で大きな地震が発生', 'ja')
    expect(got).toContain('東京')
    expect(got).toContain('地震')
    expect(got).toContain('発生')
    expect(got).not.toContain('で')
    expect(got).not.toContain('が')
  })
  test('Korean particles are stripped from the noun', () => {
    expect(keys('대통령이 국회에서 연설', 'ko')).toEqual(['대통령', '국회', '연설'])
  })
  test('CJK function words are dropped in a headline of another language too', () => {
    expect(keys('Tokyo 的 news', 'en')).toEqual(['tokyo'])
  })
})

describe('light stemming: forms of one word meet', () => {
  test('the stemmed languages', () =>
    expect(STEMMED_LANGS).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ko', 'nl', 'pt', 'ru', 'tr']))

  test.each([
    ['en', 'elections', 'election'],
    ['en', 'companies', 'company'],
    ['en', 'taxes', 'tax'],
    ['es', 'elecciones', 'elección'],
    ['es', 'presidentes', 'presidente'],
    ['es', 'países', 'país'],
    ['pt', 'eleições', 'eleição'],
    ['pt', 'países', 'país'],
    ['pt', 'hospitais', 'hospital'],
    ['fr', 'journaux', 'journal'],
    ['fr', 'élections', 'élection'],
    ['de', 'Wahlen', 'Wahl'],
    ['de', 'Kanzlers', 'Kanzler'],
    ['it', 'elezioni', 'elezione'],
    ['nl', 'verkiezingen', 'verkiezing'],
    ['ru', 'президента', 'президент'],
    ['ru', 'выборы', 'выбор'],
    ['ar', 'الرئيس', 'رئيس'],
    ['ar', 'والحكومة', 'حكومة'],
    ['hi', 'चुनावों', 'चुनाव'],
    ['ko', '대통령이', '대통령'],
    ['tr', 'depremde', 'deprem'],
  ])('%s: %s ~ %s', (lang, a, b) => expect(keys(a, lang)).toEqual(keys(b, lang)))

  test.each([
    ['en', 'crisis'],
    ['en', 'virus'],
    ['en', 'bus'],
  ])('%s: %s keeps its -s', (lang, word) => expect(keys(word, lang)).toEqual([word]))
})

describe('normalisation', () => {
  test.each([
    { name: 'case and diacritics fold', title: 'SÃO Paulo São paulo', lang: 'xx', want: ['sao', 'paulo'] },
    { name: 'dotted acronyms are one word', title: 'U.S. and U.K. talks', lang: 'en', want: ['us', 'uk', 'talk'] },
    {
      name: 'grouped digits are one number',
      title: '12,000 jobs and 3.500 Stellen',
      lang: 'xx',
      want: ['12000', 'jobs', 'and', '3500', 'stellen'],
    },
    { name: 'years are dropped', title: 'First rate cut since 2020', lang: 'en', want: ['rate', 'cut'] },
    { name: 'single letters are dropped, single Han characters kept', title: 'a b 火 c', lang: 'xx', want: ['火'] },
    { name: 'a repeated word counts once', title: 'Storm storms STORM', lang: 'en', want: ['storm'] },
    { name: 'apostrophes split', title: "Trump's l'économie", lang: 'fr', want: ['trump', 'economie'] },
  ])('$name', ({ title, lang, want }) => expect(keys(title, lang)).toEqual([...want]))

  test('the surface keeps case-folded letters with their diacritics; numbers are not showable', () => {
    const [eleicao, n] = headlineTerms('Eleição 12,000', 'pt')
    expect(eleicao).toEqual({ key: 'eleicao', surface: 'eleição', showable: true })
    expect(n).toEqual({ key: '12000', surface: '12000', showable: false })
  })
})

test('filterKeys: the folded word and its stem in each language', () => {
  expect(filterKeys(' Eleições ', ['pt'])).toEqual(new Set(['eleicoes', 'eleicao']))
  expect(filterKeys('Wahlen', ['de', 'en'])).toEqual(new Set(['wahlen', 'wahl']))
})
