// What the browser test and the measurements share: the site served on 127.0.0.1, headless
// Chromium (Debian's) started with the flags this machine needs, and a page watched for errors.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "./serve.mjs";

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // WebGL2 without a GPU: Chromium's software renderer, which it only lends when asked.
  "--enable-unsafe-swiftshader",
];

/**
 * Serves `dist` and starts Chromium with a fresh profile, its pages set up by `options` (the
 * viewport; a phone's touch screen with `hasTouch`, `isMobile` and `deviceScaleFactor`);
 * `close()` ends both.
 */
export async function start(dist, options = { viewport: { width: 1366, height: 768 } }) {
  const server = await serve(resolve(dist), 0);
  const profile = mkdtempSync(join(tmpdir(), "frontier-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    ...options,
  });
  const address = `http://127.0.0.1:${server.address().port}/`;
  const close = async () => {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, address, close };
}

/**
 * Opens `url` in a new page and waits for the app's first frame; returns the page, the problems
 * the console reported (errors, panics, uncaught exceptions) and the first frame's time in
 * milliseconds since the navigation started. `before(page)` runs before the navigation (to
 * slow the network down, say).
 */
export async function open(context, url, timeout = 60_000, before = async () => {}) {
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || /panick|preventDefault/i.test(m.text())) {
      problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await before(page);
  await page.goto(url);
  await page.waitForFunction(
    () =>
      performance.getEntriesByName("frontier-first-frame").length > 0 && window.frontier !== undefined,
    null,
    { timeout },
  );
  const firstFrame = await page.evaluate(
    () => performance.getEntriesByName("frontier-first-frame")[0].startTime,
  );
  return { page, problems, firstFrame };
}

/** `window.frontier.status()`, parsed. */
export async function status(page) {
  return JSON.parse(await page.evaluate(() => window.frontier.status()));
}

/**
 * The page's pixels within `clip` ({x, y, width, height} in CSS pixels), one per CSS pixel:
 * `{ width, height, data }`, `data` RGBA bytes row by row. The screenshot is decoded by the
 * page itself (an image on a 2D canvas), so no PNG library is needed.
 */
export async function pixels(page, clip) {
  const png = await page.screenshot({ clip, scale: "css" });
  const [width, height, data] = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const rgba = context.getImageData(0, 0, image.width, image.height).data;
    return [image.width, image.height, Array.from(rgba)];
  }, png.toString("base64"));
  return { width, height, data: Uint8Array.from(data) };
}
