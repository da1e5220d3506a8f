/**
 * Writes docs/api.md, the API reference, from the endpoint registry (core/api-reference.ts).
 *
 *   bun run scripts/build-api-docs.ts
 *
 * Run it after changing core/endpoints.ts, core/params.ts or core/response-schemas.ts;
 * test/core/api-reference.test.ts fails while the file is stale.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { API_DOC_PATH, renderApiReference } from '../core/api-reference.ts'

const out = resolve(import.meta.dir, '..', API_DOC_PATH)
const markdown = renderApiReference()
writeFileSync(out, markdown)
console.log(`${out}: ${markdown.split('\n').length - 1} lines`)
