import { localStorageStore, type Store } from 'react-admin';
import { i18nProvider } from './i18nProvider';

/**
 * react-admin's store, as <Admin> makes it (sidebar state and preferences in localStorage), whose
 * 'locale' is the catalog's (English) while none is stored.
 *
 * react-admin's i18n provider renders nothing on its first render unless the stored
 * locale equals the catalog's, and a fresh browser has none stored; it then showed the page from
 * an effect, outside the first render's transition, as one long task on a phone (about 110 ms of
 * a 4x-slowed sign-in page), and again on every page load.
 */
export function rollCallStore(base: Store = localStorageStore()): Store {
  return {
    ...base,
    getItem: <T>(key: string, defaultValue?: T) =>
      base.getItem<T>(key, key === 'locale' && defaultValue === undefined ? (i18nProvider.getLocale() as T) : defaultValue),
  };
}
