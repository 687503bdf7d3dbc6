// The browser test of the web build (scripts/web test): the real app in headless Chromium.
// Loads the site, waits for the first frame, presses Space 21 times on the canvas and reads
// window.frontier.status(); opens the share link of that moment and reads the same; saves a
// trace (a download) and opens it again through the file picker; saves a screenshot into
// docs/. Any console error or panic fails it. Prints "N passed, N failed".
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { open, start, status } from "./browser.mjs";

const dist = process.argv[2] ?? "web/dist";
const screenshot = new URL("../docs/web.png", import.meta.url).pathname;
const { context, address, close } = await start(dist);
const results = [];

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

const goalAt21 = {
  outcome: "goal_found",
  states_checked: 20,
  states_stored: 35,
};

let link;
try {
  const { page, problems, firstFrame } = await open(context, address);
  console.log(`first frame ${firstFrame.toFixed(0)} ms after navigation`);

  await check("the seed puzzle opens at step 0, still searching", async () => {
    const s = await status(page);
    assert.equal(s.step, 0);
    assert.equal(s.outcome, null);
    assert.equal(s.algorithm, "astar");
  });

  await check("Space 21 times on the canvas finds the goal", async () => {
    await page.focus("#frontier_canvas");
    for (let i = 0; i < 21; i++) {
      await page.keyboard.press("Space");
    }
    await waitForStep(page, 21);
    assert.deepEqual(pick(await status(page)), { step: 21, ...goalAt21 });
  });

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
  });

  await check("window.frontier.step(n) steps as Space does", async () => {
    const fresh = await open(context, address);
    const s = JSON.parse(await fresh.page.evaluate(() => window.frontier.step(21)));
    assert.deepEqual(pick(s), { step: 21, ...goalAt21 });
    await fresh.page.close();
  });

  await check("a damaged link says so and opens the seed puzzle", async () => {
    const damaged = await open(context, `${address}#scenario=AAAA&at=3`);
    const message = await damaged.page.textContent("#frontier_message");
    assert.match(message, /could not be opened.*damaged/);
    assert.equal((await status(damaged.page)).step, 0);
    await damaged.page.close();
  });

  await check("the console has no error or panic", async () => {
    assert.deepEqual(problems, []);
  });

  await page.screenshot({ path: screenshot });
  const wasm = readFileSync(`${dist}/frontier_bg.wasm`);
  console.log(
    `screenshot ${screenshot}; frontier_bg.wasm ${statSync(`${dist}/frontier_bg.wasm`).size} bytes, ` +
      `gzip ${gzipSync(wasm, { level: 9 }).length} bytes`,
  );
} finally {
  await close();
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
