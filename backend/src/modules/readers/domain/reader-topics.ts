import { READER_TOPIC_KINDS, type ReaderTopicKind, type ReaderTopics } from '@rfid/contracts';

/**
 * Whether two topic names overlap: the same, or one above the other (`a/b` is above `a/b/c`). A
 * broker's access rules and a client's subscriptions are written with wildcards under a level
 * (`rfid/readers/A/#`), so a topic below another reader's is that reader's in practice.
 */
export function topicsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The first of a reader's own topics that overlaps another of them (each of the four is its own), or undefined. */
export function overlappingOwnTopic(topics: ReaderTopics): { kind: ReaderTopicKind; with: ReaderTopicKind } | undefined {
  for (const [i, kind] of READER_TOPIC_KINDS.entries()) {
    for (const other of READER_TOPIC_KINDS.slice(0, i)) if (topicsOverlap(topics[kind], topics[other])) return { kind, with: other };
  }
  return undefined;
}

/** The first of `topics` that overlaps a topic of another reader, naming that reader, or undefined. */
export function topicTakenByOther(topics: ReaderTopics, others: readonly { code: string; topics: ReaderTopics }[]): { kind: ReaderTopicKind; reader: string; topic: string } | undefined {
  for (const kind of READER_TOPIC_KINDS) {
    for (const other of others) {
      const taken = READER_TOPIC_KINDS.map((k) => other.topics[k]).find((t) => topicsOverlap(topics[kind], t));
      if (taken) return { kind, reader: other.code, topic: taken };
    }
  }
  return undefined;
}
