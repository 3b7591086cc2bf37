import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { ERROR_CODES, ERRORS, type ErrorCode } from '@rfid/contracts';

/**
 * Published error codes this product never raises: it never meets their situation. They stay in the
 * catalogue, the published codes being contracts, and the browser maps them to their messages all the same.
 */
const NOT_RAISED: Partial<Record<ErrorCode, string>> = {
  UNAUTHORIZED_CAMERA: 'the product has no camera',
  CAN_NOT_GET_IMAGE: 'the product neither stores nor fetches images',
  CONNECTION_TIME_OUT_WHEN_GET_IMAGE: 'the product neither stores nor fetches images',
  CAN_NOT_CREATE_FOLDER: 'the product makes no folders: uploads are read as streams and exports written as streams, nothing is stored as a file',
};

/** The product's published error codes, written out. */
const SPEC_CODES: readonly string[] = [
  'ACCOUNT_NOT_FOUND', 'USERNAME_OR_PASSWORD_WRONG', 'UNAUTHORIZED', 'UNAUTHORIZED_CAMERA',
  'SAMPLE_LINKED', 'TAG_LINKED',
  'NAME_EXISTS', 'ZONE_ID_EXISTS', 'READER_EXISTS', 'USER_READER_EXISTS', 'RFID_EXISTS', 'DUPLICATE_RFID', 'USERNAME_EXIST', 'ROLE_NAME_EXISTS', 'SAMPLE_EXISTS', 'SAMPLE_EXISTS_IN_FILE',
  'MODEL_MUST_BE_NOT_BLANK', 'NAME_MUST_BE_NOT_BLANK', 'CATEGORY_MUST_BE_NOT_BLANK', 'SEASON_MUST_BE_NOT_BLANK', 'ART_MUST_BE_NOT_BLANK', 'SIZE_MUST_BE_NOT_BLANK', 'CUSTOMER_MUST_BE_NOT_BLANK', 'RFID_NOT_BLANK',
  'CATEGORY_NOT_FOUND', 'STAGE_NOT_FOUND', 'TYPE_NOT_FOUND', 'SEASON_NOT_FOUND', 'SIZE_NOT_FOUND', 'GENDER_NOT_FOUND', 'SIDE_NOT_FOUND', 'ZONE_NOT_FOUND', 'CUSTOMER_NOT_FOUND',
  'ZONE_NOT_FOUND_OR_INACTIVE', 'CUSTOMER_NOT_FOUND_OR_INACTIVE', 'TYPE_NOT_FOUND_OR_INACTIVE', 'SEASON_NOT_FOUND_OR_INACTIVE', 'GENDER_NOT_FOUND_OR_INACTIVE', 'SIZE_NOT_FOUND_OR_INACTIVE', 'STAGE_NOT_FOUND_OR_INACTIVE', 'CATEGORY_NOT_FOUND_OR_INACTIVE',
  'TAG_NOT_VALID', 'BAD_REQUEST_ERROR', 'CAN_NOT_GET_IMAGE', 'CONNECTION_TIME_OUT_WHEN_GET_IMAGE', 'CAN_NOT_CREATE_FOLDER',
  'NO_DATA', 'CANNOT_UPDATE_COMPLETED_INVENTORY', 'INVENTORY_NOT_FOUND', 'NOT_FOUND', 'ZONE_MISMATCH',
];

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sourceFiles(p, keep) : /\.tsx?$/.test(d.name) && keep(p) ? [p] : [];
  });
}

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/**
 * Every string literal of the files that names an error code, with where. `raising`: leave out a code
 * compared with (`err.code === 'X'`, `case 'X':`), which reads a code and raises nothing. Comments
 * are no literals.
 */
function codeLiterals(files: readonly string[], { raising }: { raising: boolean }): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && Object.hasOwn(ERRORS, node.text)) {
        const parent = node.parent;
        const compared = (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) || ts.isCaseClause(parent);
        if (!(raising && compared)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.set(node.text, [...(found.get(node.text) ?? []), `${file}:${line}`]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const isSpec = (f: string) => /\.spec\.ts$/.test(f);
/**
 * Where codes are raised: the server's code (`new AppError('X')`, the constraint maps of
 * registerConstraintErrors, a helper given the code) and the contracts it validates with (a zod rule's
 * `codedRule('X')`, a field table's blank and not-found codes). Not the tests, the test harness or the
 * catalogue itself.
 */
const RAISING_FILES = [
  ...sourceFiles('backend/src', (f) => !isSpec(f) && !f.startsWith('backend/src/testing/')),
  ...sourceFiles('contracts/src', (f) => !isSpec(f) && f !== 'contracts/src/errors.ts'),
];
/** The tests of the server: unit tests beside its code and of contracts, API and browser journeys. */
const TEST_FILES = [
  ...sourceFiles('backend/src', isSpec),
  ...sourceFiles('contracts/src', isSpec),
  ...sourceFiles('test/api', (f) => !f.endsWith('error-catalogue.spec.ts')),
  ...sourceFiles('test/browser', () => true),
];

describe('the error catalogue is complete', () => {
  const raised = codeLiterals(RAISING_FILES, { raising: true });

  it('every code has its HTTP status and a message in Vietnamese and in English', () => {
    for (const code of ERROR_CODES) {
      const { status, vi, en } = ERRORS[code];
      assert.ok(status >= 400 && status <= 599, `${code}: status ${status}`);
      assert.ok(vi.trim(), `${code} has a Vietnamese message`);
      assert.ok(en.trim(), `${code} has an English message`);
    }
  });

  it("every code of SPEC §8 is in the catalogue", () => {
    assert.deepEqual(SPEC_CODES.filter((code) => !Object.hasOwn(ERRORS, code)), []);
  });

  it('every code is raised somewhere in the server, but the few SPEC lists for situations this product never meets', () => {
    assert.ok(raised.size > 50, `the scan finds the raised codes (${raised.size})`);
    const neverRaised = ERROR_CODES.filter((code) => !raised.has(code));
    assert.deepEqual(neverRaised.sort(), Object.keys(NOT_RAISED).sort(), 'the codes raised nowhere are exactly the ones listed as not raised');
    for (const code of Object.keys(NOT_RAISED)) assert.ok(SPEC_CODES.includes(code), `${code}: only a SPEC code is kept without being raised`);
  });

  it('every code raised is named by a test of the server', () => {
    const tested = codeLiterals(TEST_FILES, { raising: false });
    const untested = [...raised.keys()].filter((code) => !tested.has(code));
    assert.deepEqual(untested.sort(), [], `raised (${untested.map((c) => raised.get(c)![0]).join(', ')}) but named by no test`);
  });
});
