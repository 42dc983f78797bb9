import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, type ButtonProps } from '@mui/material';

export interface ActionButtonProps {
  /** The words on the button; shown on every screen (react-admin's Button drops them on a phone). */
  label: string;
  icon?: ReactNode;
  /** An in-app address to go to, or… */
  to?: string;
  /** …what a click does. */
  onClick?: () => void;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  disabled?: boolean;
  /** Accessible name when the words alone are ambiguous ('Remove 03/10/2026 08:00'). */
  ariaLabel?: string;
}

/**
 * The one action button of pages, lists and cards (Add, Search, Back, Remove…): icon and words
 * on every screen, a finger-sized (40 px) tap target, a link when `to` is given.
 */
export function ActionButton({ label, icon, to, onClick, variant = 'text', color, disabled, ariaLabel }: ActionButtonProps) {
  const common = { variant, color, disabled, startIcon: icon, 'aria-label': ariaLabel, sx: { minHeight: 40 } };
  return to !== undefined ? (
    <Button {...common} component={RouterLink} to={to}>
      {label}
    </Button>
  ) : (
    <Button {...common} onClick={onClick}>
      {label}
    </Button>
  );
}
