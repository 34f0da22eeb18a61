// Runs in the browser, in the fake Presentation tool page (presentation.ts serves it): the parent
// side of Sanity's Presentation protocol, built from the same packages the Studio uses
// (@sanity/comlink's controller and channel with @sanity/presentation-comlink's compatibility
// actors). It frames the site's preview, answers what the site's Visual Editing asks for, records
// what it sends (focus, refreshing, refreshed) and can send a refresh like the Studio after a save.
import { createConnectionMachine, createController } from '@sanity/comlink';
import { createCompatibilityActors } from '@sanity/presentation-comlink';

interface Recorded {
  status: string[];
  focus: unknown[];
  refreshed: unknown[];
  refresh: (source: 'manual' | 'mutation') => void;
}

const iframe = document.getElementById('preview') as HTMLIFrameElement;
const targetOrigin = new URL(iframe.src).origin;
const recorded: Recorded = { status: [], focus: [], refreshed: [], refresh: () => {} };
(window as unknown as { presentation: Recorded }).presentation = recorded;

const controller = createController({ targetOrigin });
controller.addTarget(iframe.contentWindow!);
// The message types are the Presentation protocol's; the recorder does not need their shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const channel = controller.createChannel<any, any>(
  { name: 'presentation', heartbeat: true, connectTo: 'visual-editing' },
  createConnectionMachine().provide({ actors: createCompatibilityActors() }),
);
channel.onStatus((event) => recorded.status.push(event.status));
channel.on('visual-editing/focus', (data: unknown) => void recorded.focus.push(data));
channel.on('visual-editing/refreshed', (data: unknown) => void recorded.refreshed.push(data));
channel.on('visual-editing/features', () => ({ features: { optimistic: false } }));
channel.on('visual-editing/fetch-perspective', () => ({ perspective: 'drafts' }));
channel.on('visual-editing/shared-state', () => ({ state: {} }));
channel.start();
recorded.refresh = (source) =>
  channel.post('presentation/refresh', {
    source,
    livePreviewEnabled: false,
    ...(source === 'mutation' ? { document: { _id: 'drafts.siteSettings', _type: 'siteSettings', _rev: 'x' } } : {}),
  });
