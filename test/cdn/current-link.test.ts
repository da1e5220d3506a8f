/** The `current` symlink nginx follows: swapped with the pointer, repaired after a kill, and file mtimes pinned to the build instant. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { readFileSync, readlinkSync, renameSync, statSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { cleanLeftovers, currentTarget, publishSnapshot } from '../../batch/snapshot/publish.ts'
import { readLatest } from '../../contract/snapshot-files.ts'
import { tempDir } from '../support/tmp.ts'

let tmp: ReturnType<typeof tempDir>
beforeEach(() => {
  tmp = tempDir('current')
})
afterEach(() => tmp.cleanup())

const meta = (version: string, built_at: string) => ({ version, built_at, watermark: 1, counts: {}, sources: {} })

test('publish points `current` at the new version with a relative link', () => {
  publishSnapshot(tmp.dir, meta('20261121T1300Z', '2026-11-21T13:00:00Z'), [{ path: 'v1/a.json', body: '1' }])
  publishSnapshot(tmp.dir, meta('20261121T1400Z', '2026-11-21T14:00:00Z'), [{ path: 'v1/a.json', body: '2' }])
  expect(readlinkSync(join(tmp.dir, 'current'))).toBe('20261121T1400Z')
  expect(readFileSync(join(tmp.dir, 'current', 'v1/a.json'), 'utf8')).toBe('2')
})

test('every file of a version has the build instant as its mtime (nginx ETag, Last-Modified, expiry)', () => {
  publishSnapshot(tmp.dir, meta('20261121T1400Z', '2026-11-21T14:00:00Z'), [
    { path: 'v1/a.json', body: '1' },
    { path: 'v1/b/c.json', body: '2' },
  ])
  for (const f of ['v1/a.json', 'v1/b/c.json', 'manifest.json', 'SHA256SUMS']) {
    expect(statSync(join(tmp.dir, '20261121T1400Z', f)).mtimeMs).toBe(Date.parse('2026-11-21T14:00:00Z'))
  }
})

describe.each(['files-written', 'renamed', 'pointer-written'])('a publish killed at %s', (step) => {
  test('leaves `current` on the previous version; the next publish moves it', async () => {
    publishSnapshot(tmp.dir, meta('20261121T1300Z', '2026-11-21T13:00:00Z'), [{ path: 'v1/f0.json', body: '{}' }])
    const child = Bun.spawn([process.execPath, 'test/support/publish-and-die.ts', tmp.dir, '20261121T1400Z', step], {
      stdout: 'ignore',
      stderr: 'ignore',
    })
    await child.exited
    expect(currentTarget(tmp.dir)).toBe('20261121T1300Z')
    publishSnapshot(tmp.dir, meta('20261121T1500Z', '2026-11-21T15:00:00Z'), [{ path: 'v1/f0.json', body: '{}' }])
    expect(currentTarget(tmp.dir)).toBe('20261121T1500Z')
  })
})

test('a link left behind the pointer (killed between the two swaps) is repaired by the next run', () => {
  publishSnapshot(tmp.dir, meta('20261121T1300Z', '2026-11-21T13:00:00Z'), [{ path: 'v1/f0.json', body: '{}' }])
  publishSnapshot(tmp.dir, meta('20261121T1400Z', '2026-11-21T14:00:00Z'), [{ path: 'v1/f0.json', body: '{}' }])
  // simulate: pointer swapped, link still on the old version
  symlinkSync('20261121T1300Z', join(tmp.dir, 'current.tmp'))
  renameSync(join(tmp.dir, 'current.tmp'), join(tmp.dir, 'current'))
  cleanLeftovers(tmp.dir)
  expect(currentTarget(tmp.dir)).toBe(readLatest(tmp.dir)?.version ?? null)
})
