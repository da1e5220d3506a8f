import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { KEEP_VERSIONS, cleanLeftovers, freeVersion, publishSnapshot, versionOf } from '../../batch/snapshot/publish.ts'
import { VERSION_PATTERN, listVersions, readLatest, readManifest } from '../../contract/snapshot-files.ts'
import { tempDir } from '../support/tmp.ts'

let tmp: ReturnType<typeof tempDir>
beforeEach(() => {
  tmp = tempDir('publish')
})
afterEach(() => tmp.cleanup())

const meta = (version: string) => ({
  version,
  built_at: '2026-11-21T14:00:00Z',
  watermark: 1,
  counts: { articles: 1 },
  sources: {},
})

test('versionOf is the UTC build minute', () => {
  expect(versionOf(new Date('2026-11-21T14:07:59Z'))).toBe('20261121T1407Z')
})

test('publish writes files, a manifest with sizes and sha256, and the pointer', () => {
  publishSnapshot(tmp.dir, meta('20261121T1400Z'), [
    { path: 'v1/b.json', body: '{"b":1}' },
    { path: 'v1/a.json', body: '{"a":"é"}' },
  ])
  expect(readLatest(tmp.dir)?.version).toBe('20261121T1400Z')
  const manifest = readManifest(tmp.dir, '20261121T1400Z')
  expect(manifest?.files.map((f) => f.path)).toEqual(['v1/a.json', 'v1/b.json'])
  for (const f of manifest?.files ?? []) {
    const bytes = readFileSync(join(tmp.dir, '20261121T1400Z', f.path))
    expect(f.bytes).toBe(bytes.byteLength)
    expect(f.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  }
})

test(`keeps the last ${KEEP_VERSIONS} versions`, () => {
  for (let h = 0; h < KEEP_VERSIONS + 3; h++) {
    const v = versionOf(new Date(Date.UTC(2026, 10, 1, 0, 0) + h * 3_600_000))
    publishSnapshot(tmp.dir, meta(v), [{ path: 'x.json', body: '{}' }])
  }
  const versions = readdirSync(tmp.dir).filter((n) => VERSION_PATTERN.test(n))
  expect(versions.length).toBe(KEEP_VERSIONS)
  expect(versions.sort()[0]).toBe(versionOf(new Date(Date.UTC(2026, 10, 1, 3, 0))))
})

test('refuses paths that would leave the version folder', () => {
  expect(() => publishSnapshot(tmp.dir, meta('20261121T1400Z'), [{ path: '../evil.json', body: '{}' }])).toThrow()
  expect(readLatest(tmp.dir)).toBeNull()
})

describe.each(['files-written', 'renamed', 'pointer-written'])('a publish killed at %s', (step) => {
  test('leaves the previous version served and the next publish succeeds', async () => {
    publishSnapshot(tmp.dir, meta('20261121T1300Z'), [{ path: 'v1/f0.json', body: '{"old":true}' }])
    const child = Bun.spawn([process.execPath, 'test/support/publish-and-die.ts', tmp.dir, '20261121T1400Z', step], {
      stdout: 'ignore',
      stderr: 'ignore',
    })
    expect(await child.exited).not.toBe(0)
    expect(child.signalCode).toBe('SIGKILL')
    expect(readLatest(tmp.dir)?.version).toBe('20261121T1300Z')
    expect(readFileSync(join(tmp.dir, '20261121T1300Z', 'v1/f0.json'), 'utf8')).toBe('{"old":true}')

    // A folder renamed into place but never pointed at is complete and stays; the next build of
    // the same minute takes the next free name instead of replacing it.
    const next = freeVersion(tmp.dir, new Date('2026-11-21T14:00:00Z'))
    expect(next).toBe(step === 'files-written' ? '20261121T1400Z' : '20261121T1400Z-02')
    publishSnapshot(tmp.dir, meta(next), [{ path: 'v1/f0.json', body: '{"new":true}' }])
    expect(readLatest(tmp.dir)?.version).toBe(next)
    expect(readdirSync(tmp.dir).filter((n) => n.startsWith('.tmp-') || n.endsWith('.tmp'))).toEqual([])
    expect(existsSync(join(tmp.dir, '20261121T1300Z'))).toBe(true)
  })
})

describe('a second build of the same minute', () => {
  test('publishes under the next free name and never touches the served version', () => {
    const at = new Date('2026-11-21T14:00:30Z')
    const first = freeVersion(tmp.dir, at)
    publishSnapshot(tmp.dir, meta(first), [{ path: 'v1/a.json', body: '{"n":1}' }])
    const second = freeVersion(tmp.dir, at)
    publishSnapshot(tmp.dir, meta(second), [{ path: 'v1/a.json', body: '{"n":2}' }])
    const third = freeVersion(tmp.dir, at)
    expect([first, second, third]).toEqual(['20261121T1400Z', '20261121T1400Z-02', '20261121T1400Z-03'])
    expect(readFileSync(join(tmp.dir, first, 'v1/a.json'), 'utf8')).toBe('{"n":1}')
    expect(readLatest(tmp.dir)?.version).toBe(second)
  })

  test('a publish under a name already published is refused and changes nothing', () => {
    publishSnapshot(tmp.dir, meta('20261121T1400Z'), [{ path: 'v1/a.json', body: '{"n":1}' }])
    expect(() => publishSnapshot(tmp.dir, meta('20261121T1400Z'), [{ path: 'v1/a.json', body: '{"n":2}' }])).toThrow(
      /already published/,
    )
    expect(readFileSync(join(tmp.dir, '20261121T1400Z', 'v1/a.json'), 'utf8')).toBe('{"n":1}')
    expect(readLatest(tmp.dir)?.version).toBe('20261121T1400Z')
  })

  test.each([
    ['20261121T1400Z', '20261121T1400Z-02'],
    ['20261121T1400Z-09', '20261121T1400Z-10'],
    ['20261121T1400Z-99', '20261121T1401Z'],
    ['20261121T2359Z-02', '20261122T0000Z'],
  ])('%s sorts before %s, so pruning and listings keep build order', (older, newer) => {
    for (const v of [newer, older]) publishSnapshot(tmp.dir, meta(v), [{ path: 'x.json', body: '{}' }])
    expect(listVersions(tmp.dir)).toEqual([older, newer])
  })

  test.each(['20261121T1400Z-1', '20261121T1400Z-100', '20261121T1400Z-ab', '20261121T1400Z/'])(
    '%s is not a version name',
    (name) => {
      expect(VERSION_PATTERN.test(name)).toBe(false)
    },
  )
})

test('leftover cleaning spares the temporary folder of a run that is still alive', async () => {
  const alive = Bun.spawn(['sleep', '30'])
  const gone = Bun.spawn(['true'])
  await gone.exited
  try {
    mkdirSync(join(tmp.dir, `.tmp-20261121T1400Z-${alive.pid}`))
    mkdirSync(join(tmp.dir, `.tmp-20261121T1300Z-${gone.pid}`))
    expect(cleanLeftovers(tmp.dir)).toEqual([`.tmp-20261121T1300Z-${gone.pid}`])
    expect(existsSync(join(tmp.dir, `.tmp-20261121T1400Z-${alive.pid}`))).toBe(true)
  } finally {
    alive.kill()
  }
})
