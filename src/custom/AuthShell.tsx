import type { ReactNode } from 'react';
import { AppBar, Box, Paper, Toolbar, Typography } from '@mui/material';
import { BrandTitle } from './BrandTitle';
import { ScrollToTop } from './ScrollToTop';

/**
 * Frame of the pages open without a session (/Login, /PasswordChange, /PasswordReset, /ConfirmEmail): the
 * header with logo and title but no menu and no Logout (spec §1), and one centred card.
 */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <ScrollToTop />
      <AppBar position="static" color="secondary">
        <Toolbar variant="dense" sx={{ minHeight: 56 }}>
          <BrandTitle />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', px: 1, py: { xs: 2, sm: 6 } }}>
        <Paper sx={{ width: '100%', maxWidth: 420, p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
