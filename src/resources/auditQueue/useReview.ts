import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useUpdateMany, type Identifier, type UseUpdateManyOptions } from 'react-admin';
import type { TicketReviewData } from '../../providers/dataProvider';
import { refreshQueueCount } from './queueCount';

/** The decisions the page has made and not yet seen leave the queue: 'pending' (undo still possible, or sending), 'done'. */
type Decided = ReadonlyMap<Identifier, 'pending' | 'done'>;

/** What an undoable updateMany calls back with: the ids it was for. */
type ReviewVariables = { ids?: Identifier[] };

export interface Review {
  /** Tickets the page hides: decided here, and not yet gone from a fresh answer of the queue. */
  isDecided: (id: Identifier) => boolean;
  /**
   * Accepts `ids` (one request, PUT /timeTickets/review) once the undo window of the
   * notification 'Time ticket accepted' has passed; Undo sends nothing and brings them back.
   */
  accept: (ids: Identifier[]) => void;
  /** Flags `ids` with `reason` (one request, at once); rejects with the server's message, the tickets staying. */
  flag: (ids: Identifier[], reason: string) => Promise<void>;
  /** Forgets the 'done' decisions whose tickets a fresh queue no longer holds (called with the list's ids). */
  prune: (present: readonly Identifier[]) => void;
}

/**
 * The auditor's decisions on the queue (resource 'ticketQueue', dataProvider updateMany -> one
 * PUT /timeTickets/review). Decided tickets leave the list at once; they stay hidden while the
 * request waits for its undo window or is on its way, and after it, until the refetched queue no
 * longer has them (so a refetch answered between two pending accepts shows neither again). The
 * menu's count is asked afresh after each request.
 *
 * Accept is react-admin's undoable updateMany: the request goes when the notification closes,
 * Undo (onUndo) shows the tickets again. A failed request shows the server's message and the
 * tickets again. Flag is pessimistic: its dialog waits for the answer.
 */
export function useReview(): Review {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [decided, setDecided] = useState<Decided>(() => new Map());

  const mark = useCallback((ids: Identifier[] | undefined, state: 'pending' | 'done' | null) => {
    if (!ids?.length) return;
    setDecided((now) => {
      const next = new Map(now);
      for (const id of ids) {
        if (state) next.set(id, state);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const acceptOptions: UseUpdateManyOptions & { onUndo: (variables: ReviewVariables) => void } = {
    mutationMode: 'undoable',
    // undoable: called when the decision is made, before any request
    onSuccess: (_ids, variables) => notify('rc.review.accepted', { type: 'info', undoable: true, messageArgs: { smart_count: variables.ids?.length ?? 1 } }),
    onUndo: (variables) => mark(variables.ids, null),
    onError: (error, variables) => {
      mark(variables.ids, null);
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    },
    onSettled: (_ids, error, variables) => {
      if (!error) mark(variables.ids, 'done');
      refreshQueueCount(queryClient);
    },
  };
  const [acceptMany] = useUpdateMany('ticketQueue', undefined, acceptOptions);
  const [flagMany] = useUpdateMany('ticketQueue', undefined, { mutationMode: 'pessimistic', returnPromise: true });

  const accept = useCallback(
    (ids: Identifier[]) => {
      if (!ids.length) return;
      mark(ids, 'pending');
      const data: TicketReviewData = { decision: 'accept' };
      void acceptMany('ticketQueue', { ids, data });
    },
    [acceptMany, mark],
  );

  const flag = useCallback(
    async (ids: Identifier[], reason: string) => {
      const data: TicketReviewData = { decision: 'flag', reason };
      await flagMany('ticketQueue', { ids, data }, { returnPromise: true });
      mark(ids, 'done');
      notify('rc.review.flagged', { type: 'info', messageArgs: { smart_count: ids.length } });
      // the flagged tickets leave the queue: ask it and its count again
      void queryClient.invalidateQueries({ queryKey: ['ticketQueue', 'getList'] });
      refreshQueueCount(queryClient);
    },
    [flagMany, mark, notify, queryClient],
  );

  const prune = useCallback((present: readonly Identifier[]) => {
    setDecided((now) => {
      const gone = [...now].filter(([id, state]) => state === 'done' && !present.includes(id));
      if (!gone.length) return now;
      const next = new Map(now);
      for (const [id] of gone) next.delete(id);
      return next;
    });
  }, []);

  const isDecided = useCallback((id: Identifier) => decided.has(id), [decided]);
  return { isDecided, accept, flag, prune };
}
