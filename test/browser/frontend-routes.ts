import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { PermissionCode, ScreenKey } from '@rfid/contracts';

/** A route of the frontend's route table, as far as a test reads it. */
export interface FrontendRoute {
  key: ScreenKey;
  path: string;
  titleKey: string;
  permission?: PermissionCode;
  page: string;
  detail?: true;
}

const SOURCE = path.resolve('frontend/src/app/route-table.ts');

/**
 * The web app's own route table (frontend/src/app/route-table.ts), compiled here by TypeScript into a
 * module beside the compiled tests, for the walk to hold it to the contracts' table. The table imports
 * only packages (contracts, the router).
 */
export async function frontendRoutes(): Promise<readonly FrontendRoute[]> {
  const js = ts.transpileModule(fs.readFileSync(SOURCE, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: SOURCE,
  }).outputText;
  const out = path.resolve('test/dist/browser/route-table.frontend.mjs');
  fs.writeFileSync(out, js);
  const table = (await import(pathToFileURL(out).href)) as { ROUTE_TABLE: readonly FrontendRoute[] };
  return table.ROUTE_TABLE;
}
