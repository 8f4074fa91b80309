// Once before the test files: compile the scoring threads' and worker's bundle (scripts/bundle.mjs)
// when a source is newer, so the first upload of a test file does not pay for it.
import { ensureBundle } from "../../scripts/bundle.mjs";

export default async function setup() {
  await ensureBundle();
}
