import { describe, expect, test } from 'bun:test'
import { BODY_NAME_RE, isBodyNamed, isContentMarker, MAIN_NAME_RE } from '../../batch/extract/boilerplate.ts'
import { type HtmlElement, lowerNamesOf, namesOf, parseHtmlTree, walkElements } from '../../batch/extract/html-tree.ts'

/** The first element of `tag` in a one-element page. */
function element(html: string, tag = 'div'): HtmlElement {
  let found: HtmlElement | null = null
  walkElements(parseHtmlTree(html).root, (e) => {
    if (found === null && e.tag === tag) found = e
  })
  if (found === null) throw new Error(`no <${tag}> in ${html}`)
  return found
}

describe('class/id name tests (the cheap pre-test never changes an answer)', () => {
  test.each([
    { attrs: 'class="article-body"', body: true, marker: true },
    { attrs: 'class="ArticleBody"', body: true, marker: true },
    { attrs: 'id="STORY_TEXT"', body: true, marker: true },
    { attrs: 'class="post__entry"', body: true, marker: true },
    { attrs: 'class="field--name--body"', body: true, marker: true },
    { attrs: 'class="field-body"', body: true, marker: true },
    { attrs: 'class="main-content"', body: false, marker: true },
    { attrs: 'class="Body_Text"', body: false, marker: true },
    { attrs: 'id="textContent"', body: false, marker: true },
    { attrs: 'class="article-list" id="posts"', body: false, marker: false },
    { attrs: 'class="sidebar"', body: false, marker: false },
    { attrs: '', body: false, marker: false },
    { attrs: 'itemprop="articleBody"', body: true, marker: true },
    // The long s (U+017F) upper-cases to an ASCII S, which the regex (no u flag) does not fold:
    // not a story; the pre-test on lower-cased names must not say otherwise.
    { attrs: 'class="\u017Ftory-body"', body: false, marker: false },
  ])('$attrs', ({ attrs, body, marker }) => {
    const e = element(`<div ${attrs}>x</div>`)
    expect(isBodyNamed(e)).toBe(body)
    expect(isContentMarker(e)).toBe(marker)
  })

  test('agrees with the bare regexes on generated names', () => {
    const parts = ['article', 'Article', 'story', 'entry', 'post', 'field', 'main', 'body', 'content', 'text']
    const joins = ['', '-', '_', '--', ' ', '-name-', 'x']
    let checked = 0
    for (const a of parts)
      for (const j of joins)
        for (const b of parts) {
          const e = element(`<div class="${a}${j}${b}">x</div>`)
          const value = namesOf(e)
          expect(lowerNamesOf(e)).toBe(value.toLowerCase())
          expect(isBodyNamed(e)).toBe(BODY_NAME_RE.test(value))
          expect(isContentMarker(e)).toBe(BODY_NAME_RE.test(value) || MAIN_NAME_RE.test(value))
          checked++
        }
    expect(checked).toBe(parts.length * joins.length * parts.length)
  })
})
