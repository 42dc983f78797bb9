import type { MouseEvent } from 'react';
import { Box } from '@mui/material';
import { rc } from '../domain/messages';
import { printClasses } from '../common/printClasses';

const skipSx = {
  position: 'fixed',
  left: 16,
  top: -80,
  zIndex: 5000,
  p: 1,
  bgcolor: 'background.paper',
  borderRadius: 1,
  boxShadow: 2,
  '&:focus': { top: 16 },
} as const;
// position: fixed would print it at the top of every sheet: it is left off the paper

/**
 * 'Skip to content': the first thing the Tab key reaches on a signed-in page, hidden until
 * focused; it moves focus past the header and menu to the page (#main-content, focusable by
 * script only) without changing the address.
 */
export function SkipToContent() {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById('main-content')?.focus();
  };
  return (
    <Box component="a" href="#main-content" onClick={skip} sx={skipSx} className={printClasses.noPrint}>
      {rc.menu.skipToContent}
    </Box>
  );
}
