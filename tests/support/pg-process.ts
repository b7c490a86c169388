import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** A throwaway PostgreSQL server in a child process (tests/setup/pg-server.ts): its admin URL,
 * and how to stop it (which also removes its data folder). */
export async function startPgServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../setup/pg-server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PostgreSQL server exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
