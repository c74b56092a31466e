/**
 * Every route, by itself: the routes come from the OpenAPI document, so a new route is covered
 * without anyone writing a test for it.
 *
 *  1. Access: every route is guarded, or named below as public on purpose; no token → 401; a
 *     role without any of the route's permissions → 403.
 *  2. Tenancy: the demo organisation (Acme) is "B", with data in every module; "A" is an
 *     organisation of its own. As A's Buyer Admin and Buyer User, every route is called with B's
 *     ids: single-record routes answer 404, nothing answers any of B's data, and B's rows are
 *     byte for byte what they were.
 *  2b. API tokens: every route is tried with an organisation token of each scope: a route takes it
 *     only if it names the scope (the routes that do are listed below), answers 403 otherwise,
 *     and a token is one more caller of the tenancy sweep.
 *  3. Hostile input: NUL characters, ids past 2,147,483,647, wrong types, 1 MB strings, impossible
 *     dates and `__proto__` keys in bodies, query strings and paths, and malformed multipart
 *     bodies: a 4xx, never a 500. On PGlite (the api project) every hostile value goes into every
 *     field; on PostgreSQL (api-pg) every route still gets every hostile value, path and raw body,
 *     each value into one of its fields, the field turning from route to route: validation is
 *     the same code on both, and what only the database decides depends on the value.
 *     ROUTE_SECURITY_FULL=1 sweeps everything on PostgreSQL too.
 * The number of routes × cases tried is printed at the end.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { API_TOKEN_MESSAGES, API_TOKEN_SCOPES } from '@spotzcity/shared/api-tokens';
import { ACCESS, type Permission, type Role } from '@spotzcity/shared/permissions';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actor } from '../../test/factories.ts';
import { rowsOf } from '../db/client.ts';
import { DEMO, seedDemo } from '../db/seed/demo.ts';
import { newApiToken } from './api-tokens.ts';
import {
  apiTokens,
  clients,
  contracts,
  costSavings,
  rfx,
  rolePermissions,
  spendFiles,
  users,
} from '../db/schema/index.ts';

/** Routes any visitor may call, each for a reason. Adding one here is a decision. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health', // for load balancers and monitors: status and database kind only
  'GET /api/settings', // the product name and support address, shown before sign-in
  'POST /api/auth/signin',
  'POST /api/auth/forgot/pwd',
  'POST /api/auth/verify/code',
  'PUT /api/auth/change/password', // needs the secret verify/code answered
  'GET /api/users/picture/{file}', // unguessable names, for <img> tags that send no token
]);

/**
 * Routes an organisation API token may call, with the scopes that let it in. Adding one here is a
 * decision: the upload and its import's status, and reading lists and dashboard figures.
 */
const TOKEN_ROUTES: Record<string, string[]> = {
  'POST /api/file/upload': ['spend:upload'],
  'GET /api/file/imports': ['spend:upload', 'read'],
  'GET /api/file/imports/{id}': ['spend:upload', 'read'],
  'GET /api/file/imports/{id}/events': ['spend:upload', 'read'],
  'GET /api/file/imports/{id}/errors': ['spend:upload', 'read'],
  'POST /api/file/list': ['read'],
  'POST /api/supplier/topSuppliers': ['read'],
  'POST /api/supplier/spends': ['read'],
  'POST /api/supplier/list': ['read'],
  'POST /api/supplier/spendRows': ['read'],
  'POST /api/rfx/list': ['read'],
  'POST /api/contract/list': ['read'],
  'POST /api/costSaving/list': ['read'],
  'POST /api/marketShare/list': ['read'],
  'GET /api/goals/years': ['read'],
  'GET /api/goals': ['read'],
  'GET /api/goals/history': ['read'],
  'POST /api/graph/goals': ['read'],
  'GET /api/goals/headline': ['read'],
  'POST /api/graph/spendPerDiversity': ['read'],
  'POST /api/graph/spendPerDiversityMom': ['read'],
  'POST /api/graph/spendDiversityOverNonDiversity': ['read'],
  'POST /api/graph/categoryPerDiversity': ['read'],
  'POST /api/graph/categoryPercentage': ['read'],
  'POST /api/graph/topCategoriesStatatics': ['read'],
  'POST /api/graph/supplierCount': ['read'],
  'POST /api/graph/supplierDataPerQuater': ['read'],
  'POST /api/graph/supplierLocationData': ['read'],
};

