/** The page a request is for: a form or navigation sent with JavaScript reaches the same loader
 * or action at the page's address plus `.data`. */
export function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, '');
}
