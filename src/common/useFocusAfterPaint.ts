import { useEffect, type RefObject } from 'react';

/**
 * Puts keyboard focus in `input` when its page first shows, as `autoFocus` would, but in the
 * first frame after React has put the page in (issue 13): `autoFocus` focuses inside React's commit,
 * which makes the browser lay the whole new page out in that task (about 50 ms of a 4x-slowed
 * phone's longest task on the sign-in page); in the frame the browser lays it out anyway. Focus
 * the user has already put elsewhere stays there.
 */
export function useFocusAfterPaint(input: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) input.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
    // once, when the page shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
