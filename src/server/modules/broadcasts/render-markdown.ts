import { escapeMarkup as escapeHtml } from '../../http/escaping';

// The owner's Markdown as e-mail HTML. No Markdown library is installed, so this is a small, safe subset: headings
// (#, ##, ###), paragraphs, bullet and numbered lists, **bold**, *italic*, `code` and [links](https://…). Every
// character of the text is escaped before any markup is added, so the owner's text can never carry HTML of its
// own (a <script>, an onclick) into a subscriber's mailbox or the preview; a link's address must be http(s) or
// mailto, or the link stays text.

const SAFE_URL = /^(https?:\/\/|mailto:)[^\s"'<>]+$/i;

/** Inline marks of one line of already escaped text. */
function inline(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, url: string) => {
      // The address was escaped with the rest: &amp; is a real ampersand of the query string.
      const raw = url.replace(/&amp;/g, '&');
      return SAFE_URL.test(raw) ? `<a href="${escapeHtml(raw)}">${label}</a>` : whole;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\s][^_]*)_/g, '$1<em>$2</em>');
}

interface LinesBlock {
  kind: 'p' | 'ul' | 'ol';
  lines: string[];
}
type Block = LinesBlock | { kind: 'h'; level: number; text: string };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let open = null as LinesBlock | null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(trimmed);
    const bullet = /^[-*+]\s+(.*)$/.exec(trimmed);
    const numbered = /^\d{1,3}[.)]\s+(.*)$/.exec(trimmed);
    if (trimmed === '') {
      open = null;
    } else if (heading) {
      blocks.push({ kind: 'h', level: heading[1]!.length, text: heading[2]! });
      open = null;
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (open?.kind !== kind) blocks.push((open = { kind, lines: [] }));
      open.lines.push((bullet ?? numbered)![1]!);
    } else if (open && open.kind !== 'p') {
      // A line under a list item continues it.
      open.lines[open.lines.length - 1] += ` ${trimmed}`;
    } else {
      if (!open) blocks.push((open = { kind: 'p', lines: [] }));
      open.lines.push(trimmed);
    }
  }
  return blocks;
}

/** The Markdown subset as HTML, every piece of the owner's text escaped. */
export function renderMarkdown(markdown: string): string {
  return blocksOf(markdown)
    .map((block) => {
      if (block.kind === 'h') return `<h${block.level + 1}>${inline(escapeHtml(block.text))}</h${block.level + 1}>`;
      if (block.kind === 'p') return `<p>${block.lines.map((line) => inline(escapeHtml(line))).join('<br>')}</p>`;
      const items = block.lines.map((line) => `<li>${inline(escapeHtml(line))}</li>`).join('');
      return `<${block.kind}>${items}</${block.kind}>`;
    })
    .join('\n');
}
