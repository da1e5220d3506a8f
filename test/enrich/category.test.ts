import { describe, expect, test } from 'bun:test'
import type { ExtractedArticle } from '../../core/article.ts'
import { CATEGORIES, type Category } from '../../core/categories.ts'
import { classifyCategory, duplicateCategoryTerms } from '../../core/enrich/category.ts'
import { CATEGORY_KEYWORDS } from '../../core/enrich/category-terms.ts'
import { article } from './fixtures.ts'

const STRUCTURAL: Array<{ name: string; a: Partial<ExtractedArticle>; want: Category }> = [
  { name: '/sport/ path', a: { url: 'https://www.bbc.co.uk/sport/football/12345' }, want: 'sport' },
  { name: '/politica/ path', a: { url: 'https://elpais.com/politica/2025-01-01/algo.html' }, want: 'politics' },
  {
    name: '/wirtschaft/ path',
    a: { url: 'https://www.spiegel.de/wirtschaft/unternehmen/a-123.html' },
    want: 'business',
  },
  { name: '/economia/ path', a: { url: 'https://g1.globo.com/economia/noticia/2025/01/01/x.ghtml' }, want: 'business' },
  { name: '/esportes/ path', a: { url: 'https://www.uol.com.br/esportes/2025/x.htm' }, want: 'sport' },
  { name: '/sciences/ path', a: { url: 'https://www.lemonde.fr/sciences/article/2025/01/01/x.html' }, want: 'science' },
  { name: '/salud/ path', a: { url: 'https://www.infobae.com/salud/2025/01/01/x/' }, want: 'health' },
  {
    name: 'percent-encoded Cyrillic path',
    a: { url: 'https://example.ru/%D1%81%D0%BF%D0%BE%D1%80%D1%82/123' },
    want: 'sport',
  },
  { name: 'transliterated /ekonomika/', a: { url: 'https://example.ru/ekonomika/2025/x.html' }, want: 'business' },
  { name: 'Turkish /siyaset/', a: { url: 'https://www.hurriyet.com.tr/siyaset/x-123' }, want: 'politics' },
  { name: '/world/ path', a: { url: 'https://www.theguardian.com/world/2025/jan/01/x' }, want: 'world' },
  { name: '/tech/ path', a: { url: 'https://example.com/tech/2025/01/01/x' }, want: 'technology' },
  { name: '/crime/ path', a: { url: 'https://example.com/news/crime/x-y-z-w-v' }, want: 'crime' },
  { name: '/environment/ path', a: { url: 'https://example.com/environment/2025/x' }, want: 'environment' },
  { name: 'sub-domain sport.', a: { url: 'https://sport.example.cz/x/1', host: 'sport.example.cz' }, want: 'sport' },
  {
    name: 'sub-domain ent. (sina)',
    a: { url: 'https://ent.sina.com.cn/x/1', host: 'ent.sina.com.cn' },
    want: 'entertainment',
  },
  { name: 'article:section', a: { section: 'Entertainment' }, want: 'entertainment' },
  { name: 'article:section in German', a: { section: 'Gesundheit' }, want: 'health' },
  { name: 'article:section in Chinese', a: { section: '财经' }, want: 'business' },
  { name: 'article:section with two words', a: { section: 'Medio Ambiente' }, want: 'environment' },
  { name: 'tags', a: { tags: ['Climate', 'Environment'] }, want: 'environment' },
]

describe('classifyCategory: structural signals', () => {
  test.each(STRUCTURAL)('$name → $want', ({ a, want }) =>
    expect(classifyCategory(article(a), 'en').category).toBe(want),
  )

  test('the article slug is not a section: a long last segment is ignored', () => {
    const got = classifyCategory(
      article({ url: 'https://example.com/2025/01/01/sport-stars-visit-the-hospital-today' }),
      'en',
    )
    expect(got).toEqual({ category: 'world', confidence: 0 })
  })

  test('a section outweighs one body keyword', () => {
    const got = classifyCategory(article({ section: 'Sport', text: 'The economy was mentioned once.' }), 'en')
    expect(got.category).toBe('sport')
  })
})

