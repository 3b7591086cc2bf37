import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ErrorCode, ReaderCommandRequest, ReaderCommandResult } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { decideReader, readerModel } from '../domain/reader.js';
import { IntegrationLog } from '../integration-log/integration-log.js';
import { ReaderLiveState } from '../ingest/live-state.js';
import { ReaderDirectory } from '../ingest/reader-directory.js';
import type { KnownReader } from '../reader-views/reader-view.js';
import { answerToCommand, encodeCommand } from '../payloads/encode-command.js';
import type { OutgoingCommand, ReaderMessage } from '../payloads/reader-message.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';

/** A refused or unanswered start or stop is "start/stop scanning failed", the message users know for it; any other command has its own code. */
const FAILURE_CODE: Record<ReaderCommandRequest['command'], ErrorCode> = {
  start: 'SCANNING_START_FAILED',
  stop: 'SCANNING_STOP_FAILED',
  set_mode: 'READER_COMMAND_FAILED',
  set_power: 'READER_COMMAND_FAILED',
  set_gpo: 'READER_COMMAND_FAILED',
};

interface Pending {
  reader: KnownReader;
  command: OutgoingCommand;
  settle: (answer: { ok: boolean; payload: unknown; message: string | null } | 'timeout') => void;
}

/**
 * Commands to readers: sent on the reader's commands topic in its vendor's envelope, answered on its
 * responses topic, matched by command id. No answer within the command timeout (a system setting), or
 * a failure, answers the command's failure code. What a carried-out command changes is kept: scanning
 * in the live state, a device mode or antenna power as the reader's event.
 */
@Injectable()
export class DeviceCommands {
  private readonly pending = new Map<string, Pending>();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
    private readonly live: ReaderLiveState,
    private readonly settings: SystemSettingsService,
    private readonly log: IntegrationLog,
  ) {}

  async send(readerId: string, request: ReaderCommandRequest): Promise<ReaderCommandResult> {
    const reader = this.directory.byReaderId(readerId) ?? (await this.directory.reload(), this.directory.byReaderId(readerId));
    if (!reader) throw new AppError('READER_NOT_FOUND');
    if (!this.live.isConnected(reader.id)) throw new AppError('READER_NOT_CONNECTED');
    const command: OutgoingCommand = { commandId: randomUUID(), request, settings: { deviceMode: reader.deviceMode, antennas: reader.antennas } };
    const payload = encodeCommand(reader.format, command);
    const timeoutMs = this.settings.current().readerCommandTimeoutMs;
    const started = Date.now();
    const answer = new Promise<{ ok: boolean; payload: unknown; message: string | null } | 'timeout'>((resolve) => {
      const timer = setTimeout(() => settle('timeout'), timeoutMs);
      const settle = (a: { ok: boolean; payload: unknown; message: string | null } | 'timeout') => {
        clearTimeout(timer);
        this.pending.delete(command.commandId);
        resolve(a);
      };
      this.pending.set(command.commandId, { reader, command, settle });
    });
    this.log.add({ at: new Date(), reader, kind: 'COMMAND', direction: 'OUT', topic: reader.topics.commands, outcome: 'OK', summary: `${request.command} (${command.commandId})`, payload });
    try {
      await this.platform.mqtt.publish(reader.topics.commands, payload);
    } catch (err) {
      this.pending.get(command.commandId)?.settle('timeout');
      this.platform.logger.error({ err, reader: reader.code }, 'a command could not be published');
      throw new AppError(FAILURE_CODE[request.command], { reason: 'not published' });
    }
    const result = await answer;
    if (result === 'timeout') {
      this.log.add({ at: new Date(), reader, kind: 'RESPONSE', direction: 'IN', topic: reader.topics.responses, outcome: 'TIMEOUT', reason: `no answer within ${timeoutMs} ms`, summary: `${request.command} (${command.commandId})` });
      throw new AppError(FAILURE_CODE[request.command], { commandId: command.commandId, reason: 'timeout', timeoutMs });
    }
    if (!result.ok) throw new AppError(FAILURE_CODE[request.command], { commandId: command.commandId, reason: result.message ?? 'the reader refused the command' });
    await this.carriedOut(reader, request);
    return { commandId: command.commandId, command: request.command, response: result.payload ?? null, durationMs: Date.now() - started };
  }

  /**
   * A message from a reader that may answer a command of its: settles that command; logs the response.
   * Answers whether it was the answer to a pending command. `logUnmatched`: false where another server
   * may have sent the command (several servers on one broker: the one that sent it logs the answer).
   */
  answer(reader: KnownReader, message: ReaderMessage, topic: string, at: Date, payload: Buffer, { logUnmatched }: { logUnmatched: boolean }): boolean {
    if (message.kind !== 'command-response') return false;
    const pending = this.pending.get(message.commandId);
    const answer = pending && pending.reader.id === reader.id ? answerToCommand(reader.format, pending.command, message, this.live.isScanning(reader.id)) : null;
    if (!answer && !logUnmatched) return false;
    this.log.add({
      at,
      reader,
      kind: 'RESPONSE',
      direction: 'IN',
      topic,
      outcome: !answer ? 'REJECTED' : answer.ok ? 'OK' : 'FAILED',
      reason: !answer ? 'no command of this reader waits for this id' : answer.ok ? (answer.alreadyDone ? 'already so' : null) : answer.message,
      summary: `${message.command ?? 'response'} (${message.commandId}): ${message.ok ? 'success' : 'failure'}`,
      payload,
    });
    if (!answer || !pending) return false;
    pending.settle(answer);
    return true;
  }

  private async carriedOut(reader: KnownReader, request: ReaderCommandRequest): Promise<void> {
    switch (request.command) {
      case 'start':
      case 'stop':
        this.live.setScanning(reader.id, request.command === 'start');
        return;
      case 'set_mode':
        await this.platform.commands.execute(readerModel, reader.id, (state) => decideReader(state, { kind: 'mode-set', readerId: reader.id, deviceMode: request.mode }));
        await this.directory.reload();
        return;
      case 'set_power':
        await this.platform.commands.execute(readerModel, reader.id, (state) => decideReader(state, { kind: 'antennas-set', readerId: reader.id, antennas: request.antennas }));
        await this.directory.reload();
        return;
      case 'set_gpo':
        return;
    }
  }
}

/** A command sent to a reader from the gate configuration (mode, power, GPO, ...), answered with what the reader said. */
export class SendReaderCommand extends commandOf<{ readerId: string; request: ReaderCommandRequest }, ReaderCommandResult>() {}

@CommandHandler(SendReaderCommand)
export class SendReaderCommandHandler implements ICommandHandler<SendReaderCommand> {
  constructor(private readonly devices: DeviceCommands) {}

  execute({ readerId, request }: SendReaderCommand): Promise<ReaderCommandResult> {
    return this.devices.send(readerId, request);
  }
}
