import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { dataProvider } from './providers/dataProvider';
import { prefetchLanding } from './landingPrefetch';
import { startConfigLoad } from './providers/appConfig';

// react-admin's query client, created here so the landing page's data and code, the session check
// and the organisation's config are asked for before React renders (issue 13)
const queryClient = new QueryClient();
prefetchLanding(queryClient, dataProvider);
startConfigLoad();

// the first render in a transition: React renders it in slices that yield to the browser every
// few milliseconds instead of one task of hundreds of milliseconds on a phone (issue 13)
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
