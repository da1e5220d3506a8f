/**
 * Language detection, eld against franc, on a written multilingual sample and on GDELT's
 * multilingual front-page link texts (shared/corpus/trends; the language comes from the Sputnik
 * edition that linked them). Then a per-function timing table for enrichment on a 400-word article.
 *
 *   bun run bench/lang-detect.ts [--corpus ../shared/corpus]
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { eld } from 'eld/medium'
import { franc } from 'franc'
import type { ExtractedArticle } from '../core/article.ts'
import {
  classifyCategory,
  classifySentiment,
  detectLanguage,
  dupKey,
  enrichArticle,
  inferCountry,
  isBitcoinArticle,
  scoreLexicon,
  sentimentText,
} from '../core/enrich/index.ts'

/** Written for this benchmark: a headline, a sentence and a short paragraph per language. */
const SAMPLE: ReadonlyArray<readonly [string, string]> = [
  ['en', 'Stocks fall as oil jumps'],
  ['en', 'The government said on Monday that it would cut taxes for small businesses next year.'],
  [
    'en',
    'Rescue teams worked through the night to reach villages cut off by the floods, and officials warned that more rain was expected in the coming days across the region.',
  ],
  ['es', 'La bolsa cae y el petróleo sube'],
  ['es', 'El Gobierno anunció el lunes que bajará los impuestos a las pequeñas empresas el próximo año.'],
  [
    'es',
    'Los equipos de rescate trabajaron toda la noche para llegar a los pueblos aislados por las inundaciones, y las autoridades advirtieron que se esperan más lluvias.',
  ],
  ['pt', 'Bolsa cai e petróleo sobe'],
  ['pt', 'O governo anunciou na segunda-feira que vai reduzir os impostos das pequenas empresas no próximo ano.'],
  [
    'pt',
    'As equipes de resgate trabalharam durante a noite para chegar às cidades isoladas pelas enchentes, e as autoridades alertaram que mais chuva é esperada.',
  ],
  ['fr', 'La Bourse recule, le pétrole grimpe'],
  ['fr', "Le gouvernement a annoncé lundi qu'il baisserait les impôts des petites entreprises l'an prochain."],
  [
    'fr',
    "Les secours ont travaillé toute la nuit pour atteindre les villages isolés par les inondations, et les autorités ont averti que d'autres pluies étaient attendues.",
  ],
  ['de', 'Aktien fallen, Ölpreis steigt'],
  ['de', 'Die Regierung kündigte am Montag an, im nächsten Jahr die Steuern für kleine Unternehmen zu senken.'],
  [
    'de',
    'Rettungskräfte arbeiteten die ganze Nacht, um die vom Hochwasser abgeschnittenen Dörfer zu erreichen, und die Behörden warnten vor weiterem Regen.',
  ],
  ['it', 'Borsa in calo, petrolio in rialzo'],
  ['it', "Il governo ha annunciato lunedì che l'anno prossimo taglierà le tasse alle piccole imprese."],
  [
    'it',
    "Le squadre di soccorso hanno lavorato tutta la notte per raggiungere i paesi isolati dall'alluvione, e le autorità hanno avvertito che è attesa altra pioggia.",
  ],
  ['nl', 'Aandelen dalen, olieprijs stijgt'],
  ['nl', 'De regering maakte maandag bekend dat ze volgend jaar de belastingen voor kleine bedrijven verlaagt.'],
  [
    'nl',
    'Reddingsteams werkten de hele nacht door om de dorpen te bereiken die door de overstromingen waren afgesneden, en de autoriteiten waarschuwden voor meer regen.',
  ],
  ['ru', 'Акции падают, нефть дорожает'],
  ['ru', 'Правительство в понедельник объявило, что в следующем году снизит налоги для малого бизнеса.'],
  [
    'ru',
    'Спасатели всю ночь пытались добраться до сёл, отрезанных наводнением, а власти предупредили, что в ближайшие дни ожидаются новые дожди.',
  ],
  ['uk', 'Акції падають, нафта дорожчає'],
  ['uk', 'Уряд у понеділок оголосив, що наступного року знизить податки для малого бізнесу.'],
  [
    'uk',
    'Рятувальники всю ніч намагалися дістатися до сіл, відрізаних повінню, а влада попередила, що найближчими днями очікуються нові дощі.',
  ],
  ['pl', 'Akcje spadają, ropa drożeje'],
  ['pl', 'Rząd ogłosił w poniedziałek, że w przyszłym roku obniży podatki dla małych firm.'],
  [
    'pl',
    'Ratownicy pracowali przez całą noc, aby dotrzeć do wsi odciętych przez powódź, a władze ostrzegły, że w najbliższych dniach spodziewane są kolejne opady.',
  ],
  ['ar', 'الأسهم تتراجع والنفط يرتفع'],
  ['ar', 'أعلنت الحكومة يوم الاثنين أنها ستخفض الضرائب على الشركات الصغيرة العام المقبل.'],
  [
    'ar',
    'عملت فرق الإنقاذ طوال الليل للوصول إلى القرى المعزولة بسبب الفيضانات، وحذرت السلطات من توقع المزيد من الأمطار في الأيام المقبلة.',
  ],
  ['hi', 'शेयर गिरे, तेल चढ़ा'],
  ['hi', 'सरकार ने सोमवार को घोषणा की कि अगले साल छोटे व्यवसायों के लिए करों में कटौती की जाएगी।'],
  [
    'hi',
    'बचाव दल पूरी रात बाढ़ से कटे गांवों तक पहुंचने की कोशिश करते रहे, और अधिकारियों ने चेतावनी दी कि आने वाले दिनों में और बारिश की संभावना है।',
  ],
  ['zh', '股市下跌，油价上涨'],
  ['zh', '政府周一宣布，明年将为小企业减税。'],
  ['zh', '救援队伍连夜工作，试图抵达被洪水隔绝的村庄，当局警告说未来几天预计还会有更多降雨。'],
  ['ja', '株価下落、原油は上昇'],
  ['ja', '政府は月曜日、来年から中小企業の税金を引き下げると発表した。'],
  ['ja', '救助隊は洪水で孤立した村に到達するため夜通し作業を続け、当局は今後数日間さらに雨が降る見込みだと警告した。'],
  ['ko', '주가 하락, 유가 상승'],
  ['ko', '정부는 월요일 내년부터 소기업의 세금을 인하하겠다고 발표했다.'],
  [
    'ko',
    '구조대는 홍수로 고립된 마을에 도달하기 위해 밤새 작업했으며, 당국은 앞으로 며칠간 비가 더 내릴 것으로 예상된다고 경고했다.',
  ],
  ['tr', 'Hisseler düştü, petrol yükseldi'],
  ['tr', 'Hükümet pazartesi günü gelecek yıl küçük işletmelerin vergilerini düşüreceğini açıkladı.'],
  [
    'tr',
    'Kurtarma ekipleri selin kopardığı köylere ulaşmak için bütün gece çalıştı ve yetkililer önümüzdeki günlerde daha fazla yağış beklendiği konusunda uyardı.',
  ],
]

