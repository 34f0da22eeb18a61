// The team's report: a range of Berlin days read from the daily aggregates, the signups, the
// applications and the clicks counted on the community's stable links, and the same figures as
// CSV rows.
import { and, count, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { addDays, berlinDayStart, daysBetween, formatDate } from '~/lib/berlin-time';
import { DEVICE_CLASSES, REFERRER_GROUPS, type InsightsReport, type ReferrerGroup } from '~/lib/insights';
import { communityFigures } from '../community/community.server';
import { getDatabase, schema } from '../db/db.server';
import type { Cell } from '../http/http.server';
import { reportRange } from './classify.server';

/** Campaigns listed at most (the most visitors first). */
export const TOP_CAMPAIGNS = 20;

/** The report of the days `from` to `to` (YYYY-MM-DD, both included). */
export async function insightsReport(from: string, to: string): Promise<InsightsReport> {
  const { db } = getDatabase();
  const previousFrom = addDays(from, -daysBetween(from, to));
  const d = schema.insightsDaily;
  const start = berlinDayStart(from);
  const end = berlinDayStart(addDays(to, 1));
  // Summed in the database: a day's visitors and page views (also of the previous period), and
  // every other figure over the range by key; a few hundred rows at most, whatever the traffic.
  const total = sql<number>`cast(sum(${d.count}) as integer)`;
  const [dayRows, keyRows, signups, applications, community] = await Promise.all([
    db
      .select({ day: d.day, metric: d.metric, count: total })
      .from(d)
      .where(and(gte(d.day, previousFrom), lte(d.day, to), inArray(d.metric, ['visitor', 'pageview'])))
      .groupBy(d.day, d.metric),
    db
      .select({ metric: d.metric, key: d.key, count: total })
      .from(d)
      .where(and(gte(d.day, from), lte(d.day, to), ne(d.metric, 'visitor')))
      .groupBy(d.metric, d.key),
    db
      .select({ userType: schema.signups.userType, n: count() })
      .from(schema.signups)
      .where(and(gte(schema.signups.createdAt, start), lt(schema.signups.createdAt, end)))
      .groupBy(schema.signups.userType),
    db
      .select({ n: count() })
      .from(schema.applications)
      .where(and(gte(schema.applications.createdAt, start), lt(schema.applications.createdAt, end))),
    // The group step is counted where the click lands, on the stable links' redirect.
    communityFigures(from, to),
  ]);

  const days = new Map<string, { visitors: number; pageviews: number }>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, { visitors: 0, pageviews: 0 });
  const previous = { visitors: 0, pageviews: 0 };
  const referrers = new Map<ReferrerGroup, number>(REFERRER_GROUPS.map((g) => [g, 0]));
  const campaigns = new Map<string, number>();
  const devices = { phone: 0, desktop: 0 };
  const sums = { landingViews: 0, accessViews: 0, popupOpens: 0, codesAccepted: 0 };
  for (const { day, metric, count: n } of dayRows) {
    const figures = day >= from ? days.get(day)! : previous;
    if (metric === 'visitor') figures.visitors += n;
    else figures.pageviews += n;
  }
  for (const { metric, key, count: n } of keyRows) {
    switch (metric) {
      case 'pageview':
        if (key === '/') sums.landingViews += n;
        if (key === '/access') sums.accessViews += n;
        break;
      case 'referrer':
        if (referrers.has(key as ReferrerGroup))
          referrers.set(key as ReferrerGroup, referrers.get(key as ReferrerGroup)! + n);
        break;
      case 'campaign':
        campaigns.set(key, (campaigns.get(key) ?? 0) + n);
        break;
      case 'device':
        if ((DEVICE_CLASSES as readonly string[]).includes(key)) devices[key as keyof typeof devices] += n;
        break;
      case 'popup_open':
        sums.popupOpens += n;
        break;
      case 'code_accepted':
        sums.codesAccepted += n;
        break;
    }
  }
  const dayList = [...days.entries()].map(([date, f]) => ({ date, ...f }));
  const bySignupType = Object.fromEntries(signups.map((s) => [s.userType, Number(s.n)]));
  return {
    from,
    to,
    days: dayList,
    totals: {
      visitors: dayList.reduce((sum, f) => sum + f.visitors, 0),
      pageviews: dayList.reduce((sum, f) => sum + f.pageviews, 0),
    },
    previous,
    referrers: [...referrers.entries()]
      .map(([source, visitors]) => ({ source, visitors }))
      .sort((a, b) => b.visitors - a.visitors || REFERRER_GROUPS.indexOf(a.source) - REFERRER_GROUPS.indexOf(b.source)),
    campaigns: [...new Set([...campaigns.keys(), ...community.byCampaign.keys()])]
      .map((key) => {
        const [source = '', medium = '', campaign = ''] = key.split('|');
        const visitors = campaigns.get(key) ?? 0;
        return { source, medium, campaign, visitors, groupClicks: community.byCampaign.get(key) ?? 0 };
      })
      .sort((a, b) => b.visitors - a.visitors || b.groupClicks - a.groupClicks || (a.campaign < b.campaign ? -1 : 1))
      .slice(0, TOP_CAMPAIGNS),
    groups: community.groups,
    devices,
    funnel: {
      landingViews: sums.landingViews,
      popupOpens: sums.popupOpens,
      signups: { reiter: bySignupType.reiter ?? 0, trainer: bySignupType.trainer ?? 0 },
      groupClicks: community.total,
      accessViews: sums.accessViews,
      codesAccepted: sums.codesAccepted,
      applications: Number(applications[0]?.n ?? 0),
    },
  };
}

