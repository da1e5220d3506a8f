/**
 * The facets of /v1/stats (category, tone, country, language, named entities) as lists of toggle buttons with their
 * counts. A value's button adds it to that filter's comma list; pressing it again removes it. Each
 * list is counted without its own filter (the caller asks /v1/stats once more for that), so a reader
 * can still see and add the other values of a filter already in use.
 */
import { TONE_WORDS, countryName, languageName } from './display-names.ts'
import { h } from './dom.ts'
import { toggled } from './url-state.ts'
import type { FacetBucket, StatsAnswer } from './wire-types.ts'

export interface Facet {
  /** The filter's name in the API and in the page URL. */
  param: 'category' | 'sentiment' | 'country' | 'lang' | 'entity'
  /** Where /v1/stats puts its counts. */
  field: 'categories' | 'sentiments' | 'countries' | 'langs' | 'entities'
  title: string
  label: (bucket: LabelledBucket) => string
}

/** A facet value; entities carry their display name. */
type LabelledBucket = FacetBucket & { name?: string }

/** Named entities the page asks /v1/stats for (its `entities` parameter). */
export const ENTITY_FACET_TOP = 10

export const FACETS: readonly Facet[] = [
  { param: 'category', field: 'categories', title: 'Category', label: ({ key }) => key },
  {
    param: 'sentiment',
    field: 'sentiments',
    title: 'Tone',
    label: ({ key }) => (key in TONE_WORDS ? TONE_WORDS[key as keyof typeof TONE_WORDS] : key),
  },
  {
    param: 'country',
    field: 'countries',
    title: 'Country',
    label: ({ key }) => `${countryName(key)} (${key.toUpperCase()})`,
  },
  {
    param: 'lang',
    field: 'langs',
    title: 'Language',
    label: ({ key }) => `${languageName(key)} (${key.toLowerCase()})`,
  },
  { param: 'entity', field: 'entities', title: 'Named', label: (b) => b.name ?? b.key },
]

export function drawFacets(
  box: HTMLElement,
  answers: ReadonlyMap<Facet['param'], StatsAnswer>,
  active: (param: Facet['param']) => string[],
  onChange: (param: Facet['param'], values: string[]) => void,
): void {
  box.replaceChildren(
    ...FACETS.map((facet) => {
      const chosen = active(facet.param)
      const buckets = withChosen(answers.get(facet.param)?.[facet.field] ?? [], chosen)
      const most = Math.max(1, ...buckets.map((b) => b.articles))
      return h(
        'section',
        { class: 'facet', 'data-facet': facet.param },
        h('h4', {}, facet.title),
        buckets.length === 0
          ? h('p', { class: 'hint' }, 'None in these results.')
          : h(
              'ul',
              {},
              ...buckets.map((b) => {
                const pressed = chosen.some((c) => c.toLowerCase() === b.key.toLowerCase())
                const button = h(
                  'button',
                  {
                    type: 'button',
                    class: 'facet-value',
                    'aria-pressed': pressed ? 'true' : 'false',
                    'data-value': b.key,
                    title: pressed
                      ? `Remove the ${facet.title.toLowerCase()} filter ${b.key}`
                      : `Keep only ${facet.title.toLowerCase()} ${b.key} (with any other ${facet.title.toLowerCase()} chosen)`,
                    onclick: () => onChange(facet.param, toggled(chosen, b.key)),
                  },
                  h('span', { class: 'facet-label' }, facet.label(b)),
                  h('span', { class: 'facet-count' }, b.articles.toLocaleString('en-US')),
                  h('span', { class: 'sr-only' }, b.articles === 1 ? ' article' : ' articles'),
                )
                // Set through the CSSOM: the page's CSP allows no inline style attributes.
                button.style.setProperty('--fill', `${Math.round((b.articles / most) * 100)}%`)
                return h('li', {}, button)
              }),
            ),
      )
    }),
  )
}

/** Chosen values the counts leave out (none left, or past `top`) still get a button, so they can be removed. */
function withChosen(buckets: readonly LabelledBucket[], chosen: readonly string[]): LabelledBucket[] {
  const missing = chosen.filter((c) => !buckets.some((b) => b.key.toLowerCase() === c.toLowerCase()))
  return [...buckets, ...missing.map((key) => ({ key, articles: 0 }))]
}
