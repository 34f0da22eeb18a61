// Every mail leaves through the one queue: only web/server/mail/ reaches the transport, and its
// face does not hand the transport on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ROOT, WEB, sourcesBelow } from '../support/source-files';

const MAIL = path.join(WEB, 'server', 'mail');

test('nothing outside web/server/mail/ imports the mail transport', () => {
  const outside = sourcesBelow(WEB).filter((file) => !file.startsWith(`${MAIL}${path.sep}`));
  const importers = outside.filter((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.some(({ fileName }) => /(^|\/)transport\.server(\.ts)?$/.test(fileName)),
  );
  expect(importers.map((file) => path.relative(ROOT, file))).toEqual([]);
  // The face names no sender either.
  expect(readFileSync(path.join(MAIL, 'mail.server.ts'), 'utf8')).not.toMatch(/\bsendMail\b/);
});
