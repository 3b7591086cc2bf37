import { createParamDecorator, Injectable, type ExecutionContext } from '@nestjs/common';
import { IMPORT_PROGRESS_HEADER, REALTIME_EVENTS, type ImportPhase, type ImportProgress, type Language } from '@rfid/contracts';
import type { Request } from 'express';
import { PRINCIPAL_KEY, type Principal } from '../auth/principal.js';
import type { UploadedFileData } from '../http/file-upload.js';
import { Platform } from '../platform.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { ExcelColumn } from './excel-column.js';
import { xlsxContent } from './excel-http.js';
import { readRows, type ReadRow } from './workbook-reader.js';
import { silentProgress, type ProgressReporter } from './progress-reporter.js';

/** Whom to tell: the signed-in user and the id their browser gave the upload. */
export interface ProgressTarget {
  userId: string;
  progressId: string;
}

const PROGRESS_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The import's progress target, or undefined when the request names none (or a malformed one). */
export const ImportProgressTarget = createParamDecorator((_: unknown, ctx: ExecutionContext): ProgressTarget | undefined => {
  const req = ctx.switchToHttp().getRequest<Request & Record<typeof PRINCIPAL_KEY, Principal | undefined>>();
  const progressId = req.headers[IMPORT_PROGRESS_HEADER];
  const principal = req[PRINCIPAL_KEY];
  if (typeof progressId !== 'string' || !PROGRESS_ID.test(progressId) || !principal) return undefined;
  return { userId: principal.userId, progressId };
});

/** At most one push per phase in this time, but always the first and the last of each phase. */
const PUSH_INTERVAL_MS = 200;

/**
 * The start of every Excel import route: the uploaded file read into rows (within the configured row
 * cap, IMPORT_MAX_ROWS), and the reporter that pushes the import's progress to its user's open
 * connections (REALTIME_EVENTS.IMPORT_PROGRESS) as the rows are read, then checked and written.
 */
@Injectable()
export class ExcelImports {
  constructor(
    private readonly realtime: RealtimeGateway,
    private readonly platform: Platform,
  ) {}

  async read<K extends string>(
    file: UploadedFileData | undefined,
    columns: readonly ExcelColumn<K>[],
    language: Language,
    target: ProgressTarget | undefined,
  ): Promise<{ rows: ReadRow<K>[]; progress: ProgressReporter }> {
    const progress = this.reporter(target);
    const rows = await readRows(xlsxContent(file, language), columns, { language, progress, maxRows: this.platform.config.importMaxRows });
    return { rows, progress };
  }

  private reporter(target: ProgressTarget | undefined): ProgressReporter {
    if (!target) return silentProgress;
    let lastPhase: ImportPhase | undefined;
    let lastAt = 0;
    return (phase, done, total) => {
      const now = Date.now();
      if (phase === lastPhase && done < total && now - lastAt < PUSH_INTERVAL_MS) return;
      lastPhase = phase;
      lastAt = now;
      const push: ImportProgress = { progressId: target.progressId, phase, done, total };
      this.realtime.everywhere.toUser(target.userId, REALTIME_EVENTS.IMPORT_PROGRESS, push);
    };
  }
}
