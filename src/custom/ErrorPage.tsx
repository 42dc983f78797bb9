import type { ErrorInfo } from 'react';
import { Box, Typography } from '@mui/material';
import { rc } from '../domain/messages';
import { NoticePage } from '../common/NoticePage';

export interface ErrorPageProps {
  error?: Error;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
  /** Outside the signed-in layout (the router's and the admin's last-resort boundary): pad the page. */
  padded?: boolean;
}

/**
 * The application's error page, titled 'Unexpected Application Error!' (spec §2), with what went
 * wrong, Back (inside the layout's error boundary) and Home.
 */
export function ErrorPage({ error, resetErrorBoundary, padded }: ErrorPageProps) {
  return (
    <Box sx={{ p: padded ? 2 : 0 }}>
      <NoticePage title={rc.app.unexpectedError} back={!!resetErrorBoundary} role="alert">
        {error?.message && (
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.875rem' }}>
            {error.message}
          </Typography>
        )}
      </NoticePage>
    </Box>
  );
}