const ROLES: Role[] = [
  'ROLE_SUPER_USER',
  'ROLE_SUPER_ADMIN',
  'ROLE_BUYER_ADMIN',
  'ROLE_BUYER_USER',
  'ROLE_SUPPLIER',
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  maxItems?: number;
  format?: string;
};
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: 'query' | 'path'; name: string; schema?: JsonSchema }[];
}
interface Route {
  method: Method;
  path: string;
  key: string;
  body?: JsonSchema;
  /** A multipart upload's fields and files, as the document shows them. */
  form?: JsonSchema;
  query: { name: string; schema?: JsonSchema }[];
  params: string[];
}

let t: TestApp;
let routes: Route[];
const tokens = new Map<Role, string>();
/** An organisation API token of each scope, made by a Buyer Admin of an organisation of its own. */
const apiTokenOf = new Map<string, string>();
let permissionsOf: Map<Role, Set<string>>;
let cases = 0;

beforeAll(async () => {
  // The per-IP sign-in limit is tested elsewhere; here it would only stop the sweep.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000000' });
  await seedDemo(t.database.db, t.app.storage);
  for (const role of ROLES) tokens.set(role, (await actor(t.app, t.database.db, role)).token);
  // A Buyer Admin's organisation tokens, one per scope, in an organisation of their own ("A").
  const owner = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  for (const scope of API_TOKEN_SCOPES) {
    const made = newApiToken();
    await t.database.db.insert(apiTokens).values({
      clientRef: owner.org.id,
      name: scope,
      scopes: [scope],
      secretHash: made.hash,
      hint: made.hint,
      createdBy: owner.user.id,
    });
    apiTokenOf.set(scope, made.token);
  }
  const granted = await t.database.db.select().from(rolePermissions);
  permissionsOf = new Map(
    ROLES.map((role) => [
      role,
      new Set(granted.filter((g) => g.roleCode === role).map((g) => g.permissionCode)),
    ]),
  );
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const upper = method.toUpperCase() as Method;
      const json = op.requestBody?.content?.['application/json']?.schema;
      const form = op.requestBody?.content?.['multipart/form-data']?.schema;
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        ...(json ? { body: json } : {}),
        ...(form ? { form } : {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      };
    }),
  );
}, 600_000);
afterAll(async () => {
  console.log(`route security: ${routes.length} routes × ${cases} requests in all`);
  await t.close();
});

/**
 * Each sweep sends every route hundreds of requests one after another: on a machine busy with
 * other work one sweep has taken over ten minutes, so the limit is generous; the figures say
 * nothing about speed (bench/ measures that).
 */
const SWEEP_TIMEOUT = 300_000;

/* ---------- requests ---------- */

const fill = (path: string, values: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 1)));

interface Call {
  token?: string | undefined;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A raw payload and its content type, for what JSON.stringify cannot write. */
  raw?: { payload: string | Buffer; contentType: string };
}

async function call(route: Route, c: Call = {}) {
  cases += 1;
  const url = fill(route.path, c.params ?? {});
  const query = c.query
    ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
  const headers: Record<string, string> = c.token ? t.auth(c.token) : {};
  const sendsBody = route.method !== 'GET';
  const res = await t.app.inject({
    method: route.method,
    url: `${url}${query}`,
    headers: {
      ...headers,
      ...(c.raw ? { 'content-type': c.raw.contentType } : {}),
    },
    ...(c.raw
      ? { payload: c.raw.payload }
      : sendsBody && c.body !== undefined
        ? { payload: c.body as object }
        : {}),
  });
  return res;
}

/** Routes that end the caller's own session: swept with a token of their own. */
const SIGNS_OUT = new Set(['POST /api/auth/logout', 'POST /api/auth/logout/all']);

/** What a route guards with, read from the guard itself (platform/auth.ts). */
const accessOf = (route: Route) => t.app.routeAccess.get(route.key);

