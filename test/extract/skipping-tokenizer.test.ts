import { describe, expect, test } from 'bun:test'
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import { benchmarkAvailable, fundusAvailable, loadBenchmark, loadFundus } from '../../bench/extract-corpus.ts'
import { hasInternals, SkippingTokenizer } from '../../batch/extract/skipping-tokenizer.ts'

/**
 * SkippingTokenizer only skips characters its base states ignore, so it must call back exactly as
 * htmlparser2's Tokenizer does: the same callbacks, in the same order, with the same offsets.
 */
function callStream(TokenizerClass: typeof Tokenizer, html: string, chunkChars = html.length): string[] {
  const calls: string[] = []
  const record =
    (name: string) =>
    (...args: number[]): void => {
      calls.push(`${name} ${args.join(' ')}`)
    }
  const callbacks: TokenizerCallbacks = {
    onattribdata: record('attribdata'),
    onattribentity: record('attribentity'),
    onattribend: record('attribend'),
    onattribname: record('attribname'),
    oncdata: record('cdata'),
    onclosetag: record('closetag'),
    oncomment: record('comment'),
    ondeclaration: record('declaration'),
    onend: record('end'),
    onopentagend: record('opentagend'),
    onopentagname: record('opentagname'),
    onprocessinginstruction: record('processinginstruction'),
    onselfclosingtag: record('selfclosingtag'),
    ontext: record('text'),
    ontextentity: record('textentity'),
  }
  const tokenizer = new TokenizerClass({ decodeEntities: true }, callbacks)
  for (let at = 0; at < html.length; at += Math.max(1, chunkChars)) tokenizer.write(html.slice(at, at + chunkChars))
  tokenizer.end()
  return calls
}

/** callStream folded into a number and a count: cheap enough for whole pages. */
function callHash(TokenizerClass: typeof Tokenizer, html: string): string {
  let hash = 0
  let calls = 0
  const record =
    (id: number) =>
    (...args: number[]): void => {
      calls++
      hash = Math.imul(hash ^ id, 0x01000193) >>> 0
      for (const arg of args) hash = Math.imul(hash ^ (arg | 0), 0x01000193) >>> 0
    }
  const names = [
    'onattribdata',
    'onattribentity',
    'onattribend',
    'onattribname',
    'oncdata',
    'onclosetag',
    'oncomment',
    'ondeclaration',
    'onend',
    'onopentagend',
    'onopentagname',
    'onprocessinginstruction',
    'onselfclosingtag',
    'ontext',
    'ontextentity',
  ] as const
  const callbacks = Object.fromEntries(names.map((name, i) => [name, record(i + 1)])) as unknown as TokenizerCallbacks
  const tokenizer = new TokenizerClass({ decodeEntities: true }, callbacks)
  tokenizer.write(html)
  tokenizer.end()
  return `${calls}:${hash}`
}

const MARKUP = [
  '<p class="a b" id=x data-json=\'{"a":1}\' hidden>Text &amp; more &copy text &#x41;&#65 &bogus; end</p>',
  '<a href="/x?a=1&amp;b=2&c" title=\'it&apos;s\' rel=author>link</a><br/><img src=x alt="">',
  '<script>if (a < b && c > d) { s = "</scr" + "ipt>"; t = "<\\/script>" }</script><p>after</p>',
  '<script type="application/ld+json">{"@type":"NewsArticle","headline":"A &amp; B"}</script >',
  '<style>p > a { color: red } /* < */</style><title>Title &amp; more &lt;b&gt;</title>',
  '<textarea>raw <b>bold</b> &amp;</textarea><xmp><i>x</i></xmp>',
  '<!-- comment <p>not a tag</p> --><!DOCTYPE html><?xml version="1.0"?><![CDATA[ data ]]>',
  '<DIV CLASS="Up" ID=Mixed LANG="EN">Upper</DIV ><div\tclass="tab"\nid="nl">x</div\n>',
  '<p a b=c d = "e" f=\'g\'/ h>x</p><p/ ><p =x>y</p>',
  '<script>\u001c/script> still script</script>tail',
  '<p>unclosed entity &amp',
  '<div class="unclosed',
  '<div class=unclosed',
  '<div cla',
  '<div',
  '</div',
  'text with < lone lt and <3 and a&b',
  '<title>open title &amp; never closed',
  '<script>never closed',
]

describe('SkippingTokenizer calls back as htmlparser2 Tokenizer does', () => {
  test('the overridden states exist in this htmlparser2 release', () => {
    expect(hasInternals).toBe(true)
  })

  test.each(MARKUP.map((html) => ({ html })))('$html', ({ html }) => {
    expect(callStream(SkippingTokenizer, html)).toEqual(callStream(Tokenizer, html))
  })

  test('every prefix of the markup above', () => {
    const all = MARKUP.join('\n')
    for (let end = 0; end <= all.length; end += 7) {
      const html = all.slice(0, end)
      expect(callStream(SkippingTokenizer, html)).toEqual(callStream(Tokenizer, html))
    }
  })

  test.each([1, 5, 64])('the markup above written in pieces of %i characters', (chunkChars) => {
    const all = MARKUP.join('\n')
    expect(callStream(SkippingTokenizer, all, chunkChars)).toEqual(callStream(Tokenizer, all, chunkChars))
  })

  test.skipIf(!benchmarkAvailable() || !fundusAvailable())(
    'every corpus page',
    () => {
      const pages = [...(loadBenchmark() ?? []), ...(loadFundus() ?? [])]
      expect(pages.length).toBe(439)
      const differing = pages
        .filter((page) => callHash(SkippingTokenizer, page.html) !== callHash(Tokenizer, page.html))
        .map((page) => page.url)
      expect(differing).toEqual([])
    },
    60_000,
  )
})
