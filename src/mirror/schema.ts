// The mirror's database schema: per kind, a table of records (the record's JSON as received, a
// checksum of it, and the columns searched or looked up by), the owners of source ids (a record that
// takes another's source ids merged it away), a trigram full-text index of the folded name, street
// and town, a word index of the codes (postcode, source ids, integrations: found as whole words or
// their start, never inside a word, so three-letter runs would only cost), a word index of the
// folded name, street and town (a typo's corrections and a word of one or two letters are whole
// words: one doclist each there, against several trigram doclists each), and the words of the name,
// street and town under their one-letter deletions (vocabulary.ts: typo corrections). Sync state in
// its own table.
import type { Database } from './sqlite';
import type { MirrorKind } from './record-set-types';

/** Bumped when the schema changes: a mirror of another version is rebuilt by the next sync. */
export const SCHEMA_VERSION = 4;

function kindTables(kind: MirrorKind): string {
  return `
CREATE TABLE IF NOT EXISTS ${kind} (
  id TEXT PRIMARY KEY NOT NULL,
  json TEXT NOT NULL,
  checksum INTEGER NOT NULL,
  updated_at TEXT,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  town TEXT NOT NULL,
  postcode TEXT NOT NULL,
  integrations TEXT NOT NULL,
  source_ids TEXT NOT NULL,
  location_id TEXT,
  start_date TEXT,
  pass INTEGER NOT NULL
);
DROP INDEX IF EXISTS ${kind}_pass;
CREATE INDEX IF NOT EXISTS ${kind}_place ON ${kind}(location_id, start_date) WHERE location_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS ${kind}_keys (key TEXT PRIMARY KEY NOT NULL, id TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ${kind}_keys_id ON ${kind}_keys(id);
CREATE TABLE IF NOT EXISTS ${kind}_vocab (del TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (del, word)) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS ${kind}_fts USING fts5(name, address, town, content='', contentless_delete=1, tokenize='trigram');
CREATE VIRTUAL TABLE IF NOT EXISTS ${kind}_codes USING fts5(codes, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE IF NOT EXISTS ${kind}_words USING fts5(name, address, town, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');`;
}

export function createSchema(db: Database): void {
  db.exec(`
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sync_state (kind TEXT PRIMARY KEY NOT NULL, state TEXT NOT NULL);
${kindTables('locations')}
${kindTables('events')}`);
}
