import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { createMasterDataItemRequest, notBlankText, optionalText, sampleSideInput, TEXT_PATTERNS, textPatternName } from '@rfid/contracts';
import pg from 'pg';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { registerConstraintErrors } from '../errors/constraint-errors.js';
import { runWithContext } from '../context/action-context.js';
import { fieldErrors, toErrorAnswer } from './error-filter.js';

describe('error answers', () => {
  it('an AppError answers its code, status and message in the asked language', () => {
    const a = toErrorAnswer(new AppError('TAG_NOT_VALID', { code: 'XYZ' }), 'en');
    assert.deepEqual(a, { status: 400, body: { code: 'TAG_NOT_VALID', message: 'RFID code is invalid', details: { code: 'XYZ' } }, unexpected: false });
    assert.equal(toErrorAnswer(new AppError('TAG_NOT_VALID'), 'vi').body.message, 'Mã RFID không hợp lệ');
  });

  it('a validation error names each field, rule and limit', () => {
    const schema = z.object({ name: z.string().max(3), nested: z.object({ n: z.number().min(5) }) });
    const r = schema.safeParse({ name: 'long', nested: { n: 1 } });
    assert.ok(!r.success);
    assert.deepEqual(
      fieldErrors(r.error).map(({ field, rule, limit }) => ({ field, rule, limit })),
      [
        { field: 'name', rule: 'too_big', limit: 3 },
        { field: 'nested.n', rule: 'too_small', limit: 5 },
      ],
    );
    assert.equal(toErrorAnswer(r.error, 'en').status, 400);
  });

  it('a text rule names its pattern, so the form can say which characters are allowed', () => {
    const r = createMasterDataItemRequest('zones').safeParse({ code: 'kho 1', name: 'Kho' });
    assert.ok(!r.success);
    assert.deepEqual(fieldErrors(r.error).map(({ field, rule, limit, pattern }) => ({ field, rule, limit, pattern })), [
      { field: 'code', rule: 'invalid_format', limit: 'regex', pattern: String(TEXT_PATTERNS.UPPER_CASE_AND_DIGITS) },
    ]);
    assert.equal(textPatternName(fieldErrors(r.error)[0]!.pattern), 'UPPER_CASE_AND_DIGITS');
  });

  it('a rule with its own error code answers that code (the first one), and names it in the field details in the asked language', () => {
    const schema = z.object({ sort: z.enum(['a']).optional(), name: notBlankText('NAME_MUST_BE_NOT_BLANK'), side: sampleSideInput, color: optionalText(3) });
    const one = schema.safeParse({ name: '   ' });
    assert.ok(!one.success);
    assert.deepEqual(toErrorAnswer(one.error, 'vi'), {
      status: 400,
      body: {
        code: 'NAME_MUST_BE_NOT_BLANK',
        message: 'Tên không được để trống',
        details: [{ field: 'name', rule: 'custom', code: 'NAME_MUST_BE_NOT_BLANK', message: 'Tên không được để trống' }],
      },
      unexpected: false,
    });
    const several = schema.safeParse({ sort: 'b', side: 'UP', color: 'long' });
    assert.ok(!several.success);
    const answer = toErrorAnswer(several.error, 'en');
    assert.equal(answer.body.code, 'NAME_MUST_BE_NOT_BLANK', 'the first coded rule; the plain rule before it is listed too');
    assert.deepEqual(
      (answer.body.details as { field: string; code?: string }[]).map((d) => `${d.field}:${d.code ?? '-'}`),
      ['sort:-', 'name:NAME_MUST_BE_NOT_BLANK', 'side:SIDE_NOT_FOUND', 'color:-'],
    );
    const plain = z.object({ n: z.number() }).safeParse({});
    assert.ok(!plain.success);
    assert.equal(toErrorAnswer(plain.error, 'en').body.code, 'BAD_REQUEST_ERROR');
  });

  it('a registered constraint violation becomes its business error', () => {
    registerConstraintErrors({ test_things_code_key: 'RFID_EXISTS' });
    const pgError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'test_things_code_key' });
    assert.equal(toErrorAnswer(pgError, 'en').body.code, 'RFID_EXISTS');
    assert.equal(toErrorAnswer(pgError, 'en').status, 409);
  });

  it('framework HTTP errors keep their status with our codes', () => {
    assert.deepEqual(toErrorAnswer(new NotFoundException(), 'en').body, { code: 'NOT_FOUND', message: 'Not found' });
  });

  it("multer's file-size refusal is a 413 PAYLOAD_TOO_LARGE naming the route's limit, in the asked language", () => {
    const multer = new PayloadTooLargeException('File too large', { cause: Object.assign(new Error('File too large'), { code: 'LIMIT_FILE_SIZE', field: 'file' }) });
    assert.deepEqual(toErrorAnswer(multer, 'en', 5 * 1024 * 1024), {
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large: files of at most 5 MB are accepted', details: { field: 'file', maxBytes: 5242880 } },
      unexpected: false,
    });
    assert.equal(toErrorAnswer(multer, 'vi', 2.5 * 1024 * 1024).body.message, 'Tệp quá lớn: chỉ nhận tệp tối đa 2.5 MB');
    assert.equal(toErrorAnswer(new PayloadTooLargeException(), 'en').body.message, 'The upload is too large', 'a body too large keeps the general message');
  });

  it('anything unexpected is a 500 with the correlation id and no internals', () => {
    const a = runWithContext({ correlationId: 'corr-1', source: 'http', clientIp: null, actor: { kind: 'system', id: null, name: null } }, () =>
      toErrorAnswer(new TypeError('cannot read x of undefined'), 'en'),
    );
    assert.equal(a.status, 500);
    assert.equal(a.unexpected, true);
    assert.deepEqual(a.body, { code: 'INTERNAL_ERROR', message: 'An error occurred, please contact the administrator', correlationId: 'corr-1' });
  });

  it('the database out of reach is a 503 SERVICE_UNAVAILABLE, "try again", logged', async () => {
    // a server that refuses: a port just closed
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const refused = await new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' }).connect().then(
      () => assert.fail('connected'),
      (err: unknown) => err,
    );
    const a = runWithContext({ correlationId: 'corr-2', source: 'http', clientIp: null, actor: { kind: 'system', id: null, name: null } }, () => toErrorAnswer(refused, 'en'));
    assert.deepEqual(a, { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'System error, please try again', correlationId: 'corr-2' }, unexpected: true });
    // what PostgreSQL answers while it shuts down, starts, or has no connection left: the same, in either language
    for (const code of ['57P01', '57P03', '53300', '08006']) {
      const answer = toErrorAnswer(Object.assign(new Error('terminating connection'), { code }), 'vi');
      assert.deepEqual([answer.status, answer.body.code, answer.body.message], [503, 'SERVICE_UNAVAILABLE', 'Lỗi hệ thống, vui lòng thử lại'], code);
    }
    // node-postgres's own words for a connection broken under a query or a transaction, which carry no code
    for (const message of ['Connection terminated unexpectedly', 'Client has encountered a connection error and is not queryable', 'timeout exceeded when trying to connect']) {
      assert.equal(toErrorAnswer(new Error(message), 'en').body.code, 'SERVICE_UNAVAILABLE', message);
    }
    // a query PostgreSQL refuses is no outage
    assert.equal(toErrorAnswer(Object.assign(new Error('syntax error'), { code: '42601' }), 'en').body.code, 'INTERNAL_ERROR');
  });
});
