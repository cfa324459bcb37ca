// Crawlers, link previews and scripts fetch pages without being visitors; counting them would fill the funnel with
// views nobody made. Most say what they are in their User-Agent, and none of them buys.
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-|httpclient|go-http-client|axios\/|node-fetch|lighthouse|pingdom|uptime/i;

/** Whether a User-Agent is a robot's (or missing, which no browser does). */
export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}
