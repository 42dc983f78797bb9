import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

/** The router's error page (spec §2): 'Unexpected Application Error!' and what went wrong. */
export function RouterErrorPage() {
  const error = useRouteError();
  const asError = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : error instanceof Error
      ? error
      : new Error(String(error ?? ''));
  return <ErrorPage error={asError} padded />;
}
