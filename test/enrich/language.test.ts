import { describe, expect, test } from 'bun:test'
import { detectLanguage } from '../../core/enrich/language.ts'
import { mostSpecificDeclaration, parseLocale } from '../../core/enrich/locale.ts'
import { countScripts } from '../../core/enrich/scripts.ts'
import { article } from './fixtures.ts'

const TEXT = {
  en: [
    'Central bank raises interest rates again',
    'The decision surprised investors, who had expected a pause after months of slowing inflation.',
  ],
  es: [
    'El banco central vuelve a subir los tipos de interés',
    'La decisión sorprendió a los inversores, que esperaban una pausa tras meses de inflación moderada.',
  ],
  pt: [
    'Banco central volta a subir a taxa de juros',
    'A decisão surpreendeu os investidores, que esperavam uma pausa depois de meses de inflação em queda.',
  ],
  fr: [
    'La banque centrale relève encore ses taux',
    "La décision a surpris les investisseurs, qui s'attendaient à une pause après des mois de ralentissement de l'inflation.",
  ],
  de: [
    'Zentralbank erhöht erneut die Zinsen',
    'Die Entscheidung überraschte die Anleger, die nach Monaten sinkender Inflation mit einer Pause gerechnet hatten.',
  ],
  it: [
    'La banca centrale alza di nuovo i tassi',
    'La decisione ha sorpreso gli investitori, che si aspettavano una pausa dopo mesi di inflazione in calo.',
  ],
  nl: [
    'Centrale bank verhoogt opnieuw de rente',
    'Het besluit verraste beleggers, die na maanden van dalende inflatie een pauze hadden verwacht.',
  ],
  ru: [
    'Центральный банк снова повысил ключевую ставку',
    'Решение удивило инвесторов, которые ожидали паузы после нескольких месяцев замедления инфляции.',
  ],
  uk: [
    'Центральний банк знову підвищив облікову ставку',
    'Рішення здивувало інвесторів, які очікували паузи після кількох місяців сповільнення інфляції.',
  ],
  ar: [
    'البنك المركزي يرفع أسعار الفائدة مرة أخرى',
    'فاجأ القرار المستثمرين الذين كانوا يتوقعون توقفا بعد أشهر من تباطؤ التضخم.',
  ],
  hi: [
    'केंद्रीय बैंक ने फिर से ब्याज दरें बढ़ाईं',
    'इस फैसले ने निवेशकों को चौंका दिया, जो महीनों की धीमी महंगाई के बाद विराम की उम्मीद कर रहे थे।',
  ],
  zh: ['央行再次上调利率', '这一决定令投资者感到意外，他们原本预计在通胀放缓数月之后会暂停加息。'],
  ja: [
    '中央銀行が再び利上げを決定',
    'インフレの鈍化が数か月続いた後、投資家は利上げの停止を予想していたため、この決定は驚きをもって受け止められた。',
  ],
  ko: ['중앙은행, 기준금리 또 인상', '수개월간 물가 상승세가 둔화된 뒤 동결을 예상했던 투자자들은 이번 결정에 놀랐다.'],
  tr: [
    'Merkez bankası faizleri yeniden artırdı',
    'Karar, aylardır yavaşlayan enflasyonun ardından bir duraklama bekleyen yatırımcıları şaşırttı.',
  ],
  id: [
    'Bank sentral kembali menaikkan suku bunga',
    'Keputusan itu mengejutkan para investor yang memperkirakan jeda setelah inflasi melambat selama berbulan-bulan.',
  ],
  no: [
    'Sentralbanken hever renten igjen',
    'Beslutningen overrasket investorene, som hadde ventet en pause etter flere måneder med lavere prisvekst.',
  ],
} as const

const page = (lang: keyof typeof TEXT, declared = '') =>
  article({ title: TEXT[lang][0], description: TEXT[lang][1], declared_lang: declared })

