import { useMediaQuery, type Theme } from '@mui/material';
import { usePrintState } from './printing';

/**
 * True on screens narrower than the breakpoint (default 'sm', 600 px): lists render as cards
 * there. A list with many columns may switch earlier ('md', 900 px) so the table never scrolls
 * sideways. False while the page prints: paper gets the desk table, whatever the screen.
 */
export function useIsPhone(below: 'sm' | 'md' = 'sm'): boolean {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
  const { printing } = usePrintState();
  return narrow && !printing;
}
