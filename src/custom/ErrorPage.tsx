import type { ErrorInfo } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { rc } from '../domain/messages';

export interface ErrorPageProps {
  error?: Error;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
}

/** The application's error page, titled 'Unexpected Application Error!' (spec §2). */
export function ErrorPage({ error, resetErrorBoundary }: ErrorPageProps) {
  return (
    <Box role="alert" sx={{ p: 2, maxWidth: 720, mx: 'auto' }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {rc.app.unexpectedError}
        </Typography>
        {error?.message && (
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: '0.875rem' }}>
            {error.message}
          </Typography>
        )}
        <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {resetErrorBoundary && (
            <Button variant="outlined" onClick={() => window.history.back()}>
              {rc.app.back}
            </Button>
          )}
          <Button variant="contained" href={import.meta.env.BASE_URL}>
            {rc.menu.home}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
