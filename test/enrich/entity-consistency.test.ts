import { describe, expect, test } from 'bun:test'
import type { EntityMention } from '../../core/enrich/entities.ts'
import { CONSISTENCY_RULES, harmoniseTypes } from '../../core/enrich/entity-consistency.ts'

const m = (spec: string): EntityMention => {
  const [type, words] = spec.split(':') as [EntityMention['type'], string]
  return { type, words: words.split(' ') }
}
const show = (ms: readonly EntityMention[]) => ms.map((x) => `${x.type}:${x.words.join(' ')}`)

describe('harmoniseTypes', () => {
  test.each([
    {
      name: 'a lone surname takes the type of the full name',
      in: ['person:Angela Merkel', 'place:Merkel'],
      want: ['person:Angela Merkel', 'person:Merkel'],
    },
    {
      name: 'an acronym takes the type of the name it abbreviates',
      in: ['organisation:European Union', 'place:EU'],
      want: ['organisation:European Union', 'organisation:EU'],
    },
    {
      name: 'small words are not initials',
      in: ['organisation:Bank of England', 'person:BE'],
      want: ['organisation:Bank of England', 'organisation:BE'],
    },
    {
      name: 'a one-word name other than a surname keeps its type',
      in: ['person:Angela Merkel', 'place:Berlin'],
      want: ['person:Angela Merkel', 'place:Berlin'],
    },
    {
      name: 'a word that is not all capitals is no acronym',
      in: ['organisation:European Union', 'place:Eu'],
      want: ['organisation:European Union', 'place:Eu'],
    },
    {
      name: 'a first name is not a surname',
      in: ['person:Angela Merkel', 'place:Angela'],
      want: ['person:Angela Merkel', 'place:Angela'],
    },
  ])('$name', ({ in: input, want }) => {
    expect(show(harmoniseTypes(input.map(m)))).toEqual([...want])
  })

  test('rules off: nothing changes', () => {
    const input = ['person:Angela Merkel', 'place:Merkel', 'organisation:European Union', 'place:EU'].map(m)
    expect(show(harmoniseTypes(input, { ...CONSISTENCY_RULES, surname: false, acronym: false }))).toEqual([
      'person:Angela Merkel',
      'place:Merkel',
      'organisation:European Union',
      'place:EU',
    ])
  })
})
