/**
 * Runs pieces of work one after another, in the order asked, each once the one before has settled: for
 * effects whose order matters within one process (a gate's pass decisions, a count and its stop, the
 * unread counts pushed to a user). A piece's failure is its caller's; it never stops the pieces after it.
 */
export class InTurn {
  private last: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Pieces asked for and not settled yet. */
  get pending(): number {
    return this.waiting;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.last.then(work).finally(() => this.waiting--);
    this.last = result.catch(() => undefined);
    return result;
  }
}

/** One turn per key (a user, a reader): the pieces of a key in order, of different keys side by side. */
export class InTurnByKey {
  private readonly turns = new Map<string, InTurn>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const turn = this.turns.get(key) ?? new InTurn();
    this.turns.set(key, turn);
    // an idle key's turn is forgotten: a key seen once holds nothing for ever
    return turn.run(work).finally(() => {
      if (turn.pending === 0 && this.turns.get(key) === turn) this.turns.delete(key);
    });
  }

  /** Keys with pieces not settled yet. */
  get size(): number {
    return this.turns.size;
  }
}
