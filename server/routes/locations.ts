import type { App } from '../app';

/** Locations (spec §7). Owned by the events work. */
export async function locationRoutes(_app: App) {}
