/** The pages of this area, in one module so the area is one lazy chunk (index.tsx mounts them through lazyPage). */
export { EventList } from './EventList';
export { EventEdit } from './EventEdit';
export { EventLandingPage } from './EventLandingPage';
export { EventSearch } from './EventSearch';
