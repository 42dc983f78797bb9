import type { App } from '../app';

/** Event sign-ups (spec §7). Owned by the events work. */
export async function signupRoutes(_app: App) {}
