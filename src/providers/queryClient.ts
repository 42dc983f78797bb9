import { QueryClient } from '@tanstack/react-query';

/**
 * The browser's one query client, the only cache of server answers: react-admin's data (src/App.tsx
 * hands it to react-admin), the session check (authProvider) and the organisation's config
 * (appConfig), so each can be asked before React renders (src/main.tsx) and read where it is used.
 */
export const queryClient = new QueryClient();
