import { startTransition, useEffect, useState, type RefCallback } from 'react';

/**
 * False until the page has painted and the browser is idle (requestIdleCallback, at most
 * `timeoutMs` later; a frame where it is missing), then true: what is not needed for the first
 * screen (a chart under a list) starts its download and drawing after the list is on screen.
 */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setPainted(true), { timeout: timeoutMs });
      else idle = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, [timeoutMs]);
  return painted;
}

/**
 * False in the first render of the component that calls it, then true in a render of its own: a
 * transition started by a timer once that first render is committed. A small part of a large
 * first render (the signed-in frame with its page, on a phone's first load) is thus drawn in a
 * task apart, so neither task holds the main thread for long. Neither an effect's own update
 * (React drew it in the same task) nor a deferred value (drawn with the list's deferred rows,
 * making that task the long one) kept it apart. It waits for no paint or idle time
 * (useAfterFirstPaint does): for what the first screen shows. A transition waits behind the
 * page's other work, though (on a phone with the CPU slowed 4x the news card came 0.4-1 s later):
 * never for the page's largest paint.
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setCommitted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return committed;
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
  return [setElement, near];
}
