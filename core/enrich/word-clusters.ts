/**
 * Clusters of similar English words (core/enrich/word-clusters.json, written by
 * scripts/build-word-clusters.ts from GloVe vectors): the category model's features for words it
 * was never trained on. Data only; no vectors ship.
 */
import shipped from './word-clusters.json' with { type: 'json' }
import { packedNumbers, StringKeysBuilder } from './packed-map.ts'

export const WORD_CLUSTERS_FORMAT = 'newsdesk-word-clusters/1'

export interface WordClustersFile {
  format: string
  description: string
  params: { words: number; clusters: number; rounds: number }
  /** Cluster n's words, joined by single spaces. */
  clusters: string[]
}

/** Word → cluster number (a word in two clusters keeps the first); packed, not a Map (packed-map.ts). */
export function loadWordClusters(file: WordClustersFile): ReadonlyMap<string, number> {
  if (file.format !== WORD_CLUSTERS_FORMAT) throw new Error(`word clusters: unknown format ${file.format}`)
  const words = new StringKeysBuilder()
  const clusterOf: number[] = []
  file.clusters.forEach((line, n) => {
    for (const word of line.split(' ')) {
      if (word === '') continue
      const k = words.add(word)
      if (k === clusterOf.length) clusterOf.push(n)
    }
  })
  return packedNumbers(words.finish(), Int32Array.from(clusterOf))
}

/** A short fingerprint of the clusters, kept in the category weights so a model is never read with clusters it was not trained on. */
export function clustersFingerprint(file: WordClustersFile): string {
  let h = 0x811c9dc5
  const text = file.clusters.join('\n')
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, '0')
}

export const SHIPPED_WORD_CLUSTERS_FILE: WordClustersFile = shipped
export const WORD_CLUSTERS: ReadonlyMap<string, number> = loadWordClusters(shipped)
