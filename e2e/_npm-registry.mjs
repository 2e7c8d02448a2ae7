// A minimal npm registry on 127.0.0.1 for the publishing guide's commands: `npm publish` (PUT of the packument
// with the tarball attached), the packument and the tarball (GET). In memory, one per test; never the public
// registry.
import { createServer } from 'node:http';

export async function startRegistry() {
  const packages = new Map();
  const tarballs = new Map();
  let base;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
      const send = (status, body, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(type === 'application/json' ? JSON.stringify(body) : body);
      };
      if (request.method === 'PUT') {
        const doc = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const known = packages.get(doc.name) ?? { name: doc.name, versions: {}, 'dist-tags': {} };
        for (const [file, attachment] of Object.entries(doc._attachments ?? {})) {
          const url = `${base}/${doc.name}/-/${file.split('/').pop()}`;
          tarballs.set(new URL(url).pathname, Buffer.from(attachment.data, 'base64'));
          for (const version of Object.values(doc.versions)) version.dist.tarball = url;
        }
        Object.assign(known.versions, doc.versions);
        Object.assign(known['dist-tags'], doc['dist-tags']);
        packages.set(doc.name, known);
        return send(201, { ok: true });
      }
      if (tarballs.has(path)) return send(200, tarballs.get(path), 'application/octet-stream');
      const known = packages.get(path.slice(1));
      if (request.method === 'GET' && known) return send(200, known);
      return send(404, { error: 'not found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return { url: base, packages, close: () => new Promise((resolve) => server.close(resolve)) };
}
