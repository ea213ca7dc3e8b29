const WELL_FORMED = /^\s*(?:<!doctype[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<html[\s>][\s\S]*?<head[\s>][\s\S]*?<\/head\s*>\s*<body[\s>]/i;

function stripShell(fragment: string): string {
  return fragment.replace(/<!doctype[^>]*>/gi, '').replace(/<\/?(?:html|head|body)(?:\s[^>]*)?>/gi, '');
}

/**
 * linkedom does no HTML5 tree repair: unless the input already has the
 * html > head + body shape, body content ends up outside document.body.
 * Rebuilds that shape from whatever head and body parts the input has.
 */
export function normalizeHtmlStructure(html: string): string {
  if (WELL_FORMED.test(html)) return html;

  const headMatch = /<head(?:\s[^>]*)?>([\s\S]*?)<\/head\s*>/i.exec(html);
  const bodyOpen = /<body(?:\s[^>]*)?>/i.exec(html);
  let head = headMatch ? headMatch[1]! : '';
  let body: string;
  if (bodyOpen) {
    const start = bodyOpen.index + bodyOpen[0].length;
    const end = html.toLowerCase().lastIndexOf('</body');
    body = html.slice(start, end >= start ? end : undefined);
    if (!headMatch) head = html.slice(0, bodyOpen.index);
  } else if (headMatch) {
    body = html.slice(headMatch.index + headMatch[0].length);
  } else {
    body = html;
  }
  return `<!doctype html><html><head>${stripShell(head)}</head><body>${stripShell(body)}</body></html>`;
}
