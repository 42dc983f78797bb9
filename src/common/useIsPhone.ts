import { useMediaQuery, type Theme } from '@mui/material';

/**
 * True on screens narrower than the breakpoint (default 'sm', 600 px): lists render as cards
 * there. A list with many columns may switch earlier ('md', 900 px) so the table never scrolls
 * sideways.
 */
export function useIsPhone(below: 'sm' | 'md' = 'sm'): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
}
