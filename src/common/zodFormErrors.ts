import type { z } from 'zod';

/**
 * Runs a zod schema over form values and returns react-hook-form style nested errors
 * ({eventType: {eventTypeId: 'Event Type Required!'}}), first message per field; {} when valid.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown): Record<string, unknown> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (!path.length) continue;
    let node = errors;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (node[last] === undefined) node[last] = issue.message;
  }
  return errors;
}
