// Debian's nginx with proxy_cache in front of the app, configured as docs/operations.md shows
// ("A CDN or caching proxy in front"): the shared-cache test (e2e/shared-cache.spec.ts) and the
// bench's proxy phase start one with this configuration. Nothing here is used by the app.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";

/** docs/operations.md's configuration, with a port to listen on, the app's host:port and a folder of its own. */
export function nginxConfig({ dir, listen, upstream }) {
  return `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache keys_zone=boards:10m max_size=1g inactive=10m use_temp_path=off;
  # a signed-in reader (a session cookie) or an API token: never answered from, nor kept in, the cache
  map $http_cookie $session_cookie { default ""; "~*next-auth\\.session-token=" 1; }
  upstream app { server ${upstream}; keepalive 16; }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache boards;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating http_502 http_503;
      proxy_cache_bypass $session_cookie $http_authorization;
      proxy_no_cache $session_cookie $http_authorization;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts nginx in front of `upstream` (host:port) in a temp folder; resolves once it answers.
 * Returns its URL and a stop function (which also removes the folder).
 */
export async function startNginx(upstream) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-nginx-"));
  fs.chmodSync(dir, 0o777); // nginx's workers run as nobody when started as root
  const listen = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig({ dir, listen, upstream }));
  const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${listen}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/api/v1/health/live`).then(
      () => true,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("nginx did not start");
}
