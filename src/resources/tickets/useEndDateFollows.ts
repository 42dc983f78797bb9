import { useCallback, useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { followingEndDate } from '../../domain/tickets';

/** The fields whose change moves the 10-42 date (it follows the 10-41 date and the two times). */
const LEADS = ['startDate', 'startTime', 'endTime'];

/**
 * Keeps the ticket form's 10-42 date following the 10-41: when the officer changes the 10-41
 * date or either time, the 10-42 date becomes the 10-41 date, or the next day when the 10-42
 * time is earlier than the 10-41 time (followingEndDate in src/domain/tickets). Only the
 * officer's own edits move it (not a loaded record), and he may still change the 10-42 date by
 * hand afterwards; it moves again at his next change of those three. Returns `follow()`, for
 * code that sets the 10-41 date itself (the Today / Yesterday buttons).
 */
export function useEndDateFollows(): () => void {
  const { watch, getValues, setValue } = useFormContext();
  const follow = useCallback(() => {
    const [startDate, startTime, endTime, endDate] = getValues(['startDate', 'startTime', 'endTime', 'endDate']) as Array<string | null | undefined>;
    const next = followingEndDate(startDate, startTime, endTime);
    if (next && next !== endDate) setValue('endDate', next, { shouldDirty: true, shouldValidate: true });
  }, [getValues, setValue]);
  useEffect(() => {
    // type 'change' marks an edit through an input; values set by code (a record loading, an event chosen) have none
    const subscription = watch((_values, { name, type }) => {
      if (type === 'change' && name && LEADS.includes(name)) follow();
    });
    return () => subscription.unsubscribe();
  }, [watch, follow]);
  return follow;
}
