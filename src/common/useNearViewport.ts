import { startTransition, useCallback, useEffect, useState, type RefCallback } from 'react';

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
