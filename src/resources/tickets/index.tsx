import type { ReactElement } from 'react';

/** Time ticket pages (spec §2 Time ticket list, edit, search, landing page). Route elements mounted inside the layout by src/App.tsx. */
export const ticketRoutes: ReactElement[] = [];
