/** Fixture zips were written by Python's zipfile (an independent writer), one deflated, one stored. */
import { describe, expect, test } from 'bun:test'
import { PriceDataError } from '../../batch/prices/errors.ts'
import { extractZipEntry, isZip, listZipEntries } from '../../batch/prices/zip-entries.ts'
import { fixturePath, readFixture } from './fixtures.ts'

const bytesOf = async (name: string): Promise<Uint8Array> =>
  new Uint8Array(await Bun.file(fixturePath(name)).arrayBuffer())
const isCsv = (name: string): boolean => name.endsWith('.csv')

describe('zip entries', () => {
  test.each([
    { file: 'eurofxref-hist-sample.zip', names: ['eurofxref-hist.csv'], method: 8 },
    { file: 'eurofxref-hist-stored.zip', names: ['README.txt', 'eurofxref-hist.csv'], method: 0 },
  ])('$file: lists entries and extracts the CSV byte for byte', async ({ file, names, method }) => {
    const zip = await bytesOf(file)
    expect(isZip(zip)).toBe(true)
    const entries = listZipEntries(zip)
    expect(entries.map((e) => e.name)).toEqual([...names])
    expect(entries.at(-1)?.method).toBe(method)
    const csv = new TextDecoder().decode(extractZipEntry(zip, isCsv))
    expect(csv).toBe(await readFixture('eurofxref-hist-sample.csv'))
  })

  test('isZip is false for CSV text', async () => {
    expect(isZip(await bytesOf('eurofxref-hist-sample.csv'))).toBe(false)
  })

  const damage = async (how: (zip: Uint8Array) => Uint8Array): Promise<unknown> => {
    const zip = how(new Uint8Array(await bytesOf('eurofxref-hist-stored.zip')))
    try {
      extractZipEntry(zip, isCsv)
      return null
    } catch (error) {
      return error
    }
  }

  test.each([
    {
      name: 'truncated (no end record)',
      how: (z: Uint8Array) => z.subarray(0, z.length - 30),
      says: 'no end-of-central-directory',
    },
    {
      name: 'a flipped byte in stored data',
      how: (z: Uint8Array) => {
        const at = new TextDecoder().decode(z).indexOf('2024-01-05')
        z[at] = '3'.charCodeAt(0)
        return z
      },
      says: 'fails its CRC check',
    },
    { name: 'not a zip', how: () => new TextEncoder().encode('Date,USD\n'), says: 'no end-of-central-directory' },
  ])('$name: bad-body', async ({ how, says }) => {
    const error = await damage(how)
    expect(error).toBeInstanceOf(PriceDataError)
    expect((error as PriceDataError).code).toBe('bad-body')
    expect((error as PriceDataError).message).toContain(says)
  })

  test('no matching entry names what is there', async () => {
    const zip = await bytesOf('eurofxref-hist-stored.zip')
    expect(() => extractZipEntry(zip, (n) => n.endsWith('.json'))).toThrow('among README.txt, eurofxref-hist.csv')
  })
})