/** A token for a route: one whose role passes its guard. */
function tokenFor(route: Route): string | undefined {
  const access = accessOf(route);
  if (!access || access.kind !== 'token') return undefined;
  return tokens.get('ROLE_SUPER_USER');
}

/* ---------- bodies from schemas ---------- */

const MAX_ID = 2_147_483_647;
const ID_FIELD = /^(id|fileId|entityId|.*Id)$/;

/** A plausible value for a field, from its schema and name; ids point at nothing. */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'Sample';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return sample(
      schema.anyOf.find((s) => s.type !== 'null'),
      name,
    );
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return ID_FIELD.test(name) ? MAX_ID : 1;
    case 'boolean':
      return false;
    case 'array':
      return [sample(schema.items, name)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]),
      );
    default:
      if (/date/i.test(name) || schema.format === 'date') return '2024-01-15';
      if (/email/i.test(name)) return 'fuzz@example.com';
      return 'Sample';
  }
}

/** Fields a body without a declared shape is tried with: the API's common field names. */
const COMMON_FIELDS = [
  'id',
  'fileId',
  'selectedIds',
  'pageNumber',
  'pageSize',
  'email',
  'name',
  'year',
  'quaters',
  'startDate',
  'endDate',
  'category',
  'type',
  'span',
  'spanKeys',
  'sortOn',
  'sortOrder',
  'spendData',
];

const HUGE = 'x'.repeat(1024 * 1024);
const LONG_ARRAY = Array.from({ length: 100_000 }, (_, i) => i);
/** Values no field may accept, by kind, with what makes each hostile. */
function hostileValues(field: string, schema: JsonSchema | undefined): unknown[] {
  const values: unknown[] = ['a\u0000b', HUGE, { nested: 'a\u0000b' }];
  const type = schema?.type;
  const numeric = schema ? type === 'integer' || type === 'number' : ID_FIELD.test(field);
  if (numeric || field === 'year') values.push(MAX_ID + 1, '9007199254740993', -1, 1.5, '12abc');
  if (/date|At$/i.test(field)) values.push('2020-13-45', '2023-02-30');
  if (type === 'array' || (!schema && /Ids$|quaters|spanKeys/.test(field))) {
    values.push([MAX_ID + 1], ['a\u0000b'], LONG_ARRAY);
  } else values.push(['a\u0000b']);
  return values;
}

/**
 * Whether each hostile value goes into each field (PGlite, or ROUTE_SECURITY_FULL=1), or, on
 * PostgreSQL, into one field per route: validation and handlers are the same code on both
 * databases, and what only the database decides (a NUL in text, an integer past int4, an
 * impossible date) is decided by the value, not by the field it came in.
 */
const FULL_SWEEP =
  inject('dbTarget').kind !== 'postgres' ||
  // eslint-disable-next-line no-restricted-properties
  process.env.ROUTE_SECURITY_FULL === '1';

/**
 * The (field, value) pairs to try: all of them in a full sweep; otherwise each distinct value
 * once, in the first field that has it counting from field `turn` (so that the fields take turns
 * from route to route).
 */
function pairsToTry<S>(
  fields: (readonly [string, S])[],
  valuesOf: (field: string, schema: S) => unknown[],
  turn: number,
): { field: string; value: unknown }[] {
  const all = fields.flatMap(([field, schema]) =>
    valuesOf(field, schema).map((value) => ({ field, value })),
  );
  if (FULL_SWEEP || fields.length === 0) return all;
  const start = turn % fields.length;
  const rotated = [...fields.slice(start), ...fields.slice(0, start)];
  const seen = new Set<string>();
  const pairs: { field: string; value: unknown }[] = [];
  for (const [field, schema] of rotated) {
    for (const value of valuesOf(field, schema)) {
      const key = value === HUGE ? 'HUGE' : value === LONG_ARRAY ? 'LONG' : JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push({ field, value });
    }
  }
  return pairs;
}

/** Query fields tried on a route that declares none (handlers that merge query and body). */
const COMMON_QUERY = ['id', 'fileId', 'email'];

function fieldsOf(schema: JsonSchema | undefined): [string, JsonSchema | undefined][] {
  const declared = Object.entries(schema?.properties ?? {});
  return declared.length ? declared : COMMON_FIELDS.map((f) => [f, undefined]);
}

