import { Typography } from '@mui/material';
import { rc } from '../domain/messages';
import { NoticePage } from '../common/NoticePage';

/**
 * The catch-all of <Admin> (an address that is no page of Roll Call), inside the signed-in
 * layout: 'Not Found' once in the app bar and once as the h1, a plain sentence, Back and Home.
 */
export function NotFound() {
  return (
    <NoticePage title={rc.app.notFound} back>
      <Typography>{rc.app.noSuchPage}</Typography>
    </NoticePage>
  );
}
