/**
 * The nginx tests cannot pass by not running in CI: with `CI=true` (as .ci/run runs `npm test`) a
 * missing nginx is a failing test that names .ci/run; elsewhere the file prints why it skips and
 * passes. Runs the real parity file in a child `bun test` with `NGINX_BIN` naming a missing file.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { NGINX_MISSING_IN_CI, nginxBinary } from './nginx-harness.ts'

const ROOT = join(import.meta.dir, '../..')
const MISSING = '/nonexistent/newsdesk-test/nginx'

test.each([
  {
    name: 'NGINX_BIN names a file that exists: that one',
    env: { NGINX_BIN: process.execPath },
    want: process.execPath,
  },
  { name: 'NGINX_BIN names a missing file: none, not a fallback', env: { NGINX_BIN: MISSING }, want: null },
])('nginxBinary: $name', ({ env, want }) => {
  expect(nginxBinary(env)).toBe(want)
})

test.each([
  {
    name: 'CI=true: one failing test naming .ci/run',
    ci: 'true',
    exit: 1,
    says: NGINX_MISSING_IN_CI,
    notSays: 'skipped',
  },
  {
    name: 'CI unset: a printed skip, the file passes',
    ci: undefined,
    exit: 0,
    says: 'skipped, no nginx binary',
    notSays: '.ci/run',
  },
  {
    name: 'CI=false: a printed skip, the file passes',
    ci: 'false',
    exit: 0,
    says: 'skipped, no nginx binary',
    notSays: '.ci/run',
  },
])('missing nginx, $name', async ({ ci, exit, says, notSays }) => {
  const env: Record<string, string | undefined> = { ...process.env, NGINX_BIN: MISSING, CI: ci }
  if (ci === undefined) delete env.CI
  const child = Bun.spawn([process.execPath, 'test', 'test/cdn/nginx-parity.test.ts'], {
    cwd: ROOT,
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  const text = `${out}\n${err}`
  expect({ code, says: text.includes(says), notSays: text.includes(notSays) }).toEqual({
    code: exit,
    says: true,
    notSays: false,
  })
  // Nothing of the parity suite itself ran (it would need nginx).
  expect(text).not.toContain('(pass)')
})
