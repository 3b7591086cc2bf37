import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isPermissionCode, type LoginRequest, type LoginResponse, type MeResponse, type PermissionCode } from '@rfid/contracts';
import { sql } from 'kysely';
import { Authenticator } from '../../../platform/auth/access.guard.js';
import { DUMMY_HASH, verifyPassword } from '../../../platform/auth/password-hasher.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { TokenSigner } from '../../../platform/auth/token-signer.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { currentContext } from '../../../platform/context/action-context.js';
import { Platform } from '../../../platform/platform.js';
import { decideSession, sessionModel } from '../domain/session.js';
import { LoginThrottle } from './login-throttle.js';
import { answeredBy } from '../../../platform/cqrs/read-query.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';

/** Sign-in and the token check behind every request (sign-out is a command: SignOut). */
@Injectable()
export class AuthService extends Authenticator {
  private signer: TokenSigner | undefined;
  private readonly throttle: LoginThrottle;

  constructor(private readonly platform: Platform) {
    super();
    const c = platform.config;
    this.throttle = new LoginThrottle(platform.db, { perUsername: c.loginMaxFailures, perAddress: c.loginMaxFailuresPerAddress }, c.loginLockSeconds, platform.clock);
  }

  private async tokens(): Promise<TokenSigner> {
    this.signer ??= await TokenSigner.create(this.platform.db, this.platform.config.jwtSecret, this.platform.clock);
    return this.signer;
  }

  async login(req: LoginRequest, userAgent: string | null): Promise<LoginResponse> {
    const clientIp = currentContext()?.clientIp ?? 'unknown';
    await this.throttle.assertAllowed(req.username, clientIp);
    const user = await this.platform.db
      .selectFrom('users as u')
      .innerJoin('user_groups as g', 'g.id', 'u.group_id')
      .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
      .select(['u.id', 'u.username', 'c.password_hash', 'u.status', 'g.status as group_status'])
      .where(sql`lower(u.username)`, '=', req.username.toLowerCase())
      .executeTakeFirst();
    // An unknown user costs the same hash as a wrong password and gets the same answer.
    const ok = await verifyPassword(req.password, user?.password_hash ?? DUMMY_HASH);
    if (!ok) await this.throttle.recordFailure(req.username, clientIp);
    // A locked account answers the same to a right and a wrong password: its sign-in tells nothing
    // about the password (a wrong one still counts towards the throttle).
    if (user && user.status !== 'ACTIVE') throw new AppError('ACCOUNT_LOCKED');
    if (user && user.group_status !== 'ACTIVE') throw new AppError('GROUP_LOCKED');
    if (!user || !ok) {
      this.platform.logger.warn({ username: req.username, clientIp }, 'sign-in failed');
      throw new AppError('USERNAME_OR_PASSWORD_WRONG');
    }
    await this.throttle.clear(req.username, clientIp);

    const sessionId = randomUUID();
    const expiresAt = new Date(this.platform.clock.now().getTime() + this.platform.config.tokenTtlSeconds * 1000);
    const ctx = currentContext();
    if (ctx) ctx.actor = { kind: 'user', id: user.id, name: user.username };
    await this.platform.commands.execute(sessionModel, sessionId, (state) =>
      decideSession(state, {
        kind: 'start',
        sessionId,
        userId: user.id,
        username: user.username,
        expiresAt: expiresAt.toISOString(),
        clientIp,
        userAgent: userAgent?.slice(0, 200) ?? null,
      }),
    );
    const accessToken = (await this.tokens()).sign({ sub: user.id, sid: sessionId }, expiresAt);
    return { accessToken, expiresAt: expiresAt.toISOString(), ...(await this.me(user.id)) };
  }

  /**
   * Keeps a session alive (a wall screen signed in for days): the same session, a new end a whole
   * lifetime from now, and a token carrying it. A locked user or group is refused by the guard before.
   */
  async refresh(principal: Principal): Promise<LoginResponse> {
    const expiresAt = new Date(this.platform.clock.now().getTime() + this.platform.config.tokenTtlSeconds * 1000);
    const { userId, sessionId } = principal;
    await this.platform.commands.execute(sessionModel, sessionId, (state) => decideSession(state, { kind: 'extend', sessionId, userId, expiresAt: expiresAt.toISOString() }));
    const accessToken = (await this.tokens()).sign({ sub: userId, sid: sessionId }, expiresAt);
    return { accessToken, expiresAt: expiresAt.toISOString(), ...(await this.me(userId)) };
  }

  async me(userId: string): Promise<MeResponse> {
    const row = await this.platform.db
      .selectFrom('users as u')
      .innerJoin('user_groups as g', 'g.id', 'u.group_id')
      .select(['u.id', 'u.username', 'u.full_name', 'u.position', 'u.status', 'g.id as group_id', 'g.name as group_name', 'g.permissions'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
    return {
      user: {
        id: row.id,
        username: row.username,
        fullName: row.full_name,
        position: row.position,
        group: { id: row.group_id, name: row.group_name },
        status: row.status,
      },
      permissions: row.permissions.filter(isPermissionCode),
    };
  }

  /** One query per request: the session is open and unexpired, the user active, and the group's permissions current. */
  async authenticate(token: string): Promise<Principal | undefined> {
    const claims = (await this.tokens()).verify(token);
    if (!claims) return undefined;
    const row = await this.platform.db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('user_groups as g', 'g.id', 'u.group_id')
      .select(['u.id', 'u.username', 'u.full_name', 'g.permissions', 's.expires_at'])
      .where('s.id', '=', claims.sid)
      .where('s.user_id', '=', claims.sub)
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', this.platform.clock.now())
      .where('u.status', '=', 'ACTIVE')
      .where('g.status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      userId: row.id,
      sessionId: claims.sid,
      username: row.username,
      fullName: row.full_name,
      permissions: new Set(row.permissions.filter(isPermissionCode) as PermissionCode[]),
      expiresAt: row.expires_at,
    };
  }
}

/** A sign-in: the user's password checked (throttled), a session started, its token answered. */
export class SignIn extends commandOf<{ request: LoginRequest; userAgent: string | null }, LoginResponse>() {}

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(private readonly auth: AuthService) {}

  execute({ request, userAgent }: SignIn): Promise<LoginResponse> {
    return this.auth.login(request, userAgent);
  }
}

/** The session of a token extended, a new token answered. */
export class RefreshSession extends commandOf<{ principal: Principal }, LoginResponse>() {}

@CommandHandler(RefreshSession)
export class RefreshSessionHandler implements ICommandHandler<RefreshSession> {
  constructor(private readonly auth: AuthService) {}

  execute({ principal }: RefreshSession): Promise<LoginResponse> {
    return this.auth.refresh(principal);
  }
}

/** The signed-in user, their group and permissions. */
export class GetMe extends answeredBy(AuthService, (auth, userId: string) => auth.me(userId)) {}

export const AUTH_HANDLERS = [SignInHandler, RefreshSessionHandler, GetMe.handler];
