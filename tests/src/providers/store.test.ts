import { describe, expect, it } from 'vitest';
import { memoryStore } from 'react-admin';
import { rollCallStore } from '../../../src/providers/store';

describe("react-admin's store", () => {
  it("answers the catalog's locale while none is stored, so react-admin shows the first page in its first render", () => {
    expect(rollCallStore(memoryStore()).getItem('locale')).toBe('en');
  });

  it('keeps a stored locale and every other key as react-admin stored it', () => {
    const store = rollCallStore(memoryStore({ locale: 'fr', 'sidebar.open': false }));
    expect(store.getItem('locale')).toBe('fr');
    expect(store.getItem('sidebar.open', true)).toBe(false);
    expect(store.getItem('preferences.theme', 'light')).toBe('light');
  });
});
