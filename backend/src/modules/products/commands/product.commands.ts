import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ERRORS, pickFields, type CreateProductRequest, type ImportRowError, type Language, type ProductImportResult, type UpdateProductRequest } from '@rfid/contracts';
import { sql } from 'kysely';
import { v7 as timeOrderedUuid } from 'uuid';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { referenceProblems, resolveReferenceTexts } from '../../../platform/entity-fields/references.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/progress-reporter.js';
import { duplicatesInFile, parseRows, wrongRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataFinder, masterDataItemsByIds } from '../../master-data/master-data.public.js';
import { decideProduct, productModel, type ProductState } from '../domain/product.js';
import type { ProductFields } from '../products.events.js';
import { PRODUCT_SHEET_FIELDS, productImportColumns, productImportRow, type ProductImportColumn } from '../excel/product-sheet.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** A new product's id: time-ordered, so products created in one instant (an import) list in the order made. */
const newProductId = () => timeOrderedUuid();

/** `count` product codes made by the system ('PR' and six digits), none of them one of `taken`. */
async function newProductCodes(tx: Tx, count: number, taken: ReadonlySet<string> = new Set()): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const { rows } = await sql<{ code: string }>`select next_product_code() as code from generate_series(1, ${count - codes.length})`.execute(tx);
    codes.push(...rows.map((r) => r.code).filter((c) => !taken.has(c)));
  }
  return codes;
}

/** Refuses a supplier that is not an active item of the supplier catalogue (an update may keep the one it had). */
async function checkSupplier(db: DbOrTx, fields: ProductFields, previous?: ProductFields | null): Promise<void> {
  const items = await masterDataItemsByIds(db, [fields.supplierId]);
  const problems = referenceProblems(PRODUCT_SHEET_FIELDS, fields, items, previous);
  if (problems.length) {
    throw new AppError(
      problems[0]!.code,
      problems.map((p) => ({ field: p.field, rule: 'reference', code: p.code, message: ERRORS[p.code].en })),
    );
  }
}

/**
 * Checks every row first (codes and GTINs repeated in the file or in use, the form's rules, the
 * supplier by name or code of an active item) and writes nothing if any is wrong; then creates all
 * products in one transaction.
 */
async function importProducts(platform: Platform, rows: ReadRow<ProductImportColumn>[], language: Language, progress: ProgressReporter): Promise<ProductImportResult> {
  const columns = productImportColumns();
  const column = (key: ProductImportColumn) => columns.find((c) => c.key === key)!;
  if (rows.length === 0) {
    throw new AppError('BAD_REQUEST_ERROR', [{ row: 2, column: column('name').header[language], code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.noRows[language] }]);
  }
  progress('checking', 0, rows.length);
  const { parsed, errors } = parseRows(rows, columns, productImportRow, (values) => values, language);
  errors.push(
    ...duplicatesInFile(parsed, (v) => v.code ?? undefined, column('code'), 'PRODUCT_EXISTS_IN_FILE', language),
    ...duplicatesInFile(parsed, (v) => v.gtin ?? undefined, column('gtin'), 'GTIN_EXISTS', language),
  );
  const find = await masterDataFinder(platform.db);
  const error = (row: number, key: ProductImportColumn, code: ImportRowError['code']): ImportRowError => ({ row, column: column(key).header[language], code, message: ERRORS[code][language] });
  const items: { row: number; code: string | null; fields: Omit<ProductFields, 'code'> }[] = [];
  for (const { row, value } of parsed) {
    const { values, problems } = resolveReferenceTexts(PRODUCT_SHEET_FIELDS, value, find);
    errors.push(...problems.map((p) => error(row, p.field, p.code)));
    const { code, ...fields } = values;
    if (problems.length === 0) items.push({ row, code, fields });
  }
  const given = new Set(items.flatMap((i) => (i.code ? [i.code] : [])));
  const gtins = items.flatMap((i) => (i.fields.gtin ? [i.fields.gtin] : []));
  if (given.size || gtins.length) {
    const inUse = await platform.db
      .selectFrom('products')
      .select(['code', 'gtin'])
      .where((eb) => eb.or([eb('code', '=', sql<string>`any(${[...given]}::text[])`), eb('gtin', '=', sql<string>`any(${gtins}::text[])`)]))
      .execute();
    const [codes, gtinsInUse] = [new Set(inUse.map((r) => r.code)), new Set(inUse.map((r) => r.gtin))];
    for (const i of items) {
      if (i.code && codes.has(i.code)) errors.push(error(i.row, 'code', 'PRODUCT_EXISTS'));
      if (i.fields.gtin && gtinsInUse.has(i.fields.gtin)) errors.push(error(i.row, 'gtin', 'GTIN_EXISTS'));
    }
  }
  if (errors.length) throw wrongRows(errors, columns, language);
  progress('checking', rows.length, rows.length);

  await platform.db.transaction().execute(async (tx) => {
    const made = await newProductCodes(tx, items.filter((i) => !i.code).length, given);
    let next = 0;
    const products = items.map((i) => {
      const productId = newProductId();
      const fields: ProductFields = { code: i.code ?? made[next++]!, ...i.fields };
      return { id: productId, decide: (initial: ProductState) => decideProduct(initial, { kind: 'create', productId, fields }) };
    });
    await platform.commands.create(productModel, products, { tx, onProgress: (written, total) => progress('writing', written, total) });
  });
  return { created: items.length };
}