/** franc answers ISO 639-3; the languages of both samples, mapped to ISO 639-1. */
const ISO3_TO_1: Readonly<Record<string, string>> = {
  eng: 'en',
  spa: 'es',
  por: 'pt',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  nld: 'nl',
  rus: 'ru',
  ukr: 'uk',
  pol: 'pl',
  arb: 'ar',
  ara: 'ar',
  hin: 'hi',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  tur: 'tr',
  srp: 'sr',
  hrv: 'hr',
  bos: 'bs',
  vie: 'vi',
  pes: 'fa',
  fas: 'fa',
  ces: 'cs',
  slk: 'sk',
  hun: 'hu',
  bul: 'bg',
  mkd: 'mk',
  bel: 'be',
  swe: 'sv',
  nds: 'nds',
  sco: 'sco',
  glg: 'gl',
  cat: 'ca',
  ron: 'ro',
  ind: 'id',
  zlm: 'ms',
  azj: 'az',
  uzn: 'uz',
}

/** Sputnik editions in the GDELT snapshot and their language (editions in two scripts or languages are left out). */
const GDELT_EDITION_LANG: Readonly<Record<string, string>> = {
  'sputniknews.com': 'en',
  'de.sputniknews.com': 'de',
  'mundo.sputniknews.com': 'es',
  'tr.sputniknews.com': 'tr',
  'fr.sputniknews.com': 'fr',
  'jp.sputniknews.com': 'ja',
  'arabic.sputniknews.com': 'ar',
  'vn.sputniknews.com': 'vi',
  'br.sputniknews.com': 'pt',
  'pl.sputniknews.com': 'pl',
  'ir.sputniknews.com': 'fa',
  'cz.sputniknews.com': 'cs',
  'it.sputniknews.com': 'it',
  'slovak.ruvr.ru': 'sk',
  'hungarian.ruvr.ru': 'hu',
  'bulgarian.ruvr.ru': 'bg',
}

