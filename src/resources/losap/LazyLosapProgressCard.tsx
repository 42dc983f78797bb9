import { Suspense, lazy } from 'react';
import { Skeleton } from '@mui/material';
import { ChunkErrorBoundary } from '../../common/ChunkErrorBoundary';
import { rc } from '../../domain/messages';
import { losapPages } from './losapPages';

const Card = lazy(() => losapPages().then((m) => ({ default: m.LosapProgressCard })));

/**
 * The LOSAP progress card for pages of other areas (the time ticket list), its code fetched with
 * the LOSAP chunk the first time it shows. Until then a placeholder of the card's size holds its
 * place (not a page-tall one: the list under it must not jump). Props as LosapProgressCard:
 * `officerId` (default oneself), `year` (default the current one).
 */
export function LazyLosapProgressCard(props: { officerId?: number; year?: number }) {
  const Ready = losapPages.loaded()?.LosapProgressCard;
  return (
    <ChunkErrorBoundary>
      {Ready ? (
        <Ready {...props} />
      ) : (
        <Suspense fallback={<Skeleton variant="rounded" height={120} sx={{ my: 1, maxWidth: 560 }} aria-label={rc.app.loading} />}>
          <Card {...props} />
        </Suspense>
      )}
    </ChunkErrorBoundary>
  );
}
