// Request parameters: Stripe's form encoding decoded into nested objects and lists, and each parameter read and
// checked as Stripe checks it (unknown, missing, of the wrong type), with Stripe's errors.
import { invalidRequest } from './errors';

// Stripe's form encoding: a[b]=1&c[0]=x&c[1]=y (the SDK's), and c[]=x (curl's)

type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) setPath(root, keyPath(key), value);
  return arraysFromIndexes(root) as FormObject;
}

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key];
  const nested = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...nested];
}

function setPath(root: FormObject, path: string[], value: string): void {
  let node = root;
  path.forEach((segment, index) => {
    // An empty segment (c[]) appends: it takes the next free index.
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const child = node[key];
    node = isFormObject(child) ? child : (node[key] = {});
  });
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** An object whose keys are all indexes (0, 1, …) was a list. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (!isFormObject(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysFromIndexes(child)] as const);
  const isList = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (isList) return [...entries].sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  return Object.fromEntries(entries);
}

// Reading parameters as Stripe checks them. `prefix` names a nested hash in errors: card[number], line_items[0][amount].

function nested(prefix: string, name: string): string {
  return prefix ? `${prefix}[${name}]` : name;
}

export function refuseUnknown(params: FormObject, allowed: readonly string[], prefix = ''): void {
  const unknown = Object.keys(params).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    const param = nested(prefix, unknown);
    throw invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
  }
}

export function stringParam(params: FormObject, name: string, prefix = ''): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const param = nested(prefix, name);
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${param}`, { code: 'parameter_invalid_string', param });
  return value;
}

export function requiredString(params: FormObject, name: string, prefix = ''): string {
  const value = stringParam(params, name, prefix);
  const param = nested(prefix, name);
  if (value === undefined || value === '')
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

export function integerParam(params: FormObject, name: string, prefix = ''): number | undefined {
  const value = stringParam(params, name, prefix);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, {
      code: 'parameter_invalid_integer',
      param: nested(prefix, name),
    });
  return Number(value);
}

export function requiredInteger(params: FormObject, name: string, prefix = ''): number {
  const value = integerParam(params, name, prefix);
  const param = nested(prefix, name);
  if (value === undefined)
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

export function stringList(params: FormObject, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw invalidRequest('Invalid array', { param: name });
  return value;
}

/** A nested hash (card[…], billing_details[…]); {} when absent. */
export function hashParam(params: FormObject, name: string, prefix = ''): FormObject {
  const value = params[name];
  if (value === undefined || value === '') return {};
  if (!isFormObject(value))
    throw invalidRequest(`Invalid object: ${nested(prefix, name)}`, { param: nested(prefix, name) });
  return value;
}

/** A list of hashes (line_items[0][…], line_items[1][…]). */
export function hashList(params: FormObject, name: string): FormObject[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isFormObject)) throw invalidRequest('Invalid array', { param: name });
  return value;
}

export function metadataParam(params: FormObject): Record<string, string> {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (!isFormObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    throw invalidRequest('Invalid metadata: metadata must be a hash of strings.', { param: 'metadata' });
  }
  return value as Record<string, string>;
}

/** expand[]: the fields this endpoint can expand; what was asked for. */
export function expandParam(params: FormObject, expandable: readonly string[]): ReadonlySet<string> {
  const fields = stringList(params, 'expand') ?? [];
  const unsupported = fields.find((field) => !expandable.includes(field));
  if (unsupported !== undefined)
    throw invalidRequest(`This property cannot be expanded (${unsupported}).`, { param: 'expand' });
  return new Set(fields);
}
