export { apiFetch, statusMessage, type ApiOptions, type ApiResponse } from './http';
export { dataProvider, type RollCallDataProvider } from './dataProvider';
export { authProvider } from './authProvider';
export { i18nProvider } from './i18nProvider';
export { getSessionUser, actorOf, type SessionUser } from './session';
