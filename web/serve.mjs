// A static file server for web/dist on 127.0.0.1 (scripts/web serve, and the browser test).
// Any static server hosts Frontier; this one only sends .wasm as application/wasm, which the
// browser needs to compile it while it downloads.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
};

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
      const body = await readFile(file);
      response.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Cache-Control": "no-cache",
      });
      response.end(body);
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
