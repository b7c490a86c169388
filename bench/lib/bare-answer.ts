import fs from 'node:fs';
import http from 'node:http';

// The floor for a page answer on this machine: node:http sending one fixed answer (status,
// header lines, bytes) to every request, with nothing else done. Run as a process of its own by
// bare-server.ts, so its CPU is read from /proc like the real server's. Argument: the answer's
// JSON file; PORT and HOST from the environment.

const answer = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as {
  status: number;
  headers: [string, string][];
  body: string;
};
const body = Buffer.from(answer.body, 'base64');
const headers = answer.headers.flat();
http
  .createServer((_req, res) => {
    res.writeHead(answer.status, headers);
    res.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST);
