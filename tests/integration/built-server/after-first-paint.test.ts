// What waits for the first paint on the prerendered pages (AFTER_FIRST_PAINT_LINK in
// web/entry.server.tsx, decisions 046 and 058): nothing preloads a font, the stylesheet with the font
// faces, the secondary images' boxes and the blurred previews is held in a template (put back in its
// place once the first view is painted) and in <noscript>, and the stylesheets that block the first
// paint name no web font and give those images no box. A router upgrade that renders the link
// differently fails here instead of making them compete with the first paint again unnoticed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import type * as EntryModule from '~/entry.server';

const clientDir = () => path.join(inject('buildDir'), 'client');
const htmlOf = (page: string) =>
  readFileSync(path.join(clientDir(), ...page.split('/').filter(Boolean), 'index.html'), 'utf8');
const count = (html: string, part: string) => html.split(part).length - 1;

let entry: typeof EntryModule;
beforeAll(async () => {
  const build = (await import(pathToFileURL(path.join(inject('buildDir'), 'server', 'index.js')).href)) as ServerBuild;
  entry = build.entry.module as unknown as typeof EntryModule;
});

test('the stylesheet after the first paint: both web fonts, the boxes of the secondary images, the previews', () => {
  const href = /href="([^"]+)"/.exec(entry.AFTER_FIRST_PAINT_LINK)![1]!;
  const css = readFileSync(path.join(clientDir(), href), 'utf8');
  expect(css.match(/@font-face/g)).toHaveLength(2);
  expect(css.match(/url\([^)]*\.woff2\)/g)).toHaveLength(2);
  expect(css).toMatch(/--after-first-paint:\s*block/);
  expect(css).toMatch(/background-image:\s*var\(--placeholder\)/);
});

describe.each(PUBLIC_PAGES)('%s', (page) => {
  test('no font is preloaded and no stylesheet that blocks the first paint names a web font', () => {
    const html = htmlOf(page);
    expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="font"/);
    const late = `<template id="${entry.LATE_STYLES_ID}">${entry.AFTER_FIRST_PAINT_LINK}</template>`;
    expect(count(html, late), late).toBe(1);
    expect(count(html, `<noscript>${entry.AFTER_FIRST_PAINT_LINK}</noscript>`)).toBe(1);
    // Outside the template and <noscript>, the head's stylesheets block the first paint.
    const head = html
      .slice(0, html.indexOf('</head>'))
      .replace(late, '')
      .replace(/<noscript>.*?<\/noscript>/g, '');
    expect(count(head, entry.AFTER_FIRST_PAINT_LINK)).toBe(0);
    const blocking = [...head.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    expect(blocking.length).toBeGreaterThan(0);
    for (const href of blocking) {
      const css = readFileSync(path.join(clientDir(), href), 'utf8');
      expect(css, href).not.toMatch(/\.woff2/);
      expect(css, href).not.toMatch(/font-family:\s*["']?(Inter Variable|Cormorant Garamond)["']?\s*;[^}]*src:\s*url/);
      // The secondary images have no box and no image a preview before the first paint.
      expect(css, href).not.toMatch(/--after-first-paint:/);
      expect(css, href).not.toMatch(/var\(--placeholder\)/);
    }
  });
});