/* ---------- 0. the document ---------- */

/** Routes that read nothing from a request but its token: no fields to show. */
const NO_INPUT = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout/all',
  'POST /api/super_admin/clients/all',
  'POST /api/training/categories/video',
  'POST /api/training/categories/module',
]);

/** Where a schema is an object of any keys at all: a request part the document cannot show. */
function openObjects(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema) return [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const own = types.includes('object') && !schema.properties ? [at] : [];
  return [
    ...own,
    ...openObjects(schema.items, `${at}[]`),
    ...(schema.anyOf ?? []).flatMap((s) => openObjects(s, at)),
  ];
}

describe('the API document', () => {
  it('shows the fields of every request that sends any', () => {
    const fieldsOf = (route: Route) =>
      Object.keys(route.body?.properties ?? {}).length +
      Object.keys(route.form?.properties ?? {}).length +
      route.query.length +
      route.params.length;
    // A route that takes input shows its fields (the body's, a multipart form's, the query's or
    // the path's); the few that take none are named.
    const undescribed = routes.filter(
      (route) => route.method !== 'GET' && fieldsOf(route) === 0 && !NO_INPUT.has(route.key),
    );
    expect(undescribed.map((r) => r.key)).toEqual([]);
    expect(
      [...NO_INPUT].filter((key) => !routes.some((r) => r.key === key && !fieldsOf(r))),
    ).toEqual([]);
    // No part is an object of any keys (it would show no field), and no query parameter is one
    // (an open query object shows up as a parameter named after JSON Schema's own word).
    const open = routes.flatMap((route) => [
      ...openObjects(route.body, `${route.key} body`),
      ...openObjects(route.form, `${route.key} form`),
      ...route.query.flatMap((q) =>
        q.name === 'additionalProperties'
          ? [`${route.key} query`]
          : openObjects(q.schema, `${route.key} ?${q.name}`),
      ),
    ]);
    expect(open).toEqual([]);
  });
});

/* ---------- 1. access ---------- */

describe('access to every route', () => {
  it('is guarded, or public on purpose', () => {
    const open = routes.filter((r) => !accessOf(r)).map((r) => r.key);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    // The document lists every guarded route too (nothing is hidden from this suite).
    // (HEAD is GET's twin, added by Fastify with the same hooks.)
    const documented = new Set(routes.map((r) => r.key));
    const undocumented = [...t.app.routeAccess.keys()].filter(
      (k) => !k.startsWith('HEAD ') && !documented.has(k),
    );
    expect(undocumented).toEqual([]);
  });

  it('checks an entry of the one permissions map (ACCESS), never a list of its own', () => {
    const entries = new Set<readonly string[]>(
      Object.values(ACCESS).flatMap((section) => Object.values(section)),
    );
    const own = [...t.app.routeAccess]
      .filter(([, access]) => access.anyOf.length > 0 && !entries.has(access.anyOf))
      .map(([key]) => key);
    expect(own).toEqual([]);
  });

  it(
    'answers 401 Unauthorized without a token, with a forged one and with a signed-out one',
    async () => {
      const { user } = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
      const revoked = t.app.tokens.sign(user);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(revoked) }))
          .statusCode,
      ).toBe(200);
      const forged = `${revoked.slice(0, -4)}AAAA`;
      const failures: string[] = [];
      for (const route of routes.filter((r) => accessOf(r)?.kind === 'token')) {
        for (const token of [undefined, forged, revoked]) {
          const res = await call(route, { token, body: {} });
          if (res.statusCode !== 401 || res.json().message !== 'Unauthorized') {
            failures.push(`${route.key} (${token ? 'bad token' : 'no token'}) → ${res.statusCode}`);
          }
        }
      }
      expect(failures.join('\n')).toBe('');
    },
    SWEEP_TIMEOUT,
  );

  it(
    'answers 403 to every role that holds none of the route’s permissions',
    async () => {
      const failures: string[] = [];
      let refused = 0;
      for (const route of routes) {
        const access = accessOf(route);
        if (access?.kind !== 'token' || access.anyOf.length === 0) continue;
        for (const role of ROLES) {
          const allowed = access.anyOf.some((p) => permissionsOf.get(role)!.has(p as Permission));
          const res = await call(route, { token: tokens.get(role), body: {} });
          if (!allowed) {
            refused += 1;
            if (res.statusCode !== 403)
              failures.push(`${route.key} as ${role} → ${res.statusCode}`);
          }
        }
      }
      expect(failures.join('\n')).toBe('');
      expect(refused).toBeGreaterThan(100);
    },
    SWEEP_TIMEOUT,
  );
});