describe('detectLanguage', () => {
  test.each(Object.keys(TEXT).filter((l) => l !== 'id' && l !== 'no') as (keyof typeof TEXT)[])(
    'no declaration: detects %s from the text',
    (lang) => expect(detectLanguage(page(lang))).toBe(lang),
  )

  test.each([
    { name: 'declared and consistent', lang: 'en', declared: 'en-US', want: 'en' },
    { name: 'og:locale form', lang: 'pt', declared: 'pt_BR', want: 'pt' },
    { name: 'script subtag', lang: 'zh', declared: 'zh-Hans-CN', want: 'zh' },
    { name: 'upper case', lang: 'de', declared: 'DE', want: 'de' },
    { name: 'Content-Language list', lang: 'fr', declared: 'fr-FR, en;q=0.5', want: 'fr' },
    { name: 'template default en over Spanish', lang: 'es', declared: 'en', want: 'es' },
    { name: 'template default en-US over Turkish', lang: 'tr', declared: 'en-US', want: 'tr' },
    { name: 'declared fr-CA over English', lang: 'en', declared: 'fr-CA', want: 'en' },
    { name: 'declared ja over Cyrillic', lang: 'ru', declared: 'ja', want: 'ru' },
    { name: 'declared ar over Devanagari', lang: 'hi', declared: 'ar', want: 'hi' },
    { name: 'declared zh over Japanese', lang: 'ja', declared: 'zh', want: 'ja' },
    { name: 'declared ko over Hangul', lang: 'ko', declared: 'ko-KR', want: 'ko' },
    { name: 'Indonesian: eld says ms, declaration wins', lang: 'id', declared: 'id-ID', want: 'id' },
    { name: 'Norwegian Bokmål nb → no', lang: 'no', declared: 'nb-NO', want: 'no' },
    { name: 'Ukrainian, not Russian', lang: 'uk', declared: 'uk', want: 'uk' },
  ])('$name', ({ lang, declared, want }) => {
    expect(detectLanguage(page(lang as keyof typeof TEXT, declared))).toBe(want)
  })

  test('a near tie (eld: bg 0.8265, ru 0.8260) does not overrule a declared ru', () => {
    const a = article({
      declared_lang: 'ru',
      title: 'Мария Кузнецова: «мюзикл — ключевой вопрос для нас» - Обозреватель Самара',
      description:
        'Власти в Казани заявили на этой неделе, что тема «мюзикл» останется приоритетной в ближайшие месяцы.',
    })
    expect(detectLanguage(a)).toBe('ru')
  })

  test.each([
    'टेस्ट मैच से पहले टीम के सामने बड़ी चुनौतियां',
    'विश्वविद्यालय की प्रयोगशाला पर फैसले का इंतजार',
    'मुंबई में बारिश से जनजीवन प्रभावित',
  ])('a Hindi headline is Hindi, not Marathi, on a near tie: %s', (title) =>
    expect(detectLanguage(article({ title }))).toBe('hi'),
  )

  test.each([
    { name: 'one brand word keeps the declaration', a: { title: 'Bitcoin', declared_lang: 'de' }, want: 'de' },
    { name: 'Hangul brand word, no declaration', a: { title: '비트코인' }, want: 'ko' },
    { name: 'kana brand word, no declaration', a: { title: 'ビットコイン' }, want: 'ja' },
    { name: 'Han brand word, no declaration', a: { title: '比特币' }, want: 'zh' },
    { name: 'Arabic brand word, no declaration', a: { title: 'بيتكوين' }, want: 'ar' },
    { name: 'nothing at all keeps the declaration', a: { declared_lang: 'it' }, want: 'it' },
    { name: 'body decides when title and description are empty', a: { text: TEXT.nl.join(' ') }, want: 'nl' },
  ])('short or empty text: $name', ({ a, want }) => expect(detectLanguage(article(a))).toBe(want))
})

describe('parseLocale', () => {
  test.each([
    { declared: 'en-GB', want: { lang: 'en', region: 'GB' } },
    { declared: 'pt_BR', want: { lang: 'pt', region: 'BR' } },
    { declared: 'zh-Hans-CN', want: { lang: 'zh', region: 'CN' } },
    { declared: 'es-419', want: { lang: 'es', region: '' } },
    { declared: 'en-UK', want: { lang: 'en', region: 'GB' } },
    { declared: 'en-EU', want: { lang: 'en', region: '' } },
    { declared: 'iw-IL', want: { lang: 'he', region: 'IL' } },
    { declared: 'eng', want: { lang: 'en', region: '' } },
    { declared: 'x-klingon', want: { lang: '', region: '' } },
    { declared: '', want: { lang: '', region: '' } },
    { declared: ' de-at ; q=1', want: { lang: 'de', region: 'AT' } },
  ])('$declared', ({ declared, want }) => expect(parseLocale(declared)).toEqual(want))
})

describe('mostSpecificDeclaration (html lang, Content-Language, og:locale)', () => {
  test.each<{ name: string; declared: string[]; want: string }>([
    { name: 'a region in the first is kept', declared: ['en-GB', '', 'en_US'], want: 'en-GB' },
    { name: 'og:locale adds the region of the same language', declared: ['en', '', 'en_GB'], want: 'en_GB' },
    { name: 'Content-Language before og:locale', declared: ['de', 'de-AT', 'de_DE'], want: 'de-AT' },
    { name: 'another language never lends its region', declared: ['en', '', 'fr_FR'], want: 'en' },
    { name: 'no html lang: the header', declared: ['', 'pt-BR', ''], want: 'pt-BR' },
    { name: 'only og:locale', declared: ['', '', 'es_ES'], want: 'es_ES' },
    { name: 'an unusable first declaration is passed over', declared: ['x-default', '', 'it_IT'], want: 'it_IT' },
    { name: 'nothing declared', declared: ['', '', ''], want: '' },
    { name: 'nothing usable: the first value, raw', declared: ['zz-top', '', ''], want: 'zz-top' },
  ])('$name', ({ declared, want }) => expect(mostSpecificDeclaration(declared)).toBe(want))
})

describe('countScripts', () => {
  test.each([
    { text: 'Hello world', want: 'latin' },
    { text: 'Привет мир', want: 'cyrillic' },
    { text: 'مرحبا بالعالم', want: 'arabic' },
    { text: 'नमस्ते दुनिया', want: 'devanagari' },
    { text: '你好世界', want: 'han' },
    { text: '東京で会議が開かれた', want: 'kana' },
    { text: '안녕하세요', want: 'hangul' },
    { text: '12345 !!!', want: 'other' },
  ])('$text → $want', ({ text, want }) => expect(countScripts(text).dominant).toBe(want))
})
