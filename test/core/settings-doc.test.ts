import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONFIG_DOC_PATH, renderSettingsDoc, withReadmeSettings } from '../../core/settings-doc.ts'
import { SETTING_NAMES } from '../../core/settings.ts'

const ROOT = join(import.meta.dir, '../..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const doc = readFileSync(join(ROOT, CONFIG_DOC_PATH), 'utf8')
const STALE = 'stale: run `bun run scripts/build-config-docs.ts`'

/** Names written as `NAME` in a Markdown text. */
const codeNames = (text: string): Set<string> =>
  new Set([...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''))

test.each(SETTING_NAMES.map((name) => ({ name })))(
  '$name is in the README and in docs/configuration.md',
  ({ name }) => {
    expect(codeNames(readme).has(name)).toBe(true)
    // As a table row of its own, not only mentioned in another's help.
    expect(doc).toContain(`\n| \`${name}\` |`)
  },
)

test(`docs/configuration.md is the table's rendering (${STALE})`, () => {
  expect(doc).toBe(renderSettingsDoc())
})

test(`the README's settings block is the table's rendering (${STALE})`, () => {
  expect(withReadmeSettings(readme)).toBe(readme)
})

test('the README links to docs/configuration.md and stays a front door (≤ 150 lines)', () => {
  expect(readme).toContain('(docs/configuration.md)')
  expect(readme.split('\n').length).toBeLessThanOrEqual(151)
})

test('every row of docs/configuration.md is a setting of the table (none documented that is not parsed)', () => {
  const rows = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1])
  expect(rows.sort()).toEqual([...SETTING_NAMES].sort())
})
