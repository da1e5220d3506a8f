/**
 * Migration 6's per-day count triggers, frozen: article_days kept equal to
 * `GROUP BY day, host, lang, country, tld, defaulted` over the articles. NEVER CHANGE THIS FILE
 * (store/migrations/README.md). `countTriggersV6` is also how migration 11 names its triggers.
 */

/** One article in or out of its article_days row (`row` is NEW or OLD inside a trigger). */
const dayCount = (row: 'NEW' | 'OLD', delta: 1 | -1): string =>
  delta === 1
    ? `INSERT INTO article_days (day, host, lang, country, tld, defaulted, n)
         VALUES (${row}.published_at / 86400, ${row}.host, ${row}.lang, ${row}.country, ${row}.tld, ${row}.country_source = 'default', 1)
         ON CONFLICT DO UPDATE SET n = n + 1;`
    : `UPDATE article_days SET n = n - 1
         WHERE day = ${row}.published_at / 86400 AND host = ${row}.host AND lang = ${row}.lang AND country = ${row}.country
           AND tld = ${row}.tld AND defaulted = (${row}.country_source = 'default');
       DELETE FROM article_days
         WHERE day = ${row}.published_at / 86400 AND host = ${row}.host AND lang = ${row}.lang AND country = ${row}.country
           AND tld = ${row}.tld AND defaulted = (${row}.country_source = 'default') AND n <= 0;`

/**
 * The insert, delete and update triggers named `name`_… that keep a count table equal to its
 * GROUP BY over the articles, `count` giving the statements for one article in or out.
 */
export const countTriggersV6 = (name: string, count: (row: 'NEW' | 'OLD', delta: 1 | -1) => string): string => `
  CREATE TRIGGER ${name}_insert AFTER INSERT ON articles BEGIN ${count('NEW', 1)} END;
  CREATE TRIGGER ${name}_delete AFTER DELETE ON articles BEGIN ${count('OLD', -1)} END;
  CREATE TRIGGER ${name}_update AFTER UPDATE OF published_at, host, lang, country, tld, country_source ON articles
    WHEN OLD.published_at / 86400 IS NOT NEW.published_at / 86400 OR OLD.host IS NOT NEW.host OR OLD.lang IS NOT NEW.lang
      OR OLD.country IS NOT NEW.country OR OLD.tld IS NOT NEW.tld OR OLD.country_source IS NOT NEW.country_source
    BEGIN ${count('OLD', -1)} ${count('NEW', 1)} END;
`

/** The triggers that keep article_days equal to `GROUP BY day, host, lang, country, tld, defaulted` over articles. */
export const ARTICLE_DAYS_TRIGGERS_V6 = countTriggersV6('article_days', dayCount)
