import { send } from './apiClient';
import type { BenchCall } from './calls';
import type { Fixtures } from './fixtures';
import { runLoad, runSingle, type LoadResult, type SingleResult } from './load';

/** The figures of one call (a row of the table). */
export interface CallResult {
  key: string;
  label: string;
  method: string;
  path: string;
  login: string;
  /** Status of the captured answer (a non-2xx one is reported and not loaded). */
  status: number;
  /** Bytes of the answer's body. */
  bytes: number;
  /** The call under load, and the reference route sending the same bytes from memory through the same authentication. */
  route: LoadResult | null;
  reference: LoadResult | null;
  /** route req/s ÷ reference req/s. */
  ratio: number | null;
  /** Sent alone (median of `singleRuns`): server time and round trip, ms. */
  single: SingleResult | null;
}

export interface ApiBenchOptions {
  duration: number;
  connections: number;
  singleRuns: number;
  log: (line: string) => void;
}

/**
 * Waits until the server has worked off what an earlier load left queued (requests still running
 * when autocannon stopped wait for the database): one session check, which needs the database
 * too, then a quarter second.
 */
async function drain(url: string, token: string): Promise<void> {
  await send(url, { method: 'GET', path: '/api/session' }, token);
  await new Promise((r) => setTimeout(r, 250));
}

/**
 * Measures each call: captures its answer (also a warm-up), uploads the bytes to the reference
 * route (PUT /api/bench/echo/<key>), sends it alone `singleRuns` times (median server time and
 * round trip), then loads the call and its reference GET /api/bench/echo/<key> for `duration`
 * seconds each over `connections` connections, as the same signed-in user, letting the server
 * drain before each.
 */
export async function measureApi(url: string, f: Fixtures, calls: BenchCall[], o: ApiBenchOptions): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const c of calls) {
    const token = f.sessions[c.login].token;
    const captured = await send(url, c.call, token);
    const result: CallResult = {
      key: c.key,
      label: c.label,
      method: c.call.method,
      path: c.call.path,
      login: c.login,
      status: captured.status,
      bytes: captured.body.length,
      route: null,
      reference: null,
      ratio: null,
      single: null,
    };
    results.push(result);
    if (captured.status < 200 || captured.status > 299) {
      o.log(`  ${c.label}: ${captured.status} ${captured.body.toString().slice(0, 200)} (not measured)`);
      continue;
    }
    const echo = { method: 'GET' as const, path: `/api/bench/echo/${c.key}` };
    const stored = await send(url, { method: 'PUT', path: echo.path }, token, captured.body);
    if (stored.status !== 204) throw new Error(`reference route refused the capture of ${c.key}: ${stored.status}`);
    // a report is timed being made: the embedded database's kept reports are dropped before each
    // single request (the ticket list and the session check keep their own memory: timed as used)
    const forget = () => send(url, { method: 'POST', path: '/api/bench/forget' }, token);
    result.single = await runSingle(url, c.call, token, o.singleRuns, forget);
    if (c.load) {
      await drain(url, token);
      result.route = await runLoad(url, c.call, token, o.duration, o.connections);
      await drain(url, token);
      result.reference = await runLoad(url, echo, token, o.duration, o.connections);
      result.ratio = result.reference.reqPerSec > 0 ? result.route.reqPerSec / result.reference.reqPerSec : null;
    }
    o.log(`  ${c.label}: ${result.route ? `${result.route.reqPerSec.toFixed(0)} req/s, ` : ''}single ${result.single.serverMs.toFixed(1)} ms`);
  }
  return results;
}
