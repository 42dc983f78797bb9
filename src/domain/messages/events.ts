/** Events, locations and sign-up messages: spec §2, §4, §5, §8. Owned by the events work. */
export const events = {} as const;
