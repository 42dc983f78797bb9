import type { App } from '../app';

/** Time tickets (spec §7). Owned by the time ticket work. */
export async function ticketRoutes(_app: App) {}
