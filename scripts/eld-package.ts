/**
 * The installed eld package's `medium` tables in the format of core/enrich/language-ngrams.json:
 * for the script that writes the file and the test that checks it against the package. The
 * package exports none of these modules, so they are read by path.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type EldNgramsData, type LanguageNgramsFile, packLanguageNgrams } from '../core/enrich/language-ngrams.ts'

interface EldModules {
  ngrams: { ngramsData: EldNgramsData }
  patterns: { separators: RegExp }
  dictionary: { dictionary: string[] }
  avg: { avgScore: Record<string, number> }
  version: string
}

async function loadEld(): Promise<EldModules> {
  const pkgJson = createRequire(import.meta.url).resolve('eld/package.json')
  const src = join(dirname(pkgJson), 'src')
  const load = (file: string): Promise<unknown> => import(join(src, file))
  const [ngrams, patterns, dictionary, avg, pkg] = await Promise.all([
    load('ngrams/medium.js'),
    load('regexPatterns.js'),
    load('dictionary.js'),
    load('avgScore.js'),
    import(pkgJson),
  ])
  return {
    ngrams: ngrams as EldModules['ngrams'],
    patterns: patterns as EldModules['patterns'],
    dictionary: dictionary as EldModules['dictionary'],
    avg: avg as EldModules['avg'],
    version: (pkg as { version: string }).version,
  }
}

export async function eldPackLanguageNgrams(): Promise<LanguageNgramsFile> {
  const eld = await loadEld()
  return packLanguageNgrams(eld.ngrams.ngramsData, {
    description: `The n-gram scores of eld ${eld.version}'s medium database (npm eld, Apache-2.0, Nito T.M., github.com/nitotm/efficient-language-detector-js), with its word separators, byte dictionary and average scores, packed by scripts/build-language-ngrams.ts for core/enrich/language-ngrams.ts.`,
    avgScore: eld.avg.avgScore,
    separators: eld.patterns.separators,
    dictionary: eld.dictionary.dictionary,
  })
}
