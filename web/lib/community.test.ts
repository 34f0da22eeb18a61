import { describe, expect, test } from 'vitest';
import { campaignQuery, communityLink, communityPath } from './community';

describe('the stable links', () => {
  test('one fixed path per audience', () => {
    expect(communityPath('reiter')).toBe('/gruppe/reiter');
    expect(communityPath('trainer')).toBe('/gruppe/trainer');
  });

  test("the landing page's campaign is carried on; nothing else of its query is", () => {
    expect(communityLink('reiter', '?utm_source=instagram&utm_medium=bio&utm_campaign=frühjahr&fbclid=abc&typ=x')).toBe(
      '/gruppe/reiter?utm_source=instagram&utm_medium=bio&utm_campaign=fr%C3%BChjahr',
    );
    expect(communityLink('trainer', '?utm_campaign=herbst')).toBe('/gruppe/trainer?utm_campaign=herbst');
    expect(communityLink('reiter', '')).toBe('/gruppe/reiter');
    expect(communityLink('reiter', '?fbclid=abc')).toBe('/gruppe/reiter');
    expect(communityLink('reiter')).toBe('/gruppe/reiter');
  });

  test('empty values are left out; long ones are cut to 100 characters', () => {
    expect(campaignQuery('?utm_source=&utm_medium=%20')).toBe('');
    expect(campaignQuery(new URLSearchParams({ utm_source: 'x'.repeat(300) }))).toBe(`?utm_source=${'x'.repeat(100)}`);
  });
});
