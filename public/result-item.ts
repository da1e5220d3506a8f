/** One search result: headline, standfirst, where and when, and its signals (category and tone) as badges. */
import { TONE_WORDS, signedScore } from './display-names.ts'
import { h, highlighted, utcMinute } from './dom.ts'
import type { SearchHit } from './wire-types.ts'

/** Entity chips shown on a result: its most mentioned ones. */
const CHIPS = 6

/**
 * `onHideHost`: leave this publisher out of the search (exclude_host), offered beside its name.
 * `onEntity`: keep only articles naming this entity (the `entity` filter), offered on each chip.
 */
export function hitItem(
  hit: SearchHit,
  onHideHost?: (host: string) => void,
  onEntity?: (key: string) => void,
): HTMLLIElement {
  const title = hit.title !== undefined && hit.title !== '' ? highlighted(hit.title) : '(no title)'
  const image =
    hit.image !== undefined && hit.image !== ''
      ? h('img', {
          src: hit.image,
          alt: '',
          loading: 'lazy',
          referrerpolicy: 'no-referrer',
          width: 96,
          height: 72,
          onerror: (e: Event) => (e.target as HTMLElement).remove(),
        })
      : null
  const meta = [
    hit.host,
    hit.published_at === undefined ? undefined : utcMinute(hit.published_at),
    [hit.lang, hit.country].filter(Boolean).join(' · '),
  ].filter((s) => s !== undefined && s !== '')
  return h(
    'li',
    { class: 'hit' },
    image,
    h(
      'div',
      {},
      h(
        'h3',
        {},
        hit.url === undefined ? title : h('a', { href: hit.url, rel: 'noopener noreferrer', target: '_blank' }, title),
      ),
      hit.description !== undefined && hit.description !== '' ? h('p', {}, highlighted(hit.description)) : null,
      h('p', { class: 'meta' }, meta.join(' — ')),
      signals(hit, hideButton(hit, onHideHost)),
      entityChips(hit, onEntity),
    ),
  )
}

const TYPE_WORDS: Record<NonNullable<SearchHit['entities']>[number]['type'], string> = {
  person: 'Person',
  organisation: 'Organisation',
  place: 'Place',
}

/** The people, organisations and places the article names, each a button that filters by it. */
function entityChips(hit: SearchHit, onEntity?: (key: string) => void): HTMLParagraphElement | null {
  const list = (hit.entities ?? []).slice(0, CHIPS)
  if (list.length === 0) return null
  return h(
    'p',
    { class: 'entities' },
    h('span', { class: 'sr-only' }, 'Named: '),
    ...list.map((e) =>
      onEntity === undefined
        ? h('span', { class: `chip entity ${e.type}`, 'data-entity': e.key, title: TYPE_WORDS[e.type] }, e.name)
        : h(
            'button',
            {
              type: 'button',
              class: `chip entity ${e.type}`,
              'data-entity': e.key,
              title: `${TYPE_WORDS[e.type]}: only articles naming ${e.name}`,
              onclick: () => onEntity(e.key),
            },
            e.name,
          ),
    ),
  )
}

/**
 * The category and the tone, e.g. `sport` and `negative −0.42`. The tone's colour repeats what the
 * word says (never colour alone); the hidden prefixes make a screen reader say "Category: sport, tone: negative −0.42".
 */
/** "hide <host>": leaves the publisher out of the search. */
function hideButton(hit: SearchHit, onHideHost?: (host: string) => void): HTMLButtonElement | null {
  const host = hit.host
  if (host === undefined || host === '' || onHideHost === undefined) return null
  return h(
    'button',
    {
      type: 'button',
      class: 'link hide-host',
      'data-host': host,
      title: `Leave ${host} out of this search`,
      onclick: () => onHideHost(host),
    },
    `hide ${host}`,
  )
}

function signals(hit: SearchHit, action: HTMLButtonElement | null): HTMLParagraphElement | null {
  const category =
    hit.category === undefined || hit.category === ''
      ? null
      : h(
          'span',
          { class: 'badge category', 'data-category': hit.category },
          h('span', { class: 'sr-only' }, 'Category: '),
          hit.category,
        )
  const tone =
    hit.sentiment === undefined
      ? null
      : h(
          'span',
          {
            class: `badge tone ${hit.sentiment}`,
            'data-sentiment': hit.sentiment,
            title: `Tone ${TONE_WORDS[hit.sentiment]}${hit.score === undefined ? '' : `, score ${signedScore(hit.score)} on a scale from −1 to +1`}${hit.labelled_by === undefined ? '' : `, labelled by the ${hit.labelled_by}`}`,
          },
          h('span', { class: 'sr-only' }, 'Tone: '),
          TONE_WORDS[hit.sentiment],
          hit.score === undefined ? null : h('span', { class: 'score' }, ` ${signedScore(hit.score)}`),
        )
  return category === null && tone === null && action === null
    ? null
    : h('p', { class: 'signals' }, category, ' ', tone, action)
}
