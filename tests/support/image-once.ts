// Global setup of the containers project: the production image built once from the working tree
// (podman's layer cache makes an unchanged tree a matter of seconds). Without podman and the base
// images it builds nothing; the tests then skip loudly (or fail with REQUIRE_CONTAINERS=1).
import { buildImage, containersMissing } from './containers.ts';

export default async function imageOnce() {
  if (containersMissing()) return;
  await buildImage();
}
