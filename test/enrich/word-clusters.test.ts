/**
 * The word clusters the category model reads (core/enrich/word-clusters.ts): the builder's k-means
 * (scripts/build-word-clusters.ts) on vectors whose groups are known, the loader's checks, and the
 * shipped file's shape. The real GloVe vectors are not in the project (307 MB); the shipped
 * clusters are checked for words a reader would group together.
 */
import { describe, expect, test } from 'bun:test'
import { sphericalKMeans, topWords } from '../../scripts/build-word-clusters.ts'
import {
  clustersFingerprint,
  loadWordClusters,
  SHIPPED_WORD_CLUSTERS_FILE,
  WORD_CLUSTERS,
  WORD_CLUSTERS_FORMAT,
} from '../../core/enrich/word-clusters.ts'
import { loadCategoryModel } from '../../core/enrich/category-model.ts'
import { mulberry32 } from '../../core/random.ts'

/** 100-dimensional vectors around three orthogonal directions, with noise. */
function threeGroups(perGroup: number): {
  words: string[]
  vectors: Record<string, number[]>
  group: Map<string, number>
} {
  const rnd = mulberry32(3)
  const words: string[] = []
  const vectors: Record<string, number[]> = {}
  const group = new Map<string, number>()
  for (let i = 0; i < perGroup * 3; i++) {
    const g = i % 3
    const w = `${'abc'[g]}${'x'.repeat(1 + Math.floor(i / 3))}`
    words.push(w)
    group.set(w, g)
    vectors[w] = Array.from({ length: 100 }, (_, d) => (d === g * 10 ? 5 : 0) + (rnd() - 0.5))
  }
  return {
    words: ['the', '3d', ...words],
    vectors: { the: Array(100).fill(1), '3d': Array(100).fill(1), ...vectors },
    group,
  }
}

describe('building the clusters', () => {
  test('topWords keeps plain lowercase words in the file order, at unit length', () => {
    const f = threeGroups(4)
    const { words, x } = topWords(f, 5)
    expect(words).toEqual(['the', ...f.words.slice(2, 6)])
    for (let i = 0; i < words.length; i++) {
      let n = 0
      for (let d = 0; d < 100; d++) n += (x[i * 100 + d] as number) ** 2
      expect(n).toBeCloseTo(1, 9)
    }
  })

  test('k-means finds the three groups, the same on every run', () => {
    const f = threeGroups(30)
    const { words, x } = topWords({ words: f.words.slice(2), vectors: f.vectors }, 90)
    const a = sphericalKMeans(x, 3, 12)
    expect(Array.from(sphericalKMeans(x, 3, 12))).toEqual(Array.from(a))
    // Every group lands in one cluster of its own.
    const clusterOf = new Map<number, Set<number>>()
    words.forEach((w, i) => {
      const g = f.group.get(w) as number
      clusterOf.set(g, (clusterOf.get(g) ?? new Set()).add(a[i] as number))
    })
    expect([...clusterOf.values()].map((s) => s.size)).toEqual([1, 1, 1])
    expect(new Set([...clusterOf.values()].map((s) => [...s][0])).size).toBe(3)
  })

  test('asking for more clusters than words is an error, not a silent empty file', () => {
    expect(() => sphericalKMeans(new Float64Array(200), 3, 1)).toThrow('clusters must be 1..2')
  })
})

describe('the shipped clusters', () => {
  test('format, size, and each word in one cluster', () => {
    expect(SHIPPED_WORD_CLUSTERS_FILE.format).toBe(WORD_CLUSTERS_FORMAT)
    expect(SHIPPED_WORD_CLUSTERS_FILE.clusters.length).toBe(SHIPPED_WORD_CLUSTERS_FILE.params.clusters)
    expect(WORD_CLUSTERS.size).toBe(SHIPPED_WORD_CLUSTERS_FILE.params.words)
  })

  // Pairs a reader would put in one family; none of these words is in the labelled sets' headlines
  // as often as their partners, which is why the model needs the family.
  test.each([
    ['nintendo', 'playstation'],
    ['madonna', 'beyonce'],
    ['malaria', 'tuberculosis'],
    ['orchestra', 'symphony'],
  ])('%s and %s share a cluster', (a, b) => {
    expect(WORD_CLUSTERS.get(a)).toBeDefined()
    expect(WORD_CLUSTERS.get(a)).toBe(WORD_CLUSTERS.get(b) as number)
  })

  test('the loader rejects another format', () => {
    expect(() => loadWordClusters({ ...SHIPPED_WORD_CLUSTERS_FILE, format: 'x/1' })).toThrow('unknown format')
  })

  test('category weights trained with other clusters are refused, naming the fix', () => {
    const w = {
      format: 'newsdesk-category-logreg/1',
      classes: ['world'],
      languages: ['en'],
      bias: [0],
      vocab: [],
      weights: [],
    }
    expect(() => loadCategoryModel({ ...w, word_clusters: 'deadbeef' })).toThrow('retrain')
    expect(() =>
      loadCategoryModel({ ...w, word_clusters: clustersFingerprint(SHIPPED_WORD_CLUSTERS_FILE) }),
    ).not.toThrow()
    // Cluster features without a record of the clusters: refused too; without cluster features: loads.
    expect(() => loadCategoryModel({ ...w, vocab: ['c:3'], weights: [0.5] })).toThrow('not recorded')
    expect(() => loadCategoryModel({ ...w, vocab: ['p:sport'], weights: [0.5] })).not.toThrow()
  })
})
