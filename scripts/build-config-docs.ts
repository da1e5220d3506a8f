/**
 * Writes docs/configuration.md and the README's list of variables from the settings table
 * (core/settings.ts, core/settings-doc.ts).
 *
 *   bun run scripts/build-config-docs.ts
 *
 * Run it after changing core/settings.ts; test/core/settings-doc.test.ts fails while either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { CONFIG_DOC_PATH, renderSettingsDoc, withReadmeSettings } from '../core/settings-doc.ts'

const root = resolve(import.meta.dir, '..')
const doc = renderSettingsDoc()
writeFileSync(resolve(root, CONFIG_DOC_PATH), doc)
console.log(`${CONFIG_DOC_PATH}: ${doc.split('\n').length - 1} lines`)
const readmePath = resolve(root, 'README.md')
const readme = withReadmeSettings(readFileSync(readmePath, 'utf8'))
if (readme === null) {
  console.error('README.md: the settings markers are missing (see core/settings-doc.ts)')
  process.exit(1)
}
writeFileSync(readmePath, readme)
console.log('README.md: settings list rewritten')
