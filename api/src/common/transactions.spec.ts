import { describe, expect, it } from '@jest/globals';
import { CONFLICT_ATTEMPTS, isTransactionConflict, retryOnConflict } from './transactions.js';

/** A deadlock as TypeORM wraps mysql2's error (QueryFailedError with driverError). */
const deadlock = () => Object.assign(new Error('Query failed'), { driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 } });

describe('retryOnConflict', () => {
  it('runs a write again when MySQL/MariaDB chose it as a deadlock victim or a lock wait timed out', async () => {
    let calls = 0;
    const result = await retryOnConflict(async () => {
      calls++;
      if (calls === 1) throw deadlock();
      if (calls === 2) throw Object.assign(new Error('timeout'), { errno: 1205 });
      return 'fait';
    });
    expect({ result, calls }).toEqual({ result: 'fait', calls: 3 });
  });

  it('gives up after a few attempts, and never retries other errors', async () => {
    let calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toThrow('Query failed');
    expect(calls).toBe(CONFLICT_ATTEMPTS);
    calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls++;
        throw new Error('autre');
      }),
    ).rejects.toThrow('autre');
    expect(calls).toBe(1);
    expect(isTransactionConflict({ code: 'SQLITE_BUSY' })).toBe(false);
  });
});