function loadGdelt(corpus: string): Array<readonly [string, string]> {
  const file = resolve(corpus, 'trends/gdelt_gfg_frontpage_sputnik_20180303T12.tsv')
  if (!existsSync(file)) return []
  const seen = new Set<string>()
  const out: Array<readonly [string, string]> = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [, from = '', , , , text = ''] = line.split('\t')
    const host = from.replace(/^https?:\/\//, '').replace(/\/.*$/, '')
    const lang = GDELT_EDITION_LANG[host]
    const t = text.trim()
    // Menu entries ("Start", "Weitere Versionen") are not headlines: keep link texts of 4+ words.
    const long = lang === 'ja' ? t.length >= 12 : t.split(/\s+/).length >= 4
    if (lang === undefined || !long || seen.has(t)) continue
    seen.add(t)
    out.push([lang, t])
  }
  return out
}

interface Score {
  right: number
  total: number
  microsPerCall: number
}

function evaluate(sample: ReadonlyArray<readonly [string, string]>, detect: (text: string) => string): Score {
  let right = 0
  for (const [lang, text] of sample) if (detect(text) === lang) right++
  const rounds = Math.max(1, Math.ceil(2000 / Math.max(1, sample.length)))
  const t0 = performance.now()
  for (let r = 0; r < rounds; r++) for (const [, text] of sample) detect(text)
  return { right, total: sample.length, microsPerCall: ((performance.now() - t0) * 1000) / (rounds * sample.length) }
}

function printComparison(title: string, sample: ReadonlyArray<readonly [string, string]>): void {
  const langs = [...new Set(sample.map(([l]) => l))]
  const only3 = Object.entries(ISO3_TO_1)
    .filter(([, one]) => langs.includes(one))
    .map(([three]) => three)
  const detectors: Array<[string, (t: string) => string]> = [
    ['eld/medium', (t) => eld.detect(t).language],
    ['franc (all languages)', (t) => ISO3_TO_1[franc(t, { minLength: 1 })] ?? franc(t, { minLength: 1 })],
    [
      `franc (only the ${langs.length} sample languages)`,
      (t) => ISO3_TO_1[franc(t, { minLength: 1, only: only3 })] ?? 'und',
    ],
  ]
  console.log(`\n${title}: ${sample.length} texts, ${langs.length} languages (${langs.join(' ')})`)
  console.log('| detector | correct | accuracy | µs per text |')
  console.log('|---|---|---|---|')
  for (const [name, detect] of detectors) {
    const s = evaluate(sample, detect)
    console.log(
      `| ${name} | ${s.right}/${s.total} | ${(s.right / s.total).toFixed(3)} | ${s.microsPerCall.toFixed(1)} |`,
    )
  }
  const misses = sample.filter(([lang, text]) => eld.detect(text).language !== lang).slice(0, 8)
  for (const [lang, text] of misses)
    console.log(`  eld miss: ${lang} → ${eld.detect(text).language || '(none)'}: ${text.slice(0, 70)}`)
}

