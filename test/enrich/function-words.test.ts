import { describe, expect, test } from 'bun:test'
import { functionWordsConfirm } from '../../core/enrich/function-words.ts'
import { detectLanguage, detectLanguageWithDetector } from '../../core/enrich/language.ts'
import { article } from './fixtures.ts'

// Written for this test: ordinary news sentences, two per language.
const TEXT: Readonly<Record<string, string>> = {
  en: 'The minister said on Tuesday that the plan would be delayed. It was the second delay this year, and the opposition has called for a vote.',
  es: 'El ministro dijo el martes que el plan se retrasará. Es el segundo retraso del año y la oposición ha pedido una votación.',
  pt: 'O ministro disse na terça-feira que o plano vai atrasar. É o segundo atraso do ano e a oposição pediu uma votação.',
  fr: "Le ministre a déclaré mardi que le plan sera retardé. C'est le deuxième report de l'année et l'opposition demande un vote.",
  de: 'Der Minister sagte am Dienstag, dass sich der Plan verzögern wird. Es ist die zweite Verzögerung in diesem Jahr, und die Opposition fordert eine Abstimmung.',
  it: "Il ministro ha detto martedì che il piano sarà rinviato. È il secondo rinvio dell'anno e l'opposizione chiede un voto.",
  nl: 'De minister zei dinsdag dat het plan wordt uitgesteld. Het is de tweede vertraging van dit jaar en de oppositie wil een stemming.',
  ca: "El ministre va dir dimarts que el pla s'endarrerirà. És el segon retard de l'any i l'oposició ha demanat una votació amb urgència.",
  ru: 'Министр заявил во вторник, что план будет отложен. Это уже вторая задержка в этом году, и оппозиция потребовала голосования.',
  ar: 'قال الوزير يوم الثلاثاء إن الخطة ستتأخر. وهذا هو التأجيل الثاني في هذا العام، وقد طالبت المعارضة بالتصويت على القرار.',
  hi: 'मंत्री ने मंगलवार को कहा कि योजना में देरी होगी। यह इस साल की दूसरी देरी है और विपक्ष ने मतदान की मांग की है।',
}

describe('functionWordsConfirm', () => {
  test.each(Object.keys(TEXT).filter((l) => l !== 'ca'))('%s text confirms its own language', (lang) => {
    expect(functionWordsConfirm(TEXT[lang] as string, lang)).toBe(true)
  })

  test.each([
    { name: 'Spanish under en', text: 'es', declared: 'en' },
    { name: 'Catalan under es (shared el, la, que)', text: 'ca', declared: 'es' },
    { name: 'Spanish under ca', text: 'es', declared: 'ca' },
    { name: 'Portuguese under es', text: 'pt', declared: 'es' },
    { name: 'Italian under fr', text: 'it', declared: 'fr' },
    { name: 'Dutch under de', text: 'nl', declared: 'de' },
    { name: 'Russian under uk', text: 'ru', declared: 'uk' },
  ])('does not confirm $name', ({ text, declared }) => {
    expect(functionWordsConfirm(TEXT[text] as string, declared)).toBe(false)
  })

  test.each([
    { name: 'a headline without function words', text: 'Stocks rally as Fed holds rates', lang: 'en' },
    { name: 'empty text', text: '', lang: 'en' },
    { name: 'a language without a list', text: TEXT.en as string, lang: 'sw' },
    // Catalan shares el, la, que, una with Spanish, which lists them: Catalan is left to eld.
    { name: 'Catalan, whose articles Spanish lists too', text: TEXT.ca as string, lang: 'ca' },
    { name: 'words every listed neighbour shares (de, en, a)', text: 'de en a de en a de en a', lang: 'es' },
  ])('is not sure on $name', ({ text, lang }) => expect(functionWordsConfirm(text, lang)).toBe(false))
})

describe('detectLanguage with the cheap checks', () => {
  const declarations = [
    '',
    'en',
    'es',
    'ca',
    'pt',
    'fr',
    'de',
    'it',
    'nl',
    'ru',
    'uk',
    'ar',
    'hi',
    'zh',
    'ja',
    'ko',
    'el',
    'he',
  ]
  const cases = Object.entries(TEXT).flatMap(([lang, text]) =>
    declarations.map((declared) => ({ lang, declared, text })),
  )
  test.each(cases)('$lang text declared "$declared": same answer as the detector alone', ({ text, declared }) => {
    const [title, ...rest] = text.split('. ')
    const a = article({ title: title ?? '', description: rest.join('. '), declared_lang: declared })
    expect(detectLanguage(a)).toBe(detectLanguageWithDetector(a))
  })

  test('a page in its declared language keeps it', () => {
    for (const [lang, text] of Object.entries(TEXT))
      expect(detectLanguage(article({ title: text, declared_lang: lang }))).toBe(lang)
  })
})
