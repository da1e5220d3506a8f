/**
 * Migration 11's span counts, frozen: the span levels (level L covers 4^L whole UTC days starting
 * at a multiple of 4^L) and the triggers that keep article_day_facets and article_spans equal to
 * their GROUP BY over the articles. NEVER CHANGE THIS FILE (store/migrations/README.md). The levels
 * the search reads, store/schema.ts `SPAN_LEVELS`, are these until a new migration rebuilds
 * article_spans with others (and points SPAN_LEVELS at its own frozen copy).
 */
import { countTriggersV6 } from './v6-article-days-triggers.ts'

export const SPAN_LEVELS_V11 = [1, 2, 3] as const

/**
 * One article in or out of its article_day_facets row and its article_spans rows. Removal names
 * each level's span outright (one statement per level), so every UPDATE and DELETE is a primary-key
 * lookup: a condition like `span = day >> (2 * level)` over all levels could not use the key and
 * read the whole table per article.
 */
const spanCounts = (row: 'NEW' | 'OLD', delta: 1 | -1): string => {
  const day = `${row}.published_at / 86400`
  const defaulted = `(${row}.country_source = 'default')`
  const facetsMatch = `day = ${day} AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted}`
  const spanMatch = (level: number) =>
    `level = ${level} AND span = (${day}) >> ${2 * level} AND host = ${row}.host AND lang = ${row}.lang AND country = ${row}.country AND tld = ${row}.tld AND defaulted = ${defaulted}`
  return delta === 1
    ? `INSERT INTO article_day_facets (day, lang, country, tld, defaulted, n)
         VALUES (${day}, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, 1)
         ON CONFLICT DO UPDATE SET n = n + 1;
       INSERT INTO article_spans (level, span, host, lang, country, tld, defaulted, n)
         SELECT level, (${day}) >> (2 * level), ${row}.host, ${row}.lang, ${row}.country, ${row}.tld, ${defaulted}, 1
         FROM span_levels WHERE true
         ON CONFLICT DO UPDATE SET n = n + 1;`
    : `UPDATE article_day_facets SET n = n - 1 WHERE ${facetsMatch};
       DELETE FROM article_day_facets WHERE ${facetsMatch} AND n <= 0;
       ${SPAN_LEVELS_V11.map(
         (l) => `UPDATE article_spans SET n = n - 1 WHERE ${spanMatch(l)};
       DELETE FROM article_spans WHERE ${spanMatch(l)} AND n <= 0;`,
       ).join('\n       ')}`
}

/** The triggers that keep article_day_facets and article_spans equal to their GROUP BY over articles. */
export const SPAN_TRIGGERS_V11 = countTriggersV6('article_spans', spanCounts)
