import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../database/database.js';

export interface TokenClaims {
  sub: string;
  sid: string;
}

/** HS256 bearer tokens. The key is JWT_SECRET, or one generated once and kept in the database so all instances share it. */
export class TokenSigner {
  private constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  static async create(db: Db, configured: string | undefined, clock: Clock): Promise<TokenSigner> {
    if (configured) return new TokenSigner(configured, clock);
    await sql`insert into platform_secrets (name, value) values ('jwt', ${randomBytes(48).toString('base64url')})
              on conflict (name) do nothing`.execute(db);
    const row = await db.selectFrom('platform_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
    return new TokenSigner(row.value, clock);
  }

  sign(claims: TokenClaims, expiresAt: Date): string {
    return jwt.sign({ ...claims, iat: this.seconds(), exp: Math.floor(expiresAt.getTime() / 1000) }, this.secret, { algorithm: 'HS256' });
  }

  /** The claims of a well-signed, unexpired token; undefined otherwise. */
  verify(token: string): TokenClaims | undefined {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], clockTimestamp: this.seconds() }) as Partial<TokenClaims>;
      return typeof claims.sub === 'string' && typeof claims.sid === 'string' ? { sub: claims.sub, sid: claims.sid } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Now in the whole seconds of a token's iat and exp. */
  private seconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}
