export async function authRoutes(_app: import("../app").App) {}
