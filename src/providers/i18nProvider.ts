import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishCatalog } from '../domain/messages';

/**
 * English only: react-admin's messages under `ra`, Roll Call's under `rc` (src/domain/messages).
 * allowMissing lets raw server messages (already in the spec's wording) display as they are.
 */
export const i18nProvider = polyglotI18nProvider(() => englishCatalog, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
