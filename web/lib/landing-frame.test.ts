import { describe, expect, test } from 'vitest';
import { landingFixture } from '../../tests/fixtures/landing';
import { landingFrame } from './landing-frame';

describe('the landing page frame (its route data in the browser)', () => {
  test('holds what the controls need, and none of the texts the HTML already has', () => {
    const content = landingFixture;
    const frame = landingFrame(content);
    expect(frame.video.youtubeId).toBe(content.settings.heroVideo.youtubeId);
    expect(frame.programmes).toEqual(content.programmes.map((p) => ({ number: p.number, title: p.title })));
    expect(frame.horses).toEqual(content.horses.map((h) => h.name));
    expect(frame.sliders.media.count).toBe(content.mediaReferences.length);
    expect(frame.sliders.learning.count).toBe(content.learningSlides.length);
    const json = JSON.stringify(frame);
    for (const text of [
      content.horses[0]!.beforeText,
      content.faq[0]!.question,
      content.questions[0]!.question,
      content.settings.quote,
      content.settings.seal.key,
    ])
      expect(json).not.toContain(text);
    expect(json).not.toContain('"_type":"block"');
  });
});
