import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { LinearProgress } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { rc } from '../domain/messages';

/**
 * Addresses that only pass the officer on (home, the time ticket and event landing pages): while
 * one shows, the first page is still on its way.
 */
const PASSING_ON = /^\/(?:$|TimeTicketLandingPage\/?$|EventLandingPage\/?$)/i;

/** How long (ms) nothing must be loading before the first page counts as arrived. */
const SETTLE_MS = 300;

/**
 * The bar slides by `transform` alone. MUI's indeterminate bar animates its `left` and `right`,
 * which lays the header out again on every frame on the main thread, for the whole time the
 * first page loads: the very seconds a phone's first list is measured by (blocking time).
 */
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;
const barSx = {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  height: 3,
  opacity: 0.8,
  '& .MuiLinearProgress-bar1': { left: 0, right: 'auto', width: '40%', animation: `${slide} 1.6s ease-in-out infinite` },
  '& .MuiLinearProgress-bar2': { display: 'none' },
  '@media (prefers-reduced-motion: reduce)': { '& .MuiLinearProgress-bar1': { animation: 'none', width: '100%' } },
} as const;

/**
 * A thin bar along the bottom of the signed-in header, from the moment the frame appears after
 * sign-in (or a reload) until the first page has its data: while home and the landing pages pass
 * the officer on, and while any request of the page is under way (react-query's fetching count:
 * the identity and access level a page waits for, its list and totals). Once nothing has loaded
 * for 300 ms it goes, for good: later pages have their own loading states, and the desk header's
 * spinner (HeaderUser) follows later requests. A page's code still downloading shows the page's
 * own 'Loading…' spinner (lazyPage).
 */
export function FirstPageProgress() {
  const { pathname } = useLocation();
  const fetching = useIsFetching();
  const [arrived, setArrived] = useState(false);
  const busy = fetching > 0 || PASSING_ON.test(pathname);
  useEffect(() => {
    if (arrived || busy) return;
    const timer = setTimeout(() => setArrived(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [arrived, busy]);
  if (arrived) return null;
  return (
    <LinearProgress
      color="inherit"
      aria-label={rc.auth.login.firstPageLoading}
      sx={barSx}
    />
  );
}
