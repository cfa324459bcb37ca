/** A benchmark setting from the environment: a number above 0, or `fallback` when unset; anything else stops the run. */
export function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number above 0`);
  return value;
}
