/**
 * When the search is kept to one entity: who or what it is (name, type, country), its articles and
 * net tone under the search's filters, and the entities most often named with it, each a link to
 * the search kept to that one instead (`/v1/entities/{key}`, issue 27).
 */
import { type Query, getJson, isAbort, latestOnly } from './api-client.ts'
import { countryName, signedScore } from './display-names.ts'
import { byId, h } from './dom.ts'
import type { ParamSpecs } from './param-specs.ts'

const ENTITY = '/v1/entities/{key}'
const RELATED = 8

interface EntityAnswer {
  key: string
  name: string | null
  type: string
  country: string | null
  total: number
  tone: { net_tone: number | null }
  related: { key: string; name: string; type: string; articles: number }[]
}

export function mountEntityCard(
  specs: ParamSpecs,
  onPick: (key: string) => void,
): { render: (filters: Readonly<Record<string, string>>) => void } {
  const card = byId('entity-card')
  const accepted = new Set(specs.queryNames(ENTITY))
  const next = latestOnly()

  async function render(filters: Readonly<Record<string, string>>): Promise<void> {
    const keys = (filters.entity ?? '').split(',').filter((k) => k !== '')
    const signal = next()
    const key = keys[0]
    if (keys.length !== 1 || key === undefined) {
      card.hidden = true
      card.replaceChildren()
      return
    }
    const query: Query = {
      ...Object.fromEntries(Object.entries(filters).filter(([name]) => accepted.has(name))),
      related: RELATED,
      stories: 0,
    }
    try {
      const path = ENTITY.replace('{key}', encodeURIComponent(key))
      const answer = await getJson<EntityAnswer>(path, query, signal)
      card.dataset.entity = answer.key
      card.replaceChildren(...cardBody(answer, onPick))
      card.hidden = false
    } catch (error) {
      // The card only adds to the results; the search's own status reports what went wrong.
      if (!isAbort(error)) card.hidden = true
    }
  }
  return { render: (filters) => void render(filters) }
}

function cardBody(a: EntityAnswer, onPick: (key: string) => void): HTMLElement[] {
  if (a.name === null) return [h('p', { class: 'entity-unknown' }, `No article names ${a.key} under these filters.`)]
  const where = a.country === null ? '' : ` · ${countryName(a.country)}`
  const tone = a.tone.net_tone === null ? '' : ` · net tone ${signedScore(a.tone.net_tone)}`
  return [
    h('h3', { class: 'entity-name' }, a.name),
    h(
      'p',
      { class: 'entity-facts' },
      `${a.type}${where} · `,
      h('span', { class: 'entity-total' }, a.total.toLocaleString('en-US')),
      ` articles${tone}`,
    ),
    ...(a.related.length === 0
      ? []
      : [
          h(
            'p',
            { class: 'entity-related' },
            'Often named with: ',
            ...a.related.map((r) =>
              h(
                'button',
                {
                  type: 'button',
                  class: `chip entity ${r.type}`,
                  'data-entity': r.key,
                  title: `${r.articles.toLocaleString('en-US')} articles name both`,
                  onclick: () => onPick(r.key),
                },
                r.name,
              ),
            ),
          ),
        ]),
  ]
}
