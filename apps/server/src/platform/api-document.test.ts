/**
 * The API document says what the server does: each route's error statuses are
 * declared, a field the document marks required is one the server requires, a number field takes
 * numbers only, and a fuzzer driven by the document itself sends every route valid and hostile
 * requests, failing on any 5xx and on any reply whose status or body the document does not declare.
 *
 * The fuzzer is bounded by a number of requests per route (FUZZ_RUNS, 10 by default) and seeded
 * afresh each run; a failure prints its seed, and FUZZ_SEED=<seed> repeats it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actor, createUser, signIn, signedInUser } from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH';
interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}
interface Parameter {
  in: 'query' | 'path';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}
interface Route {
  method: Method;
  path: string;
  key: string;
  body?: JsonSchema;
  multipart: boolean;
  query: Parameter[];
  params: Parameter[];
  responses: Operation['responses'];
}

let t: TestApp;
let routes: Route[];
/** A Buyer Admin of an organisation of its own: who the fuzzer is. */
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let token: string;

beforeAll(async () => {
  // The per-address sign-in limit would only stop the fuzzer's sign-in attempts early.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000000' });
  buyer = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  token = buyer.token;
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const upper = method.toUpperCase() as Method;
      const json = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        ...(json ? { body: json } : {}),
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        params: (op.parameters ?? []).filter((p) => p.in === 'path'),
        responses: op.responses,
      };
    }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const route = (key: string) => {
  const found = routes.find((r) => r.key === key);
  if (!found) throw new Error(`no route ${key}`);
  return found;
};
const statusesOf = (key: string) => Object.keys(route(key).responses).sort();

