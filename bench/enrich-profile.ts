/**
 * Where enrichment's time goes, per function, on the extracted articles of a generated demo archive,
 * beside the extraction it follows. Steady state: each function runs over all articles several
 * times and the best pass counts.
 *   bun bench/enrich-profile.ts [--days N] [--per-day N]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ExtractedArticle } from '../core/article.ts'
import {
  chooseCategory,
  classifyCategory,
  classifySentiment,
  detectLanguage,
  enrichArticle,
  inferCountry,
  isBitcoinArticle,
  scoreLexicon,
  sentimentText,
} from '../core/enrich/index.ts'
import { generateDemoArchive } from '../demo/index.ts'
import { extractArticle } from '../batch/extract/index.ts'
import { resolveInputs } from '../batch/warc/inputs.ts'
import { readWarc } from '../batch/warc/reader.ts'
import type { HtmlResponse } from '../batch/warc/types.ts'

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? def : Number(process.argv[i + 1])
}
const days = arg('--days', 3)
const perDay = arg('--per-day', 800)
const PASSES = 4
const dir = mkdtempSync(join(tmpdir(), 'newsdesk-bench-enrich-'))
try {
  await generateDemoArchive({
    outDir: join(dir, 'demo'),
    now: new Date('2026-11-21T14:00:00Z'),
    days,
    articlesPerDay: perDay,
  })
  const sources = await resolveInputs([join(dir, 'demo', 'warc')], { ccNewsBaseUrl: 'http://127.0.0.1:9/' })
  const html: HtmlResponse[] = []
  for (const s of sources) for await (const e of readWarc(s)) if (e.kind === 'html') html.push(e)
  const extract = () =>
    html.map((e) =>
      extractArticle({ html: e.html, targetUri: e.targetUri, warcDate: e.warcDate, httpHeaders: e.httpHeaders }),
    )
  const articles = extract().filter((a): a is ExtractedArticle => a !== null)
  const langs = articles.map((a) => detectLanguage(a))
  const texts = articles.map((a) => sentimentText(a))
  const lexicons = articles.map((a, i) => scoreLexicon(texts[i] as string, langs[i] as string))
  const best = (f: () => void) => {
    let min = Number.POSITIVE_INFINITY
    for (let p = 0; p < PASSES; p++) {
      const t = performance.now()
      f()
      min = Math.min(min, performance.now() - t)
    }
    return min
  }
  const n = articles.length
  const stages: [string, () => void][] = [
    ['extract (for comparison)', () => void extract()],
    [
      'enrichArticle (all)',
      () => {
        for (const a of articles) enrichArticle(a)
      },
    ],
    [
      '  detectLanguage',
      () => {
        for (const a of articles) detectLanguage(a)
      },
    ],
    ['  inferCountry', () => articles.forEach((a, i) => inferCountry(a, langs[i] as string))],
    [
      '  chooseCategory (model, else term lists)',
      () => articles.forEach((a, i) => chooseCategory(a, langs[i] as string)),
    ],
    ['    classifyCategory (term lists)', () => articles.forEach((a, i) => classifyCategory(a, langs[i] as string))],
    [
      '  sentimentText',
      () => {
        for (const a of articles) sentimentText(a)
      },
    ],
    ['  scoreLexicon', () => articles.forEach((_, i) => scoreLexicon(texts[i] as string, langs[i] as string))],
    [
      '  classifySentiment',
      () =>
        articles.forEach((_, i) =>
          classifySentiment(texts[i] as string, langs[i] as string, lexicons[i] as ReturnType<typeof scoreLexicon>),
        ),
    ],
    [
      '  isBitcoinArticle',
      () => {
        for (const a of articles) isBitcoinArticle(a.title, a.description)
      },
    ],
  ]
  console.log(`${n} articles from ${html.length} HTML records; best of ${PASSES} passes\n`)
  console.log('| function | ms total | µs/article |')
  console.log('|---|---:|---:|')
  for (const [name, f] of stages) {
    const ms = best(f)
    console.log(`| ${name} | ${ms.toFixed(0)} | ${((ms / n) * 1000).toFixed(1)} |`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
