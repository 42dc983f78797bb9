import { describe, expect, it, vi } from 'vitest';
import { createDeniedRequestCounter } from '../../server/deniedRequests';
import type { AuditInsert } from '../../server/db/repositories/auditLog';

/**
 * The counter behind the audit of refused requests (server/deniedRequests.ts), with a settable
 * clock and the entries it writes collected: what is written at once, what is counted, when
 * the counts are written, and that memory stays bounded.
 */
function setUp(opts: { maxKeys?: number; sweepEveryMs?: number } = {}) {
  let nowMs = Date.parse('2026-05-04T14:00:00Z');
  const written: AuditInsert[][] = [];
  const counter = createDeniedRequestCounter({
    now: () => new Date(nowMs),
    write: async (entries) => {
      written.push(entries);
    },
    ...opts,
  });
  const refuse = (key: string, requestId = key) =>
    counter.refused(key, { at: new Date(nowMs), actorId: 7, action: 'denied', entity: 'request', entityId: key, outcome: 'denied', requestId });
  const summary = () => written.map((batch) => batch.map((e) => `${e.entityId}×${e.repeatCount}`));
  return { counter, refuse, written, summary, advance: (ms: number) => (nowMs += ms) };
}

describe('counting identical refusals', () => {
  it('writes the first at once and the rest of the minute as one entry with the count, stamped with the last one', async () => {
    const { counter, refuse, written, summary, advance } = setUp();
    await refuse('a', 'r1');
    expect(summary()).toEqual([['a×1']]);
    for (let i = 2; i <= 5; i++) {
      advance(1_000);
      await refuse('a', `r${i}`);
    }
    expect(written).toHaveLength(1);
    await counter.flushEnded();
    expect(written).toHaveLength(1); // the minute has not ended
    advance(60_000);
    await counter.flushEnded();
    expect(summary()).toEqual([['a×1'], ['a×4']]);
    expect(written[1][0]).toMatchObject({ requestId: 'r5', at: new Date('2026-05-04T14:00:04Z') });
    expect(counter.size).toBe(0);
  });

  it('a refusal after the minute writes the counted ones and opens a new minute, in one write', async () => {
    const { refuse, summary, advance } = setUp();
    await refuse('a');
    advance(10_000);
    await refuse('a');
    advance(60_000);
    await refuse('a');
    expect(summary()).toEqual([['a×1'], ['a×1', 'a×1']]);
  });

  it('a single refusal is one entry and nothing more', async () => {
    const { counter, refuse, summary, advance } = setUp();
    await refuse('a');
    advance(61_000);
    await counter.flushEnded();
    await counter.close();
    expect(summary()).toEqual([['a×1']]);
  });

  it('keeps at most maxKeys keys: beyond them every refusal is written at once', async () => {
    const { counter, refuse, summary } = setUp({ maxKeys: 2 });
    await refuse('a');
    await refuse('b');
    await refuse('c');
    await refuse('c');
    await refuse('a');
    expect(counter.size).toBe(2);
    expect(summary()).toEqual([['a×1'], ['b×1'], ['c×1'], ['c×1']]);
  });

  it('on close writes every count still held, ended or not', async () => {
    const { counter, refuse, summary } = setUp();
    await refuse('a');
    await refuse('a');
    await refuse('b');
    await refuse('b');
    await refuse('b');
    await counter.close();
    expect(summary()).toEqual([['a×1'], ['b×1'], ['a×1', 'b×2']]);
    expect(counter.size).toBe(0);
  });

  it('its timer writes the counts once the minute has ended on the clock', async () => {
    const { counter, refuse, summary, advance } = setUp({ sweepEveryMs: 5 });
    await refuse('a');
    await refuse('a');
    advance(60_000);
    await vi.waitFor(() => expect(summary()).toEqual([['a×1'], ['a×1']]));
    await counter.close();
  });
});
