import { Title } from 'react-admin';
import { Typography } from '@mui/material';

/**
 * The page's name, shown twice from one place: in the app bar (react-admin's Title, wide screens)
 * and as the page's own h1 at the top of its content, since a 375-px phone hides the app-bar
 * title. Every page names itself through this and nothing else (react-admin pages get
 * `title={false}` so the app bar never shows a second or a default title).
 */
export function PageHeading({ children }: { children: string }) {
  return (
    <>
      <Title title={children} preferenceKey={false} />
      <Typography variant="h5" component="h1" sx={{ pt: 2, pb: 1, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
