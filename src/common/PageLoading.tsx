import { Box, CircularProgress } from '@mui/material';
import { rc } from '../domain/messages';

/**
 * The one fallback while a page's code downloads (lazyPage): a spinner named 'Loading…' for
 * screen readers, in a box as tall as a page's first screen, so the page takes that space when it
 * arrives instead of pushing anything down. `fullScreen` for the pages outside the signed-in
 * layout (sign-in, password pages), which fill the window.
 */
export function PageLoading({ fullScreen }: { fullScreen?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6, minHeight: fullScreen ? '100vh' : '60vh', boxSizing: 'border-box' }}>
      <CircularProgress aria-label={rc.app.loading} />
    </Box>
  );
}
