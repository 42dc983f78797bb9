import type { App } from '../app';

/** Lookups (spec §7): getStateTable, getPrecinctTable, getLookupTable. Owned by the events work. */
export async function lookupRoutes(_app: App) {}