/* ---------- 1b. API tokens ---------- */

describe('an API token', () => {
  it('is taken only by the routes listed as taking it, each naming its scopes', () => {
    const taking = Object.fromEntries(
      [...t.app.routeAccess]
        .filter(([key, access]) => access.scopes.length > 0 && !key.startsWith('HEAD '))
        .map(([key, access]) => [key, [...access.scopes]]),
    );
    expect(taking).toEqual(TOKEN_ROUTES);
    // The document shows the scheme and each route's scopes.
    const doc = t.app.swagger() as unknown as {
      components: { securitySchemes: Record<string, { scheme?: string }> };
      paths: Record<
        string,
        Record<string, { security?: object[]; 'x-api-token-scopes'?: string[] }>
      >;
    };
    expect(doc.components.securitySchemes.apiToken?.scheme).toBe('bearer');
    const shown: Record<string, string[]> = {};
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const scopes = op['x-api-token-scopes'];
        const inSecurity = (op.security ?? []).some((s) => 'apiToken' in s);
        expect(inSecurity, `${method} ${path}`).toBe(Boolean(scopes));
        if (scopes) shown[`${method.toUpperCase()} ${path}`] = scopes;
      }
    }
    expect(shown).toEqual(TOKEN_ROUTES);
  });

  it(
    'of each scope is refused with 403 by every route outside its scopes, and let in by the others',
    async () => {
      const failures: string[] = [];
      let refused = 0;
      for (const route of routes.filter((r) => accessOf(r)?.kind === 'token')) {
        for (const scope of API_TOKEN_SCOPES) {
          const takes = accessOf(route)!.scopes.includes(scope);
          const res = await call(route, { token: apiTokenOf.get(scope), body: {} });
          if (takes) {
            if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
              failures.push(
                `${route.key} with ${scope} → ${res.statusCode} ${res.body.slice(0, 80)}`,
              );
            }
          } else {
            refused += 1;
            if (res.statusCode !== 403 || res.json().message !== API_TOKEN_MESSAGES.outOfScope) {
              failures.push(`${route.key} with ${scope} → ${res.statusCode}, not refused`);
            }
          }
        }
      }
      expect(failures.join('\n')).toBe('');
      expect(refused).toBeGreaterThan(200);
    },
    SWEEP_TIMEOUT,
  );
});

/* ---------- 2. tenancy ---------- */

