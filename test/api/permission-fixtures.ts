import assert from 'node:assert/strict';
import type { PermissionCode } from '@rfid/contracts';

/**
 * Each call needs exactly its own permission: with only that code the call is let through, with any
 * other of the listed codes it answers 403. `grant` gives the test user's group exactly these codes.
 */
export async function assertEachCallNeeds<K extends string>(
  calls: Record<K, () => PromiseLike<{ status: number }>>,
  needs: Record<K, PermissionCode>,
  grant: (codes: PermissionCode[]) => PromiseLike<unknown>,
): Promise<void> {
  for (const code of [...new Set(Object.values<PermissionCode>(needs))]) {
    await grant([code]);
    for (const [name, call] of Object.entries(calls) as [K, () => PromiseLike<{ status: number }>][]) {
      const res = await call();
      if (needs[name] === code) assert.ok(![401, 403].includes(res.status), `${name} with ${code}: ${res.status}`);
      else assert.equal(res.status, 403, `${name} with only ${code}`);
    }
  }
}
