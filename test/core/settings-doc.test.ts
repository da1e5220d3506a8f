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

/**
 * Every variable the code reads by name is a row of the table: outside core/settings.ts, a property
 * read off `process.env`, `Bun.env` or an `env` argument must name a setting (npm's own
 * `npm_package_version` aside).
 */
test('no environment variable is read outside the table', () => {
  const dirs = [
    'answers',
    'batch',
    'bench',
    'contract',
    'core',
    'demo',
    'deploy',
    'live',
    'public',
    'scripts',
    'store',
    'test',
  ]
  const pattern = /(?:process\.env|Bun\.env|\benv)\.([A-Za-z_][A-Za-z0-9_]*)|\benv\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\]/g
  const known = new Set<string>([...SETTING_NAMES, 'npm_package_version'])
  const unknown: string[] = []
  for (const dir of dirs)
    for (const file of new Bun.Glob('**/*.ts').scanSync({ cwd: join(ROOT, dir) })) {
      const path = `${dir}/${file}`
      if (path === 'core/settings.ts' || path.includes('node_modules')) continue
      for (const m of readFileSync(join(ROOT, path), 'utf8').matchAll(pattern)) {
        const name = m[1] ?? m[2] ?? ''
        if (!known.has(name)) unknown.push(`${path}: ${name}`)
      }
    }
  expect(unknown).toEqual([])
})
