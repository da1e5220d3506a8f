import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { resolveInputs } from '../../batch/warc/inputs.ts'
import { scratchDir } from './warc-fixture.ts'

const scratch = scratchDir()
const at = (...parts: string[]) => path.join(scratch.dir, ...parts)
const opts = { ccNewsBaseUrl: 'http://127.0.0.1:9/' } // never contacted by these tests

beforeAll(() => {
  for (const dir of ['in/2024/01', 'in/2024/02', 'in/empty', 'other']) mkdirSync(at(dir), { recursive: true })
  const files = [
    'in/b.warc.gz',
    'in/a.warc',
    'in/2024/01/x.warc.gz',
    'in/2024/02/y.WARC.GZ',
    'in/notes.txt',
    'in/c.warc.gz.tmp',
    'in/empty/.keep',
    'other/z.warc.gz',
  ]
  for (const file of files) writeFileSync(at(file), 'x')
})
afterAll(scratch.cleanup)

describe('resolveInputs', () => {
  test('a directory: every .warc and .warc.gz below it, recursively, sorted', async () => {
    expect(await resolveInputs([at('in')], opts)).toEqual(
      ['in/2024/01/x.warc.gz', 'in/2024/02/y.WARC.GZ', 'in/a.warc', 'in/b.warc.gz'].map((f) => at(f)),
    )
  })

  test('a file, absolute or relative, comes back absolute', async () => {
    const relative = path.relative(process.cwd(), at('in/a.warc'))
    expect(await resolveInputs([relative], opts)).toEqual([at('in/a.warc')])
  })

  test('a glob (Bun.Glob), sorted; the pattern picks, not the extension', async () => {
    expect(await resolveInputs([at('in/**/*.gz')], opts)).toEqual(
      ['in/2024/01/x.warc.gz', 'in/b.warc.gz'].map((f) => at(f)),
    )
    expect(await resolveInputs([at('in/*')], opts)).toEqual(
      ['in/a.warc', 'in/b.warc.gz', 'in/c.warc.gz.tmp', 'in/notes.txt'].map((f) => at(f)),
    )
  })

  test('URLs pass through; order of specs is kept; duplicates are dropped', async () => {
    const url = 'https://data.commoncrawl.org/crawl-data/CC-NEWS/2024/01/CC-NEWS-20240101012345-00000.warc.gz'
    expect(await resolveInputs([at('other'), url, at('in/a.warc'), at('in/*.warc'), url], opts)).toEqual([
      at('other/z.warc.gz'),
      url,
      at('in/a.warc'),
    ])
  })

  test('no specs → no sources', async () => expect(await resolveInputs([], opts)).toEqual([]))

  test.each([
    {
      name: 'missing path',
      spec: () => at('nope.warc.gz'),
      error: () => `invalid input "${at('nope.warc.gz')}": no such file or directory`,
    },
    {
      name: 'glob matching nothing',
      spec: () => at('in/*.arc'),
      error: () => `invalid input "${at('in/*.arc')}": the pattern matches no files`,
    },
    {
      name: 'directory without WARC files',
      spec: () => at('in/empty'),
      error: () => `invalid input "${at('in/empty')}": no .warc or .warc.gz files in this directory`,
    },
    {
      name: 'unsupported scheme',
      spec: () => 's3://commoncrawl/crawl-data/x.warc.gz',
      error: () => 'invalid input "s3://commoncrawl/crawl-data/x.warc.gz": only http(s) URLs are supported',
    },
    { name: 'malformed URL', spec: () => 'http://', error: () => 'invalid input "http://": not a valid URL' },
    { name: 'empty spec', spec: () => '', error: () => 'invalid input "": empty' },
  ])('$name → one-line error', async ({ spec, error }) => {
    const thrown = await resolveInputs([spec()], opts).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).message).toBe(error())
  })
})
