/** Keys, usage counters, rate windows. Times are integer milliseconds. */
export default `
CREATE TABLE keys (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  key_hash       TEXT NOT NULL UNIQUE,   -- hex SHA-256 of the key; the key itself is never stored
  webhook_secret TEXT NOT NULL,          -- kept to sign job callbacks
  daily_quota    INTEGER NOT NULL,
  created_at     INTEGER NOT NULL,
  revoked_at     INTEGER
);

CREATE TABLE usage (
  key_id    INTEGER NOT NULL REFERENCES keys(id),
  day       TEXT NOT NULL,               -- YYYY-MM-DD, UTC
  usage_key TEXT NOT NULL,               -- appraise | zone | categorize | rdap | dns | camelcase
  credits   INTEGER NOT NULL,
  PRIMARY KEY (key_id, day, usage_key)
) WITHOUT ROWID;

CREATE TABLE rate_windows (
  key_id INTEGER NOT NULL,
  bucket TEXT NOT NULL,
  minute INTEGER NOT NULL,               -- epoch minutes, UTC
  count  INTEGER NOT NULL,
  PRIMARY KEY (key_id, bucket, minute)
) WITHOUT ROWID;
`;
