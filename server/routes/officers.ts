import type { App } from '../app';

/** Officers (spec §7): read side for pickers and contact lists. Owned by the time ticket work. */
export async function officerRoutes(_app: App) {}
