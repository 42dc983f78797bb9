import { moduleLoader } from '../common/moduleLoader';
import { ticketPagesModule } from '../resources/tickets/pagesModule';
import { prefetchDeskGrid } from '../common/deskGridModule';

/** The signed-in layout and the home redirect (signedIn.ts): src/App.tsx mounts them through lazyPage, src/main.tsx asks for them early. */
export const signedInModule = moduleLoader(() => import('./signedIn'));

let warmed = false;

/**
 * While somebody types on the sign-in page: download the code the pages after
 * sign-in need (the signed-in layout, the time ticket pages), so pressing Sign in does not wait
 * for it. Once per page load; a failure is left for lazyPage to meet and report.
 */
export function prefetchSignedInCode(): void {
  if (warmed) return;
  warmed = true;
  void signedInModule().catch(() => {});
  void ticketPagesModule().catch(() => {});
  prefetchDeskGrid();
}
