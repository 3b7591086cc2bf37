/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

const isDeadlock = (err: unknown): boolean => (err as { code?: string } | null)?.code === DEADLOCK_DETECTED;

/**
 * Runs a whole transaction again when PostgreSQL ended it to break a deadlock, up to `attempts` times.
 * For work that locks many tables while the site keeps writing (a rebuild empties every read model):
 * another transaction may hold one of them and wait for one already taken, in the other order, and
 * PostgreSQL then ends one of the two. The transaction ended wrote nothing, so running it again is safe.
 */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= attempts) throw err;
    }
  }
}
