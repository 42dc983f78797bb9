/**
 * What only a signed-in user sees, in one module so it is one lazy chunk (src/App.tsx mounts
 * these through lazyPage; the sign-in page does not download them): the layout with
 * header, menu and inactivity logout, and the home redirect.
 */
export { RollCallLayout } from './RollCallLayout';
export { HomePage } from './HomePage';
// the officer's lists kept on the device: src/main.tsx starts restoring them as soon as this chunk is here
export { startOfflineCache } from '../offline/OfflineShell';
// The lists' in-memory sorting (dataProvider.getList imports it when a list first needs it) comes
// with this chunk, so that import finds it already loaded once somebody is signed in.
export { sortRows } from '../providers/sortRows';
