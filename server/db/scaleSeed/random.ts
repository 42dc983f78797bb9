/**
 * A small seeded pseudo-random generator (mulberry32) for the scale seed: the same seed gives the
 * same sequence, and it is fast enough for a million time tickets (faker is used only for names
 * and addresses). Not for anything secret.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1) >>> 0 || 0x6d2b79f5;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from lo to hi, both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability p (0..1). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One value by weight: [[value, weight], ...] with positive weights. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of choices) total += w;
    let r = this.next() * total;
    for (const [v, w] of choices) {
      r -= w;
      if (r < 0) return v;
    }
    return choices[choices.length - 1][0];
  }

  /** A small count: 0 with probability 1 - p, otherwise 1..max (lower values likelier). */
  count(p: number, max: number): number {
    if (!this.chance(p)) return 0;
    return 1 + Math.floor(this.next() * this.next() * max);
  }

  /** The list shuffled in place (Fisher-Yates) and returned. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}
