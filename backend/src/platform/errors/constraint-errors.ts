import type { ErrorCode } from '@rfid/contracts';

/**
 * Read-model constraints that enforce a business rule atomically with the append (a unique username,
 * a unique tag code). A violation of one of them is that rule's error, not a 500.
 */
const byConstraint = new Map<string, ErrorCode>();

export function registerConstraintErrors(map: Record<string, ErrorCode>): void {
  for (const [constraint, code] of Object.entries(map)) byConstraint.set(constraint, code);
}

export function constraintErrorCode(err: unknown): ErrorCode | undefined {
  const e = err as { code?: string; constraint?: string };
  if ((e?.code === '23505' || e?.code === '23503') && e.constraint) return byConstraint.get(e.constraint);
  return undefined;
}
