import { describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '../../lib/applications';
import {
  DEFAULT_QUERY,
  applicationQueryString,
  formatDate,
  formatDateTime,
  mailtoHref,
  parseDashboardQuery,
  safeWebsiteHref,
  serialiseDashboardQuery,
  visibleApplications,
} from './view-state';

const app = (over: Partial<ApplicationRecord>): ApplicationRecord => ({
  id: 'a',
  applicationType: 'Mentor',
  status: 'pending',
  name: 'Anna Berg',
  email: 'anna@example.org',
  websiteLink: null,
  message: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: null,
  version: 1,
  updatedBy: null,
  decisionMail: null,
  ...over,
});

describe('the view as a URL query', () => {
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
    const search = serialiseDashboardQuery(query).toString();
    expect(search).toBe('view=signups&type=Business+Partner&status=rejected&q=anna+b&page=3');
    expect(parseDashboardQuery(search)).toEqual(query);
  });

  test('the insights range survives a reload', () => {
    const query = {
      ...DEFAULT_QUERY,
      view: 'insights',
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-07',
    } as const;
    const search = serialiseDashboardQuery(query).toString();
    expect(search).toBe('view=insights&range=custom&from=2026-11-01&to=2026-11-07');
    expect(parseDashboardQuery(search)).toEqual(query);
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

describe('dates', () => {
  test('German format in Berlin time, so a late-evening application shows its German date', () => {
    expect(formatDate('2026-11-22T10:00:00.000Z')).toBe('22.11.2026');
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('23.11.2026');
    expect(formatDateTime('2026-07-01T12:05:00.000Z')).toBe('01.07.2026, 14:05');
  });

  test('missing or broken dates read N/A', () => {
    for (const value of [null, undefined, '', 'gestern']) {
      expect(formatDate(value)).toBe('N/A');
      expect(formatDateTime(value)).toBe('N/A');
    }
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
