import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteContract } from './errorStatuses';

type JsonSchema = Record<string, unknown>;
type Transformed = { schema: { response?: Record<string, JsonSchema>; querystring?: JsonSchema; [k: string]: unknown }; url: string };

/** `${METHOD} ${openapi path}` -> the query parameters that may be sent empty. */
const emptyQueryNames = new Map<string, string[]>();

/** '/api/x/:id' -> '/api/x/{id}', the path as the OpenAPI document writes it. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The query parameters a route reads an empty value of as absent (`orderBy=`,
 * `summarizeFlag=`, `precinctId=`, `_sort=`): each field of the zod query schema that accepts ''.
 */
function emptyAccepting(querystring: unknown): string[] {
  const shape = (querystring as { shape?: Record<string, { safeParse?: (v: unknown) => { success: boolean } }> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => field?.safeParse?.('').success)
    .map(([name]) => name);
}

/**
 * OpenAPI 3.0 reads `enum` before `nullable`: a nullable enum must list null among its values, or
 * no validator accepts the null the route answers (a zod `.nullable()` enum comes out without it).
 */
function nullableEnumsAllowNull(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableEnumsAllowNull);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) nullableEnumsAllowNull(value);
}

/**
 * The swagger `transform`: fastify-type-provider-zod's jsonSchemaTransform (the zod
 * schemas of src/domain become JSON Schema), then what it cannot know: a 204 has no content, a
 * success status of another media type (`config.contract.media`, e.g. text/plain) is declared
 * with it, a nullable enum lists null, and the query parameters that accept an empty value are noted for transformObject.
 */
export const contractTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as unknown as Transformed;
  nullableEnumsAllowNull(out.schema);
  const route = input.route as { method: string | string[]; config?: { contract?: RouteContract } } | undefined;
  const response = out.schema.response;
  if (response) {
    for (const [status, body] of Object.entries(response)) {
      if (status === '204' || status === '304') response[status] = { type: 'null', description: String(body.description ?? 'No content') };
      const media = route?.config?.contract?.media?.[Number(status)];
      if (media) {
        const { description, ...schema } = body;
        response[status] = { description: description ?? 'Default Response', content: Object.fromEntries([media].flat().map((type) => [type, { schema }])) };
      }
    }
  }
  const empty = emptyAccepting((input.schema as { querystring?: unknown } | undefined)?.querystring);
  if (empty.length) for (const method of [route?.method ?? 'GET'].flat()) emptyQueryNames.set(`${method.toUpperCase()} ${openapiPath(out.url)}`, empty);
  return out as never;
};

/**
 * The swagger `transformObject`: marks each query parameter that may be sent empty
 * with `allowEmptyValue: true` (an empty value is read as absent).
 */
export const contractTransformObject: SwaggerTransformObject = (input) => {
  const doc = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as {
    paths?: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; allowEmptyValue?: boolean; description?: string }> }>>;
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const names = emptyQueryNames.get(`${method.toUpperCase()} ${path}`) ?? [];
      for (const p of operation.parameters ?? []) {
        if (p.in === 'query' && names.includes(p.name)) {
          p.allowEmptyValue = true;
          p.description = [p.description, 'An empty value is read as absent.'].filter(Boolean).join(' ');
        }
      }
    }
  }
  return doc as never;
};
