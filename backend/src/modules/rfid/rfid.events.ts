/*
 * The rfid module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
export interface Container {
  name: string | null;
  box: string | null;
  cart: string | null;
}

/** Every event names its tag, and a link or unlink its sample, so reports need no stream's history. */
export type TagEvent =
  | { type: 'TagRegistered'; data: { tagCode: string; container: Container | null } }
  | { type: 'TagLocked'; data: { tagCode: string } }
  | { type: 'TagUnlocked'; data: { tagCode: string } }
  | { type: 'TagCancelled'; data: { tagCode: string } }
  | { type: 'TagLinked'; data: { tagCode: string; sampleId: string; sampleCode: string } }
  | { type: 'TagUnlinked'; data: { tagCode: string; sampleId: string; sampleCode: string; reason: string | null } }
  /** A UNIT tag is one unit of the product, a BOX tag (`box`) a box of its quantity per box. */
  | { type: 'TagLinkedToProduct'; data: { tagCode: string; productId: string; productCode: string; box: boolean } }
  | { type: 'TagUnlinkedFromProduct'; data: { tagCode: string; productId: string; productCode: string; reason: string | null } };
