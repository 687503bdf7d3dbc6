// The browser test of the web build (scripts/web test): the real app in headless Chromium.
//
// On a 1366×768 screen: loads the site, waits for the first frame, presses Space 21 times on
// the canvas and reads window.frontier.status(); opens the share link of that moment and reads
// the same; saves a trace (a download) and opens it again through the file picker; opens a
// damaged link (a notice above the app, closed with ×, then Space steps); Copy link's
// confirmation; the page's title and favicon; the wasm sent compressed, and the progress bar
// counting its bytes on a slow link. On a phone (390×844, three device pixels to a CSS pixel,
// touch): the board shows whole, a tap on Step steps and one on Back goes back, a swipe
// scrolls the open table. Saves a screenshot of each into the guide's
// images. Any console error, panic or passive-listener complaint fails it. Prints
// "N passed, N failed".
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { existsSync, readFileSync } from "node:fs";
import { open, pixels, start, status } from "./browser.mjs";

const dist = process.argv[2] ?? "web/dist";
const images = new URL("../docs/guide/src/images/", import.meta.url).pathname;
const results = [];
const wasm = readFileSync(`${dist}/frontier_bg.wasm`);

/** Runs one check, noting whether it passed. */
async function check(name, body) {
  try {
    await body();
    results.push([name, true]);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}\n     ${String(e.stack ?? e).split("\n").join("\n     ")}`);
  }
}

/** Waits until the app's step is `step` (keys are handled in the next frame). */
async function waitForStep(page, step) {
  await page.waitForFunction((n) => JSON.parse(window.frontier.status()).step >= n, step, {
    timeout: 30_000,
  });
}

/** Lets the app draw a few frames. */
async function frames(page, count = 3) {
  for (let i = 0; i < count; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
}

const goalAt21 = {
  outcome: "goal_found",
  states_checked: 20,
  states_stored: 35,
};

await desktop();
await phone();

/** The checks on a laptop's screen. */
async function desktop() {
  const viewport = { width: 1366, height: 768 };
  const { context, address, close } = await start(dist, { viewport });
  try {
    const { page, problems, firstFrame } = await open(context, address);
    console.log(`first frame ${firstFrame.toFixed(0)} ms after navigation`);

    await check("the seed puzzle opens at step 0, still searching", async () => {
      const s = await status(page);
      assert.equal(s.step, 0);
      assert.equal(s.outcome, null);
      assert.equal(s.algorithm, "astar");
    });

    await check("the page's title names the scenario, as the desktop window's does", async () => {
      const s = await status(page);
      assert.ok(s.scenario.length > 0);
      assert.equal(await page.title(), `Frontier — ${s.scenario}`);
    });

    await check("Space 21 times on the canvas finds the goal", async () => {
      await page.focus("#frontier_canvas");
      for (let i = 0; i < 21; i++) {
        await page.keyboard.press("Space");
      }
      await waitForStep(page, 21);
      assert.deepEqual(pick(await status(page)), { step: 21, ...goalAt21 });
    });

    let link;
    await check("the share link opens the same moment", async () => {
      link = await page.evaluate(() => window.frontier.link());
      assert.ok(link.startsWith(`${address}#scenario=`), link);
      assert.ok(link.endsWith("&at=21"), link);
      const opened = await open(context, link);
      assert.deepEqual(pick(await status(opened.page)), { step: 21, ...goalAt21 });
      assert.deepEqual(opened.problems, []);
      await opened.page.close();
    });

    await check("Save trace downloads the run; Open trace replays the file picked", async () => {
      await traces(context, address, page);
    });

    await check("window.frontier.step(n) steps as Space does", async () => {
      const fresh = await open(context, address);
      const s = JSON.parse(await fresh.page.evaluate(() => window.frontier.step(21)));
      assert.deepEqual(pick(s), { step: 21, ...goalAt21 });
      await fresh.page.close();
    });

    await check("a damaged link: a notice above the app, × closes it, then Space steps", async () => {
      const damaged = await open(context, `${address}#scenario=AAAA&at=3`);
      const notice = await damaged.page.evaluate(() => window.frontier.notice());
      assert.match(notice, /^This page's link is damaged: .*; the built-in puzzle is shown instead\.$/);
      // The app draws it in a row of its own: the page lays nothing over the app.
      assert.ok(await damaged.page.isHidden("#frontier_message"));
      assert.equal((await status(damaged.page)).step, 0);
      assert.match(await damaged.page.title(), /^Frontier — /);
      await damaged.page.screenshot({ path: "/tmp/frontier-notice.png" });
      // The × at the right end of the notice's row, the app's first.
      await damaged.page.mouse.click(viewport.width - 22, 14);
      await frames(damaged.page);
      assert.equal(await damaged.page.evaluate(() => window.frontier.notice()), undefined);
      await damaged.page.keyboard.press("Space");
      await waitForStep(damaged.page, 1);
      assert.equal((await status(damaged.page)).step, 1);
      assert.deepEqual(damaged.problems, []);
      await damaged.page.close();
    });

    await check("Copy link puts the link on the clipboard and says so beside the menu", async () => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: address });
      const fresh = await open(context, address);
      // Right of the Scenario menu, on the toolbar's first row.
      const beside = { x: 80, y: 0, width: 300, height: 26 };
      // "Link copied" is written in green; nothing else on that row is.
      const green = (image) => count(image, ([r, g, b]) => g > r + 60 && g > b + 50);
      const before = await pixels(fresh.page, beside);
      assert.equal(green(before), 0, "nothing green beside the menu before");
      await fresh.page.evaluate(() => window.frontier.copyLink());
      await frames(fresh.page);
      const during = await pixels(fresh.page, beside);
      assert.ok(green(during) > 40, `green words appeared beside the menu: ${green(during)} pixels`);
      const copied = await fresh.page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, await fresh.page.evaluate(() => window.frontier.link()));
      await fresh.page.waitForTimeout(3000);
      await frames(fresh.page);
      const after = await pixels(fresh.page, beside);
      assert.ok(difference(before, after) < 0.01, "and went after a couple of seconds");
      assert.deepEqual(fresh.problems, []);
      await fresh.page.close();
    });

    await check("the favicon is the SVG search tree", async () => {
      const href = await page.getAttribute("link[rel=icon]", "href");
      const response = await page.request.get(new URL(href, address).href);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()["content-type"], "image/svg+xml");
      assert.match(await response.text(), /<svg[^>]*viewBox="0 0 32 32"/);
    });

    await check("the wasm is sent compressed, and its copies unpack to it", async () => {
      const fresh = await context.newPage();
      const [response] = await Promise.all([
        fresh.waitForResponse((r) => r.url().endsWith("/frontier_bg.wasm")),
        fresh.goto(address),
      ]);
      const encoding = await response.headerValue("content-encoding");
      assert.ok(["br", "gzip"].includes(encoding), `Content-Encoding: ${encoding}`);
      const length = Number(await response.headerValue("content-length"));
      assert.ok(length < wasm.length / 2, `${length} bytes sent of ${wasm.length}`);
      assert.ok(wasm.equals(gunzipSync(readFileSync(`${dist}/frontier_bg.wasm.gz`))));
      if (existsSync(`${dist}/frontier_bg.wasm.br`)) {
        assert.ok(wasm.equals(brotliDecompressSync(readFileSync(`${dist}/frontier_bg.wasm.br`))));
      }
      await fresh.close();
    });

    await check("on a 1.5 MB/s link the progress bar counts the bytes to the total", async () => {
      const slow = await open(context, address, 120_000, async (p) => {
        const cdp = await p.context().newCDPSession(p);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 40,
          downloadThroughput: 1.5e6,
          uploadThroughput: 1.5e6,
        });
        // What the bar and its words show, every 50 ms until the app starts.
        await p.addInitScript(() => {
          window.progressSeen = [];
          const timer = setInterval(() => {
            const bar = document.getElementById("frontier_progress");
            const words = document.getElementById("frontier_progress_bytes");
            if (!bar) {
              clearInterval(timer);
              return;
            }
            window.progressSeen.push([bar.value, bar.max, words.textContent]);
          }, 50);
        });
      });
      console.log(`first frame on a 1.5 MB/s link: ${slow.firstFrame.toFixed(0)} ms after navigation`);
      const seen = await slow.page.evaluate(() => window.progressSeen);
      const partway = seen.filter(([value, max]) => value > 0 && value < max);
      assert.ok(partway.length >= 3, `the bar moved: ${JSON.stringify(seen.slice(0, 5))}`);
      const total = (wasm.length / 1e6).toFixed(1);
      for (const [value, max, words] of partway) {
        assert.equal(max, wasm.length, "out of the wasm's size");
        assert.equal(words, `${(value / 1e6).toFixed(1)} of ${total} MB`);
      }
      assert.ok(await slow.page.isHidden("#frontier_loading"), "gone once the app starts");
      assert.deepEqual(slow.problems, []);
      await slow.page.close();
    });

    await check("the console has no error or panic", async () => {
      assert.deepEqual(problems, []);
    });

    await page.screenshot({ path: `${images}web.png` });
    console.log(
      `screenshot ${images}web.png; frontier_bg.wasm ${wasm.length} bytes, ` +
        `gzip ${readFileSync(`${dist}/frontier_bg.wasm.gz`).length} bytes` +
        (existsSync(`${dist}/frontier_bg.wasm.br`)
          ? `, brotli ${readFileSync(`${dist}/frontier_bg.wasm.br`).length} bytes`
          : ""),
    );
  } finally {
    await close();
  }
}

