// Every decision record says where it stands in its Status line, and a later change lives in the
// record that made it: "Status: Accepted", "Status: Amended by [NNN](…)" or "Status: Superseded by
// [NNN](…)", then optionally sentences "Supersedes [NNN](…)" / "Amends [NNN](…)" naming the records
// this one changes. Both ends agree: a record amended or superseded by another is named by that one
// in its "Supersedes"/"Amends" sentence, and the other way round. A failure lists each record.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../support/source-files';

const DIR = path.join(ROOT, 'docs', 'decisions');
const LINK = /\[(\d{3})\]\((\d{3})-[\w-]+\.md\)/g;

interface Status {
  /** The first sentence: Accepted, Amended by …, Superseded by … */
  state: string;
  /** The records that amended or superseded this one. */
  changedBy: string[];
  /** The records this one amends or supersedes. */
  changes: string[];
}

/** The Status paragraph of a record, read into its parts (throws when there is none). */
export function readStatus(text: string): Status {
  const paragraph = text
    .split(/\n\s*\n/)
    .find((p) => p.startsWith('Status: '))
    ?.slice('Status: '.length)
    .replace(/\s+/g, ' ')
    .trim();
  if (paragraph === undefined) throw new Error('no Status line');
  const [first = '', ...rest] = paragraph.split(/(?<=\.|\))\.?\s+(?=(?:Supersedes|Amends)\b)/);
  const links = (s: string) => [...s.matchAll(LINK)].map((m) => m[1]!);
  return {
    state: first,
    changedBy: /^(Amended|Superseded) by /.test(first) ? links(first) : [],
    changes: rest.flatMap(links),
  };
}

const records = readdirSync(DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'))
  .map((name) => ({ id: name.slice(0, 3), name, text: readFileSync(path.join(DIR, name), 'utf8') }));
const statuses = new Map(records.map((r) => [r.id, readStatus(r.text)]));

describe('decision records', () => {
  test('the Status line is read into its parts', () => {
    const status = readStatus(
      '# 1\n\nStatus: Amended by [034](034-a.md) (the queue) and [052](052-b.md). Supersedes [006](006-c.md)\n(as it held). Amends [017](017-d.md).\n\nDate: x',
    );
    expect(status).toEqual({
      state: 'Amended by [034](034-a.md) (the queue) and [052](052-b.md)',
      changedBy: ['034', '052'],
      changes: ['006', '017'],
    });
    expect(readStatus('Status: Accepted\n\nDate: x')).toEqual({ state: 'Accepted', changedBy: [], changes: [] });
  });

  test('every record says Accepted, Amended by or Superseded by, naming records that exist', () => {
    expect(records.length).toBeGreaterThan(40);
    const wrong = records.flatMap(({ name }) => {
      const { state, changedBy, changes } = statuses.get(name.slice(0, 3))!;
      const problems: string[] = [];
      if (!/^(Accepted\b|Amended by \[\d{3}\]|Superseded by \[\d{3}\])/.test(state)) problems.push(`"${state}"`);
      for (const id of [...changedBy, ...changes]) if (!statuses.has(id)) problems.push(`names ${id}, not a record`);
      return problems.map((p) => `${name}: ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  test('both ends of every amendment and supersession name each other', () => {
    const oneSided = [...statuses].flatMap(([id, { changedBy, changes }]) => [
      ...changedBy
        .filter((other) => !statuses.get(other)?.changes.includes(id))
        .map((other) => `${id} is changed by ${other}, which does not say "Supersedes/Amends [${id}]"`),
      ...changes
        .filter((other) => !statuses.get(other)?.changedBy.includes(id))
        .map((other) => `${id} changes ${other}, whose Status does not name ${id}`),
    ]);
    expect(oneSided).toEqual([]);
  });
});
