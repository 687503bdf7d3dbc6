// A static file server for web/dist on 127.0.0.1 (scripts/web serve, and the browser test).
// Any static server hosts Frontier; this one sends .wasm as application/wasm, which the browser
// needs to compile it while it downloads, and sends the copies `scripts/web build` compressed
// beforehand (frontier_bg.wasm.br, .gz) to a browser that accepts them, as a host set up for it
// does (see the guide's web chapter).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** The precompressed copies a file may have beside it, best first: [encoding, suffix]. */
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** The encodings an Accept-Encoding header accepts (those with q=0 left out). */
function accepted(header = "") {
  return new Set(
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ""))
      .map(([name]) => name.trim().toLowerCase()),
  );
}

/** The body to send for `file`: its best precompressed copy the client accepts, else itself. */
async function body(file, acceptEncoding) {
  const accepts = accepted(acceptEncoding);
  for (const [encoding, suffix] of ENCODINGS) {
    if (!accepts.has(encoding)) continue;
    try {
      return { bytes: await readFile(file + suffix), encoding };
    } catch {
      // No such copy: try the next.
    }
  }
  return { bytes: await readFile(file), encoding: null };
}

/** Serves `root` on 127.0.0.1:`port` (0: any free port); resolves to the server once listening. */
export function serve(root, port) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = join(root, normalize(path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const { bytes, encoding } = await body(file, request.headers["accept-encoding"]);
      const headers = {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Content-Length": bytes.length,
        "Cache-Control": "no-cache",
        // Caches keep one copy per encoding.
        Vary: "Accept-Encoding",
      };
      if (encoding) headers["Content-Encoding"] = encoding;
      response.writeHead(200, headers);
      response.end(bytes);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root = "web/dist", port = "8000"] = process.argv.slice(2);
  const server = await serve(resolve(root), Number(port));
  console.log(`Frontier on http://127.0.0.1:${server.address().port}/ (Ctrl+C stops)`);
}
