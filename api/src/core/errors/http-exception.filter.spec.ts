import { describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { HttpExceptionFilter, STORAGE_FULL } from './http-exception.filter.js';

/** What the filter answers for an error thrown by a handler. */
function answerTo(error: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const answer = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (answer.headers[name] = value),
    status(code: number) {
      answer.status = code;
      return this;
    },
    json: (body: unknown) => (answer.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  const filter = new HttpExceptionFilter();
  // The server log gets the stack; the test does not need it on its output.
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => {} };
  filter.catch(error, host);
  return answer;
}

describe('a full disk is told truthfully', () => {
  it.each([
    ['the OS (a write to DATA_DIR)', Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })],
    ['SQLite', { message: 'SQLITE_FULL', driverError: { code: 'SQLITE_FULL' } }],
    ['MariaDB', { message: "The table 'orders' is full", driverError: { code: 'ER_RECORD_FILE_FULL', errno: 1114 } }],
  ])('%s: a French 507, no stack, no path', (_, error) => {
    const answer = answerTo(error);
    expect(answer.status).toBe(507);
    expect(answer.body).toEqual({ success: false, message: STORAGE_FULL });
  });

  it('an unreachable database stays a 503 to retry, any other fault a 500', () => {
    expect(answerTo({ code: 'ECONNREFUSED' }).status).toBe(503);
    expect(answerTo(new Error('boom')).status).toBe(500);
  });
});
