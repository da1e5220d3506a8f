import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ExtractedArticle } from '../../core/article.ts'
import { corpusDir } from '../../core/corpus-dir.ts'

/** The shared corpus (read-only, outside the repo); tests that need it skip when it is absent. */
export const CORPUS_DIR = corpusDir(process.env)

export function corpusFile(relative: string): string | null {
  const path = join(CORPUS_DIR, relative)
  if (existsSync(path)) return path
  console.log(`skipping: ${path} is absent (set NEWSDESK_CORPUS to the shared corpus)`)
  return null
}

/** An extracted article with neutral defaults; each test sets only the fields it is about. */
export function article(overrides: Partial<ExtractedArticle> = {}): ExtractedArticle {
  return {
    url: 'https://example.com/a/1',
    target_uri: 'https://example.com/a/1',
    title: '',
    description: '',
    published_at: '2025-01-01T00:00:00Z',
    date_source: 'meta',
    crawled_at: '2025-01-01T00:00:00Z',
    host: 'example.com',
    tld: 'com',
    image: '',
    authors: [],
    tags: [],
    text: '',
    words: 0,
    declared_lang: '',
    section: '',
    site_country: '',
    ...overrides,
  }
}
