import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { dataProvider } from './providers/dataProvider';
import { prefetchLanding } from './landingPrefetch';

// react-admin's query client, created here so the landing page's data and code are asked for
// before React renders (issue 13)
const queryClient = new QueryClient();
prefetchLanding(queryClient, dataProvider);

// The first render as a transition (issue 13): React renders it in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks a phone's main thread
// (input, paint) for a few hundred milliseconds while the page is set up.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
