import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { storableText } from './common.js';

export const loginRequest = z.object({
  username: storableText().trim().min(1).max(LIMITS.USERNAME_MAX),
  password: storableText().min(1).max(LIMITS.PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const currentUser = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  position: z.string().nullable(),
  group: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(['ACTIVE', 'LOCKED']),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const meResponse = z.object({ user: currentUser, permissions: z.array(z.string()) });
export type MeResponse = z.infer<typeof meResponse>;

export const loginResponse = meResponse.extend({ accessToken: z.string(), expiresAt: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;
