/**
 * What each enrichment model costs a worker thread in memory (issue 28: peak RSS of ingest with
 * two workers): a fresh process per round starts one worker thread, which imports the enrichment
 * modules one after another (dependencies first, so each row is that model's own share), runs
 * each once on a sample article (tables built on first use count), and after each step collects
 * garbage and reports the process's RSS and the worker's JS heap. A last step enriches 80 sample
 * articles in eight languages, for what use leaves behind.
 *
 *   bun bench/enrich-memory.ts [--rounds 3]
 *
 * Prints a table of the median growth per step over the rounds (MB). RSS is the whole process
 * (the idle main thread and the worker's runtime are in the first row); heap is the worker's JS
 * heap after a full collection, typed arrays' and strings' outside storage not included.
 */
import { heapStats } from 'bun:jsc'
import type { ExtractedArticle } from '../core/article.ts'

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : (process.argv[i + 1] ?? def)
}

interface Step {
  label: string
  rss: number
  heap: number
}

function sample(
  lang: string,
  title: string,
  description: string,
  text: string,
  host = 'example.com',
): ExtractedArticle {
  return {
    url: `https://${host}/a/1`,
    target_uri: `https://${host}/a/1`,
    title,
    description,
    published_at: '2026-11-21T12:00:00Z',
    date_source: 'meta',
    crawled_at: '2026-11-21T12:00:00Z',
    host,
    tld: host.split('.').pop() ?? '',
    image: '',
    authors: [],
    tags: [],
    text,
    words: text.split(' ').length,
    declared_lang: lang,
    section: '',
    site_country: '',
  }
}

const SAMPLES: readonly ExtractedArticle[] = [
  sample(
    'en',
    'Central bank raises interest rates as inflation lingers',
    'Federal Reserve chair Jerome Powell said the decision was unanimous.',
    'WASHINGTON (Reuters) - The Federal Reserve raised rates on Wednesday. Apple and Microsoft shares fell in New York, while Goldman Sachs analysts in London expected another rise.',
  ),
  sample(
    'de',
    'Zentralbank erhöht erneut die Zinsen',
    'Die Europäische Zentralbank in Frankfurt überraschte die Anleger.',
    'Christine Lagarde sagte in Frankfurt, die Inflation in Deutschland bleibe hoch. Siemens und BASF verloren an der Börse.',
    'example.de',
  ),
  sample(
    'fr',
    'La banque centrale relève encore ses taux',
    'Emmanuel Macron a salué la décision à Paris.',
    'La Banque de France et TotalEnergies ont commenté la hausse des taux à Paris et à Lyon.',
    'example.fr',
  ),
  sample(
    'es',
    'El banco central vuelve a subir los tipos',
    'Pedro Sánchez habló en Madrid sobre la inflación.',
    'El Banco de España y Telefónica reaccionaron en Madrid y Barcelona.',
    'example.es',
  ),
  sample(
    'ru',
    'Центробанк снова повысил ставку',
    'Решение удивило инвесторов в Москве.',
    'Эльвира Набиуллина заявила в Москве, что инфляция остаётся высокой.',
    'example.ru',
  ),
  sample('zh', '央行再次加息', '投资者对这一决定感到意外。', '中国人民银行在北京宣布了这一决定。', 'example.cn'),
  sample(
    'ja',
    '中央銀行が再び利上げ',
    '投資家はこの決定に驚いた。',
    '日本銀行は東京でこの決定を発表した。',
    'example.jp',
  ),
  sample(
    '',
    'Bitcoin jumps past $100,000 as ETF inflows surge',
    'Traders in Singapore cheered the rally.',
    'Bitcoin rose 5% on Tuesday.',
  ),
]

async function measureInWorker(): Promise<void> {
  const steps: Step[] = []
  const mark = (label: string) => {
    Bun.gc(true)
    steps.push({ label, rss: process.memoryUsage().rss, heap: heapStats().heapSize })
  }
  const first = SAMPLES[0] as ExtractedArticle
  mark('worker thread started (idle main thread and runtime)')
  const language = await import('../core/enrich/language.ts')
  language.detectLanguage({ ...first, declared_lang: '' })
  mark('language detection (language.ts)')
  await import('../core/enrich/word-clusters.ts')
  mark('word clusters (word-clusters.ts)')
  await import('../core/enrich/word-vectors.ts')
  mark('word vectors (word-vectors.ts)')
  const entities = await import('../core/enrich/entities.ts')
  entities.extractEntities(first, 'en')
  mark('entities (entities.ts)')
  const category = await import('../core/enrich/category-choice.ts')
  category.chooseCategory(first, 'en')
  mark('category (category-choice.ts)')
  const lexicon = await import('../core/enrich/lexicon.ts')
  const sentiment = await import('../core/enrich/sentiment.ts')
  const text = sentiment.sentimentText(first)
  sentiment.classifySentiment(text, 'en', lexicon.scoreLexicon(text, 'en'))
  mark('tone (sentiment.ts, lexicon.ts)')
  const index = await import('../core/enrich/index.ts')
  index.dupKey(first)
  mark('the rest of core/enrich (country, dup key, bitcoin)')
  for (let round = 0; round < 10; round++) for (const a of SAMPLES) index.enrichArticle(a)
  mark('after enriching 80 sample articles in 8 languages')
  postMessage(steps)
}

async function measureOnce(): Promise<Step[]> {
  const worker = new Worker(new URL(import.meta.url).href)
  const steps = await new Promise<Step[]>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<Step[]>) => resolve(e.data)
    worker.onerror = (e) => reject(new Error(String(e.message)))
  })
  worker.terminate()
  return steps
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1
    ? (s[s.length >> 1] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
}
const mb = (bytes: number): string => (bytes / 1048576).toFixed(1)

async function main(): Promise<void> {
  if (process.argv.includes('--child')) {
    console.log(JSON.stringify(await measureOnce()))
    return
  }
  const rounds = Number(arg('--rounds', '3'))
  const runs: Step[][] = []
  for (let r = 0; r < rounds; r++) {
    const child = Bun.spawnSync([process.execPath, import.meta.path, '--child'], { stderr: 'inherit' })
    runs.push(JSON.parse(child.stdout.toString()) as Step[])
  }
  const first = runs[0] as Step[]
  console.log(`Worker-thread memory by enrichment step, median of ${rounds} fresh processes (MB)\n`)
  console.log('| step | RSS growth | JS heap growth | RSS after |')
  console.log('|---|---:|---:|---:|')
  first.forEach((step, i) => {
    const rss = median(runs.map((run) => (run[i] as Step).rss - (i > 0 ? (run[i - 1] as Step).rss : 0)))
    const heap = median(runs.map((run) => (run[i] as Step).heap - (i > 0 ? (run[i - 1] as Step).heap : 0)))
    const after = median(runs.map((run) => (run[i] as Step).rss))
    console.log(`| ${step.label} | ${i === 0 ? '–' : mb(rss)} | ${i === 0 ? mb(heap) : mb(heap)} | ${mb(after)} |`)
  })
  const total = (run: Step[]) => (run[run.length - 1] as Step).rss - (run[0] as Step).rss
  const totalHeap = (run: Step[]) => (run[run.length - 1] as Step).heap - (run[0] as Step).heap
  console.log(
    `| **all of core/enrich, used** | **${mb(median(runs.map(total)))}** | **${mb(median(runs.map(totalHeap)))}** | |`,
  )
}

if (Bun.isMainThread) await main()
else await measureInWorker()
