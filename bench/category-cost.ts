/**
 * What a category weights file costs per article, beside another, in one process:
 * `bun run bench/category-cost.ts [--previous weights.json | --commit <git ref>] [--passes 12]`.
 *
 * The same code judges the same rows (BBC News and MasakhaNEWS English, as the service sees
 * them) with both models, passes interleaved, best pass of each: on a shared machine whose load
 * moves bench/enrich-profile.ts by tens of percent between runs, the interleaving is what makes
 * the two figures comparable. Prints µs per article for `predictCategory` and `chooseCategory`.
 */
import { readFileSync } from 'node:fs'
import { chooseCategory } from '../core/enrich/category-choice.ts'
import type { CategoryInput } from '../core/enrich/category.ts'
import {
  type CategoryModel,
  type CategoryWeights,
  loadCategoryModel,
  predictCategory,
  SHIPPED_CATEGORY_MODEL,
} from '../core/enrich/category-model.ts'
import { corpusDir, hasCategoryCorpus, loadSources } from '../scripts/category-data.ts'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}

function previousWeights(): CategoryWeights {
  const file = arg('--previous')
  const text =
    file !== undefined
      ? readFileSync(file, 'utf8')
      : new TextDecoder().decode(
          Bun.spawnSync(['git', 'show', `${arg('--commit') ?? 'HEAD~1'}:core/enrich/category-weights.json`]).stdout,
        )
  return JSON.parse(text) as CategoryWeights
}

function main(): void {
  if (!hasCategoryCorpus()) {
    console.log(`category-cost: skipped, the labelled sets are absent under ${corpusDir()}`)
    return
  }
  const rows = loadSources((s) => s.id === 'bbc-news' || s.id === 'masakhanews-en').rows
  const inputs: CategoryInput[] = rows.map((r) => ({
    url: r.url,
    host: r.host,
    section: '',
    tags: [],
    title: r.title,
    description: r.description,
    text: '',
  }))
  const models: [string, CategoryModel][] = [
    ['previous', loadCategoryModel(previousWeights())],
    ['shipped', SHIPPED_CATEGORY_MODEL],
  ]
  const passes = Number(arg('--passes') ?? '12')
  const best = new Map<string, number>()
  let sink = 0
  for (let pass = 0; pass < passes; pass++)
    for (const [name, model] of pass % 2 === 0 ? models : [...models].reverse())
      for (const [what, run] of [
        ['predictCategory', (a: CategoryInput) => predictCategory(a, 'en', model).probability],
        ['chooseCategory', (a: CategoryInput) => chooseCategory(a, 'en', model).confidence],
      ] as const) {
        const t0 = performance.now()
        for (const a of inputs) sink += run(a)
        const us = ((performance.now() - t0) * 1000) / inputs.length
        const key = `${what} ${name}`
        best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, us))
      }
  console.log(`${inputs.length} rows, best of ${passes} interleaved passes (checksum ${sink.toFixed(0)})`)
  for (const [key, us] of best) console.log(`${key.padEnd(26)} ${us.toFixed(1)} µs/article`)
}

main()
