import { Component, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { rc } from '../domain/messages';

/** A page's code could not be downloaded (offline, or a new version replaced the old files). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Catches a ChunkLoadError under it (lazyPage) and says so, with 'Try again', which reloads the
 * address (a reload also fetches the files of a newer version). Any other error goes on to the
 * boundary above (the layout's error page), as it did before pages were lazy.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <Box sx={{ p: 2, minHeight: '60vh' }}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" onClick={() => window.location.reload()} sx={{ minHeight: 40 }}>
              {rc.load.retry}
            </Button>
          }
        >
          {rc.load.pageLoadFailed}
        </Alert>
      </Box>
    );
  }
}
