/**
 * Compiled JSON writers for the hot list answers. The zod serializer of the other
 * routes parses every row with zod and then runs JSON.stringify; for a 100-row ticket list that
 * is most of the request's CPU. fast-json-stringify (the library Fastify itself uses for JSON
 * schemas) compiles a writer from the JSON Schema that zod derives from the same response schema,
 * so the answer keeps the schema's keys, order and types and drops anything the schema does not
 * declare. tests/server/ticketJson.test.ts proves the text equals the zod serializer's.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes a nullable object as anyOf [object, null]; fast-json-stringify would then validate
 * every value against each branch. The same meaning as a type list lets it write directly.
 */
function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const s = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplifyNullable(v)])) as JsonSchema;
  const anyOf = s.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf[1].type === 'null' && typeof anyOf[0].type === 'string') {
    const { anyOf: _drop, ...rest } = s;
    return { ...rest, ...anyOf[0], type: [anyOf[0].type, 'null'] };
  }
  return s;
}

/**
 * A function writing values of `schema`'s output type as JSON text, compiled once. Input: values
 * that satisfy the schema (the caller's rows); output: the same text JSON.stringify writes for
 * `schema.parse(value)`.
 */
export function compileJsonWriter<S extends z.ZodType>(schema: S): (value: z.output<S>) => string {
  const json = simplifyNullable(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as JsonSchema;
  delete json.$schema;
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (value: z.output<S>) => string;
}
