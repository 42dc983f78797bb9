import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { PageHeading } from './PageHeading';
import { rc } from '../domain/messages';

export interface NoticePageProps {
  /** The page's name: app-bar title and h1 (PageHeading). */
  title: string;
  /** What happened, under the heading. */
  children?: ReactNode;
  /** Offer 'Back' (the browser's history) beside 'Home'. */
  back?: boolean;
  /** 'alert' for errors, so a screen reader announces them. */
  role?: 'alert';
}

/**
 * A page that only tells the user something (Not Found, Unexpected Application Error!): its name
 * through PageHeading (one title in the app bar, one h1), the message, and the way on: Back and
 * Home. Home loads /secure/ afresh, which also recovers from a broken page.
 */
export function NoticePage({ title, children, back, role }: NoticePageProps) {
  return (
    <Box component="section" role={role} sx={{ maxWidth: 720, minWidth: 0 }}>
      <PageHeading>{title}</PageHeading>
      {children}
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {back && (
          <Button variant="outlined" onClick={() => window.history.back()} sx={{ minHeight: 40 }}>
            {rc.app.back}
          </Button>
        )}
        <Button variant="contained" href={import.meta.env.BASE_URL} sx={{ minHeight: 40 }}>
          {rc.app.home}
        </Button>
      </Box>
    </Box>
  );
}
