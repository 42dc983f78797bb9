import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { tapTarget } from './listStyles';

/**
 * The one in-app link of lists and cards: theme-coloured (never browser blue), with a
 * finger-sized tap area, navigating inside /secure without a page load.
 */
export function RowLink({ to, children, ariaLabel }: { to: string; children: ReactNode; ariaLabel?: string }) {
  return (
    <Link component={RouterLink} to={to} sx={tapTarget} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
