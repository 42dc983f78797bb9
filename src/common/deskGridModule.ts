import { moduleLoader } from './moduleLoader';

/**
 * The desk table's chunk (DeskGrid.tsx): ResponsiveList mounts it through lazyPage on screens
 * wider than a phone's and when printing. In a file of its own so that src/main.tsx and the
 * sign-in page can ask for it early on a desk, and Print before the print dialog (PrintButton.tsx),
 * without importing the list code around it.
 */
export const deskGridModule = moduleLoader(() => import('./DeskGrid'));

/** Screens that show lists as tables: at least the theme's 'sm' breakpoint (600 px), as ResponsiveList decides by default. */
const DESK_SCREEN = '(min-width: 600px)';

/**
 * On a screen wider than a phone's, starts downloading the desk table's code (before the list
 * that shows it renders: src/main.tsx on a list address, the sign-in page while the user types).
 * Nothing on a phone; a failure is left for the list's lazyPage to meet and report.
 */
export function prefetchDeskGrid(): void {
  if (window.matchMedia?.(DESK_SCREEN).matches) void deskGridModule().catch(() => {});
}
