import { describe, expect, test } from 'vitest';
import { documentTypes, singletonTypes } from './index';
import { DESK_TITLES, studioPath } from './studio-paths';

describe('directions into the Studio, in its own words', () => {
  test('a field of a settings tab: the desk’s title, the field with its tab, the field inside it', () => {
    expect(studioPath('siteSettings', 'operator', 'vatId')).toBe(
      'Website-Einstellungen › Betreiberin (Impressum) › Umsatzsteuer-ID',
    );
    expect(studioPath('siteSettings', 'communityGroups', { entry: '„Reiterclub“' }, 'inviteUrl')).toBe(
      'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Reiterclub“ › Einladungslink',
    );
    expect(studioPath('mediaReference', { entry: '„Im Sattel“' }, 'url')).toBe(
      'Medienreferenzen › „Im Sattel“ › Link zum Beitrag',
    );
  });

  test('a field the schema does not have is refused, not named wrongly', () => {
    expect(() => studioPath('siteSettings', 'operator', 'taxNumber')).toThrow(/taxNumber/);
  });

  test('the desk lists every document type under a title', () => {
    const types = [...singletonTypes, ...documentTypes].map((t) => t.name).sort();
    expect(Object.keys(DESK_TITLES).sort()).toEqual(types);
  });
});
