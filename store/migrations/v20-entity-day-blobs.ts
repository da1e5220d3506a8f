/**
 * Migration 20 (issue 27), frozen. NEVER CHANGE THIS FILE (store/migrations/README.md).
 *
 * Per-day entity counts packed one row a day and country (store/entity-blobs.ts): a 30-day
 * trending list reads 30 blobs instead of a million entity_days rows. Any change to entity_days
 * marks its day stale; the batch job packs stale days again after each ingest, and a reader takes
 * a stale day from entity_days. Every day already counted starts stale.
 */
export const ENTITY_DAY_BLOBS_V20 = `
  DROP TRIGGER IF EXISTS entity_blob_stale_insert;
  DROP TRIGGER IF EXISTS entity_blob_stale_update;
  DROP TRIGGER IF EXISTS entity_blob_stale_delete;
  DROP TABLE IF EXISTS entity_day_blobs;
  DROP TABLE IF EXISTS entity_blob_stale;
  CREATE TABLE entity_day_blobs (
    day INTEGER NOT NULL,
    country TEXT NOT NULL,                 -- the articles' country; '' for all countries
    entities INTEGER NOT NULL,             -- records in the blob
    blob BLOB NOT NULL,                    -- int32 little-endian: entity, pos, neu, neg, score_milli
    PRIMARY KEY (day, country)
  ) WITHOUT ROWID;
  CREATE TABLE entity_blob_stale (day INTEGER PRIMARY KEY);
  CREATE TRIGGER entity_blob_stale_insert AFTER INSERT ON entity_days BEGIN
    INSERT INTO entity_blob_stale (day) SELECT NEW.day WHERE NOT EXISTS (SELECT 1 FROM entity_blob_stale WHERE day = NEW.day);
  END;
  CREATE TRIGGER entity_blob_stale_update AFTER UPDATE ON entity_days BEGIN
    INSERT INTO entity_blob_stale (day) SELECT NEW.day WHERE NOT EXISTS (SELECT 1 FROM entity_blob_stale WHERE day = NEW.day);
  END;
  CREATE TRIGGER entity_blob_stale_delete AFTER DELETE ON entity_days BEGIN
    INSERT INTO entity_blob_stale (day) SELECT OLD.day WHERE NOT EXISTS (SELECT 1 FROM entity_blob_stale WHERE day = OLD.day);
  END;
  INSERT INTO entity_blob_stale (day) SELECT DISTINCT day FROM entity_days;
`
// Not INSERT OR IGNORE: inside a trigger the statement that fired it sets the conflict policy
// (the writer's upsert into article_entities), so a second row of a day would fail.
