/**
 * A small non-validating XML reader for TransXChange files: elements, attributes, text, the
 * five named entities and character references, comments, CDATA, processing instructions and
 * a DOCTYPE without an internal subset. Namespace prefixes are dropped (TransXChange puts every
 * element in one namespace). Browser-safe; a malformed or truncated file throws XmlError with
 * the line where reading stopped.
 */

export interface XmlElement {
  /** Local name (prefix dropped). */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), trimmed. */
  text: string;
  /** Offset of the start tag in the source text (lineAt turns it into a line). */
  pos: number;
}

export class XmlError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'XmlError';
  }
}

/** 1-based line of an offset. */
export function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string, text: string, pos: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#')
      return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    const named = NAMED[ref];
    if (named === undefined) throw new XmlError(`unknown entity ${whole}`, lineAt(text, pos));
    return named;
  });
}

const localName = (qname: string): string => qname.slice(qname.indexOf(':') + 1);
const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a whole document; returns the root element. */
export function parseXml(text: string): XmlElement {
  const stack: XmlElement[] = [];
  const texts: string[][] = [];
  let root: XmlElement | undefined;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const fail = (message: string, at = i): never => {
    throw new XmlError(message, lineAt(text, at));
  };
  const skipPast = (marker: string, what: string): void => {
    const end = text.indexOf(marker, i);
    if (end < 0) fail(`unexpected end of file inside ${what}`);
    i = end + marker.length;
  };
  while (i < n) {
    const lt = text.indexOf('<', i);
    const chunk = lt < 0 ? text.slice(i) : text.slice(i, lt);
    if (stack.length > 0) texts[texts.length - 1]!.push(decodeEntities(chunk, text, i));
    else if (chunk.trim()) fail('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) skipPast('-->', 'a comment');
    else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0) fail('unexpected end of file inside CDATA');
      if (stack.length > 0) texts[texts.length - 1]!.push(text.slice(i + 9, end));
      i = end + 3;
    } else if (text.startsWith('<?', i)) skipPast('?>', 'a processing instruction');
    else if (text.startsWith('<!', i)) skipPast('>', 'a declaration');
    else if (text[i + 1] === '/') {
      const end = text.indexOf('>', i);
      if (end < 0) fail('unexpected end of file inside an end tag');
      const name = localName(text.slice(i + 2, end).trim());
      const open = stack.pop();
      if (!open) fail(`end tag </${name}> with no open element`);
      if (open!.name !== name) fail(`end tag </${name}> does not close <${open!.name}>`);
      open!.text = texts.pop()!.join('').trim();
      i = end + 1;
    } else {
      const end = findTagEnd(text, i);
      if (end < 0) fail('unexpected end of file inside a start tag');
      const selfClosing = text[end - 1] === '/';
      const body = text.slice(i + 1, selfClosing ? end - 1 : end);
      const nameEnd = body.search(/[\s]/);
      const qname = nameEnd < 0 ? body : body.slice(0, nameEnd);
      if (!qname) fail('empty tag name');
      const attrs: Record<string, string> = {};
      if (nameEnd >= 0) {
        for (const m of body.slice(nameEnd).matchAll(ATTR))
          attrs[localName(m[1]!)] = decodeEntities(m[3] ?? m[4] ?? '', text, i);
      }
      const el: XmlElement = { name: localName(qname), attrs, children: [], text: '', pos: i };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) fail('a second root element');
      else root = el;
      if (!selfClosing) {
        stack.push(el);
        texts.push([]);
      }
      i = end + 1;
    }
  }
  if (stack.length > 0)
    fail(
      `unexpected end of file: <${stack[stack.length - 1]!.name}> (line ${lineAt(text, stack[stack.length - 1]!.pos)}) is not closed`,
      n,
    );
  if (!root) fail('no root element', 0);
  return root!;
}

/** The '>' that ends the tag starting at `start`, skipping quoted attribute values; -1 if none. */
function findTagEnd(text: string, start: number): number {
  let quote = '';
  for (let k = start + 1; k < text.length; k++) {
    const c = text[k]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return k;
    else if (c === '<') return -1;
  }
  return -1;
}

/** The first child named `name`, following a path of names ("OperatingPeriod/StartDate"). */
export function child(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let cur = el;
  for (const name of path.split('/')) {
    cur = cur?.children.find((c) => c.name === name);
    if (!cur) return undefined;
  }
  return cur;
}

/** Every child named `name` (one level). */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Text of the child at `path`, '' when absent. */
export function textOf(el: XmlElement | undefined, path: string): string {
  return child(el, path)?.text ?? '';
}
