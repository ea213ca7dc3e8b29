import { convertToMarkdown } from './src/convert/index.ts';
const enc = (s: string) => new TextEncoder().encode(s);
async function time(name: string, bytes: Uint8Array, extra: object = {}) {
  const t = Date.now();
  let sync = 0; const iv = setInterval(() => {}, 1000);
  let last = Date.now(); let maxGap = 0;
  const tick = setInterval(() => { const n = Date.now(); maxGap = Math.max(maxGap, n - last); last = n; }, 10);
  try { const d = await convertToMarkdown({ bytes, ...extra }); console.log(name, bytes.length, Date.now() - t, 'ms, max loop gap', maxGap, d.markdown.length); }
  catch (e) { console.log(name, 'ERR', (e as Error).message, Date.now() - t, 'gap', maxGap); }
  clearInterval(iv); clearInterval(tick);
}
await time('csv', enc('a,b,c,d\n' + '1,2,3,4\n'.repeat(2_000_000)), { filename: 'x.csv' });
await time('json', enc(JSON.stringify(Array.from({ length: 300000 }, (_, i) => ({ k: i, v: 'x' + i })))), { filename: 'x.json' });
await time('html', enc('<html><body>' + '<div><p>hello <b>world</b></p></div>'.repeat(200000) + '</body></html>'), { filename: 'x.html' });
