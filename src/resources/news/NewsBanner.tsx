import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import { ActionButton } from '../../common/ActionButton';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { actorOf, getSessionUser } from '../../providers/session';
import { isNewsLandingPath, latestNewsQuery } from './latestNews';
import { printClasses } from '../../common/printClasses';
import { useAfterFirstPaint } from '../../common/useNearViewport';

const b = rc.news.banner;

/**
 * A news text longer than this (characters) or than two lines starts folded, with 'Show more': the
 * card comes over a list the officer came to use, and a large late block of text would also
 * become the page's largest paint on a phone.
 */
const FOLD_CHARS = 140;
const FOLD_LINES = 2;

/**
 * On the landing pages, the newest news item the signed-in officer has not marked read (GET
 * /api/news/getLatestUnread; nothing while he has read them all or when the call fails), as a card
 * over the bottom of the screen (fixed, so its late arrival moves nothing): its title, date
 * (MM/DD/YYYY) and text with its line breaks (a long text folded to two lines behind 'Show more'), 'Mark as read' (PUT /api/news/markRead/{id}; then the
 * next unread item, if any, takes its place) and 'All news' (the newsfeed). Only for the levels
 * that read news (not level 3, spec §6). Asked again at most once a minute while he moves between
 * the landing pages. The card is drawn once the page has painted and the browser is idle
 * (useAfterFirstPaint): its answer is usually here with the page's code (src/main.tsx asks for
 * it early), and drawn in the layout's first commit its styles lengthened that task on a phone.
 */
export function NewsBanner() {
  const { pathname } = useLocation();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const actor = actorOf(getSessionUser());
  const shown = isNewsLandingPath(pathname) && can(actor, 'news:read');
  const latest = latestNewsQuery(dataProvider, actor?.officerId);
  const { queryKey } = latest;
  const { data: item } = useQuery({ ...latest, enabled: shown });
  const painted = useAfterFirstPaint(shown);
  const markRead = useMutation({
    mutationFn: (newsId: number) => dataProvider.api('PUT', `/news/markRead/${newsId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  const [unfolded, setUnfolded] = useState<number | null>(null);
  const cardHeight = useCardHeight(shown && painted && !!item);
  if (!shown || !painted || !item) return null;
  const long = item.newsText.length > FOLD_CHARS || item.newsText.split('\n').length > FOLD_LINES;
  const folded = long && unfolded !== item.newsId;
  const textId = `latest-news-text-${item.newsId}`;
  return (
    <>
      <Box aria-hidden sx={{ flex: 'none', height: cardHeight.height }} />
      <Alert
        ref={cardHeight.ref}
        component="section"
        // it floats over the page's bottom on screen; on paper it would cover rows
        className={printClasses.noPrint}
        // a region to find, not an alert that interrupts what a screen reader is saying
        role="region"
        aria-label={b.label}
        severity="info"
        variant="outlined"
        // Over the page at the bottom of the screen rather than above the list: it arrives after the
        // list has painted, and pushing the list down then moved everything the officer was about
        // to tap (phone bench: layout shift 0.24 with it above the list, 0 without).
        sx={{
          position: 'fixed',
          // over the page, under what opens over it (menus such as rows per page, dialogs, the
          // phone's menu drawer) and under the toasts
          zIndex: 'appBar',
          bottom: { xs: 8, sm: 16 },
          left: { xs: 8, sm: 'auto' },
          right: { xs: 8, sm: 16 },
          maxWidth: { sm: 480 },
          maxHeight: '60vh',
          overflowY: 'auto',
          boxShadow: 6,
          bgcolor: 'background.paper',
          '& .MuiAlert-message': { minWidth: 0, flex: 1 },
        }}
      >
        <AlertTitle component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {item.shortDesc}
        </AlertTitle>
        <Typography variant="body2" color="text.secondary">
          {item.dateEntered}
        </Typography>
        <Typography
          id={textId}
          variant="body2"
          component="div"
          sx={{
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            mt: 0.5,
            ...(folded ? { display: '-webkit-box', WebkitLineClamp: FOLD_LINES, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
          }}
        >
          {item.newsText}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<DoneIcon />}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(item.newsId)}
            sx={{ minHeight: 40 }}
          >
            {b.markRead}
          </Button>
          {long && (
            <Button size="small" aria-expanded={!folded} aria-controls={textId} onClick={() => setUnfolded(folded ? item.newsId : null)} sx={{ minHeight: 40 }}>
              {folded ? b.showMore : b.showLess}
            </Button>
          )}
          <ActionButton label={b.allNews} to="/NewsBrowse" />
        </Box>
      </Alert>
    </>
  );
}

/** Space kept below a card this many px above the screen's bottom edge (its `bottom` plus a margin). */
const CARD_GAP = 24;

/**
 * The rendered height (px) of the fixed card plus its gap, followed as the card folds, unfolds or
 * the screen turns; 0 while no card shows or where the browser cannot measure (tests).
 */
function useCardHeight(showing: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const card = ref.current;
    if (!showing || !card || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.ceil(card.getBoundingClientRect().height) + CARD_GAP));
    observer.observe(card);
    return () => observer.disconnect();
  }, [showing]);
  return { ref, height: showing ? height : 0 };
}
