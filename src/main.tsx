import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { dataProvider } from './providers/dataProvider';
import { prefetchLanding } from './landingPrefetch';

// react-admin's query client, created here so the landing page's data and code are asked for
// before React renders (issue 13)
const queryClient = new QueryClient();
prefetchLanding(queryClient, dataProvider);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
