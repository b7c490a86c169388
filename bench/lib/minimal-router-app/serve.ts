import http from 'node:http';
import path from 'node:path';
import { createRequestHandler, type ServerBuild } from 'react-router';

// The minimal app's server: node:http handing each request to React Router's request handler, as
// plainly as it can be done (no middleware, no compression), serving the build beside it. PORT:
// where to listen; "listening" on stdout says it is ready.

const build = (await import(path.join(import.meta.dirname, 'build/server/index.js'))) as ServerBuild;
const handle = createRequestHandler(build, 'production');

http
  .createServer(async (req, res) => {
    const response = await handle(new Request(`http://${req.headers.host}${req.url}`, { headers: req.headers as Record<string, string> }));
    const body = Buffer.from(await response.arrayBuffer());
    response.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    res.writeHead(response.status);
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
