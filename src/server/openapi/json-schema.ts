import { z } from 'zod';

// JSON Schema from the zod schemas that validate requests: what a client may send, with hints
// for refinements JSON Schema cannot say, and the shapes answers share.

export type Schema = z.core.JSONSchema.JSONSchema;
export type Obj = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const integer: Schema = { type: 'integer' };
export const text: Schema = { type: 'string' };

/** Longer than any text we take: the upper end when a text's limit lives in a refinement only. */
export const PROBE_LENGTH = 100_000;
/** SPEC §3 codes are small positive integers. */
export const CODE_PROBE = Array.from({ length: 64 }, (_, i) => i);

/** JSON Schema cannot express refinements, so the document asks the schema itself what it takes:
 * a SPEC §3 code accepts a few integers (topcategory 1-8); a text counts characters after trimming
 * and may be required non-empty, where zod reports only its code-unit pre-check. */
export function refinementHints(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Schema }): void {
  const json = ctx.jsonSchema;
  const def = ctx.zodSchema._zod.def;
  // A query string carries numbers as text (inQuery): the document states the number it must be.
  if (def.type === 'pipe' && def.out._zod.def.type === 'number') {
    for (const key of Object.keys(json)) delete json[key as keyof Schema];
    Object.assign(json, toSchema(def.out as z.ZodType));
    return;
  }
  // `.int()` bounds to safe integers: true, and noise in every id and code.
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  const accepts = (value: unknown) => z.safeParse(ctx.zodSchema, value).success;
  // zod leaves out the default of a transforming field (it is an output value); ours are valid
  // inputs too, and without them the page's examples show `price: 1000000000000`.
  if (def.type === 'default' && json.default === undefined && (accepts(def.defaultValue) || accepts(String(def.defaultValue))))
    json.default = def.defaultValue as Schema['default'];
  if (!def.checks?.some((c) => c._zod.def.check === 'custom')) return;
  if (json.type === 'integer') {
    const codes = CODE_PROBE.filter(accepts);
    if (codes.length > 0 && !accepts(CODE_PROBE.length)) json.enum = codes;
  } else if (json.type === 'string') {
    const fits = (n: number) => accepts('1'.repeat(n));
    let min = 0;
    while (min < 16 && !fits(min)) min++;
    // Refused for its form (an e-mail address, a pattern), not its length: nothing to learn.
    if (!fits(min)) return;
    if (min > 0) json.minLength = min;
    const bound = json.maxLength ?? PROBE_LENGTH;
    if (fits(bound)) return;
    let [lo, hi] = [min, bound - 1];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    json.maxLength = lo;
  }
}

/** What a client may send, as JSON Schema (coerced numbers show as numbers). */
export function toSchema(schema: z.ZodType): Schema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: refinementHints });
  return json;
}

/** One query parameter per property of an object schema. */
export function queryParameters(schema: z.ZodType, descriptions: Record<string, string> = {}): Obj[] {
  const json = toSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
    ...(descriptions[name] && { description: descriptions[name] }),
  }));
}

export function pathParameter(name: string, schema: Schema, description?: string): Obj {
  return { name, in: 'path', required: true, schema, ...(description && { description }) };
}

/** The fields the server keeps for itself and those only admins set, marked in a body schema. */
export function markFields(json: Schema, serverFields: readonly string[], adminFields: readonly string[]): Schema {
  const properties = { ...json.properties };
  for (const f of serverFields) properties[f] = { readOnly: true, description: 'Kept by the server: a copy sent back is ignored.' };
  for (const f of adminFields) properties[f] = { ...(properties[f] as Schema), description: 'Admins only; others keep the default.' };
  return { ...json, properties };
}

/** An update: the create body merged over the stored item, so only a positive id is required. */
export function updateSchema(create: Schema): Schema {
  return {
    ...create,
    description: 'Fields left out keep their stored values.',
    properties: { ...create.properties, id: { type: 'integer', minimum: 1 } },
    required: ['id'],
  };
}

/** The shape of a stored item, read off the defaults initdata answers. */
export function recordSchema(example: Obj): Schema {
  const type = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : 'string');
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(example).map(([k, v]) => [k, { type: type(v) }])),
    example,
  };
}

export function okWith(properties: Record<string, Schema>, required = Object.keys(properties)): Schema {
  return { allOf: [ref('Ok'), { type: 'object', properties, required }] };
}

export const listOf = (item: Schema): Schema => ({
  allOf: [ref('List'), { type: 'object', properties: { items: { type: 'array', items: item } } }],
});
