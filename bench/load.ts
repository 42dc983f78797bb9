import autocannon from 'autocannon';
import { median, send, type Call } from './apiClient';

/** One call under load. */
export interface LoadResult {
  /** Answers per second over the run (all answers / seconds). */
  reqPerSec: number;
  /** Latency percentiles seen by the client, ms. */
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, and connection errors and timeouts. */
  non2xx: number;
  errors: number;
}

/**
 * Sends `call` with the session token over `connections` keep-alive connections for `seconds`
 * (autocannon, in this process; the server runs in another) and returns its throughput and
 * latency. Never fails on slow answers: the figures say it.
 */
export async function runLoad(baseUrl: string, call: Call, token: string, seconds: number, connections: number): Promise<LoadResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: `${baseUrl}${call.path}`,
    method: call.method,
    headers,
    body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
    connections,
    duration: seconds,
    timeout: 60,
  });
  return {
    reqPerSec: result.requests.total / Math.max(result.duration, 0.001),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One call sent alone, `runs` times in a row on one connection. */
export interface SingleResult {
  /** Median server time (Server-Timing of bench/server.ts), ms. */
  serverMs: number;
  /** Median round trip seen by the client on 127.0.0.1, ms. */
  roundTripMs: number;
}

/** Sends `call` `runs` times one after another (each after `before()`, when given) and returns the medians (server time and round trip). */
export async function runSingle(baseUrl: string, call: Call, token: string, runs: number, before?: () => Promise<unknown>): Promise<SingleResult> {
  const server: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const started = performance.now();
    const a = await send(baseUrl, call, token);
    roundTrip.push(performance.now() - started);
    if (Number.isFinite(a.serverMs)) server.push(a.serverMs);
  }
  return { serverMs: median(server), roundTripMs: median(roundTrip) };
}
