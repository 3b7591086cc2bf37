import { Injectable } from '@nestjs/common';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { ReaderEvent } from '../readers.events.js';
import { ReaderDirectory } from './reader-directory.js';

/**
 * The registry changed, on whichever server: this one's directory is read again at once, so a reader
 * registered through another server is heard here from its first message, and a gate switched off or
 * set to Manual mode is decided so by whichever server handles it.
 */
@Injectable()
@OnCommitted<ReaderEvent['type']>('ReaderRegistered', 'ReaderUpdated', 'ReaderModeSet', 'ReaderAntennasSet')
export class ReaderDirectoryRefresh extends CommittedEventsHandler {
  constructor(private readonly directory: ReaderDirectory) {
    super();
  }

  protected async committed(): Promise<void> {
    await this.directory.reload();
  }
}
