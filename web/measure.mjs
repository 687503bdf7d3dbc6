// The browser measurements of the README (scripts/web measure; not part of the test): the
// first frame of the seed puzzle, and frame times of the 1M-row open table. Figures only: on a
// busy machine they vary, so nothing here passes or fails.
import { deflateRawSync } from "node:zlib";
import { open, start, status } from "./browser.mjs";

const dist = process.argv[2] ?? "web/dist";
const { context, address, close } = await start(dist, { viewport: { width: 1600, height: 1000 } });

/** Mean, median, 95th percentile and largest of `values`, rounded. */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const r = (x) => Math.round(x * 10) / 10;
  return { frames: values.length, mean: r(mean), median: r(at(0.5)), p95: r(at(0.95)), max: r(sorted.at(-1)) };
}

/** A 5×5 start far from the goal: the blank walked 200 times, never straight back. */
function farStart() {
  const tiles = [...Array(24).keys()].map((i) => i + 1).concat([0]);
  let blank = 24;
  let previous = -1;
  let seed = 12345;
  for (let i = 0; i < 200; i++) {
    const [row, col] = [Math.floor(blank / 5), blank % 5];
    const moves = [row > 0 && blank - 5, row < 4 && blank + 5, col > 0 && blank - 1, col < 4 && blank + 1]
      .filter((m) => m !== false && m !== previous);
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const next = moves[seed % moves.length];
    [tiles[blank], tiles[next]] = [tiles[next], tiles[blank]];
    [previous, blank] = [blank, next];
  }
  return tiles;
}

/** A share link made here (deflate-raw + base64url), as `src/share/` makes them. */
function linkTo(ron, at) {
  const packed = deflateRawSync(Buffer.from(ron)).toString("base64url");
  return `${address}#scenario=${packed}&at=${at}`;
}

try {
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const { page, firstFrame } = await open(context, address);
    loads.push(firstFrame);
    await page.close();
  }
  console.log("seed puzzle, first frame after navigation (ms):", summary(loads), loads.map(Math.round));

  const ron = `Scenario(title: "5×5, breadth-first", problem: SlidingPuzzle(width: 5, height: 5, start: [${farStart()}]), search: (algorithm: BreadthFirst, max_states: 2000000))`;
  const steps = Number(process.env.STEPS ?? 810000);
  const started = Date.now();
  const { page, firstFrame } = await open(context, linkTo(ron, steps), 600_000);
  const s = await status(page);
  console.log(`opened at step ${s.step} in ${((Date.now() - started) / 1000).toFixed(1)} s (first frame at ${Math.round(firstFrame)} ms): ${s.states_stored} stored`);

  const framesSince = async (count) => JSON.parse(await page.evaluate(() => window.frontier.frames())).slice(-count);
  const nextFrame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  // Idle: frames asked for by moving the mouse.
  for (let i = 0; i < 60; i++) {
    await page.mouse.move(800 + (i % 2), 500);
    await nextFrame();
  }
  console.log("idle with the 1M-row tables (CPU ms per frame):", summary(await framesSince(60)));
  // Scrolling the open table (it fills the middle of the window's upper half).
  await page.mouse.move(800, 300);
  for (let i = 0; i < 120; i++) {
    await page.mouse.wheel(0, 400);
    await nextFrame();
  }
  console.log("scrolling the 1M-row open table (CPU ms per frame):", summary(await framesSince(120)));
  const before = Date.now();
  await page.evaluate(() => window.frontier.step(1));
  for (let i = 0; i < 4; i++) await nextFrame();
  console.log(`a step with 1M rows and the frames after it: ${Date.now() - before} ms wall;`, summary(await framesSince(4)));
} finally {
  await close();
}
