import type { ReactElement } from 'react';

/** Events, rosters (sign-ups) and event search pages (spec §2 Events). Route elements mounted inside the layout by src/App.tsx. */
export const eventRoutes: ReactElement[] = [];
