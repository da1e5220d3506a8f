import { describe, expect, test } from 'bun:test'
import type { EntityMention } from '../../core/enrich/entities.ts'
import { CONSISTENCY_RULES, harmoniseTypes, tagAcronyms } from '../../core/enrich/entity-consistency.ts'

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

describe('tagAcronyms', () => {
  // Tags as core/enrich/entity-model.ts TAGS: O 0, B-PER 1, I-PER 2, B-ORG 3, I-ORG 4, B-LOC 5, I-LOC 6.
  test.each([
    {
      name: 'initials of a tagged organisation in parentheses',
      text: 'the Securities and Exchange Commission ( SEC ) said',
      tags: [0, 3, 4, 4, 4, 0, 0, 0, 0],
      want: [0, 3, 4, 4, 4, 0, 3, 0, 0],
    },
    {
      name: 'initials elsewhere in the text',
      text: 'Veterans Affairs said . VA agreed',
      tags: [3, 4, 0, 0, 0, 0],
      want: [3, 4, 0, 0, 3, 0],
    },
    {
      name: 'initials of a person are left alone',
      text: 'David Lee met DL',
      tags: [1, 2, 0, 0],
      want: [1, 2, 0, 0],
    },
    {
      name: 'not inside a shouted line',
      text: 'Veterans Affairs : THE VA IS HERE',
      tags: [3, 4, 0, 0, 0, 0, 0],
      want: [3, 4, 0, 0, 0, 0, 0],
    },
    {
      name: 'a tagged acronym keeps its tag',
      text: 'Veterans Affairs VA',
      tags: [3, 4, 5],
      want: [3, 4, 5],
    },
    {
      name: 'not a word with lower-case letters',
      text: 'Veterans Affairs Va',
      tags: [3, 4, 0],
      want: [3, 4, 0],
    },
  ])('$name', ({ text, tags, want }) => {
    const tokens = text.split(' ').map((w, i) => ({ text: w, start: i === 0 }))
    expect(Array.from(tagAcronyms(tokens, Uint8Array.from(tags)))).toEqual([...want])
  })
})
