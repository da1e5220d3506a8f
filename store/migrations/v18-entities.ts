/**
 * Migration 18's entity tables (issue 27: entities, article_entities, entity_days) and the
 * triggers that keep entity_days equal to the article_entities rows.
 * NEVER CHANGE THIS FILE (store/migrations/README.md).
 */
export const ENTITY_TABLES_SQL_V18 = `
  DROP TRIGGER IF EXISTS entity_days_insert;
  DROP TRIGGER IF EXISTS entity_days_delete;
  DROP TRIGGER IF EXISTS article_entities_article_delete;
  DROP TABLE IF EXISTS entity_days;
  DROP TABLE IF EXISTS article_entities;
  DROP TABLE IF EXISTS entities;
  CREATE TABLE entities (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,              -- <type>:<slug> (core/entity.ts)
    name TEXT NOT NULL,                    -- the display name of its first mention
    type TEXT NOT NULL,
    country TEXT                           -- ISO-2 of a place that resolves to one
  );
  CREATE TABLE article_entities (
    entity INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    day INTEGER NOT NULL,                  -- published_at / 86400
    country TEXT NOT NULL,                 -- the article's country
    sentiment TEXT NOT NULL,
    score_milli INTEGER NOT NULL,          -- round(score * 1000)
    count INTEGER NOT NULL,                -- mentions in the article
    name TEXT NOT NULL,                    -- the name the article used
    PRIMARY KEY (entity, seq)
  ) WITHOUT ROWID;
  CREATE INDEX article_entities_seq ON article_entities (seq);
  -- Clustered by day, so a window's days are one sequential read (by entity and day through an
  -- index it took 4 s for 30 days at 1M articles: a row lookup per entry); the entity index covers
  -- the background and timeline reads of a few entities.
  CREATE TABLE entity_days (
    day INTEGER NOT NULL,
    country TEXT NOT NULL,
    entity INTEGER NOT NULL,
    sentiment TEXT NOT NULL,
    n INTEGER NOT NULL,
    score_milli INTEGER NOT NULL,
    PRIMARY KEY (day, country, entity, sentiment)
  ) WITHOUT ROWID;
  CREATE INDEX entity_days_entity ON entity_days (entity, day, country, n);
  CREATE TRIGGER entity_days_insert AFTER INSERT ON article_entities BEGIN
    INSERT INTO entity_days (entity, day, country, sentiment, n, score_milli)
      VALUES (NEW.entity, NEW.day, NEW.country, NEW.sentiment, 1, NEW.score_milli)
      ON CONFLICT DO UPDATE SET n = n + 1, score_milli = score_milli + excluded.score_milli;
  END;
  CREATE TRIGGER entity_days_delete AFTER DELETE ON article_entities BEGIN
    UPDATE entity_days SET n = n - 1, score_milli = score_milli - OLD.score_milli
      WHERE entity = OLD.entity AND day = OLD.day AND country = OLD.country AND sentiment = OLD.sentiment;
    DELETE FROM entity_days
      WHERE entity = OLD.entity AND day = OLD.day AND country = OLD.country AND sentiment = OLD.sentiment AND n <= 0;
  END;
  CREATE TRIGGER article_entities_article_delete AFTER DELETE ON articles BEGIN
    DELETE FROM article_entities WHERE seq = OLD.seq;
  END;
  `
