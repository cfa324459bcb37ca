import { checkWithVies, type ViesAnswer } from './vies-client';

type Ask = typeof checkWithVies;

/**
 * The EU's answers about VAT numbers, kept for a while by one instance: a checkout asks about the same number
 * three times (the quote, the order, the card's country) and the quote is open to anyone, so VIES is asked once per
 * number in `ttlMs`. Only answers are kept: "could not be reached" is asked again next time.
 */
export class ViesCache {
  private readonly answers = new Map<string, { answer: ViesAnswer; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 1000,
    private readonly ask: Ask = checkWithVies,
  ) {}

  async check(viesUrl: string, number: Parameters<Ask>[1]): Promise<ViesAnswer> {
    const key = `${viesUrl}|${number.country}${number.localNumber}`;
    const kept = this.answers.get(key);
    if (kept && kept.until > Date.now()) return kept.answer;
    const answer = await this.ask(viesUrl, number);
    if (answer.status === 'unavailable') return answer;
    this.answers.delete(key);
    // A Map keeps insertion order: the first key is the oldest answer.
    if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { answer, until: Date.now() + this.ttlMs });
    return answer;
  }
}
