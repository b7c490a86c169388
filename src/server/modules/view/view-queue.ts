// The server's queue of first visits (view.service.ts writes it), apart from the service so that
// the server's dependencies (context.ts) hold it without importing the service.

export interface Visit {
  target: string;
  item: number;
  visitor: string;
  date: string;
  /** Noted as seen, not counted: a new cookie given with a visit counted by the address. */
  silent?: true;
}

/** The server's queue of first visits, held in its dependencies (boot.ts). */
export interface ViewQueue {
  visits: Map<string, Visit>;
  perItem: Map<string, number>;
  timer?: ReturnType<typeof setTimeout>;
  flushing: Promise<void>;
  /** A flush waiting for the one under way; it will take every visit queued until it starts. */
  waiting?: Promise<void>;
}

export function createViewQueue(): ViewQueue {
  return { visits: new Map(), perItem: new Map(), flushing: Promise.resolve() };
}
