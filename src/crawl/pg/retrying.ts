/** SQLSTATEs of a statement PostgreSQL gave up on because of another transaction: running it again succeeds. */
const TRANSIENT = new Set(['40P01', '40001']);

/** Tries beyond the first. */
const RETRIES = 5;

/**
 * Runs `work`, again when PostgreSQL aborted it for a deadlock or a serialization failure: two workers inserting
 * overlapping sets of URLs can still meet one despite the sorted inserts (the unique index's pages are locked as
 * they are reached), and the answer PostgreSQL's manual gives is to retry the transaction.
 */
export async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= RETRIES || typeof code !== 'string' || !TRANSIENT.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    }
  }
}
