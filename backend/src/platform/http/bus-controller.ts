import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ExcelImports } from '../excel/import-progress.js';

/**
 * The base of every controller: a route builds its message from the parsed input and dispatches it on
 * the CommandBus or the QueryBus; a controller holds nothing else (one that takes uploads is an
 * UploadController, which adds the Excel reader).
 */
// decorated so that its parameter types are kept for the controllers that inherit its constructor
@Injectable()
export abstract class BusController {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly queries: QueryBus,
  ) {}
}

/** The base of a controller that takes Excel uploads: the buses, and the reader of an uploaded workbook. */
@Injectable()
export abstract class UploadController extends BusController {
  constructor(
    commands: CommandBus,
    queries: QueryBus,
    @Inject(ExcelImports) protected readonly excel: ExcelImports,
  ) {
    super(commands, queries);
  }
}
