import { describe, expect, test } from 'bun:test'
import { extractBodyText } from '../../batch/extract/body-text.ts'
import { parseHtmlTree } from '../../batch/extract/html-tree.ts'

const P = (label: string): string =>
  `<p>${label}: a paragraph of article prose, long enough to count, with commas, clauses, and a full stop.</p>`

function bodyOf(html: string): string {
  return extractBodyText(parseHtmlTree(html))
}

describe('extractBodyText', () => {
  test.each([
    {
      name: 'furniture-named wrapper around the whole page is kept',
      html: `<body><div class="Page-ad-margins"><div class="article-body">${P('A1')}${P('A2')}${P('A3')}</div></div></body>`,
      has: ['A1:', 'A3:'],
      not: [],
    },
    {
      name: 'comments after the article are dropped',
      html: `<body><article><div class="entry-content">${P('A1')}${P('A2')}${P('A3')}</div>
        <section id="comments" class="comments-area">${P('C1')}${P('C2')}${P('C3')}${P('C4')}</section></article></body>`,
      has: ['A1:', 'A3:'],
      not: ['C1:', 'C4:'],
    },
    {
      name: 'inline-hidden copies are dropped',
      html: `<body><article>${P('A1')}${P('A2')}${P('A3')}</article><div style="display:none"><div itemprop="articleBody">${P('H1')}${P('H2')}${P('H3')}${P('H4')}</div></div></body>`,
      has: ['A1:'],
      not: ['H1:'],
    },
    {
      name: 'a body split around an advert is joined',
      html: `<body><div class="story"><div class="article-body">${P('A1')}${P('A2')}</div><div class="ad">Advertisement</div><div class="article-body">${P('A3')}${P('A4')}</div></div>
        <aside>${P('S1')}</aside></body>`,
      has: ['A1:', 'A4:'],
      not: ['Advertisement', 'S1:'],
    },
    {
      name: 'captions, share bars and author boxes inside the article are dropped',
      html: `<body><article><figure><img src="a.jpg"><figcaption>Caption text here</figcaption></figure>${P('A1')}${P('A2')}
        <div class="social-share"><a href="#">Share this story on social networks</a></div>${P('A3')}
        <div class="author-bio"><p>Jane writes about markets and has done so for a very long time, at several papers.</p></div></article></body>`,
      has: ['A1:', 'A3:'],
      not: ['Caption text', 'Share this', 'Jane writes'],
    },
    {
      name: 'paragraphs written as divs with <br>',
      html: `<body><div id="main"><div class="txt">First line of a long text written without p tags, as some sites do, sadly.<br>Second line of the same text, again long enough, with commas, and more.<br>Third line closes it off with a sentence, a clause, and a stop.</div></div></body>`,
      has: ['First line', 'Third line'],
      not: [],
    },
  ])('$name', ({ html, has, not }) => {
    const text = bodyOf(html)
    for (const want of has) expect(text).toContain(want)
    for (const unwanted of not) expect(text).not.toContain(unwanted)
  })

  test('no paragraphs, no body', () => {
    expect(bodyOf('<body><nav><a href="/">Home</a></nav></body>')).toBe('')
  })
})

describe('a body of short paragraphs', () => {
  test('is kept when no paragraph reaches the scoring length', () => {
    expect(bodyOf('<body><p>OSLO 2026-11-27</p><p>Angela Merkel met Putin.</p></body>')).toBe(
      'OSLO 2026-11-27\n\nAngela Merkel met Putin.',
    )
  })

  test('links and furniture stay out of it', () => {
    expect(
      bodyOf('<body><nav><p><a href="/">Home</a></p></nav><p>Short story.</p><p><a href="/x">More</a></p></body>'),
    ).toBe('Short story.')
  })
})
