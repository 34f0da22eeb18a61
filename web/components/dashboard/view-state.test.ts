import { describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '../../lib/applications';
import {
  DEFAULT_QUERY,
  applicationQueryString,
  mailtoHref,
  parseDashboardQuery,
  safeWebsiteHref,
  serialiseDashboardQuery,
  visibleApplications,
  type DashboardQuery,
} from './view-state';
import { applicationRecord } from '../../../tests/support/application-record';

const app = (over: Partial<ApplicationRecord>): ApplicationRecord =>
  applicationRecord({
    id: 'a',
    applicationType: 'Mentor',
    name: 'Anna Berg',
    email: 'anna@example.org',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });

describe('the view as a URL query', () => {
  /** The query serialises to `search`, and `search` parses back to the query. */
  function roundTrip(query: DashboardQuery, search: string) {
    expect(serialiseDashboardQuery(query).toString()).toBe(search);
    expect(parseDashboardQuery(search)).toEqual(query);
  }

  test('an empty query is the default view, and the default view serialises to nothing', () => {
    expect(parseDashboardQuery('')).toEqual(DEFAULT_QUERY);
    expect(serialiseDashboardQuery(DEFAULT_QUERY).toString()).toBe('');
  });

  test('filters, search, view and page survive a round trip', () => {
    const query = {
      type: 'Business Partner',
      status: 'rejected',
      q: 'anna b',
      view: 'signups',
      page: 3,
      range: '30',
      from: '',
      to: '',
    } as const;
    roundTrip(query, 'view=signups&type=Business+Partner&status=rejected&q=anna+b&page=3');
  });

  test('the insights range survives a reload', () => {
    const query = {
      ...DEFAULT_QUERY,
      view: 'insights',
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-07',
    } as const;
    roundTrip(query, 'view=insights&range=custom&from=2026-11-01&to=2026-11-07');
    expect(parseDashboardQuery('view=insights&range=7&from=<x>').from).toBe('');
  });

  test('unknown values fall back to the default instead of failing', () => {
    expect(parseDashboardQuery('type=Admin&status=deleted&view=x&page=-2')).toEqual(DEFAULT_QUERY);
    expect(parseDashboardQuery('page=1.5').page).toBe(1);
    expect(parseDashboardQuery('type=mentor').type).toBe('All');
    expect(parseDashboardQuery(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });

  test('the API query carries the filters and the trimmed search, not the view or page', () => {
    const query = { ...DEFAULT_QUERY, type: 'Mentee', q: '  berg ', view: 'signups', page: 2 } as const;
    expect(applicationQueryString(query)).toBe('type=Mentee&q=berg');
    expect(applicationQueryString(DEFAULT_QUERY)).toBe('');
  });
});

describe('visible applications', () => {
  const list = [
    app({ id: '1', name: 'Anna Berg', createdAt: '2026-11-01T00:00:00Z' }),
    app({
      id: '2',
      name: 'Bea Stall',
      email: 'BEA@hof.de',
      applicationType: 'Mentee',
      createdAt: '2026-11-03T00:00:00Z',
    }),
    app({
      id: '3',
      name: 'Carl',
      status: 'approved',
      applicationType: 'Business Partner',
      createdAt: '2026-11-02T00:00:00Z',
    }),
  ];

  test('All and All show everything, newest first', () => {
    expect(visibleApplications(list, DEFAULT_QUERY).map((a) => a.id)).toEqual(['2', '3', '1']);
  });

  test('type and status filter together', () => {
    expect(visibleApplications(list, { ...DEFAULT_QUERY, type: 'Mentor' }).map((a) => a.id)).toEqual(['1']);
    expect(visibleApplications(list, { ...DEFAULT_QUERY, status: 'approved' }).map((a) => a.id)).toEqual(['3']);
    expect(visibleApplications(list, { ...DEFAULT_QUERY, type: 'Mentor', status: 'approved' })).toEqual([]);
  });

  test('the search matches part of the name or the email, ignoring case and surrounding spaces', () => {
    expect(visibleApplications(list, { ...DEFAULT_QUERY, q: ' bea@HOF ' }).map((a) => a.id)).toEqual(['2']);
    expect(visibleApplications(list, { ...DEFAULT_QUERY, q: 'berg' }).map((a) => a.id)).toEqual(['1']);
    expect(visibleApplications(list, { ...DEFAULT_QUERY, q: 'example.org' }).map((a) => a.id)).toEqual(['3', '1']);
  });

  test('the input list is not reordered', () => {
    const copy = [...list];
    visibleApplications(list, DEFAULT_QUERY);
    expect(list).toEqual(copy);
  });
});

describe('website links', () => {
  test('http and https addresses become links', () => {
    expect(safeWebsiteHref('https://hof-berg.de/about')).toBe('https://hof-berg.de/about');
    expect(safeWebsiteHref(' HTTP://Hof.de ')).toBe('http://hof.de/');
  });

  test('anything else stays plain text', () => {
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'www.hof-berg.de',
      '//evil.example',
      'https://',
      'ftp://hof.de',
      'vbscript:x',
      '',
      null,
      undefined,
    ]) {
      expect(safeWebsiteHref(value)).toBeNull();
    }
  });
});

describe('mail links', () => {
  test('the address as typed; query characters cannot add headers or a body', () => {
    expect(mailtoHref('anna@example.org')).toBe('mailto:anna@example.org');
    expect(mailtoHref('a@b.de?bcc=x@y.de&body=hi')).toBe('mailto:a@b.de%3Fbcc%3Dx@y.de%26body%3Dhi');
  });
});