export const INSIGHTS_CSV_HEADER = ['Bereich', 'Eintrag', 'Besucher', 'Seitenaufrufe', 'Anzahl'];

/** The report as CSV rows: one per day, then one per other figure (German dates, as the dashboard shows). */
export function insightsCsvRows(report: InsightsReport): Cell[][] {
  const range = `${formatDate(report.from)}–${formatDate(report.to)}`;
  const f = report.funnel;
  return [
    ...report.days.map((d) => ['Tag', formatDate(d.date), d.visitors, d.pageviews, null]),
    ['Summe', range, report.totals.visitors, report.totals.pageviews, null],
    ['Vorperiode', `${report.days.length} Tage davor`, report.previous.visitors, report.previous.pageviews, null],
    ...report.referrers.map((r) => ['Herkunft', r.source, r.visitors, null, null]),
    ...report.campaigns.map((c) => [
      'Kampagne',
      `${c.source} / ${c.medium} / ${c.campaign}`,
      c.visitors,
      null,
      c.groupClicks,
    ]),
    ...report.groups.map((g) => [
      'Gruppe',
      `${g.name} (${g.audience === 'trainer' ? 'Trainerinnen' : 'Reiterinnen'}): ${g.total} von ${g.capacity} Plätzen${g.current ? ', aktuell' : ''}`,
      null,
      null,
      g.clicks,
    ]),
    ['Gerät', 'phone', report.devices.phone, null, null],
    ['Gerät', 'desktop', report.devices.desktop, null, null],
    ['Funnel', 'Aufrufe der Startseite', null, null, f.landingViews],
    ['Funnel', 'Popup geöffnet', null, null, f.popupOpens],
    ['Funnel', 'Anmeldungen Reiter', null, null, f.signups.reiter],
    ['Funnel', 'Anmeldungen Trainer', null, null, f.signups.trainer],
    ['Funnel', 'Gruppenlink geklickt', null, null, f.groupClicks],
    ['Funnel', 'Aufrufe von /access', null, null, f.accessViews],
    ['Funnel', 'Code akzeptiert', null, null, f.codesAccepted],
    ['Funnel', 'Bewerbungen', null, null, f.applications],
  ];
}

/** The report of the range a request asks for (`?from=&to=`, default the last 30 days); null for a bad range. */
export async function requestedReport(request: Request): Promise<InsightsReport | null> {
  const params = new URL(request.url).searchParams;
  const range = reportRange({ from: params.get('from'), to: params.get('to') });
  return range && insightsReport(range.from, range.to);
}
