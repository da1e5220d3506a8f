/**
 * A missing system program (Chromium, wget) fails the run under CI and is a printed skip
 * elsewhere: a child `bun test` over a file that requires a program that cannot exist.
 */
import { afterAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './tmp.ts'

const tmp = tempDir('required-tool')
afterAll(() => tmp.cleanup())
const helper = join(import.meta.dir, 'required-tool.ts')
const file = join(tmp.dir, 'needs-tool.test.ts')
writeFileSync(
  file,
  `import { test } from 'bun:test'
import { requireTool } from ${JSON.stringify(helper)}
const present = requireTool({ path: '/nonexistent/newsdesk-tool', debianPackage: 'newsdesk-tool', usedBy: 'needs-tool.test.ts' })
test.skipIf(!present)('uses the tool', () => {})
`,
)

async function run(ci: string | undefined): Promise<{ code: number; out: string }> {
  const env: Record<string, string | undefined> = { ...process.env, CI: ci }
  if (ci === undefined) delete env.CI
  const child = Bun.spawn([process.execPath, 'test', file], { cwd: tmp.dir, env, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  return { code, out: out + err }
}

test.each([
  {
    name: 'CI=true',
    ci: 'true',
    code: 1,
    says: '.ci/run should have installed the Debian package newsdesk-tool',
    not: 'skipped,',
  },
  {
    name: 'CI unset',
    ci: undefined,
    code: 0,
    says: 'needs-tool.test.ts: skipped, /nonexistent/newsdesk-tool is not installed (apt-get install newsdesk-tool',
    not: 'should have installed',
  },
  {
    name: 'CI=false',
    ci: 'false',
    code: 0,
    says: 'skipped, /nonexistent/newsdesk-tool is not installed',
    not: 'should have installed',
  },
])('$name: exit $code', async ({ ci, code, says, not }) => {
  const r = await run(ci)
  expect(r.out).toContain(says)
  expect(r.out).not.toContain(not)
  expect(r.code).toBe(code)
})