/** The checks on a phone held upright: its screen and its touch. */
async function phone() {
  const viewport = { width: 390, height: 844 };
  const { context, address, close } = await start(dist, {
    viewport,
    deviceScaleFactor: 3,
    hasTouch: true,
    isMobile: true,
  });
  try {
    const { page, problems } = await open(context, address);

    await check("on a phone the board shows whole, at a size to read", async () => {
      // The sliding puzzle's eight tiles, in the board's tile colours, in the upper half: each
      // at least 40 pixels square, none cut off at the screen's edge.
      const top = await pixels(page, { x: 0, y: 0, width: viewport.width, height: 420 });
      const tile = ([r, g, b]) => r > 0xd0 && g > 0xb8 && b > 0x60 && b < 0xc0;
      const tiles = count(top, tile);
      assert.ok(tiles > 8 * 40 * 40, `${tiles} pixels of tiles`);
      const edge = await pixels(page, { x: viewport.width - 2, y: 0, width: 2, height: 420 });
      assert.equal(count(edge, tile), 0, "no tile runs off the right edge");
      // Down a line near the board's left edge (clear of the digits): the start's left column
      // holds three tiles, one under the other, each a run of tile colour.
      const left = await pixels(page, { x: 18, y: 0, width: 1, height: 420 });
      let runs = 0;
      let inside = false;
      for (let i = 0; i < left.data.length; i += 4) {
        const now = tile([left.data[i], left.data[i + 1], left.data[i + 2]]);
        if (now && !inside) runs++;
        inside = now;
      }
      assert.equal(runs, 3, "three rows of tiles: the whole board");
    });

    // The four large buttons share the foot of the screen: Step, Back, Run, Reset.
    const button = (n) => [(viewport.width * (2 * n + 1)) / 8, viewport.height - 34];
    await check("on a phone a tap on Step steps, and a tap on Back goes back", async () => {
      await page.touchscreen.tap(...button(0));
      await waitForStep(page, 1);
      assert.equal((await status(page)).step, 1);
      await page.touchscreen.tap(...button(0));
      await waitForStep(page, 2);
      await page.touchscreen.tap(...button(1));
      await page.waitForFunction(() => JSON.parse(window.frontier.status()).step === 1, null, {
        timeout: 30_000,
      });
    });

    await check("on a phone a swipe scrolls the open table", async () => {
      await page.evaluate(() => window.frontier.step(20));
      await frames(page, 5);
      const before = await status(page);
      assert.equal(before.step, 21);
      // The open table's rows, under its title and header, above the closed table.
      const rows = { x: 0, y: 400, width: viewport.width, height: 160 };
      const still = await pixels(page, rows);
      // A short swipe up across the rows: the table scrolls with the finger (and on a little).
      await swipe(page, { x: 200, y: rows.y + rows.height - 10 }, { x: 200, y: rows.y + 80 });
      await page.waitForTimeout(1500);
      await frames(page);
      const moved = await pixels(page, rows);
      const { shift, shifted, unshifted } = scrolled(still, moved);
      assert.ok(shift >= 10, `rows moved up ${shift} px (matching ${shifted} against ${unshifted})`);
      assert.ok(shifted < unshifted / 3, `the same rows, moved: ${shifted} against ${unshifted}`);
      assert.deepEqual(await status(page), before, "a swipe is not a step");
    });

    await check("on a phone the console stays clean", async () => {
      assert.deepEqual(problems, []);
    });

    await page.screenshot({ path: `${images}web-phone.png`, scale: "css" });
    console.log(`screenshot ${images}web-phone.png`);
  } finally {
    await close();
  }
}

