import { Command } from '@nestjs/cqrs';

/**
 * The base of a command that carries named values, answered with `R` by its handler:
 *
 *   export class LockUser extends commandOf<{ userId: string; authority: Authority }>() {}
 *   commands.execute(new LockUser({ userId: { userId, authority } }))   // its handler reads `command.userId`
 *
 * Values are named where the command is made, so two of one type cannot be swapped, and a command is
 * one line instead of a constructor that repeats each name.
 */
export function commandOf<P extends object, R = void>(): new (values: P) => Command<R> & Readonly<P> {
  return class extends Command<R> {
    constructor(values: P) {
      super();
      Object.assign(this, values);
    }
  } as new (values: P) => Command<R> & Readonly<P>;
}
