import { Inject, type Type } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { Platform } from '../platform.js';

/**
 * A CommandBus handler made from a function: @nestjs/cqrs wants one class per command, and the
 * classes would differ only in the function they call.
 */
export function commandHandler<C extends object>(command: Type<C>, run: (platform: Platform, command: C) => Promise<unknown>): Type {
  @CommandHandler(command)
  class Handler {
    constructor(@Inject(Platform) private readonly platform: Platform) {}
    execute(c: C) {
      return run(this.platform, c);
    }
  }
  Object.defineProperty(Handler, 'name', { value: `${command.name}Handler` });
  return Handler;
}
