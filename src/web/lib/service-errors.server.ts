/** The status of a service's AppError in a page loader. Not `instanceof`: the server's modules are
 * loaded apart from the page bundle, with their own copy of the class. */
export function statusOf(err: unknown): number | undefined {
  return typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}