describe('the API document', () => {
  it('declares the error statuses each route can answer, with the error body', () => {
    const missing: string[] = [];
    for (const r of routes) {
      const declared = new Set(Object.keys(r.responses));
      const expected = ['400'];
      if (r.method !== 'GET' && r.method !== 'HEAD') expected.push('413', '422');
      const access = t.app.routeAccess.get(r.key);
      if (access?.kind === 'token') expected.push('401');
      if (access && (access.kind === 'signed-url' || access.anyOf.length > 0)) expected.push('403');
      if (r.params.length > 0) expected.push('404', '414');
      for (const status of expected) if (!declared.has(status)) missing.push(`${r.key} ${status}`);
    }
    expect(missing).toEqual([]);

    expect(statusesOf('POST /api/auth/signin')).toEqual(['200', '400', '403', '413', '422', '429']);
    expect(statusesOf('GET /api/rfx/detail/{id}')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '414',
    ]);
    expect(statusesOf('POST /api/rfx/create')).toContain('409');
    expect(statusesOf('POST /api/supplier/rating')).toContain('409');
    expect(statusesOf('PUT /api/users/password')).toContain('429');
    // The body of every error is the error handler's `{ message, errors? }`.
    const body = route('POST /api/rfx/create').responses['400']?.content?.['application/json']
      ?.schema as JsonSchema;
    expect(body.required).toEqual(['message']);
    expect(Object.keys(body.properties ?? {})).toEqual(['message', 'errors']);
  });

  it('marks required only the fields a request is refused without', async () => {
    // Each route with a JSON body or required query fields, sent none of them by a user who may
    // call it: every field the document marks required must be named in the 400's errors.
    const superUser = (await actor(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
    const wrong: string[] = [];
    for (const r of routes) {
      const requiredBody = r.body?.required ?? [];
      // Fastify checks the body before the query string: a query is tried when the body is not.
      const requiredQuery = requiredBody.length
        ? []
        : r.query.filter((q) => q.required).map((q) => q.name);
      if (!requiredQuery.length && !requiredBody.length) continue;
      const access = t.app.routeAccess.get(r.key);
      if (access?.kind === 'signed-url') continue;
      const res = await t.app.inject({
        method: r.method,
        url: r.path.replace(/\{\w+\}/g, '1'),
        ...(access ? { headers: t.auth(superUser) } : {}),
        ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
      });
      const fields = new Set(
        (res.json<{ errors?: { field: string }[] }>().errors ?? []).map((e) => e.field),
      );
      // A required object is refused by its own required fields (`vendorAccount.name`).
      const named = (f: string) =>
        fields.has(f) || [...fields].some((field) => field.startsWith(`${f}.`));
      const notRequired = [...requiredQuery, ...requiredBody].filter((f) => !named(f));
      if (res.statusCode !== 400 || notRequired.length) {
        wrong.push(`${r.key} → ${res.statusCode}, not required: ${notRequired.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const key of ['POST /api/graph/spendPerDiversity', 'POST /api/report/spend/pdf']) {
      expect(route(key).body?.required ?? []).not.toContain('selectedIds');
    }
    expect(route('POST /api/costSaving/graph/totalCostSaving').body?.required ?? []).not.toContain(
      'years',
    );
  });

  it('refuses null, booleans and blank text where it shows a number', async () => {
    const cases = [
      ['POST', '/api/file/list', { pageNumber: null }, 'pageNumber'],
      ['POST', '/api/file/list', { pageSize: false }, 'pageSize'],
      ['POST', '/api/supplier/topSuppliers', { limit: true }, 'limit'],
      ['POST', '/api/supplier/topSuppliers', { limit: [] }, 'limit'],
      ['DELETE', '/api/rfx/delete', { id: true }, 'id'],
      ['DELETE', '/api/rfx/delete', { id: null }, 'id'],
      ['POST', '/api/rfx/dashboard/graph', { quaters: [], year: true }, 'year'],
    ] as const;
    for (const [method, url, payload, field] of cases) {
      const res = await t.call(token, method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Text that is a number is still read as one (query strings carry only text).
    const list = await t.call(token, 'POST', '/api/file/list', { pageNumber: '0', pageSize: '5' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ pageNumber: 0, pageSize: 5 });
  });
});

/* ---------- the fuzzer ---------- */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10); // eslint-disable-line no-restricted-properties
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31; // eslint-disable-line no-restricted-properties

/** Routes the fuzzer leaves alone: they end its own session, and read nothing else. */
const SIGNS_OUT = new Set(['POST /api/auth/logout', 'POST /api/auth/logout/all']);

/** Values no field should take, of every JSON type. */
const HOSTILE: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  1e308,
  '',
  ' ',
  'a\u0000b',
  '12abc',
  '1e3',
  '0x10',
  '2023-02-30',
  '9999-12-31',
  '1900-01-01T00:00:00Z',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  'x'.repeat(5000),
  '😀',
  [],
  [null],
  [2_147_483_648],
  {},
  { id: 1 },
];

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const typesOf = (s: JsonSchema) => [s.type ?? []].flat();

/** A value `s` accepts (as far as JSON Schema says; the server's own rules may still refuse it). */
function valid(s: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!s) return fc.jsonValue({ maxDepth: 1 });
  const value = validOf(s, name);
  return s.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function validOf(s: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((branch) => valid(branch, name)));
  const type = typesOf(s).find((x) => x !== 'null');
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? -1_000_000;
      const max = s.maximum ?? 1_000_000;
      const integer = type === 'integer';
      // Ids and page numbers are mostly small: the records the fuzzer made itself.
      const near = integer
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Math.max(min, 0) + 30)) })
        : fc.double({ min, max: Math.min(max, min + 100), noNaN: true });
      const any = integer
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: any });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object':
      return record(s, () => false);
    case 'string':
      return validString(s, name);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validString(s: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const maxLength = Math.min(s.maxLength ?? 30, 30);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  const text = fc.string({ minLength, maxLength });
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any text, mostly refused.
      return text;
    }
  }
  if (/date|At$/i.test(name)) {
    const day = fc
      .date({ min: new Date('1995-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    return fc.oneof(
      day,
      day.map((d) => `${d}T00:00:00-05:00`),
      text,
    );
  }
  if (/email/i.test(name)) return fc.oneof(fc.emailAddress(), text);
  return text;
}

/** An object of `s`'s properties: the required ones always, the others at times. */
function record(s: JsonSchema, hostileField: () => boolean): fc.Arbitrary<unknown> {
  const properties = Object.entries(s.properties ?? {});
  const fields = Object.fromEntries(
    properties.map(([key, schema]) => [
      key,
      hostileField() ? fc.oneof(valid(schema, key), hostile) : valid(schema, key),
    ]),
  );
  return fc.record(fields, { requiredKeys: s.required ?? [] });
}

/** A body for `s`: valid, valid but for some fields, or not an object of its kind at all. */
function body(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s) return fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }));
  const withHostile = fc
    .tuple(
      record(s, () => true),
      fc.dictionary(fc.string({ maxLength: 8 }), hostile),
    )
    .map(([fields, extra]) => ({ ...extra, ...(fields as object) }));
  return fc.oneof(
    { weight: 4, arbitrary: record(s, () => false) },
    { weight: 4, arbitrary: withHostile },
    { weight: 1, arbitrary: hostile },
  );
}

/** Query and path values are text: what a client writes for a value of the schema, or worse. */
const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? undefined : JSON.stringify(value);

function parameters(list: Parameter[], allRequired: boolean) {
  const fields = Object.fromEntries(
    list.map((p) => [
      p.name,
      fc
        .oneof({ weight: 4, arbitrary: valid(p.schema, p.name) }, { weight: 1, arbitrary: hostile })
        .map(asText)
        .filter((v) => !allRequired || (v !== undefined && v !== '')),
    ]),
  );
  return fc.record(fields, {
    requiredKeys: allRequired
      ? list.map((p) => p.name)
      : list.filter((p) => p.required).map((p) => p.name),
  });
}

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const requestOf = (r: Route): fc.Arbitrary<Request> =>
  fc.record({
    params: parameters(r.params, true),
    query: parameters(r.query, false),
    body: r.method === 'GET' || r.method === 'HEAD' ? fc.constant(undefined) : body(r.body),
  });

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<JsonSchema, ValidateFunction>();
const validatorOf = (schema: JsonSchema) => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
};

/** What is wrong with a reply, by the document: its status, its type, its body. */
function mismatch(r: Route, status: number, contentType: string, text: string): string | undefined {
  if (status >= 500) return `${status} ${text.slice(0, 200)}`;
  const declared = r.responses[String(status)];
  if (!declared) return `${status} is not declared (${text.slice(0, 120)})`;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema || r.method === 'HEAD') return undefined;
  if (!contentType.startsWith('application/json')) return `${status} is ${contentType}, not JSON`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `${status} is not JSON: ${text.slice(0, 80)}`;
  }
  const validate = validatorOf(schema);
  if (validate(json)) return undefined;
  return `${status} does not match its schema: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 200)}`;
}

describe('what the router refuses before a route runs', () => {
  it('answers a path parameter longer than it takes with 414 and the error body', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/categories/3/suppliers/${'x'.repeat(101)}`,
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long' });
  });
});

describe('a fuzzer driven by the API document', () => {
  it('answers every route’s valid and hostile requests as the document declares, never with a 5xx', async () => {
    const failures: string[] = [];
    let requests = 0;
    const slowest: [string, number][] = [];
    const started = performance.now();
    for (const r of routes) {
      if (SIGNS_OUT.has(r.key)) continue;
      const property = fc.asyncProperty(requestOf(r), async (request) => {
        requests += 1;
        const path = r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(request.params[name] ?? '1')),
        );
        const query = new URLSearchParams(
          Object.entries(request.query).flatMap(([k, v]): [string, string][] =>
            v === undefined ? [] : [[k, String(v)]],
          ),
        ).toString();
        const res = await t.app.inject({
          method: r.method,
          url: query ? `${path}?${query}` : path,
          headers: t.auth(token),
          ...(request.body === undefined
            ? {}
            : {
                payload: JSON.stringify(request.body),
                headers: { ...t.auth(token), 'content-type': 'application/json' },
              }),
        });
        const problem = mismatch(
          r,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          res.body,
        );
        if (res.statusCode === 401) {
          // A request may end its own session (a changed password, a deleted self): sign in
          // a new Buyer Admin of the same organisation and go on.
          const user = await createUser(t.database.db, {
            clientRef: buyer.org.id,
            role: 'ROLE_BUYER_ADMIN',
          });
          token = await signIn(t.app, user.email);
        }
        if (problem)
          throw new Error(`${problem}\n  request: ${JSON.stringify(request).slice(0, 400)}`);
      });
      const routeStarted = performance.now();
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (error) {
        const lines = (error instanceof Error ? error.message : String(error)).split('\n');
        const at = lines.findIndex((line) => line.startsWith('Counterexample'));
        failures.push(`${r.key}: ${lines.slice(at, at + 4).join('\n')}`);
      }
      slowest.push([r.key, performance.now() - routeStarted]);
    }
    console.log(
      `api fuzzer: ${routes.length} routes, ${requests} requests in ${Math.round(performance.now() - started)} ms, seed ${SEED}`,
    );
    slowest.sort((a, b) => b[1] - a[1]);
    console.log(
      slowest
        .slice(0, 15)
        .map(([k, ms]) => `${k} ${Math.round(ms)}`)
        .join('\n'),
    );
    expect(failures.join('\n\n')).toBe('');
  }, 600_000);
});
