import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Typography } from '@mui/material';

/** The app bar's title slot (react-admin's TitlePortal in RollCallAppBar). */
const TITLE_SLOT_ID = 'react-admin-title';

/**
 * The page's name in the app bar's title slot, as react-admin's <Title preferenceKey={false}>
 * puts it there (the slot is looked up again once mounted, since the app bar may come later).
 * react-admin's Title also imports its title editor (a TextField and a Popover), which brought
 * MUI's select, menu, popover and modal into the first download of the sign-in page.
 */
function AppBarTitle({ title }: { title: string }) {
  const [slot, setSlot] = useState<HTMLElement | null>(() => document.getElementById(TITLE_SLOT_ID));
  useEffect(() => {
    setSlot((current) => (current && document.body.contains(current) ? current : document.getElementById(TITLE_SLOT_ID)));
  }, []);
  return slot
    ? createPortal(
        <span>
          <span>{title}</span>
        </span>,
        slot,
      )
    : null;
}

/**
 * The page's name, shown twice from one place: in the app bar (wide screens) and as the page's
 * own h1 at the top of its content, since a 375-px phone hides the app-bar title. Every page
 * names itself through this and nothing else (react-admin pages get `title={false}` so the app
 * bar never shows a second or a default title).
 */
export function PageHeading({ children }: { children: string }) {
  return (
    <>
      <AppBarTitle title={children} />
      <Typography variant="h5" component="h1" sx={{ pt: 2, pb: 1, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
