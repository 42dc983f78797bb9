import type { ReactNode } from 'react';
import { SaveButton, Toolbar } from 'react-admin';
import { Card, CardContent, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { rc } from '../domain/messages';
import { ActionButton } from './ActionButton';

import { formCardSx, saveBarSx } from './formStyles';

export { formCardSx };

/**
 * The save bar of every form: Save (always enabled, so an empty save shows the field messages)
 * and Back to `backTo`. It sticks to the bottom of the screen while a long form scrolls, so Save
 * is one tap away on a phone.
 */
export function FormToolbar({ backTo, saveLabel, saveIcon, children }: { backTo?: string; saveLabel?: string; saveIcon?: ReactNode; children?: ReactNode }) {
  return (
    <Toolbar sx={saveBarSx}>
      <SaveButton alwaysEnable label={saveLabel ?? rc.app.save} {...(saveIcon ? { icon: saveIcon } : {})} />
      {backTo !== undefined && (
        <ActionButton label={rc.app.back} icon={<ArrowBackIcon />} to={backTo} />
      )}
      {children}
    </Toolbar>
  );
}

/** A form not bound to a record (search pages): the same card as Create/Edit forms. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Card sx={formCardSx}>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Two fields side by side on a desk (a date and its time), one under the other on a phone. */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
      {children}
    </Stack>
  );
}
