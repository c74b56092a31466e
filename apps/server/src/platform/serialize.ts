import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Fastify's serializer for every route's reply: the route's zod response schema,
 * written once in JSON Schema and compiled by fast-json-stringify — which writes only the
 * properties the schema declares, as zod's encoding did, so nothing a handler loaded by mistake
 * (a password hash, another column) can leave in a reply. Several times faster than zod's
 * encoding followed by `JSON.stringify`, and paid by every reply (`npm run bench:serialize`).
 *
 * Outside production the reply is also checked with the zod schema itself, so every test still
 * fails on a handler whose reply does not match its declared shape; production only writes.
 * A schema JSON Schema cannot express (a transform, a date object) keeps zod's encoding.
 */
export function zodResponseSerializer(options: { checkShape: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = responseSchemaOf(schema);
    const encoded = (data: unknown) => {
      const result = encodeOrCheck(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    const write = compiled(zodSchema);
    if (!write) return (data: unknown) => JSON.stringify(encoded(data));
    if (!options.checkShape) return write;
    return (data: unknown) => {
      encoded(data);
      return write(data);
    };
  };
}

/**
 * The reply encoded by its schema; a schema that reads input one way only (a number that also
 * reads its text, shared with a request) cannot encode, and is checked by parsing instead, which
 * leaves a value of its output type as it is.
 */
function encodeOrCheck(schema: z.ZodType, data: unknown) {
  try {
    return z.safeEncode(schema, data);
  } catch (error) {
    if (error instanceof z.core.$ZodEncodeError) return z.safeParse(schema, data);
    throw error;
  }
}

function responseSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new TypeError(`A response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Writers already compiled, by schema: one schema shared by many routes (the error reply every
 * route declares, platform/api-document.ts) is compiled once, not once per route.
 */
const writers = new WeakMap<z.ZodType, ((data: unknown) => string) | undefined>();

function compiled(schema: z.ZodType): ((data: unknown) => string) | undefined {
  if (!writers.has(schema)) writers.set(schema, compile(schema));
  return writers.get(schema);
}

/** fast-json-stringify's writer for a zod schema, or undefined where JSON Schema falls short. */
function compile(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  try {
    return fastJson(simplified(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * zod writes `x | null` as `anyOf: [x, { type: 'null' }]`; fast-json-stringify decides an anyOf
 * by validating every value against each branch, the slow path. A plain type or nullable one
 * becomes a list of types, which it writes directly.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(
    ([key, value]) => [key, simplified(value)] as const,
  );
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex(
      (branch) => isRecord(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && isRecord(other) && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
