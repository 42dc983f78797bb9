import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { i18nProvider } from '../../../src/providers/i18nProvider';

/** react-admin's own English, to tell its defaults apart from ours. */
const raEnglish = polyglotI18nProvider(() => englishMessages, 'en');

/** Every key react-admin may raise as a toast: all of ra.notification.*, the invalid form and the auth notices. */
const toastKeys = [
  ...Object.keys(englishMessages.ra.notification).map((key) => `ra.notification.${key}`),
  'ra.message.invalid_form',
  'ra.auth.auth_check_error',
  'ra.auth.sign_in_error',
];

describe("react-admin's toasts in Roll Call's words", () => {
  it.each(toastKeys)("%s never yields react-admin's English default", (key) => {
    for (const smart_count of [1, 3]) {
      const ours = i18nProvider.translate(key, { smart_count, _: 'fallback' });
      expect(ours).not.toBe(raEnglish.translate(key, { smart_count }));
      expect(ours).not.toMatch(/^ra\.|element|fallback/i);
    }
  });

  it('uses the spec §8 wording where the spec has one, and short plain messages otherwise', () => {
    const t = (key: string) => i18nProvider.translate(key, { smart_count: 1 });
    expect(t('ra.notification.not_authorized')).toBe('Unauthorized!');
    expect(t('ra.notification.logged_out')).toBe('Your session has ended. Please sign in again.');
    expect(t('ra.auth.auth_check_error')).toBe('Your session has ended. Please sign in again.');
    expect(t('ra.notification.created')).toBe('Saved.');
    expect(t('ra.notification.updated')).toBe('Saved.');
    expect(t('ra.notification.deleted')).toBe('Removed.');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 4 })).toBe('Removed.');
    expect(t('ra.message.invalid_form')).toBe('Please correct the marked fields.');
    expect(t('ra.notification.http_error')).toBe('Something went wrong. Please try again.');
  });

  it('shows a server message that is no key as it is (already in the spec wording)', () => {
    expect(i18nProvider.translate('Duplicate record - unique constraint violated!')).toBe('Duplicate record - unique constraint violated!');
    expect(i18nProvider.translate('Error 500', { _: 'Error 500' })).toBe('Error 500');
  });
});
