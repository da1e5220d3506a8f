/**
 * The commonest function words of languages written in Latin, Cyrillic, Arabic and Devanagari: a cheap check that a page's declared
 * language is the one its text is written in. Function words are what tells languages apart in
 * running text, and a sample of a headline and a standfirst holds a handful of them. When the
 * declared language's words clearly outnumber every other listed language's, the declaration
 * stands without asking the n-gram detector (eld costs ≈65 µs a call, this check ≈5 µs);
 * otherwise the detector decides as before. Languages a page might be written in while declaring
 * one of these (Catalan under `es`, Galician under `pt`, Danish under `no`) have lists too, so
 * their words compete instead of being silently counted for a neighbour; Catalan's list holds only
 * the words Spanish does not share (`els`, `amb`, `i`, `va`), as Spanish's own list would
 * otherwise be outweighed on every page.
 * Words are written folded (lower case, accents kept), as foldCase() writes text.
 */
import { foldCase, wordTokens } from './tokens.ts'

const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  en: 'the of and to in is for on that with was as are by this from has have it at its will after were been which who their they would said not but an',
  de: 'der die das und ist nicht mit von den dem ein eine einer auf für sich auch des im zu wird nach bei wie noch über sind hat aus dass werden',
  fr: 'le la les des et est une du dans pour sur au aux qui que pas avec ce cette sont par il elle ont été mais ses leur selon après',
  es: 'el los las del y una por con para que se es en su al como más pero sus fue ha este esta entre sobre tras según han ya desde lo muy sin hasta porque hay sido está están también cuando durante contra',
  pt: 'o os do da dos das e uma um com para não no na em que ao pelo pela é foi mais nos nas se seu sua após ainda entre',
  it: 'il gli della delle dei degli del di e è che per una un con non nel nella sono alla al ha si anche dopo più stato',
  nl: 'de het een van en is niet op met voor zijn dat die te bij ook aan naar werd heeft er worden nog maar wordt',
  tr: 've bir bu ile için da de olarak daha çok gibi olan ama sonra kadar her ise değil göre yeni ilk',
  ca: 'els les dels i amb per és més però també seva seu aquest aquesta aquests va van hi ho fins perquè molt',
  gl: 'o os da do das dos e unha un con para que non no na en ao pola polo máis foi seu súa tamén',
  ro: 'și în de la cu pe care din pentru este nu o un mai au fost sau această acest după',
  pl: 'i w na z się nie do że jest to o jak od po przez dla oraz są być został jego jej',
  sv: 'och i att det som en på är av för med till den har inte om ett var de efter',
  da: 'og i at det som en på er af for med til den har ikke om et var de efter',
  no: 'og i at det som en på er av for med til den har ikke om et var de etter',
  id: 'dan di yang ke dari untuk dengan ini itu pada dalam tidak akan oleh juga adalah telah',
  cs: 'a v na se je že s z do o k jako ale by jsou byl bylo pro které který',
  hu: 'a az és hogy nem is egy meg de csak már volt van még ki be mint után',
  ru: 'и в не на что с по это как он из к для о от а за также его она был была были но уже при после',
  uk: 'і в не на що з та до це як від за у його її був була були але вже також після через',
  bg: 'и в на за да се от е че с по са не като след това при който която които но още',
  sr: 'и у је да на за се са од не о као из али који која после још били',
  mk: 'и во на за да се од е дека со по не како по кој која кои но уште',
  ar: 'في من على إلى أن عن مع هذا هذه التي الذي كان قد بين بعد حيث أو ما لم',
  fa: 'و در به از که این را با است برای آن یک شد می بود کرد ها',
  ur: 'کے میں کی ہے اور سے کو نے کہ کا پر بھی ایک تھا گیا',
  hi: 'के में की है और से को ने का एक पर भी था कि यह लिए गया हैं',
  mr: 'आणि या चा ची चे आहे व ला मध्ये केले होते म्हणून हे',
  ne: 'र को मा छ गरेको लागि पनि भएको छन् गर्न यो',
}

/**
 * Each word with the languages that list it. A word shared by k languages (`de`, `la`, `en`) is
 * weak evidence for each: it counts 1/k for every one of them.
 */
const LANGUAGES_OF = (() => {
  const out = new Map<string, string[]>()
  for (const [lang, list] of Object.entries(FUNCTION_WORDS)) {
    for (const word of list.split(' ')) {
      const langs = out.get(word) ?? []
      if (!langs.includes(lang)) langs.push(lang)
      out.set(word, langs)
    }
  }
  return out
})()

const SETS = new Map<string, ReadonlySet<string>>(
  Object.entries(FUNCTION_WORDS).map(([lang, list]) => [lang, new Set(list.split(' '))]),
)
const NONE: ReadonlySet<string> = new Set()

/** The listed function words of a language (empty for one not listed), folded as the table writes them. */
export function functionWordsOf(lang: string): ReadonlySet<string> {
  return SETS.get(lang) ?? NONE
}

/** Languages the table can speak for. */
export const FUNCTION_WORD_LANGUAGES: ReadonlySet<string> = new Set(Object.keys(FUNCTION_WORDS))

/** A declaration needs at least this much weight of its own function words in the sample … */
const MIN_WEIGHT = 2.5
/** … and this many times the weight of any other listed language. */
const DOMINANCE = 2
const MAX_TOKENS = 60

/**
 * Whether the text's function words clearly say it is in `lang`: a weight of at least 2.5 (three
 * words of its own, or more shared ones) and twice the weight of any other listed language. False
 * means "not sure", never "not `lang`".
 */
export function functionWordsConfirm(text: string, lang: string): boolean {
  if (!FUNCTION_WORD_LANGUAGES.has(lang)) return false
  const hits = new Map<string, number>()
  for (const token of wordTokens(foldCase(text), MAX_TOKENS)) {
    const langs = LANGUAGES_OF.get(token)
    if (langs === undefined) continue
    const weight = 1 / langs.length
    for (const l of langs) hits.set(l, (hits.get(l) ?? 0) + weight)
  }
  const own = hits.get(lang) ?? 0
  if (own < MIN_WEIGHT) return false
  for (const [l, n] of hits) if (l !== lang && n * DOMINANCE > own) return false
  return true
}
