import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { KEPT_ATTRIBUTES, parseHtmlTree } from '../../batch/extract/html-tree.ts'

/** The tree stores only KEPT_ATTRIBUTES; an extractor reading any other would silently see none. */
const EXTRACT_DIR = join(import.meta.dir, '../../batch/extract')

test('every attribute the extractor reads is kept in the tree', () => {
  const read = new Set<string>()
  for (const file of readdirSync(EXTRACT_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(EXTRACT_DIR, file), 'utf8')
    for (const m of source.matchAll(/\battrs\.([A-Za-z_$][\w$]*)|\battrs\[['"]([^'"]+)['"]\]/g))
      read.add(m[1] ?? m[2] ?? '')
  }
  expect(read.size).toBeGreaterThan(10)
  expect([...read].filter((name) => !KEPT_ATTRIBUTES.has(name))).toEqual([])
})

test('kept attributes: lower-cased names, first one wins, entities decoded; others dropped', () => {
  const div = parseHtmlTree('<div CLASS="a &amp; b" class="second" data-x="1" Style=\'x\' src=y>t</div>').root
    .children[0]
  expect(typeof div === 'object' && div.attrs).toEqual({ class: 'a & b', style: 'x' })
})