describe('classifyCategory: keywords in 14 languages', () => {
  test.each([
    {
      lang: 'en',
      title: 'Parliament votes on the election law as the prime minister faces opposition',
      want: 'politics',
    },
    { lang: 'en', title: 'Stocks rally as the central bank holds interest rates', want: 'business' },
    { lang: 'en', title: 'Police arrest suspect after shooting downtown', want: 'crime' },
    { lang: 'en', title: 'Hurricane and floods hit the coast as climate change worsens', want: 'environment' },
    {
      lang: 'es',
      title: 'El Gobierno y la oposición negocian en el Congreso antes de las elecciones',
      want: 'politics',
    },
    { lang: 'es', title: 'El delantero marcó dos goles y el equipo ganó la liga', want: 'sport' },
    { lang: 'pt', title: 'Bolsa sobe e dólar cai após decisão do banco central sobre juros', want: 'business' },
    { lang: 'pt', title: 'Vacina contra a dengue chega aos hospitais', want: 'health' },
    { lang: 'fr', title: 'Le gouvernement présente son projet avant les élections législatives', want: 'politics' },
    {
      lang: 'fr',
      title: "L'intelligence artificielle et les smartphones dopent le secteur numérique",
      want: 'technology',
    },
    { lang: 'de', title: 'Bundestag stimmt über Haushalt ab, Opposition kritisiert Regierung', want: 'politics' },
    { lang: 'de', title: 'Polizei nimmt Verdächtigen nach Messerangriff fest', want: 'crime' },
    { lang: 'it', title: 'Il governo e il parlamento discutono la legge elettorale', want: 'politics' },
    { lang: 'it', title: 'La Juventus vince la partita e torna in testa al campionato', want: 'sport' },
    { lang: 'nl', title: 'Kabinet en Tweede Kamer botsen over de begroting en belastingen', want: 'politics' },
    { lang: 'nl', title: 'Ajax wint de wedstrijd en blijft kampioen', want: 'sport' },
    { lang: 'ru', title: 'Госдума приняла законопроект, президент подписал указ', want: 'politics' },
    { lang: 'ru', title: 'Учёные обнаружили новую планету с помощью телескопа', want: 'science' },
    { lang: 'ar', title: 'الشرطة تعتقل مشتبها به في جريمة قتل', want: 'crime' },
    { lang: 'ar', title: 'البنك المركزي يرفع أسعار الفائدة والأسهم تتراجع في البورصة', want: 'business' },
    { lang: 'hi', title: 'लोकसभा चुनाव में भाजपा और कांग्रेस के बीच मुकाबला', want: 'politics' },
    { lang: 'hi', title: 'क्रिकेट: भारत ने मैच जीता, खिलाड़ी ने शतक बनाया', want: 'sport' },
    { lang: 'zh', title: '央行宣布降息，股市大涨，投资者信心增强', want: 'business' },
    { lang: 'zh', title: '台风登陆，暴雨引发洪水，气象部门发布预警', want: 'environment' },
    { lang: 'ja', title: '衆院選挙で与党が過半数、首相が続投へ', want: 'politics' },
    { lang: 'ja', title: '新型コロナのワクチン接種、病院で開始', want: 'health' },
    { lang: 'ko', title: '국회에서 대통령 탄핵안 표결, 여당과 야당 대립', want: 'politics' },
    { lang: 'ko', title: '손흥민, 프리미어리그 경기에서 결승골… 팀 우승 경쟁', want: 'sport' },
    { lang: 'tr', title: 'Merkez Bankası faizi sabit tuttu, borsa ve dolar yükseldi', want: 'business' },
    { lang: 'tr', title: 'Galatasaray maçı kazandı, Süper Lig şampiyonluğuna yaklaştı', want: 'sport' },
  ])('$lang: $title', ({ lang, title, want }) => expect(classifyCategory(article({ title }), lang).category).toBe(want))

  test.each([
    {
      name: 'a stem meets an accented form',
      lang: 'es',
      title: 'Un gigante tecnológico presenta su nuevo smartphone',
      want: 'technology',
    },
    {
      name: 'French elision before a phrase',
      lang: 'fr',
      title: "Le débat sur l'intelligence artificielle s'intensifie",
      want: 'technology',
    },
    {
      name: 'a phrase whose last word is a stem',
      lang: 'en',
      title: 'Lenders cut interest rates for mortgages',
      want: 'business',
    },
  ])('$name', ({ lang, title, want }) =>
    expect(classifyCategory(article({ title }), lang).category).toBe(want as Category),
  )

  test('a language without lists falls back to the English lists', () => {
    expect(
      classifyCategory(article({ title: 'Football: the striker scored in the league match' }), 'sv').category,
    ).toBe('sport')
  })
})

describe('classifyCategory: fallback and confidence', () => {
  test('no signal at all → world with confidence 0', () => {
    expect(classifyCategory(article({ title: 'A day like any other' }), 'en')).toEqual({
      category: 'world',
      confidence: 0,
    })
  })

  test('one weak body keyword is not enough → world', () => {
    expect(classifyCategory(article({ text: 'He mentioned the election once.' }), 'en').category).toBe('world')
  })

  test('conflict news without a section is world', () => {
    expect(
      classifyCategory(
        article({ title: 'Ceasefire talks resume as troops withdraw and diplomats meet at the UN' }),
        'en',
      ).category,
    ).toBe('world')
  })

  test('confidence is in (0, 1] and grows with agreeing signals', () => {
    const one = classifyCategory(article({ title: 'Election day' }), 'en')
    const many = classifyCategory(
      article({ title: 'Election day', section: 'Politics', url: 'https://x.com/politics/1' }),
      'en',
    )
    expect(one.confidence).toBeGreaterThan(0)
    expect(many.confidence).toBeGreaterThan(one.confidence)
    expect(many.confidence).toBeLessThanOrEqual(1)
  })

  test('mixed signals lower the confidence', () => {
    const pure = classifyCategory(article({ section: 'Sport' }), 'en')
    const mixed = classifyCategory(
      article({ section: 'Sport', title: 'Club accused of fraud as police arrest the owner' }),
      'en',
    )
    expect(mixed.confidence).toBeLessThan(pure.confidence)
  })
})

describe('category word lists', () => {
  test('no entry appears twice within one language', () => expect(duplicateCategoryTerms()).toEqual([]))

  test('the 14 demo languages have a list for every category', () => {
    for (const lang of ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ar', 'hi', 'zh', 'ja', 'ko', 'tr']) {
      const lists = CATEGORY_KEYWORDS[lang]
      expect(lists).toBeDefined()
      for (const c of CATEGORIES) expect(lists?.[c].trim().length ?? 0).toBeGreaterThan(0)
    }
  })
})
