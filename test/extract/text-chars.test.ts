import { describe, expect, test } from 'bun:test'
import { countVisible, type HtmlElement, parseHtmlTree, walkElements } from '../../batch/extract/html-tree.ts'
import { loadBenchmark, loadFundus } from '../../bench/extract-corpus.ts'

/** The definition: countVisible summed over an element's text children, read after the parse. */
function mismatches(html: string): string[] {
  const wrong: string[] = []
  walkElements(parseHtmlTree(html).root, (element: HtmlElement) => {
    let want = 0
    for (const child of element.children) if (typeof child === 'string') want += countVisible(child)
    if (element.textChars !== want) wrong.push(`<${element.tag}> #${element.id}: ${element.textChars}, want ${want}`)
  })
  return wrong
}

describe('HtmlElement.textChars, counted during the parse, is countVisible of its text children', () => {
  test.each([
    { name: 'text split by entities and comments', html: '<p>Tom &amp; Jerry<!-- x --> &nbsp;and&#x1F600;&#160;</p>' },
    {
      name: 'title, script, style, textarea',
      html: '<title> A &lt;b&gt; </title><script>x<y</script><style>p{}</style><textarea>t</textarea><p>k</p>',
    },
    {
      name: 'opaque parents (svg, noscript)',
      html: '<svg><text>drawn</text></svg><noscript>no js</noscript><div> d </div>',
    },
    { name: 'implied ends and stray end tags', html: '<ul><li>one<li>two</ul></b> tail <p>a<p>b' },
    { name: 'controls, tabs, no-break space, U+FEFF', html: '<div>\u0001\t\n \u00a0\ufeffx\u2003</div>' },
    { name: 'no markup', html: 'plain text only' },
  ])('$name', ({ html }) => expect(mismatches(html)).toEqual([]))

  const pages = [...(loadBenchmark() ?? []), ...(loadFundus() ?? [])]
  test.skipIf(pages.length === 0)('every element of the corpus pages', () => {
    const wrong = pages.flatMap((page) => mismatches(page.html).slice(0, 1))
    expect(wrong).toEqual([])
  })
})
