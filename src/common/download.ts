import { useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { apiUrl, failure, getToken, parseBody, filenameFromDisposition, type QueryValue } from '../providers/http';
import { format, rc } from '../domain/messages';

/** The file formats of every export route. */
export type ExportFormat = 'csv' | 'xlsx';

/** One export request: the route, its query (the list's filter and sort, no paging) and, for POST routes, the JSON body. */
export interface ExportRequest {
  /** Path under /api, e.g. '/timeTickets/export'. */
  path: string;
  /** The list's query as its data request sends it (listQuery); format is added here. */
  query: Record<string, QueryValue>;
  /** POST with this JSON body (training compliance), or this multipart form as it is (an import's error file); GET when absent. */
  body?: unknown;
  /** The list exports' csv | xlsx; 'pdf' / 'zip' for the LOSAP statements, whose routes ignore it. */
  format: ExportFormat | 'pdf' | 'zip';
}

/** A saved export: the server's file name and its size in bytes. */
export interface ExportResult {
  filename: string;
  bytes: number;
}

/**
 * Asks an export route for its file and reads it as it streams in: `onBytes(received)` after each
 * chunk (bytes so far; the row count of X-Total-Count says nothing about bytes). Sends the bearer
 * token as every API call does. Resolves to the bytes as a Blob and the name from
 * Content-Disposition (export.csv / export.xlsx when it has none). A non-2xx answer throws
 * react-admin's HttpError with the server's `{ message }` (else the spec §8 status wording); no
 * answer at all throws the could-not-be-reached message.
 */
export async function fetchExport(request: ExportRequest, onBytes?: (bytes: number) => void): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers({ Accept: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method: request.body === undefined ? 'GET' : 'POST', headers };
  if (request.body instanceof FormData) {
    // the browser writes the multipart Content-Type with its boundary
    init.body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(request.path, { ...request.query, format: request.format }), init);
  } catch (error) {
    throw new Error(rc.notify.noConnection, { cause: error });
  }
  if (response.status < 200 || response.status >= 300) {
    throw failure(response.status, parseBody(await response.text(), response.headers.get('Content-Type')));
  }
  const type = response.headers.get('Content-Type') ?? '';
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? format(rc.download.fallbackName, { format: request.format });
  if (!response.body) return { blob: await response.blob(), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes?.(received);
  }
  return { blob: new Blob(chunks as BlobPart[], type ? { type } : undefined), filename };
}

/**
 * Hands a Blob to the browser as a download named `filename` (an <a download> clicked; its object
 * URL is freed 10 s later, once the browser has taken the file). Used by Export and the uploads' files.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const kilobytes = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

/** A byte count for the progress line: 1_234_567 -> '1.2 MB', 5_120 -> '5 kB' (decimal units). */
export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? megabytes.format(bytes / 1_000_000) : kilobytes.format(Math.max(1, Math.round(bytes / 1000)));
}

/** A file on its way (useDownload): start asks for one; busy while it streams; bytes received so far. */
export interface DownloadState {
  start: (request: ExportRequest) => void;
  busy: boolean;
  bytes: number;
}

/**
 * Downloads a file of an export or statement route (fetchExport) and saves it under the server's
 * name, one at a time. A 401 ends the session as every other API call does (react-admin's
 * logoutIfAccessDenied, through the authProvider's checkError); any other refusal is notified with
 * the server's message, else `failedMessage`.
 */
export function useDownload(failedMessage: string): DownloadState {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const [bytes, setBytes] = useState(0);
  const start = (request: ExportRequest) => {
    if (busy) return;
    setBusy(true);
    setBytes(0);
    fetchExport(request, setBytes)
      .then(({ blob, filename }) => {
        saveBlob(blob, filename);
        notify(format(rc.download.exported, { filename }), { type: 'info' });
      })
      .catch(async (error: unknown) => {
        if (await logoutIfAccessDenied(error)) return;
        notify(error instanceof Error && error.message ? error.message : failedMessage, { type: 'error' });
      })
      .finally(() => setBusy(false));
  };
  return { start, busy, bytes };
}
