import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** A throwaway PostgreSQL server in a child process (tests/setup/pg-server.ts): its admin URL,
 * and how to stop it (which also removes its data folder). */
export async function startPgServer(): Promise<{
  url: string;
  stop: () => Promise<void>;
  down: () => Promise<void>;
  up: () => Promise<void>;
}> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../setup/pg-server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PostgreSQL server exited with ${code}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  /** Sends a command to pg-server.ts and waits for its answer line. */
  const command = (name: 'down' | 'up') =>
    new Promise<void>((resolve) => {
      lines.once('line', () => resolve());
      child.stdin.write(`${name}\n`);
    });
  return {
    url,
    /** Stops the server as an admin would, keeping its data (an outage). */
    down: () => command('down'),
    /** Starts it again after `down`. */
    up: () => command('up'),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
