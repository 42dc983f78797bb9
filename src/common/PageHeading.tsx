import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/**
 * The page's own heading (h1). react-admin puts a page title in the app bar, which a 375-px phone
 * truncates or hides, so every page also names itself at the top of its content.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
      {children}
    </Typography>
  );
}
