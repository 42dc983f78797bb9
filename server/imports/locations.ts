/**
 * The locations kind of an import: each row becomes the body POST /api/locations/insert and PUT
 * /api/locations/update take, checked by the same schema (locationFields, spec §5 Location), and is
 * written by the location repository. Name + precinct is the natural key (the name compared
 * without regard to case or surrounding spaces): a known location is updated (the fields without
 * a column keep their stored values), an unknown one added.
 */
import { insertLocation, updateLocation } from '../db/repositories/locations';
import { IMPORT_FIELDS, type ImportField } from '../../src/domain/imports';
import { format, rc } from '../../src/domain/messages';
import { locationFields, type LocationInput } from '../../src/domain/schemas/locations';
import { dedupe, type KindRunner, type RowIssue, type RowOutcome, type RunnerEnv } from './types';
import { addSchemaIssues, locationKey, locationsByName, lookupId, nameKey, type StoredLocation } from './rowChecks';
import type { SourceRow } from './read';

const FIELDS = new Map(IMPORT_FIELDS.locations.map((f) => [f.key, f]));
const REF_KEY: Record<string, string> = { state: 'stateId', precinct: 'precinctId' };

function storedBody(l: StoredLocation): LocationInput {
  return {
    name: l.name,
    address: l.address,
    city: l.city,
    state: { stateId: l.stateId },
    zip: l.zip,
    phone1: l.phone1 ?? '',
    email1: l.email1 ?? '',
    webAddress: l.webAddress ?? '',
    precinct: { precinctId: l.precinctId },
  };
}

/** The location as its columns hold it (blanks as null), by field. */
function columnsOf(b: LocationInput): Record<string, string | number | null> {
  return {
    name: b.name, address: b.address, city: b.city, state: b.state.stateId, zip: b.zip,
    phone1: b.phone1 || null, email1: b.email1 || null, webAddress: b.webAddress || null, precinct: b.precinct.precinctId,
  };
}

/** The locations kind (see the file's comment). */
export async function locationRunner(env: RunnerEnv): Promise<KindRunner> {
  const { ctx } = env;
  const seen = new Set<string>();

  function partialBody(cells: Record<string, string>) {
    const body: Record<string, unknown> = {};
    const issues: RowIssue[] = [];
    for (const [key, text] of Object.entries(cells)) {
      const f = FIELDS.get(key) as ImportField;
      if (f.type !== 'lookup') {
        body[key] = text;
        continue;
      }
      // a blank reference is left out, so the schema's own message ('Must select state') says so
      if (!text) continue;
      const id = lookupId(env, f, text, issues);
      if (id !== undefined) body[key] = { [REF_KEY[key]]: id };
    }
    return { body, issues };
  }

  function check(row: SourceRow, stored: Map<string, StoredLocation[]>, parsed: ReturnType<typeof partialBody>): RowOutcome {
    const { body, issues } = parsed;
    const precinctId = (body.precinct as { precinctId?: number } | undefined)?.precinctId;
    const name = typeof body.name === 'string' ? body.name : '';
    const key = name.trim() && precinctId ? locationKey(name, precinctId) : null;
    if (key) {
      if (seen.has(key)) issues.push({ field: 'name', message: rc.errors.duplicate });
      seen.add(key);
    }
    const twins = key ? (stored.get(key) ?? []) : [];
    if (twins.length > 1) issues.push({ field: 'name', message: format(rc.imports.errors.ambiguousLocation, { name: name.trim() }) });
    const before = twins.length === 1 ? twins[0] : undefined;
    const result = locationFields.safeParse({ ...(before ? storedBody(before) : {}), ...body });
    addSchemaIssues(issues, result.error);
    if (issues.length || !result.success || !key) return { status: 'refused', issues: dedupe(issues) };
    const input = result.data;
    const after = columnsOf(input);
    const details = `import ${env.fileName}, line ${row.line}`;
    const actorId = ctx.actor.officerId;
    const label = `${input.name} (${input.precinct.precinctId})`;
    if (!before) {
      return {
        status: 'new',
        key: label,
        fields: [],
        write: async (tx) => {
          const created = await insertLocation(tx, input, actorId, ctx.now());
          return { action: 'create', entity: 'location', entityId: created.locationId, after, details };
        },
      };
    }
    const was = columnsOf(storedBody(before));
    const fields = Object.keys(after).filter((f) => after[f] !== was[f]);
    if (!fields.length) return { status: 'unchanged', key: label };
    return {
      status: 'changed',
      key: label,
      fields,
      write: async (tx) => {
        await updateLocation(tx, before.locationId, input, actorId, ctx.now());
        return { action: 'update', entity: 'location', entityId: before.locationId, before: was, after, details };
      },
    };
  }

  return {
    async checkBatch(rows) {
      const parsed = rows.map((row) => partialBody(env.cells(row)));
      const names = [...new Set(parsed.map((p) => p.body.name).filter((n): n is string => typeof n === 'string' && n.trim() !== '').map(nameKey))];
      const stored = await locationsByName(ctx.db, names);
      return rows.map((row, i) => check(row, stored, parsed[i]));
    },
  };
}