/** B's rows in every table that belongs to an organisation, as one digest per table. */
async function digestOf(clientRef: number) {
  const rows = rowsOf(
    await t.database.db.execute(
      sql`select table_name from information_schema.columns where column_name = 'client_ref' and table_schema = 'public' order by table_name`,
    ),
    z.object({ table_name: z.string() }),
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const [row] = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::text as n, md5(string_agg(x::text, ',' order by x::text)) as md5 from ${sql.identifier(table)} x where client_ref = ${clientRef}`,
      ),
      z.object({ n: z.string(), md5: z.string().nullable() }),
    );
    digest[table] = `${row?.n}:${row?.md5}`;
  }
  return digest;
}

describe('another organisation’s data', () => {
  it(
    'is never read or changed through any route, whatever ids a request carries',
    async () => {
      const db = t.database.db;
      const [acme] = await db.select().from(clients).where(eq(clients.clientId, DEMO.clientId));
      const b = acme!.id;
      const pick = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
      const ids = {
        file: await pick(
          db.select({ id: spendFiles.id }).from(spendFiles).where(eq(spendFiles.clientRef, b)),
        ),
        rfx: await pick(db.select({ id: rfx.id }).from(rfx).where(eq(rfx.clientRef, b))),
        contract: await pick(
          db.select({ id: contracts.id }).from(contracts).where(eq(contracts.clientRef, b)),
        ),
        cost: await pick(
          db.select({ id: costSavings.id }).from(costSavings).where(eq(costSavings.clientRef, b)),
        ),
        user: await pick(db.select({ id: users.id }).from(users).where(eq(users.clientRef, b))),
      };
      // Strings only B's data holds: none may appear in an answer to A.
      const markers = [
        ...(
          await db
            .select({ v: spendFiles.fileName })
            .from(spendFiles)
            .where(eq(spendFiles.clientRef, b))
        ).map((r) => r.v),
        ...(await db.select({ v: rfx.rfxName }).from(rfx).where(eq(rfx.clientRef, b))).map(
          (r) => r.v,
        ),
        ...(
          await db
            .select({ v: contracts.contractName })
            .from(contracts)
            .where(eq(contracts.clientRef, b))
        ).map((r) => r.v),
        ...(await db.select({ v: users.email }).from(users).where(eq(users.clientRef, b))).map(
          (r) => r.v,
        ),
      ].filter((m) => m.length >= 8);
      expect(markers.length).toBeGreaterThan(10);

      const idFor = (route: Route) => {
        const p = route.path;
        if (/^\/api\/(rfx|excel\/rfx|excel\/list\/rfx)/.test(p)) return ids.rfx;
        if (/^\/api\/(contract|excel\/contract|excel\/list\/contract)/.test(p)) return ids.contract;
        if (/^\/api\/(costSaving|excel\/cost)/.test(p)) return ids.cost;
        if (/^\/api\/(users|audit)/.test(p)) return ids.user;
        return ids.file;
      };

      const before = await digestOf(b);
      const a = {
        admin: (await actor(t.app, db, 'ROLE_BUYER_ADMIN')).token,
        user: (await actor(t.app, db, 'ROLE_BUYER_USER')).token,
      };
      const leaks: string[] = [];
      const mustBe404: string[] = [];
      for (const route of routes.filter(
        (r) => accessOf(r)?.kind === 'token' && !SIGNS_OUT.has(r.key),
      )) {
        const id = idFor(route);
        const base = (route.body ? sample(route.body) : {}) as Record<string, unknown>;
        const withIds = Object.fromEntries(
          Object.entries(base).map(([k, v]) => [
            k,
            ID_FIELD.test(k) ? (Array.isArray(v) ? [id] : id) : v,
          ]),
        );
        const variants: Call[] = [
          { body: { ...withIds, id, fileId: id, selectedIds: [id], entityId: id }, params: { id } },
          { body: { id }, query: { id, fileId: id }, params: { id } },
          { body: { selectedIds: [id], pageNumber: 0 } },
        ];
        for (const token of [a.admin, a.user, ...apiTokenOf.values()]) {
          for (const variant of variants) {
            const res = await call(route, { ...variant, token });
            const text = res.body;
            const leaked = markers.find((m) => text.includes(m));
            if (leaked) leaks.push(`${route.key} → ${res.statusCode} holds "${leaked}"`);
            if (res.statusCode === 500) leaks.push(`${route.key} → 500`);
          }
        }
        // A route that names one record by id answers 404 for B's, like for one that does not exist.
        const single =
          route.params.includes('id') ||
          /\/(delete)$/.test(route.path) ||
          (route.method === 'PUT' && /\/create$|\/add$/.test(route.path));
        if (single) {
          const res = await call(route, {
            token: a.admin,
            params: { id },
            query: { id, fileId: id },
            body: { ...withIds, id, fileId: id },
          });
          if (
            ![404, 400, 403].includes(res.statusCode) ||
            (res.statusCode === 400 && route.method !== 'PUT')
          ) {
            mustBe404.push(`${route.key} → ${res.statusCode}`);
          }
        }
      }
      expect(leaks.join('\n')).toBe('');
      expect(mustBe404.join('\n')).toBe('');
      expect(await digestOf(b)).toEqual(before);
    },
    SWEEP_TIMEOUT,
  );
});

/* ---------- 3. hostile input ---------- */

/** The paths of lists a request schema takes without an upper bound on their length. */
function unboundedLists(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema) return [];
  const own = schema.type === 'array' && schema.maxItems === undefined ? [at] : [];
  return [
    ...own,
    ...unboundedLists(schema.items, `${at}[]`),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) =>
      unboundedLists(s, `${at}.${name}`),
    ),
    ...(schema.anyOf ?? []).flatMap((s) => unboundedLists(s, at)),
  ];
}

describe('hostile input', () => {
  it('cannot send a list without a bound: each one is refused past its longest useful length', () => {
    // Each item of an unbounded list is checked before its length: 100,000 wrong items cost
    // seconds of CPU in a body well under the size limit.
    const unbounded = routes.flatMap((route) => [
      ...unboundedLists(route.body, `${route.key} body`),
      ...route.query.flatMap((q) => unboundedLists(q.schema, `${route.key} ?${q.name}`)),
    ]);
    expect(unbounded).toEqual([]);
  });

  it(
    'is refused with a 4xx by every route, never a 500',
    async () => {
      const failures: string[] = [];
      const check = async (route: Route, what: string, c: Call, strict: boolean) => {
        const res = await call(route, { token: tokenFor(route), ...c });
        if (res.statusCode >= 500)
          failures.push(`${route.key} ${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (strict && res.statusCode < 400)
          failures.push(`${route.key} ${what} → ${res.statusCode}`);
      };
      for (const [turn, route] of routes.entries()) {
        if (route.key === 'POST /api/auth/logout/all' || route.key === 'POST /api/auth/logout')
          continue;
        const base = route.body ? (sample(route.body) as Record<string, unknown>) : {};
        const declared = Boolean(
          route.body?.properties && Object.keys(route.body.properties).length,
        );
        const params = Object.fromEntries(route.params.map((p) => [p, 1]));

        if (route.method !== 'GET') {
          for (const { field, value } of pairsToTry(fieldsOf(route.body), hostileValues, turn)) {
            const label = `${field}=${JSON.stringify(value).slice(0, 24)}`;
            await check(route, label, { params, body: { ...base, [field]: value } }, declared);
          }
          await check(route, 'array body', { params, body: [] }, false);
          await check(
            route,
            'string body',
            { params, raw: { payload: '"x"', contentType: 'application/json' } },
            false,
          );
          await check(
            route,
            '__proto__',
            {
              params,
              raw: {
                payload: `{"__proto__":{"polluted":true},${JSON.stringify(base).slice(1)}`.replace(
                  ',}',
                  '}',
                ),
                contentType: 'application/json',
              },
            },
            true,
          );
          await check(
            route,
            'multipart without boundary',
            {
              params,
              raw: { payload: 'x', contentType: 'multipart/form-data' },
            },
            false,
          );
          await check(
            route,
            'multipart cut off',
            {
              params,
              raw: {
                payload: `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
                contentType: 'multipart/form-data; boundary=b',
              },
            },
            false,
          );
          const nulPart = `--b\r\nContent-Disposition: form-data; name="category"\r\n\r\na\u0000b\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nxx\r\n--b--\r\n`;
          await check(
            route,
            'multipart with NUL',
            {
              params,
              raw: { payload: nulPart, contentType: 'multipart/form-data; boundary=b' },
            },
            false,
          );
        }
        const queryFields = route.query.length
          ? route.query.map((q) => [q.name, q.schema] as const)
          : COMMON_QUERY.map((name) => [name, undefined] as const);
        const queryValues = (name: string, schema: JsonSchema | undefined) =>
          hostileValues(name, schema).filter(
            (v) => typeof v !== 'object' && (route.query.length > 0 || v !== HUGE),
          );
        for (const { field: name, value } of pairsToTry(queryFields, queryValues, turn)) {
          await check(
            route,
            `?${name}=${String(value).slice(0, 24)}`,
            { params, query: { [name]: value }, body: base },
            route.query.length > 0 && route.method === 'GET',
          );
        }
        for (const param of route.params) {
          for (const value of [MAX_ID + 1, -1, 'abc', 'a\u0000b', '1e400']) {
            await check(
              route,
              `{${param}}=${value}`,
              { params: { ...params, [param]: value }, body: base },
              true,
            );
          }
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(failures.join('\n')).toBe('');
    },
    4 * SWEEP_TIMEOUT,
  );
});
