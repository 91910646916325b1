/**
 * Jobs (docs/jobs.md): one table with a state column, a lease (owner + token + expiry) and the
 * callback's delivery state; one row per written chunk (the row -> byte-offset table of
 * the results file); each lane's measured throughput. Times are integer milliseconds.
 */
export default `
CREATE TABLE jobs (
  id                  TEXT PRIMARY KEY,            -- job_ + 24 base62
  key_id              INTEGER NOT NULL REFERENCES keys(id),
  type                TEXT NOT NULL,               -- zone_lookup | appraise | categorize
  status              TEXT NOT NULL,               -- queued | running | succeeded | partial | failed | expired | cancelled
  total               INTEGER NOT NULL,
  done                INTEGER NOT NULL DEFAULT 0,  -- rows committed to the results file
  errors              INTEGER NOT NULL DEFAULT 0,  -- committed rows carrying an error field
  options             TEXT NOT NULL,               -- JSON of the submitted options
  chunk_size          INTEGER NOT NULL,            -- fixed at submit so a restart cuts the same chunks
  usage_key           TEXT NOT NULL,
  usage_day           TEXT NOT NULL,               -- UTC day the credits were reserved on (refunds go there)
  credits_reserved    INTEGER NOT NULL,
  credits_refunded    INTEGER NOT NULL DEFAULT 0,
  created             INTEGER NOT NULL,
  started             INTEGER,
  finished            INTEGER,
  deadline            INTEGER NOT NULL,
  expires_at          INTEGER,                     -- results file removal time, set at finish
  files_removed_at    INTEGER,                     -- set when the results file is gone (reported status expired)
  partial             INTEGER NOT NULL DEFAULT 0,
  results_bytes       INTEGER NOT NULL DEFAULT 0,  -- committed length of the results file
  cancel_requested    INTEGER NOT NULL DEFAULT 0,
  failure             TEXT,                        -- internal reason of a failed job (not shown to callers)
  lease_owner         TEXT,
  lease_token         TEXT,
  lease_expires       INTEGER,
  idem_key            TEXT,
  idem_hash           TEXT,
  callback_url        TEXT,
  callback_status     TEXT,                        -- pending | retrying | delivered | gave_up
  callback_attempts   INTEGER NOT NULL DEFAULT 0,
  callback_last_error TEXT,
  callback_next_at    INTEGER,
  callback_event      TEXT,                        -- job.<status> being delivered
  callback_body       TEXT                         -- the exact body, fixed at the final state
);
CREATE INDEX jobs_by_key ON jobs (key_id, created DESC);
CREATE INDEX jobs_in_lane ON jobs (type, status, created) WHERE status IN ('queued', 'running');
CREATE UNIQUE INDEX jobs_idempotency ON jobs (key_id, idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX jobs_callbacks_due ON jobs (callback_next_at) WHERE callback_status IN ('pending', 'retrying');
CREATE INDEX jobs_finished ON jobs (finished) WHERE finished IS NOT NULL;

CREATE TABLE job_chunks (
  job_id    TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  row_start INTEGER NOT NULL,                      -- first row of the chunk
  rows      INTEGER NOT NULL,
  offset    INTEGER NOT NULL,                      -- byte offset of its gzip member
  bytes     INTEGER NOT NULL,                      -- length of the member
  PRIMARY KEY (job_id, row_start)
) WITHOUT ROWID;

CREATE TABLE job_lanes (
  type        TEXT PRIMARY KEY,
  names_per_s REAL NOT NULL                        -- moving average of measured throughput
);
`;
