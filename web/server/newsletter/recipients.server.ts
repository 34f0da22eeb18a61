// Who receives a newsletter: the signups that asked for it and confirmed it (double opt-in), not
// unsubscribed and not undeliverable, of its audience (`alle`: riders and trainers), each address
// once (case-insensitive). Written once, as SQL, for the count the dashboard shows, the list frozen
// at the send (rows inserted by one INSERT … SELECT, never an array in memory) and the check right
// before each mail.
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { NewsletterAudience } from '~/lib/newsletter';
import { schema, selectRows, type Db } from '../db/db.server';

const s = schema.signups;
const r = schema.newsletterRecipients;

/** SQL: the signup may receive newsletters now. */
export const mayReceive = (): SQL =>
  and(
    eq(s.newsletterOptIn, true),
    isNotNull(s.newsletterConfirmedAt),
    isNull(s.newsletterUnsubscribedAt),
    isNull(s.newsletterUndeliverableAt),
  )!;

const ofAudience = (audience: NewsletterAudience): SQL => (audience === 'alle' ? sql`true` : eq(s.userType, audience));

export type AudienceCounts = Record<NewsletterAudience, number>;

/** How many addresses each audience reaches now. */
export async function countAudiences(db: Db): Promise<AudienceCounts> {
  const [row] = await selectRows<{ alle: number; reiter: number; trainer: number }>(
    db,
    sql`select count(distinct lower(${s.email}))::int as alle,
          count(distinct lower(${s.email})) filter (where ${s.userType} = 'reiter')::int as reiter,
          count(distinct lower(${s.email})) filter (where ${s.userType} = 'trainer')::int as trainer
        from ${s} where ${mayReceive()}`,
  );
  return { alle: Number(row?.alle ?? 0), reiter: Number(row?.reiter ?? 0), trainer: Number(row?.trainer ?? 0) };
}

/**
 * Freezes the recipients of `newsletterId` in `tx` (the send's transaction): one row per address,
 * for the signup that confirmed first (its dates are the ones the mail's footer names). Answers how
 * many rows were written.
 */
export async function freezeRecipients(tx: Db, newsletterId: string, audience: NewsletterAudience): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    tx,
    sql`with frozen as (
          insert into ${r} (newsletter_id, signup_id)
          select ${newsletterId}, id from (
            select distinct on (lower(${s.email})) ${s.id} as id
            from ${s} where ${mayReceive()} and ${ofAudience(audience)}
            order by lower(${s.email}), ${s.newsletterConfirmedAt}, ${s.createdAt}, ${s.id}
          ) as chosen
          returning 1
        )
        select count(*)::int as count from frozen`,
  );
  return Number(row?.count ?? 0);
}

/** What a claimed recipient stands for right before its mail: the signup now, and whether the send runs. */
export interface RecipientNow {
  email: string | null;
  name: string | null;
  signedUpAt: Date | null;
  confirmedAt: Date | null;
  signupId: string | null;
  /** The signup may receive newsletters now (false when it is gone). */
  wanted: boolean;
  /** The send's status now. */
  status: 'sending' | 'paused' | 'sent';
}

/** Reads a recipient's signup and its send's status, as they are this moment. */
export async function recipientNow(db: Db, recipientId: number): Promise<RecipientNow | undefined> {
  const n = schema.newsletterSends;
  const [row] = await db
    .select({
      email: s.email,
      name: s.name,
      signedUpAt: s.createdAt,
      confirmedAt: s.newsletterConfirmedAt,
      signupId: s.id,
      wanted: sql<boolean>`coalesce(${mayReceive()}, false)`,
      status: n.status,
    })
    .from(r)
    .innerJoin(n, eq(n.newsletterId, r.newsletterId))
    .leftJoin(s, eq(s.id, r.signupId))
    .where(eq(r.id, recipientId));
  return row;
}