/** Saves a trace from `page` (at step 21) and opens it in another page of `context`. */
async function traces(context, address, page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.evaluate(() => window.frontier.saveTrace("seed.trace.ron")),
  ]);
  assert.equal(download.suggestedFilename(), "seed.trace.ron");
  const bytes = readFileSync(await download.path());
  const lines = bytes.toString("utf8").trimEnd().split("\n");
  const steps = lines.length - 1 - lines.indexOf("steps:") - 1;
  assert.equal(steps, 21, "a line per step");
  assert.match(lines.at(-1), /^end: .*"Goal found"/);

  const other = await open(context, address);
  await other.page.evaluate(() => window.frontier.step(5));
  /** Opens `buffer` through Open trace: the picker, or rfd's own dialog without one. */
  const pickTrace = async (name, buffer) => {
    const chooser = other.page.waitForEvent("filechooser", { timeout: 5_000 }).catch(() => null);
    await other.page.evaluate(() => window.frontier.openTrace());
    const file = { name, mimeType: "application/octet-stream", buffer };
    const picker = await chooser;
    await (picker ? picker.setFiles(file) : other.page.setInputFiles("#rfd-input", file));
  };
  await pickTrace("seed.trace.ron", bytes);
  await other.page.waitForFunction(() => JSON.parse(window.frontier.status()).step === 0, null, {
    timeout: 30_000,
  });
  // A replay stops at the trace's end, each step checked against the file.
  const replayed = JSON.parse(await other.page.evaluate(() => window.frontier.step(30)));
  assert.deepEqual(pick(replayed), { step: 21, ...goalAt21 });
  assert.equal(await other.page.evaluate(() => window.frontier.error()), undefined);

  await pickTrace("damaged.trace.ron", bytes.subarray(0, bytes.length / 2));
  await other.page.waitForFunction(() => window.frontier.error() !== undefined, null, {
    timeout: 30_000,
  });
  const error = await other.page.evaluate(() => window.frontier.error());
  assert.match(error, /damaged\.trace\.ron.*line/s);
  assert.deepEqual(other.problems, []);
  await other.page.close();
}

