import { startTransition, useCallback, useEffect, useState, type RefCallback } from 'react';

/** The longest wait (ms) for an idle moment after the paint. */
const IDLE_TIMEOUT_MS = 1000;

/** Those waiting for the next frame's paint, then an idle moment; null while no frame is asked for. */
let nextFrame: Set<() => void> | null = null;

/**
 * Calls `run` once the browser has painted the next frame and then has an idle moment
 * (requestIdleCallback, at most a second later; a zero timer where it is missing); resolves the
 * function that cancels it. Every caller until that frame shares one frame request and one idle
 * callback, so the parts of a page that mount together wake in one task and are drawn together:
 * each frame or idle request costs the main thread a little (more so while a profiler records its
 * stack), and each wake-up would be a draw of its own.
 */
function afterNextPaint(run: () => void): () => void {
  if (!nextFrame) {
    const waiting = new Set<() => void>();
    nextFrame = waiting;
    requestAnimationFrame(() => {
      // whoever mounts from here on has not painted yet, and waits for the next frame
      if (nextFrame === waiting) nextFrame = null;
      const wake = () => waiting.forEach((f) => f());
      if (typeof requestIdleCallback === 'function') requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS });
      else window.setTimeout(wake, 0);
    });
  }
  const waiting = nextFrame;
  waiting.add(run);
  return () => waiting.delete(run);
}

/**
 * False until the page has painted and the browser is idle (afterNextPaint), then true: what is
 * not needed for the first screen (a chart under a list) starts its download and drawing after the
 * list is on screen. With `enabled` false it waits for nothing and stays false.
 */
export function useAfterFirstPaint(enabled = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!enabled || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [enabled, painted]);
  return painted;
}

/**
 * [ref, near]: `near` turns true (and stays so) once the element given to `ref` has painted and
 * comes within `marginPx` of the screen (IntersectionObserver), and at once where the browser has
 * no IntersectionObserver. A chart under a long list thus downloads when the reader scrolls
 * towards it, never in a phone's first load of the list (where it would only be bytes and work
 * spent on something below the screen).
 */
export function useNearViewport(marginPx = 200): [RefCallback<HTMLElement>, boolean] {
  const painted = useAfterFirstPaint();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  // React calls a ref during its commit, where a plain state update is drawn at once in the same
  // task, and pulls that commit's effects in with it: one long task instead of two short ones.
  // As a transition the element's arrival is drawn in a task of its own.
  const place = useCallback((el: HTMLElement | null) => startTransition(() => setElement(el)), []);
  useEffect(() => {
    if (!painted || near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: `${marginPx}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [painted, near, element, marginPx]);
  return [place, near];
}
