import { useMediaQuery, type Theme } from '@mui/material';
import { usePrintState } from './printing';

/**
 * True on screens narrower than the breakpoint (default 'sm', 600 px), whether or not the page
 * prints: ResponsiveList decides by it and the printing state together, since a phone prints the
 * desk table only once that table's code has arrived.
 */
export function useNarrowScreen(below: 'sm' | 'md' = 'sm'): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
}

/**
 * True on screens narrower than the breakpoint (default 'sm', 600 px): lists render as cards
 * there. A list with many columns may switch earlier ('md', 900 px) so the table never scrolls
 * sideways. False while the page prints: paper gets the desk table, whatever the screen.
 */
export function useIsPhone(below: 'sm' | 'md' = 'sm'): boolean {
  const narrow = useNarrowScreen(below);
  const { printing } = usePrintState();
  return narrow && !printing;
}
