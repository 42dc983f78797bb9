import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { apiUpload } from '../../providers/http';
import type { ImportKind } from '../../domain/imports';
import type { ImportJob, ImportRequest, ImportSavedMappingBody, ImportSavedMappingList } from '../../domain/schemas/imports';

/** The import calls that take the file: inspect, dryRun, run and errors (POST /api/import/{kind}/{action}). */
export type ImportAction = 'inspect' | 'dryRun' | 'run' | 'errors';

/** The multipart body of every call that takes the file: the `file` part and the request as `jsonBodyData`. */
export function importForm(file: File, request: ImportRequest): FormData {
  const form = new FormData();
  form.append('jsonBodyData', JSON.stringify(request));
  form.append('file', file, file.name);
  return form;
}

/**
 * POST /api/import/{kind}/{action} with the file and the request (multipart, as the uploads send
 * theirs): resolves to the answer's JSON (the inspection, the dry run's report, or the 202 job of
 * run). Fails with react-admin's HttpError carrying the server's message (400 for an unreadable
 * file or a bad mapping, 403 below level 10, 409 while another import runs).
 */
export async function postImport<T>(kind: ImportKind, action: Exclude<ImportAction, 'errors'>, file: File, request: ImportRequest): Promise<T> {
  const { json } = await apiUpload<T>('POST', `/import/${kind}/${action}`, importForm(file, request));
  return json;
}

const JOBS_KEY = ['rollcall-import-jobs'] as const;
const jobKey = (id: number) => ['rollcall-import-job', id] as const;
const mappingsKey = (kind: ImportKind) => ['rollcall-import-mappings', kind] as const;

/** How often a running job is asked again (ms). */
export const JOB_POLL_MS = 1000;

/** GET /api/import/jobs: the latest imports, newest first (without their reports). */
export function useImportJobs() {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: JOBS_KEY,
    queryFn: async () => (await dataProvider.api<{ jobs: ImportJob[] }>('GET', '/import/jobs')).jobs ?? [],
    retry: false,
  });
}

/**
 * GET /api/import/jobs/{id}: one import with its report once done, asked again every second while
 * it runs (its bytes read and counts so far) and left alone once done or failed.
 */
export function useImportJob(id: number) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: jobKey(id),
    queryFn: () => dataProvider.api<ImportJob>('GET', `/import/jobs/${id}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
    retry: false,
  });
}

/** GET /api/import/{kind}/mappings: the mappings saved for this kind, by name. */
export function useSavedMappings(kind: ImportKind | null) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: mappingsKey(kind ?? 'officers'),
    queryFn: async () => {
      const answer = await dataProvider.api<ImportSavedMappingList>('GET', `/import/${kind}/mappings`);
      return answer.mappings;
    },
    enabled: kind !== null,
    retry: false,
  });
}

/** The calls that change what the page's queries hold, each refreshing what it changed. */
export function useImportCalls() {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  return {
    /** PUT /api/import/{kind}/mappings/{name} {mapping, values}: saves (or replaces) a mapping under its name. */
    async saveMapping(kind: ImportKind, name: string, body: ImportSavedMappingBody): Promise<void> {
      await dataProvider.api('PUT', `/import/${kind}/mappings/${encodeURIComponent(name)}`, { body });
      await queryClient.invalidateQueries({ queryKey: mappingsKey(kind) });
    },
    /** POST /api/import/{kind}/run: starts the import in the background; resolves to its job (202). */
    async run(kind: ImportKind, file: File, request: ImportRequest): Promise<ImportJob> {
      const job = await postImport<ImportJob>(kind, 'run', file, request);
      queryClient.setQueryData(jobKey(job.id), job);
      await queryClient.invalidateQueries({ queryKey: JOBS_KEY });
      return job;
    },
  };
}