/**
 * A finger's swipe from `from` to `to` on the touch screen, as a phone delivers it: moves a
 * frame apart (the page draws a frame after each), the first at once and already past the few
 * points a tap may wander, and the lift after the last move was drawn. Paced by a clock instead,
 * a slow software renderer lets several moves and the lift land in one frame, and a scroll area
 * follows a drag only in the frames that still hold it; a finger that lingers near where it
 * touched for most of a second is a long press, not a swipe.
 */
async function swipe(page, from, to, moves = 6) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  await touch("touchStart", [from]);
  for (let i = 1; i <= moves; i++) {
    const at = (a, b) => a + ((b - a) * i) / moves;
    await touch("touchMove", [{ x: at(from.x, to.x), y: at(from.y, to.y) }]);
    await frames(page, 1);
  }
  await touch("touchEnd", []);
  await cdp.detach();
}

/** The share of bytes that differ between two images of the same size. */
function difference(a, b) {
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) > 24) differ++;
  }
  return differ / (a.data.length / 4);
}

/** The pixels of `image` for which `test([r, g, b])` holds. */
function count(image, test) {
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (test([image.data[i], image.data[i + 1], image.data[i + 2]])) n++;
  }
  return n;
}

/**
 * How far the content of `before` moved up in `after`: the shift (in pixels) at which `after`'s
 * rows best match `before`'s further down, and the mean difference of a byte there and unshifted.
 */
function scrolled(before, after) {
  const rowBytes = before.width * 4;
  const mismatch = (shift) => {
    let total = 0;
    const rows = before.height - shift;
    for (let y = 0; y < rows; y++) {
      for (let i = 0; i < rowBytes; i++) {
        total += Math.abs(after.data[y * rowBytes + i] - before.data[(y + shift) * rowBytes + i]);
      }
    }
    return total / (rows * rowBytes);
  };
  const unshifted = mismatch(0);
  let best = { shift: 0, shifted: unshifted };
  // Up to all but a few rows of pixels: the shortest overlap still holds several lines.
  for (let shift = 1; shift < before.height - 30; shift++) {
    const m = mismatch(shift);
    if (m < best.shifted) best = { shift, shifted: m };
  }
  const r = (x) => Math.round(x * 100) / 100;
  return { shift: best.shift, shifted: r(best.shifted), unshifted: r(unshifted) };
}

/** The fields the test compares. */
function pick(s) {
  return {
    step: s.step,
    outcome: s.outcome,
    states_checked: s.states_checked,
    states_stored: s.states_stored,
  };
}

const passed = results.filter(([, ok]) => ok).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
