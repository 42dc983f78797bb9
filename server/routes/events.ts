import type { App } from '../app';

/** Events (spec §7). Owned by the events work. */
export async function eventRoutes(_app: App) {}
