import { describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '../../lib/applications';
import {
  INITIAL_APPLICATIONS,
  applicationsReducer,
  newestRecord,
  parseStreamEvent,
  reconnectDelay,
  type ApplicationsState,
} from './applications-state';
import { applicationRecord } from '../../../tests/support/application-record';

const app = (id: string, createdAt: string, over: Partial<ApplicationRecord> = {}): ApplicationRecord =>
  applicationRecord({
    id,
    applicationType: 'Mentee',
    name: `Name ${id}`,
    email: `${id}@example.org`,
    createdAt,
    ...over,
  });

const a = app('a', '2026-11-01T00:00:00Z');
const b = app('b', '2026-11-02T00:00:00Z');
const c = app('c', '2026-11-03T00:00:00Z');
const ids = (s: ApplicationsState) => s.applications.map((x) => x.id);

describe('the list reducer', () => {
  test('a snapshot replaces the list, newest first, and marks it loaded', () => {
    const state = applicationsReducer(INITIAL_APPLICATIONS, { type: 'snapshot', applications: [a, c, b] });
    expect(state.loaded).toBe(true);
    expect(ids(state)).toEqual(['c', 'b', 'a']);
    expect(ids(applicationsReducer(state, { type: 'snapshot', applications: [a] }))).toEqual(['a']);
  });

  test('a new application is inserted in its place', () => {
    const state = applicationsReducer(INITIAL_APPLICATIONS, { type: 'snapshot', applications: [a, c] });
    expect(ids(applicationsReducer(state, { type: 'application', application: b }))).toEqual(['c', 'b', 'a']);
  });

  test('a changed application replaces the old one; an older version never overwrites a newer', () => {
    let state = applicationsReducer(INITIAL_APPLICATIONS, { type: 'snapshot', applications: [a, b] });
    const approved = { ...a, status: 'approved' as const, version: 2 };
    state = applicationsReducer(state, { type: 'application', application: approved });
    expect(state.applications.find((x) => x.id === 'a')).toEqual(approved);
    expect(applicationsReducer(state, { type: 'application', application: a })).toBe(state);
    expect(applicationsReducer(state, { type: 'application', application: approved })).toBe(state);
    expect(state.applications).toHaveLength(2);
  });

  test('within one version the decision mail moves on (scheduled, failed, sent), never back', () => {
    const scheduled = {
      ...a,
      status: 'approved' as const,
      version: 2,
      decisionMail: { status: 'scheduled' as const, at: '2026-11-20T14:02:00.000Z', decision: 'approved' as const },
    };
    const failed = {
      ...scheduled,
      decisionMail: { ...scheduled.decisionMail, status: 'failed' as const, retrying: true },
    };
    const failedAgain = { ...failed, decisionMail: { ...failed.decisionMail, at: '2026-11-20T14:07:00.000Z' } };
    const sent = { ...scheduled, decisionMail: { ...scheduled.decisionMail, status: 'sent' as const } };
    let state = applicationsReducer(INITIAL_APPLICATIONS, { type: 'snapshot', applications: [scheduled] });
    state = applicationsReducer(state, { type: 'application', application: failed });
    expect(state.applications[0]!.decisionMail?.status).toBe('failed');
    state = applicationsReducer(state, { type: 'application', application: failedAgain });
    expect(state.applications[0]!.decisionMail?.at).toBe('2026-11-20T14:07:00.000Z');
    state = applicationsReducer(state, { type: 'application', application: sent });
    expect(state.applications[0]!.decisionMail?.status).toBe('sent');
    // A late copy of an earlier state (the answer to the change, a replayed event) changes nothing.
    expect(applicationsReducer(state, { type: 'application', application: scheduled })).toBe(state);
    expect(applicationsReducer(state, { type: 'application', application: failed })).toBe(state);
    expect(applicationsReducer(state, { type: 'application', application: sent })).toBe(state);
  });

  test('removed ids leave the list; unknown ids change nothing', () => {
    const state = applicationsReducer(INITIAL_APPLICATIONS, { type: 'snapshot', applications: [a, b, c] });
    expect(ids(applicationsReducer(state, { type: 'removed', ids: ['b', 'x'] }))).toEqual(['c', 'a']);
    expect(applicationsReducer(state, { type: 'removed', ids: ['x'] })).toBe(state);
  });
});

describe('the newest record', () => {
  test('the highest version wins; missing ones are passed over; on a tie the first', () => {
    const v2 = { ...a, status: 'approved' as const, version: 2 };
    const v3 = { ...a, status: 'rejected' as const, version: 3 };
    expect(newestRecord(a, undefined, v2)).toBe(v2);
    expect(newestRecord(a, v3, v2)).toBe(v3);
    expect(newestRecord(v2, { ...v2, status: 'pending' })).toBe(v2);
    expect(newestRecord(a)).toBe(a);
  });
});

describe('server-sent events', () => {
  test('snapshot, application and removed events are read as the server sends them', () => {
    expect(parseStreamEvent('snapshot', JSON.stringify({ applications: [a] }))).toEqual({
      type: 'snapshot',
      applications: [a],
    });
    expect(parseStreamEvent('application', JSON.stringify(a))).toEqual({ type: 'application', application: a });
    expect(parseStreamEvent('removed', JSON.stringify({ ids: ['a'] }))).toEqual({ type: 'removed', ids: ['a'] });
  });

  test('shapes the server never sends (wrapped records, bare or single ids) are dropped', () => {
    for (const data of [{ application: a }, { record: a }]) {
      expect(parseStreamEvent('application', JSON.stringify(data))).toBeNull();
    }
    for (const data of [['a'], { removed: ['a'] }, { id: 'a' }]) {
      expect(parseStreamEvent('removed', JSON.stringify(data))).toBeNull();
    }
  });

  test('a decision mail the page does not understand leaves the card without one', () => {
    const odd = { ...a, decisionMail: { status: 'teleported', at: 'now' } };
    expect(parseStreamEvent('application', JSON.stringify(odd))).toEqual({
      type: 'application',
      application: { ...a, decisionMail: null },
    });
  });

  test('unknown events and malformed data are dropped', () => {
    expect(parseStreamEvent('message', JSON.stringify(a))).toBeNull();
    expect(parseStreamEvent(undefined, JSON.stringify(a))).toBeNull();
    expect(parseStreamEvent('application', '{not json')).toBeNull();
    expect(parseStreamEvent('application', JSON.stringify({ ...a, status: 'deleted' }))).toBeNull();
    expect(parseStreamEvent('snapshot', JSON.stringify({ applications: 'all' }))).toBeNull();
  });
});

describe('reconnect delays', () => {
  test('double per attempt up to the maximum, with at most half of each as jitter', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(1000, () => 0)).toBe(15_000);
    const spread = new Set(Array.from({ length: 20 }, () => reconnectDelay(4)));
    expect(spread.size).toBeGreaterThan(1);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(8000);
  });
});
