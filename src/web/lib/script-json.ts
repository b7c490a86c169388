// Data inside a <script> element (the member's `#me`, a job's JSON-LD): JSON whose text cannot end
// the element or open a comment in it, whatever the strings hold.

/** JSON with `<`, `>` and `&` (and the line separators older parsers read as line ends) written as
 * \u escapes: the same value to a JSON parser, never `</script>` to the HTML one. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
