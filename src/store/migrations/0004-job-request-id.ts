/**
 * The id of the request that submitted a job (its X-Request-Id), kept on the row and shown
 * in the Job object as `request_id`, so a support case that starts from a job (a callback,
 * a status poll) finds the submission's log line. NULL for jobs submitted before it, and for
 * jobs submitted through the tool server.
 */
export default `
ALTER TABLE jobs ADD COLUMN request_id TEXT;
`;
