import { useEffect, type RefObject } from 'react';

/**
 * Puts keyboard focus in `input` when its page first shows, as `autoFocus` would, but in a task
 * of its own once the page has been painted: `autoFocus` focuses inside React's commit,
 * which makes the browser lay the whole new page out in that task (about 50 ms of a 4x-slowed
 * phone's longest task on the sign-in page), and focusing before the first paint (in an animation
 * frame) delays that paint by the focus and the field's re-render. Focus the user has already put
 * elsewhere stays there.
 */
export function useFocusAfterPaint(input: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame's callback runs before its paint; the timer it starts, after
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) input.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // once, when the page shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