/** A request's values, with the code the product gets. */
function fieldsOf(code: string, r: CreateProductRequest): ProductFields {
  return { ...pickFields(PRODUCT_SHEET_FIELDS, r), code };
}

/*
 * The products module's commands, each a message on the CommandBus and its handler: the platform's one way (lock the product's stream, load, decide, append). The unique indexes on code and GTIN refuse a duplicate in the append's transaction.
 */

/** Creates an ACTIVE product; its code is made by the system (PR and six digits) unless given. */
export class CreateProduct extends commandOf<{ request: CreateProductRequest }, { id: string }>() {}

@CommandHandler(CreateProduct)
export class CreateProductHandler extends PlatformHandler implements ICommandHandler<CreateProduct> {
  async execute({ request }: CreateProduct): Promise<{ id: string }> {
    const productId = newProductId();
    await this.platform.commands.execute(productModel, productId, async (state, { tx }) => {
      const fields = fieldsOf(request.code ?? (await newProductCodes(tx, 1))[0]!, request);
      await checkSupplier(tx, fields);
      return decideProduct(state, { kind: 'create', productId, fields });
    });
    return { id: productId };
  }
}

/** Replaces the fields but the status; `expectedVersion` is the version the form was opened on. */
export class UpdateProduct extends commandOf<{ productId: string; request: UpdateProductRequest; expectedVersion?: number }>() {}

@CommandHandler(UpdateProduct)
export class UpdateProductHandler extends PlatformHandler implements ICommandHandler<UpdateProduct> {
  async execute({ productId, request, expectedVersion }: UpdateProduct): Promise<void> {
    await this.platform.commands.execute(
      productModel,
      productId,
      async (state, { tx }) => {
        const previous = state.fields;
        const fields = fieldsOf(request.code ?? previous?.code ?? '', request);
        if (previous) await checkSupplier(tx, fields, previous);
        return decideProduct(state, { kind: 'update', productId, fields });
      },
      { expectedVersion },
    );
  }
}

/** An inactive product is no longer offered for new links and tickets, and its GTIN no longer identifies tags; it stays listed. */
export class DeactivateProduct extends commandOf<{ productId: string }>() {}

@CommandHandler(DeactivateProduct)
export class DeactivateProductHandler extends PlatformHandler implements ICommandHandler<DeactivateProduct> {
  async execute({ productId }: DeactivateProduct): Promise<void> {
    await this.platform.commands.execute(productModel, productId, (state) => decideProduct(state, { kind: 'deactivate', productId }));
  }
}

export class ActivateProduct extends commandOf<{ productId: string }>() {}

@CommandHandler(ActivateProduct)
export class ActivateProductHandler extends PlatformHandler implements ICommandHandler<ActivateProduct> {
  async execute({ productId }: ActivateProduct): Promise<void> {
    await this.platform.commands.execute(productModel, productId, (state) => decideProduct(state, { kind: 'activate', productId }));
  }
}

/** Creates every row of an imported sheet, or none. */
export class ImportProducts extends commandOf<{ rows: ReadRow<ProductImportColumn>[]; language: Language; progress?: ProgressReporter }, ProductImportResult>() {}

@CommandHandler(ImportProducts)
export class ImportProductsHandler extends PlatformHandler implements ICommandHandler<ImportProducts> {
  execute({ rows, language, progress = silentProgress }: ImportProducts): Promise<ProductImportResult> {
    return importProducts(this.platform, rows, language, progress);
  }
}

export const PRODUCT_COMMAND_HANDLERS = [CreateProductHandler, UpdateProductHandler, DeactivateProductHandler, ActivateProductHandler, ImportProductsHandler];
