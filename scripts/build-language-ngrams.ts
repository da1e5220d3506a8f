/**
 * Writes core/enrich/language-ngrams.json from the installed `eld` package (its `medium` n-gram
 * scores, word separators, byte dictionary and average scores; Apache-2.0, Nito T.M.), which
 * core/enrich/language-ngrams.ts detects with instead of eld's own object of objects (issue 28,
 * worker memory). Run after upgrading eld; test/enrich/language-ngrams.test.ts fails until then.
 *
 *   bun run scripts/build-language-ngrams.ts
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eldPackLanguageNgrams } from './eld-package.ts'

const out = fileURLToPath(new URL('../core/enrich/language-ngrams.json', import.meta.url))
const file = await eldPackLanguageNgrams()
writeFileSync(out, `${JSON.stringify(file)}\n`)
console.log(`${out}: ${file.languages.length} languages, ${file.keys.length} n-gram characters`)
