// What the server's thread and the SQLite worker thread (worker.ts) say to each other.

export interface JobMessage {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}
export interface JobReply {
  id: number;
  result?: unknown;
  error?: string;
}
