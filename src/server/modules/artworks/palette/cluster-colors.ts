import { seededRandom } from '../../../demo/random';
import { deltaE, type Oklab } from './oklab';

/** A colour and how much of the picture has it (a count of pixels, or a share). */
export interface WeightedColor {
  lab: Oklab;
  weight: number;
}

/** The k-means++ draws come from one fixed seed: the same picture always gives the same palette. */
const SEED = 0x9a1e77e;
const MAX_ITERATIONS = 40;

const squared = (x: Oklab, y: Oklab) => (x.L - y.L) ** 2 + (x.a - y.a) ** 2 + (x.b - y.b) ** 2;

function nearestIndex(lab: Oklab, centres: readonly Oklab[]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < centres.length; i++) {
    const distance = squared(lab, centres[i]!);
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  return best;
}

/**
 * k-means++ seeding, deterministic: the heaviest colour first, then each next centre drawn (from a fixed seed) with
 * a chance proportional to its weight times its squared distance to the nearest centre so far. A picture of fewer
 * than k distinct colours stops early, when every colour already is a centre.
 */
function seedCentres(points: readonly WeightedColor[], k: number): Oklab[] {
  const random = seededRandom(SEED);
  const heaviest = points.reduce((best, point) => (point.weight > best.weight ? point : best));
  const centres = [heaviest.lab];
  const nearest = points.map((point) => squared(point.lab, heaviest.lab));
  while (centres.length < k) {
    const total = points.reduce((sum, point, i) => sum + point.weight * nearest[i]!, 0);
    if (total <= 0) break;
    let target = random() * total;
    let chosen = points.length - 1;
    for (let i = 0; i < points.length; i++) {
      target -= points[i]!.weight * nearest[i]!;
      if (target <= 0) {
        chosen = i;
        break;
      }
    }
    const centre = points[chosen]!.lab;
    centres.push(centre);
    points.forEach((point, i) => (nearest[i] = Math.min(nearest[i]!, squared(point.lab, centre))));
  }
  return centres;
}

/** Lloyd's k-means over weighted colours in OKLab: up to k clusters, each its weighted mean and total weight. */
export function kMeans(points: readonly WeightedColor[], k: number): WeightedColor[] {
  if (points.length === 0) return [];
  let centres = seedCentres(points, k);
  let assignment = new Int32Array(points.length).fill(-1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = Int32Array.from(points, (point) => nearestIndex(point.lab, centres));
    const sums = centres.map(() => ({ L: 0, a: 0, b: 0, weight: 0 }));
    points.forEach((point, i) => {
      const sum = sums[next[i]!]!;
      sum.L += point.lab.L * point.weight;
      sum.a += point.lab.a * point.weight;
      sum.b += point.lab.b * point.weight;
      sum.weight += point.weight;
    });
    // A centre that lost all its colours is dropped rather than re-seeded: fewer colours is a fine answer.
    const emptied = sums.some((sum) => sum.weight === 0);
    const stable = !emptied && next.every((cluster, i) => cluster === assignment[i]);
    const kept = sums.filter((sum) => sum.weight > 0);
    centres = kept.map((sum) => ({ L: sum.L / sum.weight, a: sum.a / sum.weight, b: sum.b / sum.weight }));
    if (stable) return kept.map((sum, i) => ({ lab: centres[i]!, weight: sum.weight }));
    // Dropping a centre renumbers the rest: the next round cannot compare its assignment with this one.
    assignment = emptied ? assignment.fill(-1) : next;
  }
  // Not settled within MAX_ITERATIONS (a picture of smooth gradients): the centres are good enough as they are.
  const weights = centres.map(() => 0);
  points.forEach((point) => (weights[nearestIndex(point.lab, centres)]! += point.weight));
  return centres.map((lab, i) => ({ lab, weight: weights[i]! })).filter((cluster) => cluster.weight > 0);
}

/**
 * Merges clusters closer than `threshold` (ΔE in OKLab), the closest pair first, into their weighted mean: two
 * shades a viewer takes for one colour are one palette colour.
 */
export function mergeClose(clusters: readonly WeightedColor[], threshold: number): WeightedColor[] {
  const merged = [...clusters];
  for (;;) {
    let pair: [number, number] | null = null;
    let closest = threshold;
    for (let i = 0; i < merged.length; i++) {
      for (let j = i + 1; j < merged.length; j++) {
        const distance = deltaE(merged[i]!.lab, merged[j]!.lab);
        if (distance < closest) [pair, closest] = [[i, j], distance];
      }
    }
    if (!pair) return merged;
    const [x, y] = [merged[pair[0]]!, merged[pair[1]]!];
    const weight = x.weight + y.weight;
    const mean = (key: keyof Oklab) => (x.lab[key] * x.weight + y.lab[key] * y.weight) / weight;
    merged[pair[0]] = { lab: { L: mean('L'), a: mean('a'), b: mean('b') }, weight };
    merged.splice(pair[1], 1);
  }
}
