/**
 * npm run bench:web:trace-tasks -- TRACE [--min 12] [--top 40]: what ran in the main thread's long
 * tasks of a load. TRACE is a `.trace.json` that `npm run bench:web -- --reports DIR --js-samples`
 * kept beside each Lighthouse report: the trace Lighthouse simulated its phone figures from, with
 * the JavaScript profiler's samples. For every task longer than --min ms (wall, as recorded, not
 * slowed) from 100 ms before the first contentful paint on, it prints the functions on the stack
 * (inclusive samples) and at its top (self samples, '[native]' for the browser's own calls), then
 * the same summed over the long tasks after the first paint: the ones Lighthouse's blocking time
 * counts. Read a build made with `npx vite build --minify false` for names. A tool, never a test.
 */
import fs from 'node:fs';
import type { ProfileNode, TraceEvent } from './traceEvent';

function main() {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const minMs = option('--min', 12);
  const top = option('--top', 40);
  if (!file) throw new Error('usage: traceTasks.ts TRACE [--min 12] [--top 40]');
  const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${file}: no first contentful paint`);
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === thread?.tid);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? fcp.ts;

  // the profiler's samples, each with its time, from the Profile and ProfileChunk events
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; id: number }[] = [];
  const clock = new Map<string | undefined, number>();
  for (const e of events.filter((x) => x.pid === fcp.pid && (x.name === 'Profile' || x.name === 'ProfileChunk')).sort((a, b) => a.ts - b.ts)) {
    if (e.name === 'Profile') {
      clock.set(e.id, e.args?.data?.startTime ?? e.ts);
      continue;
    }
    const profile = e.args?.data?.cpuProfile ?? {};
    for (const n of profile.nodes ?? []) nodes.set(n.id, n);
    let ts = clock.get(e.id) ?? 0;
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, id });
    });
    clock.set(e.id, ts);
  }
  if (!samples.length) console.log('(no JavaScript samples in this trace: measure with --js-samples)');

  const count = (tasks: TraceEvent[]) => {
    const inclusive = new Map<string, number>();
    const self = new Map<string, number>();
    let n = 0;
    for (const task of tasks) {
      for (const s of samples) {
        if (s.ts < task.ts || s.ts >= task.ts + (task.dur ?? 0)) continue;
        n++;
        let node = nodes.get(s.id);
        if (node) {
          const name = (node.callFrame.functionName || '(anonymous)') + (node.callFrame.url ? '' : ' [native]');
          self.set(name, (self.get(name) ?? 0) + 1);
        }
        const seen = new Set<string>();
        for (; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
          const name = node.callFrame.functionName || '(anonymous)';
          if (seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        }
      }
    }
    const line = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, c]) => `${name} ${c}`).join(' | ');
    return { n, inclusive: line(inclusive), self: line(self) };
  };

  const long = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > minMs * 1000 && e.ts > fcp.ts - 100_000);
  console.log(`first contentful paint +${Math.round((fcp.ts - start) / 1000)} ms; ${samples.length} samples; ${long.length} tasks over ${minMs} ms`);
  for (const task of long) {
    const c = count([task]);
    console.log(`+${Math.round((task.ts - start) / 1000)} ms: wall ${((task.dur ?? 0) / 1000).toFixed(1)} ms, CPU ${((task.tdur ?? 0) / 1000).toFixed(1)} ms, ${c.n} samples`);
    console.log(`  inclusive: ${c.inclusive}`);
    console.log(`  self: ${c.self}`);
  }
  const after = count(long.filter((t) => t.ts >= fcp.ts));
  console.log(`all long tasks after the first paint: ${after.n} samples`);
  console.log(`  inclusive: ${after.inclusive}`);
  console.log(`  self: ${after.self}`);
}

main();
