/** Checks on the API's reply envelope (`{ message, data }`) that many tests make. */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Expects a 200 carrying `message`, and gives its `data`. */
export function dataOf(res: LightMyRequestResponse, message: string): unknown {
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(message);
  return res.json().data;
}

/**
 * Whether a repeated `read` is answered from its kept reply (docs/performance.md) within a few
 * tries. On PostgreSQL a snapshot is the whole server's, and the test files running beside this
 * one commit all the time: any of their writes between two reads rightly makes the second one a
 * miss.
 */
export async function answeredFromKept(app: FastifyInstance, read: () => Promise<unknown>) {
  for (let tries = 0; tries < 20; tries++) {
    await read();
    const hits = app.replyCache.hits;
    await read();
    if (app.replyCache.hits === hits + 1) return true;
  }
  return false;
}
