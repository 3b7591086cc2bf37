// A reporter for node's test runner that writes one JSON line per test: its file, its full name (the
// suites it is in, then its own), whether it passed, and the first line of its error. `npm run
// test:repeat` tallies these over its runs.
//
// A test is reported after the tests inside it, each with its nesting depth, so the ones reported
// since at a deeper depth are its own: they get its name put in front. A suite counts as a test of
// its own only when it failed by itself (a hook, or the file's process ended), not because one of its
// tests did. Files run two at a time, so each file keeps its own list.

const pendingByFile = new Map();

function firstLine(error) {
  const e = error?.cause ?? error;
  const text = String(e?.message ?? e ?? '').split('\n').find((line) => line.trim()) ?? '';
  return text.trim().slice(0, 300);
}

export default async function* testOutcomes(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file = '', details, skip, todo } = event.data;
    const pending = pendingByFile.get(file) ?? [];
    pendingByFile.set(file, pending);
    let first = pending.length;
    while (first > 0 && pending[first - 1].nesting > nesting) first--;
    const inside = pending.splice(first);
    // inside this one now: a later test at this depth (its sibling) must not take them
    for (const t of inside) Object.assign(t, { name: `${name} › ${t.name}`, nesting });
    const ok = event.type === 'test:pass';
    const own = { file, name, nesting, ok, skipped: Boolean(skip || todo), error: ok ? undefined : firstLine(details?.error), cancelled: details?.error?.failureType === 'cancelledByParent' };
    // tests that never ran because this one failed (its hook) fail with its error
    if (!ok) for (const t of inside) if (t.cancelled) Object.assign(t, { error: own.error, cancelled: own.cancelled });
    const failedInside = inside.some((t) => !t.ok);
    pending.push(...inside);
    if (inside.length === 0 || (!ok && !failedInside)) pending.push(own);
    if (nesting === 0) {
      for (const t of pending.splice(0)) yield `${JSON.stringify({ file: t.file, name: t.name, ok: t.ok, skipped: t.skipped, error: t.error })}\n`;
    }
  }
}
