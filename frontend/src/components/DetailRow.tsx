import type { ReactNode } from 'react';

/** One row of a `detail-list`: its label, and its value, or a muted dash when there is none. */
export function DetailRow({ label, children, testId }: { label: string; children?: ReactNode; testId?: string }) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{empty ? <span className="muted">—</span> : children}</dd>
    </>
  );
}
