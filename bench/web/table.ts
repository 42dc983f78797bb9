import type { Measure } from './lighthouse';

/** The median of each figure over a page's runs (each figure on its own, as Lighthouse's CLI does per metric). */
export interface Row extends Pick<Measure, 'performance' | 'accessibility' | 'bestPractices' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'transferredBytes' | 'scriptBytes'> {
  page: string;
  runs: number;
  /** API calls of the median run (by performance score). */
  apiCalls: string[];
  /** Every console error seen in any run, once each. */
  consoleErrors: string[];
  /** Accessibility and best-practices audits failed in any run, once each. */
  failedAudits: string[];
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarise(page: string, runs: Measure[]): Row {
  const of = (key: keyof Measure) => median(runs.map((r) => r[key] as number));
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    page,
    runs: runs.length,
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    transferredBytes: of('transferredBytes'),
    scriptBytes: of('scriptBytes'),
    apiCalls: byScore[Math.floor(byScore.length / 2)]?.apiCalls ?? [],
    consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
  };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;

/** The printed table: one line per page, then each page's API calls and console errors. */
export function formatTable(rows: Row[]): string {
  const header = ['Page', 'Perf', 'A11y', 'BP', 'FCP', 'LCP', 'TBT', 'CLS', 'Transferred', 'JS'];
  const cells = rows.map((r) => [
    r.page,
    r.performance.toFixed(2),
    r.accessibility.toFixed(2),
    r.bestPractices.toFixed(2),
    sec(r.fcpMs),
    sec(r.lcpMs),
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    kb(r.transferredBytes),
    kb(r.scriptBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  const notes = rows.flatMap((r) => [
    ...(r.apiCalls.length ? [`${r.page}: ${r.apiCalls.join(', ')}`] : []),
    ...r.consoleErrors.map((e) => `${r.page}: console error: ${e}`),
    ...(r.failedAudits.length ? [`${r.page}: audits not passed: ${r.failedAudits.join(', ')}`] : []),
  ]);
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line), '', ...notes].join('\n');
}
