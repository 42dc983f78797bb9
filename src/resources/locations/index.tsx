import type { ReactElement } from 'react';

/** Location pages (spec §2 Locations). Route elements mounted inside the layout by src/App.tsx. */
export const locationRoutes: ReactElement[] = [];
