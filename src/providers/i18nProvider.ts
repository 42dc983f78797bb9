import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishCatalog, rc } from '../domain/messages';

const ra = englishCatalog.ra;

/**
 * react-admin's own toasts and auth notices in Roll Call's words: the spec §8 wording
 * where it has one ('Unauthorized!', the session notice), else the short messages of rc.notify.
 * react-admin's English defaults ('Element created', 'The form is not valid…') never show.
 */
export const raOverrides = {
  notification: {
    updated: rc.notify.saved,
    created: rc.notify.saved,
    deleted: rc.notify.removed,
    bad_item: rc.errors.badRequest,
    item_doesnt_exist: rc.errors.notFound,
    http_error: rc.notify.failed,
    data_provider_error: rc.notify.failed,
    i18n_error: rc.notify.messagesFailed,
    canceled: rc.notify.cancelled,
    logged_out: rc.errors.notAuthenticated,
    not_authorized: rc.errors.unauthorized,
    application_update_available: rc.notify.updateAvailable,
    offline: rc.notify.noConnection,
  },
  message: { invalid_form: rc.notify.invalidForm, not_found: rc.app.noSuchPage },
  auth: { auth_check_error: rc.errors.notAuthenticated, sign_in_error: rc.errors.invalidCredentials },
  page: { not_found: rc.app.notFound },
} as const;

/**
 * The one English catalog as react-admin reads it: react-admin's under `ra` (with raOverrides),
 * Roll Call's under `rc`.
 */
export const catalog = {
  ...englishCatalog,
  ra: {
    ...ra,
    notification: { ...ra.notification, ...raOverrides.notification },
    message: { ...ra.message, ...raOverrides.message },
    auth: { ...ra.auth, ...raOverrides.auth },
    page: { ...ra.page, ...raOverrides.page },
  },
};

/**
 * English only (spec §8 wording). allowMissing lets raw server messages (already in the spec's
 * wording) display as they are.
 */
export const i18nProvider = polyglotI18nProvider(() => catalog, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
