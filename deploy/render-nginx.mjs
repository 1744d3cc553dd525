// Renders deploy/nginx.conf for a private nginx (tests, benchmarks): the ${TOOLVAULT_…} values
// filled in, wrapped in a minimal main configuration whose pid, logs and temp files live in `dir`.
import fs from 'node:fs';
import path from 'node:path';

const TEMPLATE = path.join(import.meta.dirname, 'nginx.conf');

/** Writes `${dir}/nginx.conf` (and the site beside it) and answers its path. */
export function renderNginx({ dir, port, replicas }) {
  const values = { TOOLVAULT_PORT: `127.0.0.1:${port}` };
  replicas.forEach((replica, index) => (values[`TOOLVAULT_REPLICA_${index + 1}`] = replica));
  const site = fs.readFileSync(TEMPLATE, 'utf8').replace(/\$\{(TOOLVAULT_\w+)\}/g, (_, name) => values[name] ?? '');
  fs.writeFileSync(path.join(dir, 'toolvault.conf'), site);
  const main = path.join(dir, 'nginx.conf');
  // As root, nginx would hand its workers to `nobody`, who may not write into `dir`.
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    main,
    `${asRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/toolvault.conf;
}
`,
  );
  return main;
}

/** nginx's command-line arguments for a configuration rendered into `dir`. */
export const nginxArgs = (dir, config) => ['-p', dir, '-e', `${dir}/error.log`, '-c', config];
