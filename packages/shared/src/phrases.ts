/**
 * Where a Chinese heading may break. Chinese has no spaces, so a browser breaks a heading
 * between any two characters; balanced (`text-wrap: balance`), the home page's title broke as
 * 临江经济技术开 | 发区土地信息平台 at every phone width. Screens render these phrases as inline
 * blocks (public-ui `Phrases`): a line breaks between phrases first, and inside one only when it
 * is wider than the line.
 */

/** The last administrative-area word of a name: the place a site or zone name divides. */
const AREA_SUFFIX = /(?:区|园|县|市|镇|委员会|管委会)(?=[^区园县市镇会]*$)/u;

/**
 * A site name as its area and the rest: 临江经济技术开发区 · 土地信息平台. One phrase when no
 * area word leaves at least two characters on each side.
 */
export function titlePhrases(name: string): string[] {
  const text = name.trim();
  const match = AREA_SUFFIX.exec(text);
  if (!match) return text ? [text] : [];
  const end = match.index + match[0].length;
  const head = text.slice(0, end).trim();
  const tail = text.slice(end).trim();
  return head.length >= 2 && tail.length >= 2 ? [head, tail] : [text];
}

/** Middle dots and vertical bars between phrases ("一图览全区土地 · 一站办招商服务"). */
const SEPARATOR = /\s*([·•|｜])\s*/u;

/**
 * A subtitle cut at its separators, each separator kept at the end of the phrase before it, so
 * that a line never starts with one: ["一图览全区土地 ·", "一站办招商服务"].
 */
export function separatedPhrases(text: string): string[] {
  const parts = text.trim().split(SEPARATOR);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const phrase = parts[i].trim();
    const separator = parts[i + 1];
    if (phrase) out.push(separator ? `${phrase} ${separator}` : phrase);
    else if (separator && out.length > 0) out[out.length - 1] += ` ${separator}`;
  }
  return out;
}
