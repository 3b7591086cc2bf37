import type { SimulatedFormat } from './formats.js';

/** A reader the simulator registers itself (`--register`): its kind and code. */
export interface ReaderToRegister {
  kind: 'GATE' | 'HANDHELD';
  code: string;
  format: SimulatedFormat;
}

/** What registering answers: the reader's code and the password it signs in with. */
export interface RegisteredLogin {
  code: string;
  password: string;
  format: SimulatedFormat;
}

/**
 * Registers the readers through the back-office's API as an administrator (a demo or a container that
 * starts with no reader known), or, for a reader registered already, issues it a new password: either way
 * the simulator gets passwords it can sign in with. A gate reads on an inner and an outer antenna and
 * alarms (AUTOMATIC); a handheld reads on one.
 */
export async function registerReaders(api: string, username: string, password: string, readers: readonly ReaderToRegister[]): Promise<RegisteredLogin[]> {
  const call = async <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(path, api), { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer.code ?? ''} ${answer.message ?? ''}`);
    return answer;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', '/api/auth/login', undefined, { username, password });
  const logins: RegisteredLogin[] = [];
  for (const r of readers) {
    const found = (await call<{ data: { id: string; code: string }[] }>('GET', `/api/readers?q=${encodeURIComponent(r.code)}&size=50`, accessToken)).data.find((x) => x.code === r.code);
    if (found) {
      const credentials = await call<{ password: string }>('POST', `/api/readers/${found.id}/credentials`, accessToken);
      logins.push({ code: r.code, password: credentials.password, format: r.format });
      continue;
    }
    const antennas = r.kind === 'GATE' ? [{ port: 1, power: 27, role: 'INNER' }, { port: 2, power: 27, role: 'OUTER' }] : [{ port: 1, power: 20 }];
    const created = await call<{ credentials: { password: string } }>('POST', '/api/readers', accessToken, {
      code: r.code,
      name: r.kind === 'GATE' ? `Simulated gate ${r.code}` : `Simulated handheld ${r.code}`,
      kind: r.kind,
      format: r.format,
      antennas,
      ...(r.kind === 'GATE' ? { operatingMode: 'AUTOMATIC' } : {}),
    });
    logins.push({ code: r.code, password: created.credentials.password, format: r.format });
  }
  return logins;
}
