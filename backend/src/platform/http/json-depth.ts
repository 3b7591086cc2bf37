import { LIMITS } from '@rfid/contracts';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';

/** Whether `value` nests objects and arrays deeper than `max` levels: walked without recursion, so any depth is measured safely. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses a JSON body nested deeper than LIMITS.JSON_DEPTH_MAX with 400, before anything reads it: the
 * checks that walk a body (storable text, the schemas) go level by level, and thousands of levels would
 * exhaust the stack (a 500 on any route, sign-in included). No request of the API nests half as deep.
 */
export function jsonDepthGuard(req: Request, _res: Response, next: NextFunction): void {
  if (req.body && typeof req.body === 'object' && nestsDeeperThan(req.body, LIMITS.JSON_DEPTH_MAX)) {
    next(new AppError('BAD_REQUEST_ERROR', { reason: `the JSON body nests deeper than ${LIMITS.JSON_DEPTH_MAX} levels` }));
    return;
  }
  next();
}
