/** Checks on the API's reply envelope (`{ message, data }`) that many tests make. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/** Expects a 200 carrying `message`, and gives its `data`. */
export function dataOf(res: LightMyRequestResponse, message: string): unknown {
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(message);
  return res.json().data;
}
