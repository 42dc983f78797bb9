/** The whole Roll Call schema (spec §3). drizzle-kit reads this file. */
export * from './lookups';
export * from './officers';
export * from './events';
export * from './tickets';
export * from './content';
export * from './versions';
export * from './losap';
export * from './imports';
export * from './reminders';
export * from './secondFactor';
