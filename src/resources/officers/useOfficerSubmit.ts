import { useNotify, useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';

/** Server 400s whose `field` names an input of the officer form: the message shows under that input. */
const FIELD_ERRORS = new Set(['currentPassword']);

/**
 * The form errors of a refused save: `{currentPassword: message}` when the server's 400 names the
 * Current Password field ({statusCode, error, message, field}: 'Enter your current password …',
 * 'Current password incorrect!'); undefined for any other refusal.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const body = (error as { body?: { field?: unknown; message?: unknown } } | null)?.body;
  if (!body || typeof body.field !== 'string' || !FIELD_ERRORS.has(body.field) || typeof body.message !== 'string') return undefined;
  return { [body.field]: body.message };
}

/**
 * The officer form's submit: saves through the page's Edit or Create (its transform and
 * onSuccess), and answers a refusal as the user needs it: a 400 naming a field of the form shows
 * under that field (react-admin sets the returned errors on the form), any other refusal (409
 * duplicate, 403, a §5 alert) is the server's message in a toast, and the form stays open.
 */
export function useOfficerSubmit(): (values: FieldValues) => Promise<Record<string, string> | undefined> {
  const { save } = useSaveContext();
  const notify = useNotify();
  return async (values) => {
    let fieldErrors: Record<string, string> | undefined;
    await save?.(values, {
      onError: (error: unknown) => {
        fieldErrors = serverFieldErrors(error);
        if (!fieldErrors) notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      },
    });
    return fieldErrors;
  };
}
