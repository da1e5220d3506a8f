/**
 * Migration 1's tables: articles, their bodies, URL variants, ingested WARC files, prices. Frozen:
 * NEVER CHANGE THIS FILE (store/migrations/README.md).
 */
export const TABLES_SQL_V1 = `
  CREATE TABLE articles (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- monotone: snapshot watermarks are a seq
    id TEXT NOT NULL UNIQUE,                -- stable hash of the canonical url
    url TEXT NOT NULL UNIQUE,
    target_uri TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    published_at INTEGER NOT NULL,          -- epoch seconds UTC
    date_source TEXT NOT NULL,
    crawled_at INTEGER NOT NULL,            -- epoch seconds UTC (WARC-Date)
    host TEXT NOT NULL,
    tld TEXT NOT NULL,
    image TEXT NOT NULL,
    authors TEXT NOT NULL,                  -- JSON array of strings
    tags TEXT NOT NULL,                     -- JSON array of strings
    words INTEGER NOT NULL,
    declared_lang TEXT NOT NULL,
    section TEXT NOT NULL,
    site_country TEXT NOT NULL,
    lang TEXT NOT NULL,
    country TEXT NOT NULL,
    country_source TEXT NOT NULL,
    category TEXT NOT NULL,
    category_confidence REAL NOT NULL,
    sentiment TEXT NOT NULL,
    score REAL NOT NULL,
    labelled_by TEXT NOT NULL,
    lexicon_score INTEGER NOT NULL,
    lexicon_terms TEXT NOT NULL,
    is_bitcoin INTEGER NOT NULL,
    dup_key TEXT NOT NULL,
    source_file TEXT NOT NULL
  );
  CREATE INDEX articles_published ON articles(published_at);
  CREATE INDEX articles_crawled ON articles(crawled_at);
  CREATE INDEX articles_country_published ON articles(country, published_at);
  CREATE INDEX articles_bitcoin_published ON articles(is_bitcoin, published_at) WHERE is_bitcoin = 1;
  CREATE INDEX articles_dup_key ON articles(dup_key);

  -- Bodies live apart from the metadata so searches never page them in.
  CREATE TABLE article_text (
    seq INTEGER PRIMARY KEY REFERENCES articles(seq) ON DELETE CASCADE,
    text TEXT NOT NULL
  );

  -- Every crawled URL that led to an article (the canonical one and its variants).
  CREATE TABLE url_aliases (
    target_uri TEXT PRIMARY KEY,
    url TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE warc_files (
    source TEXT PRIMARY KEY,               -- path or URL as given to ingest
    status TEXT NOT NULL,                  -- running | done
    next_record INTEGER NOT NULL,          -- records before this index are committed
    records INTEGER NOT NULL,
    html INTEGER NOT NULL,
    articles INTEGER NOT NULL,             -- new articles this file added
    duplicates INTEGER NOT NULL,           -- HTML pages whose URL was already stored
    skipped TEXT NOT NULL,                 -- JSON object reason -> count
    started_at INTEGER NOT NULL,
    finished_at INTEGER
  ) WITHOUT ROWID;

  CREATE TABLE candles (
    instrument TEXT NOT NULL,
    open_time INTEGER NOT NULL,            -- epoch ms UTC
    open REAL NOT NULL, high REAL NOT NULL, low REAL NOT NULL, close REAL NOT NULL,
    volume REAL NOT NULL, trades INTEGER NOT NULL, hours INTEGER NOT NULL,
    PRIMARY KEY (instrument, open_time)
  ) WITHOUT ROWID;

  CREATE TABLE daily_closes (
    instrument TEXT NOT NULL,
    day INTEGER NOT NULL,                  -- epoch ms of 00:00 UTC
    close REAL NOT NULL,
    PRIMARY KEY (instrument, day)
  ) WITHOUT ROWID;

  -- Which provider the loaded prices of an instrument came from (the contract's \`source\`).
  CREATE TABLE instrument_sources (
    instrument TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `
