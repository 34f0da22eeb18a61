import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { CommunityGroupStatus, CommunityOverview } from '~/lib/community';
import { Overview } from './CommunityView';

const group = (over: Partial<CommunityGroupStatus>): CommunityGroupStatus => ({
  key: 'a',
  audience: 'reiter',
  name: 'Reiterclub',
  inviteUrl: 'https://chat.whatsapp.com/a',
  capacity: 1000,
  active: true,
  clicks: 0,
  current: true,
  full: false,
  ...over,
});
const overview = (over: Partial<CommunityOverview>): CommunityOverview => ({
  links: [
    { audience: 'reiter', url: 'https://bewegung.test/gruppe/reiter', qr: [[true]] },
    { audience: 'trainer', url: 'https://bewegung.test/gruppe/trainer', qr: [[true]] },
  ],
  groups: [group({}), group({ key: 't', audience: 'trainer', name: 'Trainerinnen' })],
  full: [],
  missing: [],
  ...over,
});
const render = (o: CommunityOverview) =>
  renderToStaticMarkup(<Overview overview={o} token="t" onAuthError={() => {}} />);

describe('the Community section', () => {
  test('both stable links to copy, and no notice while every audience has room', () => {
    const html = render(overview({}));
    expect(html).toContain('value="https://bewegung.test/gruppe/reiter"');
    expect(html).toContain('value="https://bewegung.test/gruppe/trainer"');
    expect(html).not.toContain('role="alert"');
    expect(html).toContain('current: the link leads here');
  });

  test('says loudly when every group of an audience is full, and which group the link still leads to', () => {
    const html = render(
      overview({
        groups: [
          group({ key: 'a', clicks: 1000, current: false, full: true }),
          group({ key: 'b', name: 'Reiterclub 2', clicks: 1010, current: true, full: true }),
          group({ key: 't', audience: 'trainer', name: 'Trainerinnen' }),
        ],
        full: ['reiter'],
      }),
    );
    expect(html).toMatch(
      /<div role="alert" class="dash-community__alert"><p>Every group for Riders \(Reiterclub\) is full: the link still leads into the last one\./,
    );
    expect(html).toContain('<td data-label="State">current: the link leads here (full)</td>');
    // Where to act, as the German Studio names it (and marked German for a screen reader).
    expect(html).toContain(
      'Add a new group in the Studio: <span lang="de">Website-Einstellungen › WhatsApp-Gruppen (Community)</span>.',
    );
  });

  test('says so when an audience has no active group', () => {
    const html = render(overview({ missing: ['trainer'], full: [] }));
    expect(html).toContain(
      'There is no active group for Trainers: the link leads nowhere. Add or switch on a group in the Studio: <span lang="de">Website-Einstellungen › WhatsApp-Gruppen (Community)</span>.',
    );
  });
});
