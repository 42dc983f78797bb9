/** Time ticket messages: spec §2, §4, §5, §8. Owned by the time ticket work. */
export const tickets = {} as const;
