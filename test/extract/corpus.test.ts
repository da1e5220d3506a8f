import { describe, expect, test } from 'bun:test'
import { extractBody } from '../../bench/extract-f1.ts'
import {
  benchmarkAvailable,
  CORPUS_DIR,
  fundusAvailable,
  loadBenchmark,
  loadBenchmarkOutput,
  loadFundus,
} from '../../bench/extract-corpus.ts'
import { extractFundusPage, scorePage } from '../../bench/extract-fields.ts'
import { evaluateBodies } from '../../bench/extract-shingle-f1.ts'

/**
 * Corpus-backed checks on the two third-party corpora in /work/shared/corpus (never copied into
 * the project). Skipped with a message when the corpus is absent.
 */
const hasBenchmark = benchmarkAvailable()
const hasFundus = fundusAvailable()
if (!hasBenchmark) console.log(`test/extract/corpus: article-extraction-benchmark absent under ${CORPUS_DIR}, skipping`)
if (!hasFundus) console.log(`test/extract/corpus: fundus-news-fixtures absent under ${CORPUS_DIR}, skipping`)

describe('article-extraction-benchmark', () => {
  test.skipIf(!hasBenchmark)('the metric re-scores the published trafilatura output to its README numbers', () => {
    const pages = loadBenchmark() ?? []
    const output = loadBenchmarkOutput('trafilatura')
    expect(output).not.toBeNull()
    const scores = evaluateBodies(
      pages.map((p) => ({ truth: p.truth, prediction: output?.get(p.id) ?? '' })),
      0,
    )
    // README.rst, latest evaluation: trafilatura 2.0.0 F1 0.958, precision 0.938, recall 0.978, accuracy 0.293.
    expect(scores.f1.toFixed(3)).toBe('0.958')
    expect(scores.precision.toFixed(3)).toBe('0.938')
    expect(scores.recall.toFixed(3)).toBe('0.978')
    expect(scores.accuracy.toFixed(3)).toBe('0.293')
  })

  test.skipIf(!hasBenchmark)('body text F1 ≥ 0.94', () => {
    const pages = loadBenchmark() ?? []
    expect(pages.length).toBe(181)
    const scores = evaluateBodies(
      pages.map((p) => ({ truth: p.truth, prediction: extractBody(p) })),
      0,
    )
    // Measured 0.973 (P 0.968, R 0.979); Readability.js 0.947 and trafilatura 0.958 published.
    expect(scores.f1).toBeGreaterThanOrEqual(0.94)
  })
})

describe('fundus-news-fixtures', () => {
  test.skipIf(!hasFundus)('field accuracy floors', () => {
    const pages = loadFundus() ?? []
    expect(pages.length).toBe(258)
    const results = pages.map((page) => scorePage(page, extractFundusPage(page)))
    const share = (ok: number): number => ok / results.length
    const titles = share(results.filter((r) => r.title.ok).length)
    const dates = results.filter((r) => r.date !== null)
    const dateShare = dates.filter((r) => r.date?.ok === true).length / dates.length
    const authors = share(results.filter((r) => r.authors.ok).length)
    // Measured: titles 0.849 (219/258), dates 0.957, authors 0.853. The floors sit ~4 points lower:
    // most misses are publisher choices (the visible headline differs from every meta title, the
    // byline exists only in page text) that rule tweaks flip by a few pages either way, so a few
    // pages of slack avoids failing on harmless heuristic changes while still catching regressions.
    expect(titles).toBeGreaterThanOrEqual(0.8)
    expect(dateShare).toBeGreaterThanOrEqual(0.92)
    expect(authors).toBeGreaterThanOrEqual(0.8)
  })
})