/** Fastest of 7 rounds of `n` calls, in µs per call: on a shared machine the fastest round is the one least disturbed. */
function timeMicros(f: () => unknown, n: number): number {
  for (let i = 0; i < n / 4; i++) f()
  const rounds: number[] = []
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now()
    for (let i = 0; i < n; i++) f()
    rounds.push(((performance.now() - t0) * 1000) / n)
  }
  return Math.min(...rounds)
}

function articleOf(
  lang: string,
  title: string,
  description: string,
  paragraph: string,
  host: string,
): ExtractedArticle {
  const words = paragraph.split(/\s+/)
  const body = Array.from({ length: 400 }, (_, i) => words[i % words.length]).join(' ')
  return {
    url: `https://${host}/2025/01/01/${encodeURIComponent(title.slice(0, 20))}`,
    target_uri: '',
    title,
    description,
    published_at: '2025-01-01T00:00:00Z',
    date_source: 'meta',
    crawled_at: '2025-01-01T00:00:00Z',
    host,
    tld: host.split('.').pop() ?? '',
    image: '',
    authors: [],
    tags: ['Economy'],
    text: body,
    words: 400,
    declared_lang: lang,
    section: 'Business',
    site_country: '',
  }
}

function printTimings(): void {
  const articles: Array<[string, ExtractedArticle]> = [
    [
      'en',
      articleOf(
        'en',
        'Central bank says inflation eased as markets rally',
        'Investors welcomed the data on Tuesday.',
        SAMPLE[2]?.[1] ?? '',
        'example.com',
      ),
    ],
    [
      'ru',
      articleOf(
        'ru',
        'Центробанк сообщил о замедлении инфляции, рынки растут',
        'Инвесторы приветствовали данные во вторник.',
        SAMPLE[23]?.[1] ?? '',
        'example.ru',
      ),
    ],
    [
      'zh',
      articleOf(
        'zh',
        '央行称通胀放缓，股市上涨',
        '投资者周二对数据表示欢迎。',
        (SAMPLE[38]?.[1] ?? '').split('').join(' '),
        'example.cn',
      ),
    ],
  ]
  console.log('\nEnrichment per article (400-word body; fastest of 7 rounds; µs per call)')
  console.log('| function | en | ru | zh |')
  console.log('|---|---|---|---|')
  const rows: Array<[string, (a: ExtractedArticle, lang: string) => unknown]> = [
    ['detectLanguage', (a) => detectLanguage(a)],
    ['inferCountry', (a, lang) => inferCountry(a, lang)],
    ['classifyCategory', (a, lang) => classifyCategory(a, lang)],
    ['scoreLexicon', (a, lang) => scoreLexicon(sentimentText(a), lang)],
    ['classifySentiment', (a, lang) => classifySentiment(sentimentText(a), lang, scoreLexicon(sentimentText(a), lang))],
    ['isBitcoinArticle', (a) => isBitcoinArticle(a.title, a.description)],
    ['**enrichArticle** (all of the above)', (a) => enrichArticle(a)],
    ['dupKey (called beside it by ingest)', (a) => dupKey(a)],
    ['**enrichArticle + dupKey**', (a) => [enrichArticle(a), dupKey(a)]],
  ]
  for (const [name, f] of rows) {
    const cells = articles.map(([lang, a]) => timeMicros(() => f(a, lang), 4000).toFixed(1))
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
}

function main(): void {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const i = process.argv.indexOf('--corpus')
  const corpus = resolve(repo, i >= 0 ? (process.argv[i + 1] ?? '') : '../shared/corpus')
  printComparison('Written sample (headline, sentence, paragraph per language)', SAMPLE)
  const gdelt = loadGdelt(corpus)
  if (gdelt.length > 0) printComparison('GDELT front-page link texts (Sputnik editions, 2018-03-03 12:00)', gdelt)
  else console.log(`\nGDELT sample skipped: ${resolve(corpus, 'trends')} is absent`)
  printTimings()
}

main()
